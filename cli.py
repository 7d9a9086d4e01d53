"""The `wordref` command: parse options, call the library, print text or --json.

The word-game verbs (solve, any, judge, hint) and the lexicon commands live here; shared
options, errors and batch mode in solver/clikit.py. Exit codes are listed there.
"""

from __future__ import annotations

import click

from solver import __version__, extremis
from solver.clikit import (EXIT_NO, EXIT_NO_SEARCH, Wordref, batch_option, emit, exit_with,
                           fields, json_option, lang_option, options, run_batch, tier_option)
from solver.api import extremis_any_json, open_extremis
from solver.lexicon import Lexicon


@click.group(cls=Wordref, context_settings={"help_option_names": ["-h", "--help"],
                                            "max_content_width": 100})
@click.version_option(__version__, prog_name="wordref")
def main():
    """An offline referee for word games: which words fit, is the table stumped, does it count.

    \b
    Examples:
      wordref solve extremis --initial B --green UTT --red X
      wordref any extremis -i Q -g Z -r U
      wordref judge extremis -i B -g UTT -r X butter bitter
      wordref judge redyellow --thing "pizza toppings" --yellow H --red L ham
      wordref hint extremis -i B -g UTT -r X --level 2
      wordref lexicon info
    """


@main.group()
def solve():
    """Every word (or answer) that fits the cards, commonest first."""


@main.group(name="any")
def any_():
    """Is there any answer at all? (the stumped check)"""


@main.group()
def judge():
    """Is this shouted answer valid, and if not, why?"""


@main.group()
def hint():
    """A graded hint, from a count to the answer itself."""


# In Extremis -----------------------------------------------------------------------------------

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


def extremis_batch(source, lex, with_answer: bool, answer, as_json: bool) -> int:
    """Run batch mode over lines "INITIAL GREENS REDS [ANSWER]"."""
    names = ["INITIAL", "GREENS", "REDS"] + ["ANSWER"] * with_answer

    def line(text, number):
        got = fields(text, number, names)
        cards = extremis.Cards.parse(lex.alphabet, *got[:3])
        return answer(lex, cards, got[3] if with_answer else None)

    return run_batch(source, line, as_json)


@solve.command("extremis")
@extremis_options
@click.option("--limit", "-n", default=20, show_default=True, type=click.IntRange(min=0),
              help="How many words to list (0: all). The count covers every word.")
def solve_extremis(initial, green, red, lang, tier, no_conjugated, as_json, batch, limit):
    """List the words that start with the initial, hold every green letter and no red one.

    \b
    Examples:
      wordref solve extremis --initial B --green UTT --red X
      wordref solve extremis -i B -g UTT -r X --limit 0 --json
      printf 'B UTT X\\nQ Z U\\n' | wordref solve extremis --batch -
    """
    lex, filt = open_extremis(lang, tier, no_conjugated)

    def answer(lex, cards, _):
        found = extremis.solve(lex, cards, limit, filt)
        if found.status == "tap":
            return found.to_json(), extremis.tap_message(cards)
        return found.to_json(), f"{found.count}: {' '.join(found.words)}".rstrip()

    if batch:
        return exit_with(extremis_batch(batch, lex, False, answer, as_json))
    cards = extremis.Cards.parse(lex.alphabet, initial, green, red)
    found = extremis.solve(lex, cards, limit, filt)
    if as_json:
        return emit(found.to_json())
    if found.status == "tap":
        return click.echo(extremis.tap_message(cards))
    shown = f" (the {len(found.words)} commonest)" if len(found.words) < found.count else ""
    click.echo(f"{found.count} word{'s' * (found.count != 1)} fit {cards.describe()}{shown}")
    for word in found.words:
        click.echo(word)


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
    lex, filt = open_extremis(lang, tier, no_conjugated)

    def answer(lex, cards, _):
        data = extremis_any_json(lex, cards, filt)
        return data, YES_NO[data["any"]]

    if batch:
        return exit_with(extremis_batch(batch, lex, False, answer, as_json))
    cards = extremis.Cards.parse(lex.alphabet, initial, green, red)
    data = extremis_any_json(lex, cards, filt)
    emit(data) if as_json else click.echo(YES_NO[data["any"]])
    exit_with(any_exit_code(data["any"]))


YES_NO = {True: "yes", False: "no", None: "tap"}


def any_exit_code(found: bool | None) -> int:
    return {True: 0, False: EXIT_NO, None: EXIT_NO_SEARCH}[found]


@judge.command("extremis")
@extremis_options
@click.argument("answers", nargs=-1)
def judge_extremis(initial, green, red, lang, tier, no_conjugated, as_json, batch, answers):
    """Judge each ANSWER: valid, or every rule it breaks. Exit 0 if all are valid, else 1.

    \b
    Examples:
      wordref judge extremis --initial B --green UTT --red X butter bitter buttr
      wordref judge extremis -i B -g UTT -r X --json butter
      printf 'B UTT X butter\\nB UTT X bitter\\n' | wordref judge extremis --batch -
    """
    lex, filt = open_extremis(lang, tier, no_conjugated)

    def answer(lex, cards, text):
        verdict = extremis.judge(lex, cards, text, filt)
        return verdict.to_json(), verdict.summary()

    def judge_each():
        cards = extremis.Cards.parse(lex.alphabet, initial, green, red)
        return [extremis.judge(lex, cards, a, filt) for a in answers]

    judge_all(answers, batch, lambda: extremis_batch(batch, lex, True, answer, as_json),
              judge_each, as_json)


def judge_all(answers, batch, run_batch_mode, judge_each, as_json: bool) -> None:
    """Judge the command line's answers, or every line of --batch (not both)."""
    if batch:
        if answers:
            raise click.UsageError("give answers on the command line or with --batch, not both")
        return exit_with(run_batch_mode())
    if not answers:
        raise click.UsageError("no answer to judge")
    print_verdicts(judge_each(), as_json)


def print_verdicts(verdicts, as_json: bool) -> None:
    """Print verdicts (a JSON list, or a line each) and exit 0 if all are valid, else 1."""
    if as_json:
        emit([v.to_json() for v in verdicts])
    else:
        for verdict in verdicts:
            click.echo(verdict.summary())
    exit_with(0 if all(v.valid for v in verdicts) else EXIT_NO)


level_option = click.option(
    "--level", "-l", default=1, show_default=True, type=click.IntRange(min=1),
    help="1: how many answers and how long; 2 and 3: more of the answer; 4: the answer.")


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
    from solver import hints

    lex, filt = open_extremis(lang, tier, no_conjugated)

    def answer(lex, cards, _):
        given = hints.extremis_hint(lex, cards, level, filt)
        return given.to_json(), given.text

    if batch:
        return exit_with(extremis_batch(batch, lex, False, answer, as_json))
    cards = extremis.Cards.parse(lex.alphabet, initial, green, red)
    given = hints.extremis_hint(lex, cards, level, filt)
    emit(given.to_json()) if as_json else click.echo(given.text)


# Red Letter, Yellow Letter -----------------------------------------------------------------------

redyellow_options = options(
    click.option("--thing", "-t", metavar="TEXT", help='The Thing card: "pizza toppings".'),
    click.option("--yellow", "-y", metavar="LETTER", help="The yellow letter: answers start "
                                                          "with it."),
    click.option("--red", "-r", metavar="LETTER", help="The red letter: answers lack it."),
    click.option("--used", metavar="A,B,...", default="",
                 help="Answers already given for this Thing (comma-separated): they no "
                      "longer count."),
    lang_option, json_option, batch_option,
)


def used_list(used: str) -> list[str]:
    return [u for u in used.split(",") if u.strip()]


def redyellow_cards(lang: str, thing, yellow, red):
    from solver.categories import open_categories
    from solver.redyellow import Cards

    cats = open_categories(lang)
    return cats, Cards.parse(cats.alphabet, thing, yellow, red)


def redyellow_batch(source, lang: str, with_answer: bool, answer, as_json: bool) -> int:
    """Run batch mode over tab-separated lines THING, YELLOW, RED [, ANSWER]."""
    from solver.categories import open_categories
    from solver.redyellow import Cards

    cats = open_categories(lang)
    names = ["THING", "YELLOW", "RED"] + ["ANSWER"] * with_answer

    def line(text, number):
        got = fields(text, number, names, "\t")
        cards = Cards.parse(cats.alphabet, *got[:3])
        return answer(cats, cards, got[3] if with_answer else None)

    return run_batch(source, line, as_json)


def describe_category(resolution) -> str:
    if resolution.category is None:
        return f"unknown Thing {resolution.thing!r}"
    how = "" if resolution.confidence == 1 else f", confidence {resolution.confidence:.2f}"
    return f"{resolution.category.name}{how}"


@solve.command("redyellow")
@redyellow_options
@click.option("--limit", "-n", default=20, show_default=True, type=click.IntRange(min=0),
              help="How many answers to list (0: all). The count covers every answer.")
def solve_redyellow(thing, yellow, red, used, lang, as_json, batch, limit):
    """List what fits the Thing, starts with the yellow letter and lacks the red one.

    \b
    Examples:
      wordref solve redyellow --thing "ice cream flavors" --yellow B --red X
      wordref solve redyellow -t rivers -y N -r R --json
      printf 'rivers\\tN\\tR\\n' | wordref solve redyellow --batch -
    """
    from solver import redyellow

    already = used_list(used)

    def answer(cats, cards, _):
        found = redyellow.solve(cats, cards, limit, already)
        return found.to_json(), solve_text(found, cards, one_line=True)

    if batch:
        return exit_with(redyellow_batch(batch, lang, False, answer, as_json))
    cats, cards = redyellow_cards(lang, thing, yellow, red)
    found = redyellow.solve(cats, cards, limit, already)
    emit(found.to_json()) if as_json else click.echo(solve_text(found, cards))


def solve_text(found, cards, one_line: bool = False) -> str:
    from solver.redyellow import REDRAW

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


@any_.command("redyellow")
@redyellow_options
def any_redyellow(thing, yellow, red, used, lang, as_json, batch):
    """Say whether anything fits: yes (0), no (1), or unknown / redraw (3, no search made).

    \b
    Examples:
      wordref any redyellow --thing rivers --yellow Q --red U
      wordref any redyellow -t "pizza toppings" -y H -r L --json
    """
    from solver import redyellow

    def word(data):
        if data["status"] == "ok":
            return YES_NO[data["any"]]
        return "redraw" if data["status"] == "redraw_red" else "unknown"

    already = used_list(used)

    def answer(cats, cards, _):
        data = redyellow.any_answer(cats, cards, already)
        return data, word(data)

    if batch:
        return exit_with(redyellow_batch(batch, lang, False, answer, as_json))
    cats, cards = redyellow_cards(lang, thing, yellow, red)
    data = redyellow.any_answer(cats, cards, already)
    emit(data) if as_json else click.echo(word(data))
    exit_with(any_exit_code(data["any"]))


@judge.command("redyellow")
@redyellow_options
@click.argument("answers", nargs=-1)
def judge_redyellow(thing, yellow, red, used, lang, as_json, batch, answers):
    """Judge each ANSWER for the Thing and the letters. Exit 0 if all are valid, else 1.

    An answer to a Thing wordref does not know is checked for its letters only: if they pass,
    valid is null (code unknown_category) and the table decides.

    \b
    Examples:
      wordref judge redyellow --thing "pizza toppings" --yellow H --red L ham
      wordref judge redyellow -t rivers -y N -r R "the Nile" Niger --json
      wordref judge redyellow -t fruits -y A -r S --used apple,avocado apricot
    """
    from solver import redyellow

    already = used_list(used)

    def answer(cats, cards, text):
        verdict = redyellow.judge(cats, cards, text, already)
        return verdict.to_json(), verdict.summary()

    def judge_each():
        cats, cards = redyellow_cards(lang, thing, yellow, red)
        return [redyellow.judge(cats, cards, a, already) for a in answers]

    judge_all(answers, batch, lambda: redyellow_batch(batch, lang, True, answer, as_json),
              judge_each, as_json)


@hint.command("redyellow")
@redyellow_options
@level_option
def hint_redyellow(thing, yellow, red, used, lang, as_json, batch, level):
    """Give a hint, from "12 answers fit" up to the answer itself.

    \b
    Examples:
      wordref hint redyellow --thing rivers --yellow N --red R
      wordref hint redyellow -t rivers -y N -r R --level 3 --json
    """
    from solver import redyellow

    already = used_list(used)

    def answer(cats, cards, _):
        given = redyellow.hint(cats, cards, level, already)
        return given.to_json(), given.text

    if batch:
        return exit_with(redyellow_batch(batch, lang, False, answer, as_json))
    cats, cards = redyellow_cards(lang, thing, yellow, red)
    given = redyellow.hint(cats, cards, level, already)
    emit(given.to_json()) if as_json else click.echo(given.text)


@main.command()
@click.argument("query", required=False)
@lang_option
@json_option
@click.option("--rebuild", is_flag=True,
              help="Rebuild the category lexicon from the packs and WordNet instead.")
@click.option("--output", "-o", type=click.Path(dir_okay=False), help="With --rebuild: where to "
              "write (default: the user's lexicon directory).")
def things(query, lang, as_json, rebuild, output):
    """List the categories a Thing card can name (those matching QUERY).

    \b
    Examples:
      wordref things
      wordref things river --json
      wordref things --rebuild --output lexicons/built/categories.wrl
    """
    from solver.categories import open_categories

    if rebuild:
        return rebuild_categories(output)
    found = open_categories(lang).find(query)
    if as_json:
        return emit([c.to_json() for c in found])
    for category in found:
        click.echo(f"{category.id:<28} {category.name} ({category.size} members)")


def rebuild_categories(output) -> None:
    from pathlib import Path

    from lexicons.categories import build
    from solver.categories import FILE_NAME
    from solver.paths import user_lexicon_dir

    data = build(progress_bar)
    target = Path(output) if output else user_lexicon_dir() / FILE_NAME
    write_atomically(target, data)
    click.echo(f"wrote {target}: {len(data):,} bytes")


def progress_bar(items, label):
    """Show a progress bar on stderr while the items are consumed."""
    import sys

    with click.progressbar(list(items), label=f"{label:<20}", file=sys.stderr) as bar:
        yield from bar


def write_atomically(target, data: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(target)


# Lexicons --------------------------------------------------------------------------------------

@main.group()
def lexicon():
    """Build, describe and list the lexicons."""


@lexicon.command("info")
@json_option
def lexicon_info(as_json):
    """Describe every lexicon: language, word count, sources, licence.

    \b
    Examples:
      wordref lexicon info
      wordref lexicon info --json
    """
    from solver.lexicon import available_codes, describe

    described = [describe(code) for code in available_codes()]
    if as_json:
        return emit(described)
    for d in described:
        names = ", ".join(f"{s['name']} {s.get('version', '')}".strip() for s in d["sources"])
        common = f", {d['common']:,} common" if d["common"] else ""
        built = "" if d["shipped"] == "full" else "; index built on first use"
        click.echo(f"{d['code']}  {d['name']}: {d['words']:,} words{common} "
                   f"(alphabet {d['alphabet']}{built})")
        click.echo(f"    sources: {names}")
        click.echo(f"    licence: {d['licence']}")
        click.echo(f"    file:    {d['path']}")


@lexicon.command("words")
@lang_option
@tier_option
def lexicon_words(lang, tier):
    """Print every word that solve and any search, lower case, one a line, A to Z.

    \b
    Examples:
      wordref lexicon words | wc -l
      wordref lexicon words --tier common > common.txt
    """
    import sys

    out = sys.stdout
    for key in Lexicon.open(lang).keys(common_only=tier == "common"):
        out.write(key + "\n")


@lexicon.command("build")
@click.option("--lang", default="en", show_default=True, metavar="CODE",
              help="Language to build.")
@click.option("--source", type=click.Choice(["dict", "wordfreq"]), default="dict",
              show_default=True,
              help="dict: a dictionary's word list ranked by wordfreq; wordfreq: wordfreq's "
                   "own list, for any language it covers.")
@click.option("--min-zipf", type=float, default=None,
              help="Leave out words rarer than this (wordfreq source: default 3.0).")
@click.option("--common-zipf", type=float, default=3.0, show_default=True,
              help="Where the common tier starts.")
@click.option("--output", "-o", type=click.Path(dir_okay=False),
              help="Where to write (default: the user's lexicon directory, which takes "
                   "precedence over the bundled file).")
def lexicon_build(lang, source, min_zipf, common_zipf, output):
    """Rebuild a lexicon from its sources, deterministically.

    The English dictionary build reads Debian's wamerican-huge and wbritish-huge lists
    (apt-get install wamerican-huge wbritish-huge) and needs wordfreq (pip install
    'wordref[build]').

    \b
    Examples:
      wordref lexicon build
      wordref lexicon build --output lexicons/built/en.wrl
      wordref lexicon build --source wordfreq --lang it --min-zipf 2.5
    """
    from pathlib import Path

    from lexicons.build import build
    from solver.paths import user_lexicon_dir

    from solver.lexfile import read_header

    data = build(lang, source, min_zipf, common_zipf, progress_bar)
    target = Path(output) if output else user_lexicon_dir() / f"{lang}.wrl"
    write_atomically(target, data)
    head = read_header(data)
    click.echo(f"wrote {target}: {head['words']:,} words, {len(data):,} bytes "
               f"({head.get('kind', 'full')})")


# Whole games ------------------------------------------------------------------------------------

from solver.games.cli import game, play  # noqa: E402  (registered last: the word verbs come first)

from solver.games.cardcli import judge_idiot, simulate  # noqa: E402
from solver.service.command import serve  # noqa: E402

main.add_command(game)
main.add_command(play)
main.add_command(serve)
main.add_command(simulate)
judge.add_command(judge_idiot)


if __name__ == "__main__":
    main()
