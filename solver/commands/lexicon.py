"""The lexicon commands: `wordref lexicon info|words|build` and `wordref things`."""

from __future__ import annotations

import click

from .common import FilePath, emit, json_option, lang_option, tier_option


@click.command()
@click.argument("query", nargs=-1)
@lang_option
@json_option
@click.option("--categories", "categories", metavar="FILE", type=FilePath(dir_okay=False),
              help="The table's own Things (a YAML pack), read before the built-in ones.")
@click.option("--rebuild", is_flag=True,
              help="Rebuild the category lexicon from the packs and WordNet instead.")
@click.option("--output", "-o", type=FilePath(dir_okay=False), help="With --rebuild: where to "
              "write (default: the user's lexicon directory).")
def things(query, lang, as_json, categories, rebuild, output):
    """List the categories a Thing card can name (those matching QUERY), or, with
    `explain THING`, show how a card is read: each part, its category and confidence, and what
    wordref cannot check.

    \b
    Examples:
      wordref things
      wordref things river --json
      wordref things explain "Reptiles or amphibians"
      wordref things explain "green vegetables" --json
      wordref things explain "our cats" --categories ours.yaml
      wordref things --rebuild --output lexicons/built/categories.wrl
    """
    from ..categories import open_categories
    from ..errors import InputError
    from ..tables import table_shelf
    from ..things import shelf_of

    if rebuild:
        return rebuild_categories(output)
    if query and query[0] == "explain":
        if len(query) < 2 or not " ".join(query[1:]).strip():
            raise click.UsageError('explain needs a Thing: wordref things explain "THING"')
        try:
            shelf = shelf_of(table_shelf(open_categories(lang), categories))
        except InputError as err:
            raise click.ClickException(str(err)) from None
        reading = shelf.read(" ".join(query[1:]))
        return emit(reading.to_json()) if as_json else click.echo(reading.describe())
    found = open_categories(lang).find(" ".join(query) or None)
    if as_json:
        return emit([c.to_json() for c in found])
    for category in found:
        click.echo(f"{category.id:<28} {category.name} ({category.size} members)")


def rebuild_categories(output) -> None:
    from pathlib import Path

    from lexicons.categories import build
    from ..categories import FILE_NAME
    from ..paths import user_lexicon_dir

    target = writable(Path(output) if output else user_lexicon_dir() / FILE_NAME)
    data = build(progress_bar)
    write_atomically(target, data)
    click.echo(f"wrote {target}: {len(data):,} bytes")


def progress_bar(items, label):
    """Show a progress bar on stderr while the items are consumed."""
    import sys

    with click.progressbar(list(items), label=f"{label:<20}", file=sys.stderr) as bar:
        yield from bar


def writable(target):
    """Return `target` once its directory exists; raise InputError if it cannot be made."""
    from ..errors import InputError

    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise InputError(f"cannot write {target}: {err.strerror or err}") from None
    return target


def write_atomically(target, data: bytes) -> None:
    from ..errors import InputError

    tmp = writable(target).with_name(target.name + ".tmp")
    try:
        tmp.write_bytes(data)
        tmp.replace(target)
    except OSError as err:
        tmp.unlink(missing_ok=True)
        raise InputError(f"cannot write {target}: {err.strerror or err}") from None


# Lexicons --------------------------------------------------------------------------------------

@click.group()
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
    from ..lexicon import available_codes, describe

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
    from ..lexicon import Lexicon

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
@click.option("--output", "-o", type=FilePath(dir_okay=False),
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
    from ..paths import user_lexicon_dir

    from ..lexfile import read_header

    target = writable(Path(output) if output else user_lexicon_dir() / f"{lang}.wrl")
    data = build(lang, source, min_zipf, common_zipf, progress_bar)
    write_atomically(target, data)
    head = read_header(data)
    # A compact file's "words" are its surface forms; "keys" the words they fold to.
    counted = f"{head['words']:,} words" if "keys" not in head else \
        f"{head['words']:,} forms, {head['keys'][head['alphabet']]:,} words"
    click.echo(f"wrote {target}: {counted}, {len(data):,} bytes ({head.get('kind', 'full')})")
