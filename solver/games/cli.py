"""`wordref game ...` and `wordref play ...`: whole games, one process per move or interactive.

Every verb takes --db PATH (else $WORDREF_DB, else the user's data directory). A move the rules
refuse now, an unknown game or player, or a finished game exits 2 with one line, and the stored
game is left as it was.
"""

from __future__ import annotations

import json

import click

from ..clikit import EXIT_NO, emit, exit_with, json_option
from ..errors import InputError

GAMES = ["extremis", "redyellow", "idiot", "extincion"]

db_option = click.option("--db", type=click.Path(dir_okay=False), metavar="PATH",
                         help="The games database (default: $WORDREF_DB, else "
                              "~/.local/share/wordref/games.sqlite3).")


def open_store(db):
    from ..store import Store
    return Store(db)


def move_result(store, game_id: str, move: dict):
    """Apply a move; return (game, events, verdict or None); refusals raise InputError."""
    from .base import IllegalMove

    try:
        game, events = store.play(game_id, move)
    except IllegalMove as err:
        codes = ", ".join(err.verdict.codes)
        raise InputError(f"{codes}: {err}") from None
    verdict = next((e for e in events if e.get("type") == "verdict"), None)
    if verdict is not None:
        verdict = {k: v for k, v in verdict.items() if k not in ("type", "player")}
    return game, events, verdict


def show_move(game, events, verdict, as_json: bool, render: bool = True) -> None:
    from . import render as draw

    if as_json:
        out = {"events": events, "state": game.view()["state"]}
        if verdict is not None:
            out = {"verdict": verdict, **out}
        return emit(out)
    for event in events:
        line = draw.event_line(event)
        if line:
            click.echo(line)
    if render:
        click.echo(draw.table(game.view()["state"]))


@click.group()
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
@click.argument("kind", type=click.Choice(GAMES))
@click.option("--players", required=True, metavar="A,B,...", help="Player names, in seat order.")
@click.option("--seed", type=int, help="Seed of the shuffle (default: random).")
@click.option("--lang", default="en", show_default=True, metavar="CODE", help="Language.")
@click.option("--deck", type=click.File("r", encoding="utf-8"), metavar="FILE",
              help="A custom deck file (YAML or JSON; see the README).")
@click.option("--allow", default="", metavar="W,W", help="House list: words always allowed.")
@click.option("--ban", default="", metavar="W,W", help="House list: words never allowed.")
@click.option("--option", "-o", "house_options", multiple=True, metavar="KEY=VALUE",
              help="A house-rule option of the game (repeatable).")
@db_option
@json_option
def game_new(kind, players, seed, lang, deck, allow, ban, house_options, db, as_json):
    """Start a game and print its id, its referee token and the table.

    The referee token is shown once: the HTTP service asks for it to overrule or undo.

    \b
    Examples:
      wordref game new extremis --players ann,bob,cy --seed 7
      wordref game new redyellow --players ann,bob --json
      wordref game new extremis --players ann,bob --deck my-deck.yaml --ban ok,qi
    """
    names = [p.strip() for p in players.split(",") if p.strip()]
    options = game_options(kind, lang, deck, allow, ban, house_options)
    store = open_store(db)
    created, token = store.create(kind, names, seed, options)
    if as_json:
        return emit({"id": created.id, "token": token, "state": created.view()["state"]})
    from . import render as draw

    click.echo(f"game {created.id} ({kind}: {', '.join(names)}), seed {created.seed}")
    click.echo(f"referee token: {token} (shown once)")
    click.echo(draw.table(created.view()["state"]))


def game_options(kind: str, lang: str, deck, allow: str, ban: str, extra) -> dict:
    """Return the options a game starts with, a custom deck read and checked."""
    options: dict = {"lang": lang} if kind in ("extremis", "redyellow") else {}
    for item in extra:
        key, sep, value = item.partition("=")
        if not sep:
            raise InputError(f"--option {item!r}: expected KEY=VALUE")
        options[key.strip()] = _value(value.strip())
    words = {"allow": [w.strip() for w in allow.split(",") if w.strip()],
             "ban": [w.strip() for w in ban.split(",") if w.strip()]}
    if kind == "extremis":
        from ..lexicon import Lexicon
        from .extremis import load_deck

        fold = Lexicon.open(lang).alphabet.fold
        options.update({k: sorted({fold(w) or w for w in v}) for k, v in words.items() if v})
        if deck:
            options["cards"] = load_deck(lang, deck.read())
    elif kind == "redyellow":
        if words["allow"] or words["ban"]:
            raise InputError("house words for Red Letter, Yellow Letter come from the "
                             "table's overrules, per Thing")
        if deck:
            from .redyellow import load_decks
            options["decks"] = load_decks(deck.read())
    elif deck:
        options["deck"] = deck.read()
    return options


def _value(text: str):
    try:
        return json.loads(text)
    except ValueError:
        return text


@game.command("show")
@click.argument("game_id")
@db_option
@json_option
def game_show(game_id, db, as_json):
    """Show a game: the cards, the players, whether any answer exists.

    \b
    Examples:
      wordref game show 1a2b3c4d
      wordref game show 1a2b3c4d --json
    """
    found = open_store(db).get(game_id)
    if as_json:
        return emit(found.view())
    from . import render as draw

    click.echo(f"game {found.id} ({found.game})")
    click.echo(draw.table(found.view()["state"]))


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
    store = open_store(db)
    kind = store.get(game_id).game
    field = "word" if kind == "extremis" else "answer"
    game_, events, verdict = move_result(store, game_id, {"type": "answer", "player": player,
                                                          field: answer, "round": round_})
    show_move(game_, events, verdict, as_json)
    exit_with(0 if verdict and verdict["valid"] else EXIT_NO)


def _simple_move(name: str, help_text: str, examples: list[str], **fields):
    """Return a `wordref game NAME ID` command that applies one move."""
    def command(game_id, db, as_json, **values):
        move = {"type": name, **{k: v for k, v in values.items() if v is not None}}
        if name == "overrule":
            if values.get("accept") is None:
                raise click.UsageError("say --accept or --reject")
        store = open_store(db)
        game_, events, verdict = move_result(store, game_id, move)
        show_move(game_, events, verdict, as_json)

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
    games = open_store(db).list()
    if as_json:
        return emit(games)
    for g in games:
        click.echo(f"{g['id']}  {g['game']:<10} {g['status']:<8} {g['moves']:>4} moves  "
                   f"{', '.join(g['players'])}")


@game.command("replay")
@click.argument("game_id")
@db_option
@json_option
def game_replay(game_id, db, as_json):
    """Replay a game from its seed, move by move, as the log records it.

    \b
    Examples:
      wordref game replay 1a2b3c4d
      wordref game replay 1a2b3c4d --json
    """
    from . import engine

    store = open_store(db)
    found = store.get(game_id)
    steps = store.replay(game_id)
    if as_json:
        view = engine(found.game).view
        return emit({"id": game_id, "log": store.log(game_id),
                     "replay": [{"move": m, "events": e, "state": view(state)}
                                for m, state, e in steps],
                     "same": steps[-1][1] == found.state})
    from . import render as draw

    for number, (move, _, events) in enumerate(steps):
        title = "start" if move is None else json.dumps(move, ensure_ascii=False)
        click.echo(f"{number:>3}. {title}")
        for event in events:
            line = draw.event_line(event)
            if line:
                click.echo(f"       {line}")
    click.echo("replayed state equals the stored state"
               if steps[-1][1] == found.state else "replay DIFFERS from the stored state")


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

    store = open_store(db)
    loop(store, store.get(game_id).id)


@click.command()
@click.argument("kind", type=click.Choice(["extremis", "redyellow"]))
@click.option("--players", required=True, metavar="A,B,...", help="Player names, in seat order.")
@click.option("--seed", type=int, help="Seed of the shuffle (default: random).")
@click.option("--lang", default="en", show_default=True, metavar="CODE", help="Language.")
@click.option("--deck", type=click.File("r", encoding="utf-8"), metavar="FILE",
              help="A custom deck file.")
@db_option
def play(kind, players, seed, lang, deck, db):
    """Referee a game at the table: type "ann: butter", hint, stumped, tap, take, undo, score.

    \b
    Examples:
      wordref play extremis --players ann,bob,cy
      wordref play redyellow --players ann,bob --seed 3
    """
    from .play import loop

    names = [p.strip() for p in players.split(",") if p.strip()]
    store = open_store(db)
    created, _ = store.create(kind, names, seed, game_options(kind, lang, deck, "", "", ()))
    click.echo(f"game {created.id}: resume it with `wordref game resume {created.id}`")
    loop(store, created.id)
