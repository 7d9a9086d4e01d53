"""Red Letter, Yellow Letter: the cards in play, the answers they admit, and verdicts.

The rules (the Red Letter, Yellow Letter rulebook):

- the answer is in the Thing's category, starts with the yellow letter and does not contain the
  red letter; a leading article is not part of the answer ("the Nile" starts with N), and the
  letters are read from the answer as said ("apples" holds an S even though "apple" is the member);
- a red card equal to the yellow one goes back into its deck and another is revealed: no search is
  made (code redraw_red);
- the same answer twice for the same Thing does not count (already_used);
- when nothing fits, the table is stumped and the Thing card is discarded.

When the Thing is not understood the letter rules are still checked, but a real answer is never
rejected for it: valid is None (unknown_category) and the table decides.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .categories import Categories, Category, Resolution
from .errors import InputError
from .hints import LEVELS, Hint, graded
from .index import lowest_bits
from .letters import Alphabet
from .phrases import phrase_key, strip_article
from .verdict import Reason, Verdict

MAX_TEXT = 200  # characters of a Thing or an answer; longer is not something said at a table
SURE = 0.8  # a Thing resolved with less confidence than this never makes an answer invalid
DESCRIPTIVE = "Descriptive things"  # the theme of "red things", "things with wings"...


@dataclass(frozen=True)
class Cards:
    """The three cards on display: the Thing's text, the yellow letter and the red letter."""

    thing: str
    yellow: str
    red: str

    @classmethod
    def parse(cls, alphabet: Alphabet, thing: str | None, yellow: str | None,
              red: str | None) -> "Cards":
        """Return the cards named by strings; raise InputError for a missing or bad card."""
        if thing is None or not thing.strip():
            raise InputError("a Thing is needed (--thing)")
        if len(thing) > MAX_TEXT:
            raise InputError(f"the Thing is longer than {MAX_TEXT} characters")
        if yellow is None or not yellow.strip():
            raise InputError("a yellow letter is needed (--yellow)")
        if red is None or not red.strip():
            raise InputError("a red letter is needed (--red)")
        return cls(thing.strip(), alphabet.card(yellow), alphabet.card(red))

    @property
    def redraw(self) -> bool:
        """Return whether the red card equals the yellow one (it goes back; no search)."""
        return self.red == self.yellow

    def describe(self) -> str:
        """Return the cards as a person reads them: "Rivers, starts with N, no R"."""
        return f"{self.thing}, starts with {self.yellow.upper()}, no {self.red.upper()}"


REDRAW = "the red card equals the yellow one: put it back into the red deck and reveal another"


def said_letters(alphabet: Alphabet, answer: str) -> str:
    """Return the letters of an answer as said, folded, without a leading article."""
    return "".join(alphabet.fold(ch) or "" for ch in strip_article(answer) if ch.isalpha())


def letter_reasons(cards: Cards, letters: str) -> list[Reason]:
    """Return the letter rules that an answer's letters break."""
    reasons = []
    if letters[:1] != cards.yellow:
        reasons.append(Reason("wrong_initial", f"does not start with {cards.yellow.upper()}"))
    if cards.red in letters:
        reasons.append(Reason("red_letter", f"contains the red letter {cards.red.upper()}"))
    return reasons


@dataclass(frozen=True)
class Solution:
    """Every member that fits the cards: the category, how many, and the commonest."""

    resolution: Resolution
    count: int
    words: list[str]
    status: str = "ok"

    def to_json(self) -> dict:
        """Return {"category", "count", "words", "status"}."""
        return {"category": self.resolution.to_json(), "count": self.count,
                "words": self.words, "status": self.status}


def _fitting(cats: Categories, category: Category, cards: Cards, used=()):
    """Return (partition, bitset) of the members that fit the letters and were not given yet."""
    part = cats.partition(category, cards.yellow)
    if part is None:
        return None, 0
    bits = part.select({}, {cards.red: 0})
    if used and bits:
        # Answers already given for this Thing no longer count: clear their bits.
        gone = {m.key for m in (cats.match(category, u) for u in used) if m is not None}
        if gone:
            positions = lowest_bits(bits)
            keys = cats.member_keys(category, [part.start + i for i in positions])
            for i, key in zip(positions, keys):
                if key in gone:
                    bits &= ~(1 << i)
    return part, bits


def solve(cats: Categories, cards: Cards, limit: int | None = 20, used=()) -> Solution:
    """Return the members that fit, commonest first (`limit` None or 0: all of them).

    Answers in `used` (already given for this Thing) are left out.
    """
    resolution = cats.resolve(cards.thing)
    if cards.redraw:
        return Solution(resolution, 0, [], "redraw_red")
    if resolution.category is None:
        return Solution(resolution, 0, [], "unknown_category")
    category = resolution.category
    part, bits = _fitting(cats, category, cards, used)
    if not bits:
        return Solution(resolution, 0, [])
    words = cats.member_words(category, [part.start + i for i in lowest_bits(bits, limit or None)])
    return Solution(resolution, bits.bit_count(), words)


def count(cats: Categories, cards: Cards, used=()) -> tuple[int | None, str, Resolution]:
    """Return (how many members fit or None if no search is made, status, resolution)."""
    resolution = cats.resolve(cards.thing)
    if cards.redraw:
        return None, "redraw_red", resolution
    if resolution.category is None:
        return None, "unknown_category", resolution
    return _fitting(cats, resolution.category, cards, used)[1].bit_count(), "ok", resolution


def any_answer(cats: Categories, cards: Cards, used=()) -> dict:
    """Return the stumped check: {"any": True/False/None, "count", "status", "category"}."""
    n, status, resolution = count(cats, cards, used)
    return {"any": None if n is None else n > 0, "count": n or 0, "status": status,
            "category": resolution.to_json()}


def judge(cats: Categories, cards: Cards, answer: str, used=()) -> Verdict:
    """Return the verdict on `answer`, with every rule it breaks.

    `used` holds the answers already given for this Thing.
    """
    resolution = cats.resolve(cards.thing)
    extra = {"category": resolution.to_json()}
    if cards.redraw:
        return Verdict(answer, False, [Reason("redraw_red", REDRAW)], status="redraw_red",
                       extra=extra)
    if len(answer) > MAX_TEXT:
        return Verdict(answer[:MAX_TEXT], False, [Reason(
            "invalid_input", f"an answer is at most {MAX_TEXT} characters")], extra=extra)
    letters = said_letters(cats.alphabet, answer)
    if not letters:
        return Verdict(answer, False, [Reason("invalid_input",
                                              f"{answer.strip()!r} holds no letters")],
                       extra=extra)
    reasons = letter_reasons(cards, letters)
    key = phrase_key(answer)
    if key in {phrase_key(u) for u in used}:
        reasons.append(Reason("already_used", f"{answer.strip()!r} was already given for "
                                              f"this Thing"))
    category = resolution.category
    if category is None:
        if reasons:
            return Verdict(answer, False, reasons, extra=extra)
        return Verdict(answer, None, [Reason(
            "unknown_category", f"wordref does not know the Thing {cards.thing!r}")],
            status="unknown_category", extra=extra)
    member = cats.match(category, answer)
    verdict = Verdict(answer, None, reasons, extra=extra)
    if not count(cats, cards, used)[0]:
        verdict.extra["stumped"] = True
        verdict.extra["note"] = "nothing fits these cards: discard the Thing"
    if member is None and resolution.confidence < SURE:
        # A Thing understood only approximately ("sports cars" as Kinds of car) never rejects
        # an answer: the table decides, unless a letter rule already did.
        if reasons:
            verdict.valid = False
            return verdict
        verdict.reasons = [Reason("unknown_category",
                                  f"wordref took {cards.thing!r} for "
                                  f"{category.name.lower()} (confidence "
                                  f"{resolution.confidence:.2f}) and {answer.strip()!r} is not "
                                  f"in that")]
        verdict.status = "unknown_category"
        return verdict
    if member is None:
        reasons.insert(0, Reason("not_in_category", _not_in(cats, category, answer)))
    else:
        verdict.word, verdict.zipf = member.word, member.zipf
        verdict.extra["definition"] = member.definition
    verdict.valid = not reasons
    return verdict


def _not_in(cats: Categories, category: Category, answer: str) -> str:
    """Say that `answer` is not in `category`, and what it is instead where wordref knows.

    The rulebook's own example of being helpful: "That's a bay, not a river!"
    """
    said = answer.strip()
    message = f"{said!r} is not in the category {_lower(category.name)}"
    elsewhere = [c for c in cats.categories_of(answer) if c.theme != DESCRIPTIVE]
    if not elsewhere:
        return message + ", as far as wordref knows"
    # A category of the Thing's own theme tells most ("a bat is a mammal" for birds); of those
    # the broadest but one, as the broadest is a catch-all ("animals") and the narrowest a
    # curiosity ("hibernating animals").
    near = [c for c in elsewhere if c.theme == category.theme] or elsewhere
    near.sort(key=lambda c: (-c.size, c.id))
    closest = near[1] if len(near) > 1 else near[0]
    return f"{message}: it is one of the {_lower(closest.name)}"


def _lower(name: str) -> str:
    """Return a category name in running text: "rivers", but "US states"."""
    return name if name[:2].isupper() else name[:1].lower() + name[1:]


def hint(cats: Categories, cards: Cards, level: int = 1, used=()) -> Hint:
    """Return the hint at `level`: a count, then more and more of the commonest member."""
    level = min(max(level, 1), LEVELS)
    found = solve(cats, cards, 1, used)
    if found.status == "redraw_red":
        return Hint(level, REDRAW, 0, status="redraw_red")
    if found.status == "unknown_category":
        return Hint(level, f"wordref does not know the Thing {cards.thing!r}", 0,
                    status="unknown_category")
    if not found.count:
        return Hint(level, "nothing fits: the table is stumped; discard the Thing", 0,
                    status="stumped")
    given = graded(found.words[0], found.count, level, what="answer")
    if level > 1:
        member = cats.match(found.resolution.category, found.words[0])
        if member and member.definition:
            given = replace(given, definition=member.definition,
                            text=f"{given.text} ({member.definition})")
    return given
