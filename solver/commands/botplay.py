"""Computer players at the terminal: `wordref play --bots N`, `wordref game resume` of a game
with bots, and `wordref game bot`, which lets them make one move.

The bots (solver/games/wordbots.py) race the people in real time: each bot's answer lands when
its reaction time has passed since the cards changed, unless a person's line came first. On a
terminal the prompt waits for a line only until the next bot's time (select); when the input is
not a terminal (a pipe, a test), lines are read as they come and a bot moves only when a person
passes with an empty line. An empty line always means "I pass": the fastest bot that knows an
answer says it, and when no bot knows one the table is stumped.
"""

from __future__ import annotations

import select
import sys
import time

import click

from ..errors import InputError
from ..games import WORD_GAMES
from ..games.base import IllegalMove
from . import render
from .common import emit, json_option
from .games import db_option, move_result, open_referee, show_move


def with_bots(kind: str, names: list[str], bots: int, level, options: dict) -> list[str]:
    """Return the seats with `bots` computer players added; note them in the game's options."""
    from ..games.wordbots import seat_bots

    if bots and kind not in WORD_GAMES:
        raise InputError(f"--bots plays the word games; `wordref simulate {kind}` has "
                         f"computer players for the card games")
    seated = seat_bots(names, bots, level)
    if seated:
        options["bots"] = seated
    return names + list(seated)


def bot_move(state: dict, bots: list) -> tuple[dict | None, list[str]]:
    """Return the move the bots make when the people pass, and the lines the bots say."""
    from ..games.wordbots import decisions

    made = decisions(state, bots)
    moving = [d for d in made if d.move is not None]
    if moving:
        return moving[0].move, [_shout(moving[0])]
    if made:
        return {"type": "stumped"}, [f"{d.player}: stumped" for d in made]
    return None, []


def _shout(decision) -> str:
    if decision.move["type"] == "answer":
        return f"{decision.player}: {decision.said.upper()}! ({decision.delay:.1f} s)"
    if decision.move["type"] == "tap":
        return f"{decision.player} taps the initial card ({decision.delay:.1f} s)"
    return f"{decision.player} takes the {decision.move['card']} card"


def _apply(referee, game_id: str, move: dict) -> dict:
    outcome = referee.play(game_id, move)
    for event in outcome.events:
        text = render.event_line(event)
        if text:
            click.echo(text)
    view = referee.view(outcome.game)["state"]
    click.echo(render.table(view))
    return view


def _read_line(timeout: float | None):
    """Return a line typed within `timeout` seconds (None: no limit), or None on a timeout.

    Raises EOFError at the end of the input.
    """
    stream = sys.stdin
    if timeout is not None and stream.isatty():
        click.echo("> ", nl=False)
        ready, _, _ = select.select([stream], [], [], max(timeout, 0.0))
        if not ready:
            click.echo()
            return None
        line = stream.readline()
        if not line:
            raise EOFError
        return line.rstrip("\n")
    from .play import prompt
    return prompt()


def loop(referee, game_id: str, bots: list, read=_read_line, clock=time.monotonic) -> None:
    """Run the prompt with computer players until the game ends or the table quits."""
    from ..games.wordbots import decisions
    from .play import HELP, step

    click.echo(render.table(referee.view(referee.get(game_id))["state"]))
    names = ", ".join(f"{b.name} ({b.level.name})" for b in bots)
    click.echo(f'computer players: {names}. Type "NAME: ANSWER", or help; '
               f"an empty line passes to them")
    shown_step, shown_at, said = None, clock(), set()
    while True:
        state = referee.get(game_id).state
        if state["status"] == "over":
            break
        if state["step"] != shown_step:
            shown_step, shown_at, said = state["step"], clock(), set()
        made = decisions(state, bots)
        takes = [d for d in made if d.move is not None and d.move["type"] == "take"]
        if takes:  # the round's winner is a bot: it takes its card at once
            _apply(referee, game_id, takes[0].move)
            continue
        waiting = [d for d in made if d.player not in said]
        deadline = min((d.delay for d in waiting), default=None)
        try:
            line = read(None if deadline is None else shown_at + deadline - clock())
        except (EOFError, click.Abort):
            click.echo()
            break
        except UnicodeDecodeError:
            click.echo(click.style("refused: that line is not text", fg="red"))
            continue
        if line is None:  # a bot's time came first
            first = min(waiting, key=lambda d: d.delay)
            if first.move is None:
                said.add(first.player)
                click.echo(f"{first.player}: stumped")
                continue
            click.echo(_shout(first))
            _apply(referee, game_id, first.move)
            continue
        line = line.strip()
        if line in ("quit", "exit", "q"):
            break
        try:
            if not line:
                move, lines = bot_move(state, bots)
                if move is None:
                    continue
                for text in lines:
                    click.echo(text)
                if _apply(referee, game_id, move)["status"] == "over":
                    break
            elif line == "help":
                click.echo(HELP + "\n    (empty line)       pass: the computer players move")
            elif step(referee, game_id, line):
                break
        except (IllegalMove, InputError) as err:
            click.echo(click.style(f"refused: {err}", fg="red"))
    click.echo(f"game {game_id} is kept: `wordref game resume {game_id}`")


@click.command("bot")
@click.argument("game_id")
@db_option
@json_option
def game_bot(game_id, db, as_json):
    """The people pass: the game's computer players make their move (an answer, a tap, a
    card taken), or, when none of them knows an answer, the table is stumped.

    \b
    Examples:
      wordref game new extremis --players ann --bots 2 --level regular
      wordref game bot 1a2b3c4d
      wordref game bot 1a2b3c4d --json
    """
    from ..games.wordbots import bots_of

    referee = open_referee(db)
    found = referee.get(game_id)
    bots = bots_of(found.state)
    if not bots:
        raise InputError(f"game {game_id} has no computer players (game new --bots N)")
    move, lines = bot_move(found.state, bots)
    if move is None:
        raise InputError(f"game {game_id} is over" if found.state["status"] == "over"
                         else "the computer players have nothing to do: a person takes a card")
    outcome = move_result(referee, game_id, move)
    if as_json:
        state = referee.view(outcome.game)["state"]
        return emit({"said": lines, "move": move, "events": outcome.events, "state": state})
    for text in lines:
        click.echo(text)
    show_move(referee, outcome, False)
