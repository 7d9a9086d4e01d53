"""The card games on the command line: `wordref judge idiot`, `wordref simulate`, and the
`wordref game` verbs for moves that are not answers (play, pickup, move, moves).

The game verbs join the `game` group in solver/commands/__init__.py, where every command is
registered.
"""

from __future__ import annotations

import json
import sys

import click

from ..errors import InputError
from ..games import KINDS, WORD_GAMES
from .common import EXIT_NO, TextFile, emit, exit_with, json_option, key_values
from .games import db_option, move_result, open_referee, show_move


option_option = click.option("--option", "-o", "house", multiple=True, metavar="KEY=VALUE",
                             help="A house-rule option (repeatable); see the rulings document.")


@click.command("idiot")
@click.option("--pile", required=True, metavar="CARDS",
              help='The pile, bottom to top: "K♠ 5♥", "ks 5h"; "" or - for an empty table.')
@click.option("--play", "play", required=True, metavar="CARDS", help='The play: "A♦", "9s 9c".')
@click.option("--by", metavar="P,P,...",
              help="Who laid each pile card (names the king's player of §13).")
@click.option("--draw-empty", is_flag=True, help="The draw pile is empty (4s lose their power).")
@option_option
@json_option
def judge_idiot(pile, play, by, draw_empty, house, as_json):
    """Judge a play in Extreme Idiot: legal or not, the paragraph that decides, the consequence.

    Exit 0 when the play is legal, 1 when it is not.

    \b
    Examples:
      wordref judge idiot --pile "K♠ 5♥" --play "A♦"
      wordref judge idiot --pile "6h 5s 6d" --play "6c" --json
      wordref judge idiot --pile "" --play "Q♠"
    """
    from ..games.idiot import judge_play

    context = {"draw_empty": draw_empty}
    if by:
        context["by"] = [p.strip() for p in by.split(",")]
    verdict = judge_play("" if pile.strip() == "-" else pile, play, key_values(house) or None,
                         **context)
    if as_json:
        emit(verdict.to_json())
    else:
        head = "legal" if verdict.valid else "illegal"
        why = "; ".join(r.message for r in verdict.reasons)
        line = f"{verdict.answer}: {head}" + (f": {why}" if why else "")
        extra = verdict.extra
        if extra.get("paragraph"):
            line += f" ({extra['paragraph']})"
        click.echo(line)
        if extra.get("consequence"):
            click.echo(f"then: {extra['consequence']}")
        if extra.get("pile_read_as"):
            click.echo(f"note: the judge reads {extra['pile_read_as']}")
    exit_with(0 if verdict.valid else EXIT_NO)


@click.command()
@click.argument("kind", type=click.Choice(list(KINDS)))
@click.option("--games", "-n", default=100, show_default=True, type=click.IntRange(0, 1_000_000))
@click.option("--seed", default=1, show_default=True, type=int)
@click.option("--players", default=4, show_default=True, type=click.IntRange(2, 12))
@click.option("--strategy", type=click.Choice(["greedy", "random"]), default="greedy",
              show_default=True, help="How the computer players choose their moves.")
@click.option("--deck", type=TextFile(), metavar="FILE",
              help="A deck file (¡Extinción!, the word games; the default deck otherwise).")
@click.option("--lang", default="en", show_default=True, metavar="CODE",
              help="The word games: language of the lexicon and the deck.")
@click.option("--level", metavar="LEVEL[,LEVEL...]",
              help="The word games: the computer players' levels, one for every player or "
                   "one each (default: beginner,regular,expert, against each other).")
@option_option
@json_option
@click.pass_context
def simulate(ctx, kind, games, seed, players, strategy, deck, lang, level, house, as_json):
    """Play seeded games between computer players: game lengths and wins by seat (card
    games), or by level with the rounds' answers, taps and flips (word games).

    Exit 0 when every game finished.

    \b
    Examples:
      wordref simulate idiot --games 1000 --seed 7
      wordref simulate extincion --games 200 --players 3 --json
      wordref simulate extremis --games 100 --seed 1 --lang fr
      wordref simulate redyellow --games 50 --level regular --players 3 --json
    """
    if kind in WORD_GAMES:
        from .analyze import simulate_words

        source = ctx.get_parameter_source
        if source("strategy") is not click.core.ParameterSource.DEFAULT:
            raise click.UsageError("the word games' computer players play by --level")
        given = source("players") is not click.core.ParameterSource.DEFAULT
        return simulate_words(kind, games, seed, players, given, deck, lang, level,
                              key_values(house), as_json)
    if level is not None or lang != "en":
        raise click.UsageError("--level and --lang are for the word games")
    options = key_values(house) or None
    if kind == "idiot":
        if deck:
            raise click.UsageError("Extreme Idiot plays a standard deck (--option decks=2 "
                                   "for the double deck)")
        from ..games.idiot.bots import simulate as run

        def batch(n, start, progress):
            return run(n, start, players, strategy, options=options, progress=progress)
    else:
        from ..games.extincion.bots import simulate as run
        text = deck.read() if deck else None

        def batch(n, start, progress):
            return run(n, start, players, text, strategy, options=options, progress=progress)

    with click.progressbar(length=games, label="games", file=sys.stderr) as bar:
        result = batch(games, seed, bar.update)
    if as_json:
        emit(result)
    else:
        lengths = result["lengths"].get("moves", result["lengths"])
        click.echo(f"{result['finished']} of {result['games']} games finished; moves per game: "
                   f"median {lengths['median']}, mean {lengths['mean']}, max {lengths['max']}")
        rates = result.get("seat_win_rates") or result.get("seat_win_rate")
        click.echo("wins by seat: " + ", ".join(f"seat {i + 1} {w} ({r:.0%})" for i, (w, r)
                                                in enumerate(zip(result["seat_wins"], rates))))
    exit_with(0 if result["finished"] == result["games"] else EXIT_NO)


@click.command("play")
@click.argument("game_id")
@click.option("--player", "-p", required=True, help="Who plays.")
@click.option("--cards", metavar="CARDS", help='Extreme Idiot: the cards laid, "9♠ 9♣".')
@click.option("--card", metavar="ID", type=int, help="¡Extinción!: the card played (its id).")
@click.option("--target", metavar="ID|NAME", help="¡Extinción!: the card or player targeted.")
@click.option("--swift", is_flag=True, help="¡Extinción!: use Swift Running Lizard.")
@db_option
@json_option
def game_play(game_id, player, cards, card, target, swift, db, as_json):
    """Play cards in a card game (Extreme Idiot or ¡Extinción!).

    \b
    Examples:
      wordref game play 1a2b3c4d --player ann --cards "9♠ 9♣"
      wordref game play 1a2b3c4d --player bob --card 17 --target 4
    """
    referee = open_referee(db)
    kind = referee.get(game_id).game
    if kind == "idiot":
        if cards is None:
            raise click.UsageError("say which cards: --cards")
        from ..games.idiot import parse_cards
        move = {"type": "play", "player": player, "cards": parse_cards(cards)}
    elif kind == "extincion":
        if card is None:
            raise click.UsageError("say which card: --card")
        move = {"type": "play", "player": player, "card": card}
        if target is not None:
            move["target"] = int(target) if target.isdigit() else target
        if swift:
            move["swift"] = True
    else:
        raise InputError(f"game {game_id} is {kind}: answers go with `wordref game answer`")
    show_move(referee, move_result(referee, game_id, move), as_json, render=False)


@click.command("pickup")
@click.argument("game_id")
@click.option("--player", "-p", required=True, help="Who picks up the pile.")
@db_option
@json_option
def game_pickup(game_id, player, db, as_json):
    """Pick up the pile (Extreme Idiot).

    \b
    Examples:
      wordref game pickup 1a2b3c4d --player ann
    """
    referee = open_referee(db)
    show_move(referee, move_result(referee, game_id, {"type": "pickup", "player": player}),
              as_json, render=False)


@click.command("move")
@click.argument("game_id")
@click.argument("move")
@db_option
@json_option
def game_move(game_id, move, db, as_json):
    """Make any move, written as JSON (see `wordref game moves` and the rulings documents).

    \b
    Examples:
      wordref game move 1a2b3c4d '{"type": "give", "player": "ann", "to": "bob", "card": "7h"}'
      wordref game move 1a2b3c4d '{"type": "rescue", "player": "bob", "environment": 3, "cards": [4, 9]}'
    """
    try:
        parsed = json.loads(move)
    except ValueError as err:
        raise click.UsageError(f"the move is not JSON: {err}") from None
    if not isinstance(parsed, dict) or "type" not in parsed:
        raise click.UsageError('a move is a JSON object with a "type"')
    referee = open_referee(db)
    show_move(referee, move_result(referee, game_id, parsed), as_json, render=False)


@click.command("moves")
@click.argument("game_id")
@db_option
@json_option
def game_moves(game_id, db, as_json):
    """List the moves the rules allow now.

    \b
    Examples:
      wordref game moves 1a2b3c4d
      wordref game moves 1a2b3c4d --json
    """
    referee = open_referee(db, readonly=True)
    moves = referee.legal_moves(referee.get(game_id))
    if as_json:
        return emit(moves)
    for move in moves:
        click.echo(json.dumps(move, ensure_ascii=False))
