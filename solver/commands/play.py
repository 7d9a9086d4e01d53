"""The interactive referee: a prompt at the table, every move kept in the store at once.

Commands, one a line:

    ann: butter        ann says "butter"
    hint [LEVEL]       a hint (1: how many answers, 4: an answer)
    stumped            the table gives up: was there an answer? then the next step
    tap ann            ann tapped first (In Extremis)
    take ann thing     ann takes the thing (or red, yellow) card (Red Letter, Yellow Letter)
    accept | reject    the table overrules the last verdict
    check on | off     show the stumped check (does any answer exist?) at the table, or not
    undo               take back the last move
    score              the table and the score
    help, quit
"""

from __future__ import annotations

import click

from ..errors import InputError
from ..games.base import IllegalMove
from . import render

HELP = __doc__.split("Commands, one a line:")[1].rstrip()


def prompt() -> str:
    """Return the next line typed at the table; InputError if its bytes are not UTF-8."""
    try:
        return click.prompt("", prompt_suffix="> ", default="", show_default=False)
    except UnicodeDecodeError as err:
        raise InputError(f"a line of the input is not UTF-8 (byte {err.start + 1} of what "
                         f"was read): the game so far is kept") from None


def loop(referee, game_id: str) -> None:
    """Run the prompt until the game ends or the table quits."""
    game = referee.get(game_id)
    if (game.options or {}).get("bots"):
        from ..games.wordbots import bots_of
        from .botplay import loop as with_bots

        return with_bots(referee, game_id, bots_of(game.state))
    click.echo(render.table(referee.view(game)["state"]))
    click.echo('type "NAME: ANSWER", or help')
    while True:
        try:
            line = prompt()
        except (EOFError, click.Abort):
            click.echo()
            break
        line = line.strip()
        if not line:
            continue
        if line in ("quit", "exit", "q"):
            break
        try:
            done = step(referee, game_id, line)
        except (IllegalMove, InputError) as err:
            click.echo(click.style(f"refused: {err}", fg="red"))
            continue
        if done:
            break
    click.echo(f"game {game_id} is kept: `wordref game resume {game_id}`")


def step(referee, game_id: str, line: str) -> bool:
    """Carry out one command line; return True when the game is over."""
    game = referee.get(game_id)
    view = referee.view(game)["state"]
    word, _, rest = line.partition(" ")
    if word == "help":
        click.echo(HELP)
        return False
    if word == "score":
        click.echo(render.table(view))
        return False
    if word == "hint":
        click.echo(referee.hint(game, int(rest) if rest.strip().isdigit() else 1))
        return False
    outcome = referee.play(game_id, parse(line, referee, game, view))
    for event in outcome.events:
        text = render.event_line(event, game.game)
        if text:
            click.echo(text)
    view = referee.view(outcome.game)["state"]
    click.echo(render.table(view))
    return view["status"] == "over"


def parse(line: str, referee, game, view: dict) -> dict:
    """Return the move a command line asks for."""
    word, _, rest = line.partition(" ")
    rest = rest.strip()
    if word == "stumped":
        return {"type": "stumped"}
    if word == "undo":
        return {"type": "undo"}
    if word in ("accept", "reject"):
        return {"type": "overrule", "accept": word == "accept"}
    if word == "check" and rest in ("on", "off"):
        return {"type": "check", "show": rest == "on"}
    if word == "tap":
        return {"type": "tap", "player": rest}
    if word == "take":
        player, _, card = rest.partition(" ")
        return {"type": "take", "player": player, "card": card.strip()}
    if ":" in line:
        player, _, said = line.partition(":")
        return referee.answer_move(game, player.strip(), said.strip(), view.get("round"))
    raise InputError(f"not understood: {line!r} (type help)")
