"""One contract for the CLI's --json and the HTTP API: each word-game verb as a function to JSON.

`wordref solve extremis ... --json` prints exactly what `extremis_solve(...)` returns, and
`GET /api/extremis/solve?...` answers the same; so do the other verbs. Arguments are the CLI's
option values (strings as typed); bad ones raise InputError with one line.
"""

from __future__ import annotations

from . import extremis, hints
from .errors import InputError
from .lexicon import Lexicon, WordFilter

VERBS = ("solve", "any", "judge", "hint")
GAMES = ("extremis", "redyellow")


def open_extremis(lang: str = "en", tier: str = "all", no_conjugated: bool | None = None):
    """Return (lexicon, filter): which words count, the French rule on by default in French."""
    if tier not in ("all", "common"):
        raise InputError(f"tier is all or common, not {tier!r}")
    lex = Lexicon.open(lang)
    if no_conjugated is None:
        no_conjugated = "conj" in lex.flags
    elif no_conjugated and "conj" not in lex.flags:
        raise InputError(f"--no-conjugated needs verb morphology, which the {lex.language} "
                         f"lexicon lacks")
    return lex, WordFilter(common_only=tier == "common", conjugated=not no_conjugated)


def extremis_any_json(lex, cards, filt) -> dict:
    """Return {"any", "count", "status"} for In Extremis cards."""
    if cards.taps:
        return {"any": None, "count": 0, "status": "tap"}
    n = extremis.count(lex, cards, filt)
    return {"any": n > 0, "count": n, "status": "ok"}


def extremis_verb(verb: str, initial=None, green="", red="", lang="en", tier="all",
                  no_conjugated=None, limit: int = 20, level: int = 1, answers=()) :
    """Return the JSON of an In Extremis verb (judge: a list of verdicts)."""
    lex, filt = open_extremis(lang, tier, no_conjugated)
    cards = extremis.Cards.parse(lex.alphabet, initial, green, red)
    if verb == "solve":
        return extremis.solve(lex, cards, _limit(limit), filt).to_json()
    if verb == "any":
        return extremis_any_json(lex, cards, filt)
    if verb == "judge":
        return [extremis.judge(lex, cards, a, filt).to_json() for a in _answers(answers)]
    if verb == "hint":
        return hints.extremis_hint(lex, cards, _level(level), filt).to_json()
    raise InputError(f"unknown verb {verb!r} (verbs: {', '.join(VERBS)})")


def redyellow_verb(verb: str, thing=None, yellow=None, red=None, lang="en", limit: int = 20,
                   level: int = 1, answers=(), used=()):
    """Return the JSON of a Red Letter, Yellow Letter verb (judge: a list of verdicts)."""
    from . import redyellow
    from .categories import open_categories

    cats = open_categories(lang)
    cards = redyellow.Cards.parse(cats.alphabet, thing, yellow, red)
    used = list(used)
    if verb == "solve":
        return redyellow.solve(cats, cards, _limit(limit), used).to_json()
    if verb == "any":
        return redyellow.any_answer(cats, cards, used)
    if verb == "judge":
        return [redyellow.judge(cats, cards, a, used).to_json() for a in _answers(answers)]
    if verb == "hint":
        return redyellow.hint(cats, cards, _level(level), used).to_json()
    raise InputError(f"unknown verb {verb!r} (verbs: {', '.join(VERBS)})")


def _limit(limit) -> int | None:
    if limit < 0:
        raise InputError("limit is 0 (all) or more")
    return limit or None


def _level(level) -> int:
    if level < 1:
        raise InputError("level is 1 or more")
    return level


def _answers(answers) -> list[str]:
    answers = list(answers)
    if not answers:
        raise InputError("no answer to judge")
    return answers
