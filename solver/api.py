"""One contract for the CLI and the HTTP API: each word-game verb as one function.

`asker(game, verb, **options)` opens what the verb needs once and returns a function that
answers one set of cards (and, for judge, one answer) with a `Reply`: its JSON, the object the
verb found (for text output) and the exit code. `wordref solve extremis ... --json` prints
`reply.json`, `--batch` calls the same function once a line, and `GET /api/extremis/solve?...`
answers `verb_json(...)`, built on `json_asker`: the same options and the same functions
(`_verbs`), giving the JSON alone; so the three can never drift apart. Arguments are the
CLI's option values (strings as typed); bad ones raise InputError with one line.
"""

from __future__ import annotations

from functools import partial
from typing import Callable

from . import extremis
from .errors import InputError
from .lexicon import Lexicon, WordFilter

VERBS = ("solve", "any", "judge", "hint")
EXIT_YES, EXIT_NO, EXIT_NO_SEARCH = 0, 1, 3
# The card fields of each word game, in the order a --batch line gives them.
FIELDS = {"extremis": ("initial", "green", "red"), "redyellow": ("thing", "yellow", "red")}


class Reply:
    """What one verb answered: `json` (the contract); for text, what was `found` and the parsed
    `cards`; and the exit code. (Slots, not a frozen dataclass: one is made per --batch line.)"""

    __slots__ = ("json", "found", "cards", "code")

    def __init__(self, json: dict, found: object, cards: object, code: int = EXIT_YES):
        self.json, self.found, self.cards, self.code = json, found, cards, code

    def __repr__(self) -> str:
        return f"Reply(json={self.json!r}, code={self.code!r})"


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


def any_code(found: bool | None) -> int:
    """Return the exit code of a stumped check: yes 0, no 1, no search made 3."""
    return {True: EXIT_YES, False: EXIT_NO, None: EXIT_NO_SEARCH}[found]


def asker(game: str, verb: str, *, lang: str = "en", tier: str = "all",
          no_conjugated: bool | None = None, limit: int = 20, level: int = 1,
          used=(), categories=None) -> Callable[..., Reply]:
    """Return ask(card fields..., answer=None) -> Reply for one verb of one word game.

    In Extremis takes `tier` and `no_conjugated`, Red Letter, Yellow Letter takes `used`
    (answers already given for the Thing) and `categories` (a table's own pack: a YAML file's
    path, or the parsed pack); both take `limit` (solve) and `level` (hint).
    """
    parse, do = _verbs(game, verb, lang, tier, no_conjugated, limit, level, used, categories)

    def ask(first=None, second=None, third=None, answer=None) -> Reply:
        cards = parse(first, second, third)
        if verb == "judge":
            verdict = do(cards, answer)
            return Reply(verdict.to_json(), verdict, cards,
                         EXIT_YES if verdict.valid else EXIT_NO)
        found = do(cards)
        if verb == "any":
            return Reply(found, found, cards, any_code(found["any"]))
        return Reply(found.to_json(), found, cards)

    return ask


def _verbs(game, verb, lang, tier, no_conjugated, limit, level, used, categories):
    """Return (parse cards, do the verb): what `asker` and `json_asker` answer with."""
    if verb not in VERBS:
        raise InputError(f"unknown verb {verb!r} (verbs: {', '.join(VERBS)})")
    limit, level = limit_or_all(limit), _level(level)
    if game == "extremis":
        parse, does = _extremis_verbs(lang, tier, no_conjugated, limit, level)
    elif game == "redyellow":
        parse, does = _redyellow_verbs(lang, limit, level, list(used), categories)
    else:
        raise InputError(f"unknown word game {game!r} (games: {', '.join(FIELDS)})")
    return parse, does[verb]


def _extremis_verbs(lang, tier, no_conjugated, limit, level):
    """Return (parse cards, {verb: function}) for In Extremis, the lexicon opened once."""
    lex, filt = open_extremis(lang, tier, no_conjugated)
    return (partial(extremis.Cards.parse, lex.alphabet), {
        "solve": lambda cards: extremis.solve(lex, cards, limit, filt),
        "any": lambda cards: extremis_any_json(lex, cards, filt),
        "judge": lambda cards, answer: extremis.judge(lex, cards, answer, filt),
        "hint": lambda cards: _extremis_hint(lex, cards, level, filt)})


def _extremis_hint(lex, cards, level, filt):
    from .hints import extremis_hint  # only the hint verb needs it: kept off the others' start-up

    return extremis_hint(lex, cards, level, filt)


def _redyellow_verbs(lang, limit, level, used, categories=None):
    """Return (parse cards, {verb: function}) for Red Letter, Yellow Letter."""
    from . import redyellow
    from .categories import open_categories

    from .tables import table_shelf

    cats = table_shelf(open_categories(lang), categories)
    return (lambda *fields: redyellow.Cards.parse(cats.alphabet, *fields), {
        "solve": lambda cards: redyellow.solve(cats, cards, limit, used),
        "any": lambda cards: redyellow.any_answer(cats, cards, used),
        "judge": lambda cards, answer: redyellow.judge(cats, cards, answer, used),
        "hint": lambda cards: redyellow.hint(cats, cards, level, used)})


def json_asker(game: str, verb: str, *, lang: str = "en", tier: str = "all",
               no_conjugated: bool | None = None, limit: int = 20, level: int = 1,
               used=(), categories=None) -> Callable[..., object]:
    """Return answer(cards, answers=()) -> the verb's JSON, as verb_json gives it.

    The HTTP API's form of `asker` (the same options, the same functions underneath): the
    cards are read once for all the answers, and no Reply is made, since only its JSON is sent.
    """
    parse, do = _verbs(game, verb, lang, tier, no_conjugated, limit, level, used, categories)
    if verb == "judge":
        def answer(cards: tuple, answers=()) -> list:
            if not answers:
                raise InputError("no answer to judge")
            read = parse(*cards)
            return [do(read, text).to_json() for text in answers]
    elif verb == "any":
        def answer(cards: tuple, answers=()) -> dict:
            return do(parse(*cards))
    else:
        def answer(cards: tuple, answers=()) -> dict:
            return do(parse(*cards)).to_json()
    return answer


def replies(ask: Callable[..., Reply], verb: str, cards: tuple, answers=()) -> list[Reply]:
    """Return the verb's replies for one set of cards: one per answer for judge, else one."""
    if verb != "judge":
        return [ask(*cards)]
    answers = list(answers)
    if not answers:
        raise InputError("no answer to judge")
    return [ask(*cards, answer) for answer in answers]


def verb_json(game: str, verb: str, cards: tuple, answers=(), **options):
    """Return the JSON of one verb (judge: a list of verdicts), as the HTTP API answers it."""
    return json_asker(game, verb, **options)(cards, list(answers))


def limit_or_all(limit) -> int | None:
    """Return a --limit as solve takes it: None (every word) for 0."""
    if limit < 0:
        raise InputError("limit is 0 (all) or more")
    return limit or None


def _level(level) -> int:
    if level < 1:
        raise InputError("level is 1 or more")
    return level
