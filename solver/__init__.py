"""wordref: an offline referee for word games, as a library.

The front door for programs is a handful of functions, one per question and game, taking the
cards as people write them:

    extremis_solve, extremis_any, extremis_judge, extremis_hint        In Extremis
    redyellow_solve, redyellow_any, redyellow_judge, redyellow_hint    Red Letter, Yellow Letter

and the two objects behind them: `Lexicon.open("en")` (lexicon.py, a language's words and
letter index) and `open_categories()` (categories.py, the Things and their members). Bad
cards raise `InputError` with one line a person can read. The rules themselves are in
extremis.py and redyellow.py; whole games in games/ and referee.py; the JSON contract that the
CLI and the HTTP service share in api.py. docs/architecture.md draws the whole map.

Nothing heavy is imported until it is used: `import solver` costs nothing.
"""

from __future__ import annotations

from .version import __version__

__all__ = ["__version__", "InputError", "Lexicon", "open_categories",
           "extremis_solve", "extremis_any", "extremis_judge", "extremis_hint",
           "redyellow_solve", "redyellow_any", "redyellow_judge", "redyellow_hint"]


def extremis_solve(initial: str, green: str = "", red: str = "", *, limit: int = 20,
                   lang: str = "en", **how):
    """Return the words that fit: a Solution with `.count` and `.words`, commonest first."""
    return _ask("extremis", "solve", (initial, green, red), lang=lang, limit=limit, **how)


def extremis_any(initial: str, green: str = "", red: str = "", *, lang: str = "en",
                 **how) -> bool | None:
    """Return whether any word fits (None: a tap is on the table, no search is made)."""
    return _ask("extremis", "any", (initial, green, red), lang=lang, **how)["any"]


def extremis_judge(initial: str, green: str, red: str, answer: str, *, lang: str = "en",
                   **how):
    """Return the Verdict on `answer`: `.valid`, `.reasons`, and `.summary()` for people."""
    return _ask("extremis", "judge", (initial, green, red, answer), lang=lang, **how)


def extremis_hint(initial: str, green: str = "", red: str = "", *, level: int = 1,
                  lang: str = "en", **how):
    """Return a Hint (`.text`): level 1 a count and a length, up to 4, the word itself."""
    return _ask("extremis", "hint", (initial, green, red), lang=lang, level=level, **how)


def redyellow_solve(thing: str, yellow: str, red: str, *, limit: int = 20, used=()):
    """Return what fits the Thing: a Solution with `.count`, `.words` and `.resolution`."""
    return _ask("redyellow", "solve", (thing, yellow, red), limit=limit, used=used)


def redyellow_any(thing: str, yellow: str, red: str, *, used=()) -> bool | None:
    """Return whether anything fits (None: an unknown Thing, or a red card to redraw)."""
    return _ask("redyellow", "any", (thing, yellow, red), used=used)["any"]


def redyellow_judge(thing: str, yellow: str, red: str, answer: str, *, used=()):
    """Return the Verdict on `answer` (`.valid` is None where the table decides)."""
    return _ask("redyellow", "judge", (thing, yellow, red, answer), used=used)


def redyellow_hint(thing: str, yellow: str, red: str, *, level: int = 1, used=()):
    """Return a Hint (`.text`) for the Thing and the letters."""
    return _ask("redyellow", "hint", (thing, yellow, red), level=level, used=used)


def _ask(game: str, verb: str, fields: tuple, **options):
    from .api import asker

    return asker(game, verb, **options)(*fields).found


def __getattr__(name: str):
    # The objects load on first use, so that `import solver.letters` stays cheap.
    if name == "Lexicon":
        from .lexicon import Lexicon
        return Lexicon
    if name == "open_categories":
        from .categories import open_categories
        return open_categories
    if name == "InputError":
        from .errors import InputError
        return InputError
    raise AttributeError(f"module 'solver' has no attribute {name!r}")
