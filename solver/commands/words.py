"""The word-game verbs: `wordref solve|any|judge|hint extremis|redyellow`.

Each command reads its options, asks solver/api.py (the same functions the HTTP routes call)
and prints: the reply's JSON with --json, else a line of text made from what was found. With
--batch the same question is asked once a line.
"""

from __future__ import annotations

import click

from .. import api
from .common import (FilePath, LazyGroup, batch_option, comma_list, emit, exit_with, fields,
                     json_option, lang_option, options, run_batch, tier_option)
from .common import one_line as flat


@click.group()
def solve():
    """Every word (or answer) that fits the cards, commonest first."""


@click.group(name="any")
def any_():
    """Is there any answer at all? (the stumped check)"""


@click.group(cls=LazyGroup)
def judge():
    """Is this shouted answer valid, and if not, why?"""


@click.group()
def hint():
    """A graded hint, from a count to the answer itself."""


extremis_options = options(
    click.option("--initial", "-i", metavar="LETTER", help="The initial letter (green)."),
    click.option("--green", "-g", metavar="LETTERS", default="",
                 help="Green letters in play, repeated as often as shown: UTT."),
    click.option("--red", "-r", metavar="LETTERS", default="", help="Red letters in play: X."),
    lang_option, tier_option,
    click.option("--no-conjugated/--conjugated", "no_conjugated", default=None,
                 help="Refuse conjugated verb forms, as the French rules do (the default in "
                      "French; --conjugated allows them)."),
    json_option, batch_option,
)
redyellow_options = options(
    click.option("--thing", "-t", metavar="TEXT", help='The Thing card: "pizza toppings".'),
    click.option("--yellow", "-y", metavar="LETTER", help="The yellow letter: answers start "
                                                          "with it."),
    click.option("--red", "-r", metavar="LETTER", help="The red letter: answers lack it."),
    click.option("--used", metavar="A,B,...", default="",
                 help="Answers already given for this Thing (comma-separated): they no "
                      "longer count."),
    click.option("--categories", "categories", metavar="FILE", type=FilePath(dir_okay=False),
                 help="The table's own Things: a YAML pack (lexicons/categories/README.md); "
                      "they win over a built-in reading."),
    lang_option, json_option, batch_option,
)
limit_option = click.option(
    "--limit", "-n", default=20, show_default=True, type=click.IntRange(min=0),
    help="How many to list (0: all). The count covers every one.")
level_option = click.option(
    "--level", "-l", default=1, show_default=True, type=click.IntRange(min=1),
    help="1: how many answers and how long; 2 and 3: more of the answer; 4: the answer.")
answers_argument = click.argument("answers", nargs=-1)


def run(game: str, verb: str, cards: tuple, answers, batch, as_json: bool, **how) -> None:
    """Ask `verb` of `game` for the cards (or each --batch line), print, and exit."""
    ask = api.asker(game, verb, **how)
    if batch:
        if answers:
            raise click.UsageError("give answers on the command line or with --batch, not both")
        return exit_with(run_batch(batch, batch_line(game, verb, ask, as_json, how), as_json))
    if verb == "judge" and not answers:
        raise click.UsageError("no answer to judge")
    got = api.replies(ask, verb, cards, answers)
    if as_json:
        emit([r.json for r in got] if verb == "judge" else got[0].json)
    else:
        for reply in got:
            click.echo(text(game, verb, reply))
    exit_with(max(r.code for r in got))  # judge: 1 if any answer is invalid


def batch_line(game: str, verb: str, ask, as_json: bool, how: dict):
    """Return line(text, number) -> (output line, code) answering one --batch line.

    In Extremis' any and solve take the batch path of batch.py, which prints the same bytes.
    """
    if game == "extremis" and verb in ("any", "solve"):
        from .batch import extremis_line

        return extremis_line(verb, as_json, **how)
    import json

    names = BATCH_FIELDS[game] + ["ANSWER"] * (verb == "judge")
    sep = "\t" if game == "redyellow" else None
    encode = json.JSONEncoder(ensure_ascii=False).encode  # one encoder for every line

    def line(raw: str, number: int):
        reply = ask(*fields(raw, number, names, sep))
        if as_json:
            return encode(reply.json), reply.code
        return flat(text(game, verb, reply, one_line=True)), reply.code

    return line


BATCH_FIELDS = {"extremis": ["INITIAL", "GREENS", "REDS"],
                "redyellow": ["THING", "YELLOW", "RED"]}


def text(game: str, verb: str, reply: api.Reply, one_line: bool = False) -> str:
    """Return what a person reads for one reply."""
    found = reply.found
    if verb == "judge":
        return found.summary()
    if verb == "hint":
        return found.text
    if verb == "any":
        return any_word(found)
    if game == "extremis":
        return extremis_solve_text(found, reply.cards, one_line)
    return redyellow_solve_text(found, reply.cards, one_line)


YES_NO = {True: "yes", False: "no", None: "tap"}


def any_word(data: dict) -> str:
    if data["status"] in ("ok", "tap"):
        return YES_NO[data["any"]]
    return "redraw" if data["status"] == "redraw_red" else "unknown"


def extremis_solve_text(found, cards, one_line: bool) -> str:
    from ..extremis import tap_message

    if found.status == "tap":
        return tap_message(cards)
    if one_line:
        return f"{found.count}: {' '.join(found.words)}".rstrip()
    shown = f" (the {len(found.words)} commonest)" if len(found.words) < found.count else ""
    head = f"{found.count} word{'s' * (found.count != 1)} fit {cards.describe()}{shown}"
    return "\n".join([head, *found.words])


def redyellow_solve_text(found, cards, one_line: bool) -> str:
    from ..redyellow import REDRAW

    if found.status == "redraw_red":
        return REDRAW
    if found.status == "unknown_category":
        return f"unknown Thing {cards.thing!r}: the table decides"
    if one_line:
        return f"{found.count}: {', '.join(found.words)}".rstrip(": ")
    head = (f"{found.count} answer{'s' * (found.count != 1)} fit "
            f"{describe_category(found.resolution)}, starts with {cards.yellow.upper()}, "
            f"no {cards.red.upper()}")
    if len(found.words) < found.count:
        head += f" (the {len(found.words)} commonest)"
    return "\n".join([head, *found.words])


def describe_category(resolution) -> str:
    if resolution.category is None:
        return f"unknown Thing {resolution.thing!r}"
    how = "" if resolution.confidence == 1 else f", confidence {resolution.confidence:.2f}"
    return f"{resolution.category.name}{how}"


# In Extremis -----------------------------------------------------------------------------------

@solve.command("extremis")
@extremis_options
@limit_option
def solve_extremis(initial, green, red, lang, tier, no_conjugated, as_json, batch, limit):
    """List the words that start with the initial, hold every green letter and no red one.

    \b
    Examples:
      wordref solve extremis --initial B --green UTT --red X
      wordref solve extremis -i B -g UTT -r X --limit 0 --json
      printf 'B UTT X\\nQ Z U\\n' | wordref solve extremis --batch -
    """
    run("extremis", "solve", (initial, green, red), (), batch, as_json, lang=lang, tier=tier,
        no_conjugated=no_conjugated, limit=limit)


@any_.command("extremis")
@extremis_options
def any_extremis(initial, green, red, lang, tier, no_conjugated, as_json, batch):
    """Say whether any word fits: yes (exit 0), no (exit 1) or tap (exit 3).

    \b
    Examples:
      wordref any extremis --initial Q --green Z --red U
      wordref any extremis -i B -g UTT -r X --json
      wordref any extremis --batch queries.txt --json
    """
    run("extremis", "any", (initial, green, red), (), batch, as_json, lang=lang, tier=tier,
        no_conjugated=no_conjugated)


@judge.command("extremis")
@extremis_options
@answers_argument
def judge_extremis(initial, green, red, lang, tier, no_conjugated, as_json, batch, answers):
    """Judge each ANSWER: valid, or every rule it breaks. Exit 0 if all are valid, else 1.

    \b
    Examples:
      wordref judge extremis --initial B --green UTT --red X butter bitter buttr
      wordref judge extremis -i B -g UTT -r X --json butter
      printf 'B UTT X butter\\nB UTT X bitter\\n' | wordref judge extremis --batch -
    """
    run("extremis", "judge", (initial, green, red), answers, batch, as_json, lang=lang,
        tier=tier, no_conjugated=no_conjugated)


@hint.command("extremis")
@extremis_options
@level_option
def hint_extremis(initial, green, red, lang, tier, no_conjugated, as_json, batch, level):
    """Give a hint, from "37 words fit" up to the word itself.

    \b
    Examples:
      wordref hint extremis --initial B --green UTT --red X
      wordref hint extremis -i B -g UTT -r X --level 4 --json
    """
    run("extremis", "hint", (initial, green, red), (), batch, as_json, lang=lang, tier=tier,
        no_conjugated=no_conjugated, level=level)


# Red Letter, Yellow Letter -----------------------------------------------------------------------

@solve.command("redyellow")
@redyellow_options
@limit_option
def solve_redyellow(thing, yellow, red, used, categories, lang, as_json, batch, limit):
    """List what fits the Thing, starts with the yellow letter and lacks the red one.

    \b
    Examples:
      wordref solve redyellow --thing "ice cream flavors" --yellow B --red X
      wordref solve redyellow -t rivers -y N -r R --json
      printf 'rivers\\tN\\tR\\n' | wordref solve redyellow --batch -
    """
    run("redyellow", "solve", (thing, yellow, red), (), batch, as_json, lang=lang,
        used=comma_list(used), categories=categories, limit=limit)


@any_.command("redyellow")
@redyellow_options
def any_redyellow(thing, yellow, red, used, categories, lang, as_json, batch):
    """Say whether anything fits: yes (0), no (1), or unknown / redraw (3, no search made).

    \b
    Examples:
      wordref any redyellow --thing rivers --yellow Q --red U
      wordref any redyellow -t "pizza toppings" -y H -r L --json
    """
    run("redyellow", "any", (thing, yellow, red), (), batch, as_json, lang=lang,
        used=comma_list(used), categories=categories)


@judge.command("redyellow")
@redyellow_options
@answers_argument
def judge_redyellow(thing, yellow, red, used, categories, lang, as_json, batch, answers):
    """Judge each ANSWER for the Thing and the letters. Exit 0 if all are valid, else 1.

    An answer to a Thing wordref does not know is checked for its letters only: if they pass,
    valid is null (code unknown_category) and the table decides.

    \b
    Examples:
      wordref judge redyellow --thing "pizza toppings" --yellow H --red L ham
      wordref judge redyellow -t rivers -y N -r R "the Nile" Niger --json
      wordref judge redyellow -t fruits -y A -r S --used apple,avocado apricot
      wordref judge redyellow -t "our cats" -y F -r Q --categories ours.yaml Felix
    """
    run("redyellow", "judge", (thing, yellow, red), answers, batch, as_json, lang=lang,
        used=comma_list(used), categories=categories)


@hint.command("redyellow")
@redyellow_options
@level_option
def hint_redyellow(thing, yellow, red, used, categories, lang, as_json, batch, level):
    """Give a hint, from "12 answers fit" up to the answer itself.

    \b
    Examples:
      wordref hint redyellow --thing rivers --yellow N --red R
      wordref hint redyellow -t rivers -y N -r R --level 3 --json
    """
    run("redyellow", "hint", (thing, yellow, red), (), batch, as_json, lang=lang,
        used=comma_list(used), categories=categories, level=level)
