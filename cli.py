"""The `wordref` command: parse options, call the library, print text or --json.

Exit codes: 0 success; 1 a negative answer (judge: some answer invalid; any: no word fits);
2 a usage error (one line on stderr); 3 no search was made (any: a tap).
"""

from __future__ import annotations

import json
import sys

import click

from solver import __version__, extremis
from solver.errors import InputError, WordrefError
from solver.lexicon import Lexicon, WordFilter

EXIT_NO, EXIT_USAGE, EXIT_NO_SEARCH = 1, 2, 3


class Wordref(click.Group):
    """The root group: every error becomes one line on stderr, never a traceback."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            code = super().main(args, prog_name or "wordref", complete_var,
                                standalone_mode=False, **extra)
        except click.UsageError as err:
            where = f" (see '{err.ctx.command_path} --help')" if err.ctx else ""
            code = _fail(f"{err.format_message()}{where}", EXIT_USAGE)
        except click.ClickException as err:
            code = _fail(err.format_message(), err.exit_code)
        except WordrefError as err:
            code = _fail(str(err), EXIT_USAGE)
        except click.Abort:
            code = _fail("aborted", 1)
        except BrokenPipeError:
            sys.stderr.close()
            code = 1
        code = code if isinstance(code, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code


def _fail(message: str, code: int) -> int:
    click.echo(f"wordref: error: {message}", err=True)
    return code


def emit(data) -> None:
    """Print one JSON document on one line."""
    click.echo(json.dumps(data, ensure_ascii=False))


# Shared options ------------------------------------------------------------------------------

def lang_option(f):
    return click.option("--lang", default="en", show_default=True, metavar="CODE",
                        help="Language of the lexicon (see `wordref lexicon info`).")(f)


def tier_option(f):
    return click.option("--tier", type=click.Choice(["all", "common"]), default="all",
                        show_default=True,
                        help="Which words count: the whole lexicon, or only common words.")(f)


def json_option(f):
    return click.option("--json", "as_json", is_flag=True, help="Print JSON.")(f)


def batch_option(f):
    return click.option("--batch", type=click.File("r", encoding="utf-8"), metavar="FILE",
                        help="Answer one query per line of FILE ('-' for stdin).")(f)


def extremis_options(f):
    for option in reversed([
        click.option("--initial", "-i", metavar="LETTER", help="The initial letter (green)."),
        click.option("--green", "-g", metavar="LETTERS", default="",
                     help="Green letters in play, repeated as often as shown: UTT."),
        click.option("--red", "-r", metavar="LETTERS", default="",
                     help="Red letters in play: X."),
        lang_option, tier_option, json_option, batch_option,
    ]):
        f = option(f)
    return f


def word_filter(tier: str) -> WordFilter:
    return WordFilter(common_only=tier == "common")


def open_cards(lang: str, initial, green, red):
    lex = Lexicon.open(lang)
    return lex, extremis.Cards.parse(lex.alphabet, initial, green, red)


def run_batch(source, lang: str, answer_field: bool, answer_line, as_json: bool) -> int:
    """Answer each line of `source` ("INITIAL GREENS REDS [ANSWER]"); return the exit code.

    One output line per input line; a line that cannot be read prints an error in its place and
    makes the exit code 2.
    """
    lex = Lexicon.open(lang)
    parse, out, code = extremis.Cards.parse, [], 0
    write = sys.stdout.write
    for number, line in enumerate(source, 1):
        fields = line.split(None, 3 if answer_field else 2)
        try:
            if len(fields) < 3 + answer_field:
                raise InputError(f"line {number}: expected INITIAL GREENS REDS"
                                 + (" ANSWER" if answer_field else "") + " ('-' for none)")
            cards = parse(lex.alphabet, fields[0], fields[1], fields[2])
            data, text = answer_line(lex, cards, fields[3].strip() if answer_field else None)
        except WordrefError as err:
            code = EXIT_USAGE
            data, text = {"error": str(err), "line": number}, f"error: {err}"
        out.append(json.dumps(data, ensure_ascii=False) if as_json else text)
        if len(out) >= 512:
            write("\n".join(out) + "\n")
            out.clear()
    if out:
        write("\n".join(out) + "\n")
    sys.stdout.flush()
    return code


# The commands ----------------------------------------------------------------------------------

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
      wordref hint extremis -i B -g UTT -r X --level 2
      wordref lexicon info
    """


@main.group()
def solve():
    """Every word that fits the cards, commonest first."""


@main.group(name="any")
def any_():
    """Is there any word at all? (the stumped check)"""


@main.group()
def judge():
    """Is this shouted answer valid, and if not, why?"""


@main.group()
def hint():
    """A graded hint, from a count to the word itself."""


@solve.command("extremis")
@extremis_options
@click.option("--limit", "-n", default=20, show_default=True, type=click.IntRange(min=0),
              help="How many words to list (0: all). The count covers every word.")
def solve_extremis(initial, green, red, lang, tier, as_json, batch, limit):
    """List the words that start with the initial, hold every green letter and no red one.

    \b
    Examples:
      wordref solve extremis --initial B --green UTT --red X
      wordref solve extremis -i B -g UTT -r X --limit 0 --json
      printf 'B UTT X\\nQ Z U\\n' | wordref solve extremis --batch -
    """
    filt = word_filter(tier)

    def answer(lex, cards, _):
        found = extremis.solve(lex, cards, limit, filt)
        if found.status == "tap":
            return found.to_json(), extremis.tap_message(cards)
        return found.to_json(), f"{found.count}: {' '.join(found.words)}".rstrip()

    if batch:
        return _exit(run_batch(batch, lang, False, answer, as_json))
    lex, cards = open_cards(lang, initial, green, red)
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
def any_extremis(initial, green, red, lang, tier, as_json, batch):
    """Say whether any word fits: yes (exit 0), no (exit 1) or tap (exit 3).

    \b
    Examples:
      wordref any extremis --initial Q --green Z --red U
      wordref any extremis -i B -g UTT -r X --json
      wordref any extremis --batch queries.txt --json
    """
    filt = word_filter(tier)

    def answer(lex, cards, _):
        data = _any_json(lex, cards, filt)
        return data, _any_word(data)

    if batch:
        return _exit(run_batch(batch, lang, False, answer, as_json))
    lex, cards = open_cards(lang, initial, green, red)
    data = _any_json(lex, cards, filt)
    emit(data) if as_json else click.echo(_any_word(data))
    _exit({True: 0, False: EXIT_NO, None: EXIT_NO_SEARCH}[data["any"]])


def _any_json(lex, cards, filt) -> dict:
    if cards.taps:
        return {"any": None, "count": 0, "status": "tap"}
    n = extremis.count(lex, cards, filt)
    return {"any": n > 0, "count": n, "status": "ok"}


def _any_word(data: dict) -> str:
    return {True: "yes", False: "no", None: "tap"}[data["any"]]


@judge.command("extremis")
@extremis_options
@click.argument("answers", nargs=-1)
def judge_extremis(initial, green, red, lang, tier, as_json, batch, answers):
    """Judge each ANSWER: valid, or every rule it breaks. Exit 0 if all are valid, else 1.

    \b
    Examples:
      wordref judge extremis --initial B --green UTT --red X butter bitter buttr
      wordref judge extremis -i B -g UTT -r X --json butter
      printf 'B UTT X butter\\nB UTT X bitter\\n' | wordref judge extremis --batch -
    """
    filt = word_filter(tier)

    def answer(lex, cards, text):
        verdict = extremis.judge(lex, cards, text, filt)
        return verdict.to_json(), verdict.summary()

    if batch:
        if answers:
            raise click.UsageError("give answers on the command line or with --batch, not both")
        return _exit(run_batch(batch, lang, True, answer, as_json))
    if not answers:
        raise click.UsageError("no answer to judge")
    lex, cards = open_cards(lang, initial, green, red)
    verdicts = [extremis.judge(lex, cards, a, filt) for a in answers]
    if as_json:
        emit([v.to_json() for v in verdicts])
    else:
        for verdict in verdicts:
            click.echo(verdict.summary())
    _exit(0 if all(v.valid for v in verdicts) else EXIT_NO)


@hint.command("extremis")
@extremis_options
@click.option("--level", "-l", default=1, show_default=True, type=click.IntRange(min=1),
              help="1: how many words and how long; 2 and 3: more of the word; 4: the word.")
def hint_extremis(initial, green, red, lang, tier, as_json, batch, level):
    """Give a hint, from "37 words fit" up to the word itself.

    \b
    Examples:
      wordref hint extremis --initial B --green UTT --red X
      wordref hint extremis -i B -g UTT -r X --level 4 --json
    """
    from solver import hints

    filt = word_filter(tier)

    def answer(lex, cards, _):
        given = hints.extremis_hint(lex, cards, level, filt)
        return given.to_json(), given.text

    if batch:
        return _exit(run_batch(batch, lang, False, answer, as_json))
    lex, cards = open_cards(lang, initial, green, red)
    given = hints.extremis_hint(lex, cards, level, filt)
    emit(given.to_json()) if as_json else click.echo(given.text)


def _exit(code: int):
    if code:
        click.get_current_context().exit(code)


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
    from solver.paths import available_lexicons

    described = [Lexicon.open(code).describe() for code in available_lexicons()]
    if as_json:
        return emit(described)
    for d in described:
        names = ", ".join(f"{s['name']} {s.get('version', '')}".strip() for s in d["sources"])
        click.echo(f"{d['code']}  {d['name']}: {d['words']:,} words ({d['common']:,} common, "
                   f"zipf >= {d['common_zipf']})")
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
    lex = Lexicon.open(lang)
    out = sys.stdout
    for key in lex.keys(common_only=tier == "common"):
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
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True),
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

    stages = []

    def progress(items, label):
        items = list(items)
        stages.append(label)
        with click.progressbar(items, label=f"{label:<20}", file=sys.stderr) as bar:
            yield from bar

    data = build(lang, source, min_zipf, common_zipf, progress)
    target = Path(output) if output else user_lexicon_dir() / f"{lang}.wrl"
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(target)
    built = Lexicon.from_file(target)
    click.echo(f"wrote {target}: {built.size:,} words, {len(data):,} bytes")


if __name__ == "__main__":
    main()
