"""`wordref game ...` and `wordref play ...`: whole games, one process per move or interactive.

Every verb takes --db PATH (else $WORDREF_DB, else the user's data directory) and plays through
solver/referee.py, as the HTTP service does. A move the rules refuse now, an unknown game or
player, or a finished game exits 2 with one line, and the stored game is left as it was.
"""

from __future__ import annotations

import json

import click

from ..errors import InputError
from ..games import KINDS, WORD_GAMES
from .common import (EXIT_NO, FilePath, LazyGroup, TextFile, comma_list, emit, exit_with,
                     json_option, key_values)


def _db_path(ctx, param, value):
    if value == "":
        raise click.BadParameter("is empty: name a file or URL, or leave --db out for the "
                                 "default")
    return value


db_option = click.option("--db", metavar="PATH|URL", callback=_db_path,
                         help="The games database, a SQLite file or a postgresql:// URL "
                              "(default: $WORDREF_DB, else "
                              "~/.local/share/wordref/games.sqlite3).")


bots_option = click.option("--bots", type=click.IntRange(0, 10), default=0, metavar="N",
                           help="Computer players to seat beside the people (word games).")
level_option = click.option("--level", metavar="LEVEL[,LEVEL...]",
                            help="The computer players' level: beginner, regular or expert "
                                 "(one for all, or one each; default regular).")


def open_referee(db, readonly: bool = False):
    """Return the referee of the games database; `readonly` where the command only looks."""
    from ..referee import Referee
    return Referee.open(db, readonly)


def move_result(referee, game_id: str, move):
    """Apply a move; return its Outcome; a move the rules refuse raises InputError."""
    from ..games.base import IllegalMove

    try:
        return referee.play(game_id, move)
    except IllegalMove as err:
        raise InputError(f"{', '.join(err.verdict.codes)}: {err}") from None


def show_move(referee, outcome, as_json: bool, render: bool = True) -> None:
    """Print what a move did: JSON, or a line per event and (with `render`) the table."""
    from . import render as draw

    state = referee.view(outcome.game)["state"]
    if as_json:
        out = {"events": outcome.events, "state": state}
        if outcome.verdict is not None:
            out = {"verdict": outcome.verdict, **out}
        return emit(out)
    for event in outcome.events:
        line = draw.event_line(event, outcome.game.game)
        if line:
            click.echo(line)
    if render:
        click.echo(draw.table(state))
    else:
        click.echo(draw.status_line(state))


@click.group(cls=LazyGroup)
def game():
    """Referee whole games, one move per command, kept in a database.

    \b
    Examples:
      wordref game new extremis --players ann,bob --seed 7
      wordref game answer 1a2b3c4d --player ann butter
      wordref game stumped 1a2b3c4d
      wordref game show 1a2b3c4d --json
    """


@game.command("new")
@click.argument("kind", type=click.Choice(list(KINDS)))
@click.option("--players", required=True, metavar="A,B,...", help="Player names, in seat order.")
@click.option("--seed", type=int, help="Seed of the shuffle (default: random).")
@click.option("--lang", default="en", show_default=True, metavar="CODE", help="Language.")
@click.option("--deck", type=TextFile(), metavar="FILE",
              help="A custom deck file (YAML or JSON; see the README).")
@click.option("--allow", default="", metavar="W,W", help="House list: words always allowed.")
@click.option("--ban", default="", metavar="W,W", help="House list: words never allowed.")
@click.option("--option", "-o", "house_options", multiple=True, metavar="KEY=VALUE",
              help="A house-rule option of the game (repeatable).")
@click.option("--categories", "categories", metavar="FILE", type=FilePath(dir_okay=False),
              help="Red Letter, Yellow Letter: the table's own Things, a YAML pack "
                   "(lexicons/categories/README.md), dealt and read before the built-in ones.")
@bots_option
@level_option
@db_option
@json_option
def game_new(kind, players, seed, lang, deck, allow, ban, house_options, categories, bots,
             level, db, as_json):
    """Start a game and print its id, its referee token and the table.

    The referee token is shown once: the HTTP service asks for it to overrule or undo.

    \b
    Examples:
      wordref game new extremis --players ann,bob,cy --seed 7
      wordref game new redyellow --players ann,bob --json
      wordref game new extremis --players ann,bob --deck my-deck.yaml --ban ok,qi
      wordref game new extremis --players ann --bots 2 --level regular
      wordref game new redyellow --players ann,bob --categories ours.yaml
    """
    from .botplay import with_bots

    names = [p.strip() for p in players.split(",") if p.strip()]
    options = game_options(kind, lang, deck, allow, ban, house_options)
    if categories:
        options.update(table_pack_option(kind, categories))
    names = with_bots(kind, names, bots, level, options)
    referee = open_referee(db)
    created, token = referee.create(kind, names, seed, options)
    state = referee.view(created)["state"]
    if as_json:
        return emit({"id": created.id, "token": token, "state": state})
    from . import render as draw

    click.echo(f"game {created.id} ({kind}: {', '.join(names)}), seed {created.seed}")
    click.echo(f"referee token: {token} (shown once)")
    click.echo(draw.table(state))


def game_options(kind: str, lang: str, deck, allow: str, ban: str, extra) -> dict:
    """Return the options a game starts with, from the command's options."""
    from ..referee import start_options

    return start_options(kind, lang, deck.read() if deck else None, comma_list(allow),
                         comma_list(ban), key_values(extra))


def table_pack_option(kind: str, path: str) -> dict:
    """Return {"categories": [...]} from a table's pack file, checked as a game will read it."""
    import yaml

    from ..categories import open_categories
    from ..errors import InputError
    from ..tables import table_categories

    if kind != "redyellow":
        raise click.UsageError(f"--categories is for redyellow, not {kind}")
    try:
        with open(path, encoding="utf-8") as handle:
            data = yaml.safe_load(handle)
        table_categories(data, open_categories("en"), path)
    except OSError as err:
        raise InputError(f"cannot read {path}: {err.strerror}") from None
    except yaml.YAMLError:
        raise InputError(f"{path}: not valid YAML") from None
    return {"categories": data["categories"] if isinstance(data, dict) else data}


@game.command("show")
@click.argument("game_id")
@click.option("--all", "whole", is_flag=True,
              help="Show what only the referee sees too: a word game's stumped check (whether "
                   "any answer exists), which the table sees only when it asked for it.")
@db_option
@json_option
def game_show(game_id, db, whole, as_json):
    """Show a game as the table sees it: the cards, the players, the score.

    \b
    Examples:
      wordref game show 1a2b3c4d
      wordref game show 1a2b3c4d --json
      wordref game show 1a2b3c4d --all
    """
    referee = open_referee(db, readonly=True)
    found = referee.get(game_id)
    view = referee.view(found, referee=whole)
    if as_json:
        return emit(view)
    from . import render as draw

    click.echo(f"game {found.id} ({found.game})")
    click.echo(draw.table(view["state"]))


@game.command("answer")
@click.argument("game_id")
@click.argument("answer")
@click.option("--player", "-p", required=True, help="Who said it.")
@click.option("--round", "round_", type=int, metavar="N",
              help="The round the answer was meant for; refused as stale if the cards changed.")
@db_option
@json_option
def game_answer(game_id, answer, player, round_, db, as_json):
    """Judge ANSWER, said by --player; a valid answer wins the round. Exit 0 valid, 1 not.

    \b
    Examples:
      wordref game answer 1a2b3c4d --player ann butter
      wordref game answer 1a2b3c4d -p bob --round 3 "the Nile" --json
    """
    referee = open_referee(db)
    outcome = move_result(referee, game_id,
                          lambda game: referee.answer_move(game, player, answer, round_))
    show_move(referee, outcome, as_json)
    exit_with(0 if outcome.verdict and outcome.verdict["valid"] else EXIT_NO)


# The moves whose one flag must be given either way: its field, and what to say without it.
CHOICES = {"overrule": ("accept", "say --accept or --reject"),
           "check": ("show", "say --show or --hide")}


def _simple_move(name: str, help_text: str, examples: list[str], **fields):
    """Return a `wordref game NAME ID` command that applies one move."""
    def command(game_id, db, as_json, **values):
        move = {"type": name, **{k: v for k, v in values.items() if v is not None}}
        if name in CHOICES and values.get(CHOICES[name][0]) is None:
            raise click.UsageError(CHOICES[name][1])
        referee = open_referee(db)
        show_move(referee, move_result(referee, game_id, move), as_json)

    command.__doc__ = help_text + "\n\n    \b\n    Examples:\n" + "".join(
        f"      {e}\n" for e in examples)
    for option in reversed(fields.get("options", [])):
        command = option(command)
    command = json_option(db_option(click.argument("game_id")(command)))
    return game.command(name)(command)


_simple_move("stumped", "The table gives up: say whether an answer existed, then apply the "
             "rulebook's next step (flip a card, or discard the Thing).",
             ["wordref game stumped 1a2b3c4d"])
_simple_move("tap", "A red and a green of one letter: --player tapped first and claims the "
             "cards.", ["wordref game tap 1a2b3c4d --player bob"],
             options=[click.option("--player", "-p", required=True, help="Who tapped first.")])
_simple_move("take", "The round's winner takes a card: red, yellow or thing.",
             ["wordref game take 1a2b3c4d --player ann --card thing"],
             options=[click.option("--player", "-p", required=True, help="The round's winner."),
                      click.option("--card", "-c", required=True,
                                   type=click.Choice(["red", "yellow", "thing"]))])
_simple_move("overrule", "The table overrules the last verdict, by its vote.",
             ["wordref game overrule 1a2b3c4d --accept",
              "wordref game overrule 1a2b3c4d --reject"],
             options=[click.option("--accept/--reject", "accept", default=None,
                                   help="Accept or reject the last answer.")])
_simple_move("undo", "Take back the latest move still in effect (it stays in the log).",
             ["wordref game undo 1a2b3c4d"])
_simple_move("check", "Show the stumped check (whether any answer exists) to the table, or hide "
             "it: a word game's setting, kept in the log (the option show_check at the start).",
             ["wordref game check 1a2b3c4d --show", "wordref game check 1a2b3c4d --hide"],
             options=[click.option("--show/--hide", "show", default=None,
                                   help="Show the check to the table, or hide it.")])


@game.command("list")
@db_option
@json_option
def game_list(db, as_json):
    """List the games in the database, newest first.

    \b
    Examples:
      wordref game list
      wordref game list --json
    """
    games = open_referee(db, readonly=True).list()
    if as_json:
        return emit(games)
    for g in games:
        click.echo(f"{g['id']}  {g['game']:<10} {g['status']:<8} {g['moves']:>4} moves  "
                   f"{', '.join(g['players'])}")


@game.command("replay")
@click.argument("game_id")
@click.option("--all", "whole", is_flag=True,
              help="Show the moves whole, with the cards the rulebook hides from the table "
                   "(a card given face down, a Stampede's choice) and a word game's stumped "
                   "check: the referee's record.")
@db_option
@json_option
def game_replay(game_id, db, whole, as_json):
    """Replay a game from its seed, move by move, as the log records it.

    It shows what the whole table saw, as the live stream does; --all shows the moves whole.

    \b
    Examples:
      wordref game replay 1a2b3c4d
      wordref game replay 1a2b3c4d --json
      wordref game replay 1a2b3c4d --all
    """
    from ..games import engine
    from ..games.base import public_record, view_of

    referee = open_referee(db, readonly=True)
    found = referee.get(game_id)
    module = engine(found.game)

    def shown(move, events):
        return (move, events) if whole or move is None else public_record(module, move, events)

    steps = [(*shown(m, e), state) for m, state, e in referee.replay(game_id)]
    same = steps[-1][2] == found.state
    if as_json:
        log = [{**entry, **dict(zip(("move", "events"), shown(entry["move"], entry["events"])))}
               for entry in referee.log(game_id)]
        return emit({"id": game_id, "log": log,
                     "replay": [{"move": m, "events": e, "state": view_of(module, state, whole)}
                                for m, e, state in steps],
                     "same": same})
    from . import render as draw

    for number, (move, events, _) in enumerate(steps):
        title = "start" if move is None else json.dumps(move, ensure_ascii=False)
        click.echo(f"{number:>3}. {title}")
        for event in events:
            line = draw.event_line(event, found.game)
            if line:
                click.echo(f"       {line}")
    click.echo("replayed state equals the stored state"
               if same else "replay DIFFERS from the stored state")


@game.command("resume")
@click.argument("game_id")
@db_option
def game_resume(game_id, db):
    """Pick up a game at the table again, interactively.

    \b
    Examples:
      wordref game resume 1a2b3c4d
    """
    from .play import loop

    referee = open_referee(db)
    loop(referee, referee.get(game_id).id)


@click.command()
@click.argument("kind", type=click.Choice(WORD_GAMES))
@click.option("--players", required=True, metavar="A,B,...", help="Player names, in seat order.")
@click.option("--seed", type=int, help="Seed of the shuffle (default: random).")
@click.option("--lang", default="en", show_default=True, metavar="CODE", help="Language.")
@click.option("--deck", type=TextFile(), metavar="FILE",
              help="A custom deck file.")
@click.option("--show-check", is_flag=True,
              help="Show the stumped check (whether any answer exists) at the table; "
                   "`check on` and `check off` change it during the game.")
@bots_option
@level_option
@db_option
def play(kind, players, seed, lang, deck, show_check, bots, level, db):
    """Referee a game at the table: type "ann: butter", hint, stumped, tap, take, undo, score.

    \b
    Examples:
      wordref play extremis --players ann,bob,cy
      wordref play redyellow --players ann,bob --seed 3 --show-check
      wordref play extremis --players ann --bots 2 --level regular
    """
    from .botplay import with_bots
    from .play import loop

    names = [p.strip() for p in players.split(",") if p.strip()]
    options = game_options(kind, lang, deck, "", "", ("show_check=true",) if show_check else ())
    names = with_bots(kind, names, bots, level, options)
    referee = open_referee(db)
    created, _ = referee.create(kind, names, seed, options)
    click.echo(f"game {created.id}: resume it with `wordref game resume {created.id}`")
    loop(referee, created.id)
