"""Red Letter, Yellow Letter: the cards in play, the answers they admit, and verdicts.

The rules (the Red Letter, Yellow Letter rulebook):

- the answer is in the Thing's category, starts with the yellow letter and does not contain the
  red letter; a leading article is not part of the answer ("the Nile" starts with N), and the
  letters are read from the answer as said ("apples" holds an S even though "apple" is the member);
- a red card equal to the yellow one goes back into its deck and another is revealed: no search is
  made (code redraw_red);
- the same answer twice for the same Thing does not count (already_used);
- when nothing fits, the table is stumped and the Thing card is discarded.

A Thing is read into parts (things.py). An answer is valid only when it is surely what the whole
Thing names, and rejected for category reasons only when it surely is not; where wordref cannot
tell (a part not understood or only guessed, a restriction such as "green" it cannot check, an
open Thing such as "things you wear") the letter rules are still checked, but valid is None
(code unknown_category, the part named) and the table decides. A part read through a looser alias
or with a restriction rejects a non-member only when it is known to be something else: a member
of a category that shares almost nothing with the part's (`known_apart`). Nor is an answer
rejected that a list cannot hold or that may be a member said otherwise (`_category`): a name
with digits ("U2"), one found where the restriction's thing is (a desk lamp, for "Desk
accessories"), a first name of a character no list holds ("Mickey"), a name no list holds for a
list of names, or a kind a list nearly inside the part's holds ("human": a mammal, for animals);
nor a name no list holds for an endless list of titles or people (a new film, for "Movies"), nor
a ship's name for a list of kinds that are given names ("Titanic", for "Ships").
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .categories import Categories, Category, Member
from .errors import InputError
from .hints import LEVELS, Hint, graded
from .index import lowest_bits
from .letters import Alphabet
from .phrases import phrase_key, strip_article
from .doubts import (a_name_no_list_holds, a_named_one, endless, held_in_family, kind_inside,
                     known_apart, member_head, said_in_part, sense_of)
from .places import lies_in_place
from .things import (DESCRIPTIVE, SURE, WORKS, Reading, Shelf, describe_pattern, fits_pattern,
                     shelf_of)
from .verdict import MAX_TEXT, Reason, Verdict, too_long



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
    """Every answer that surely fits the cards: how the Thing was read, how many, the commonest.

    status: "ok" (every answer the Thing admits was searched), "partial" (some parts of the
    Thing cannot be searched: more answers may fit), "unknown_category", "redraw_red".
    """

    reading: Reading
    count: int
    words: list[str]
    status: str = "ok"

    @property
    def resolution(self) -> Reading:
        return self.reading

    def to_json(self) -> dict:
        """Return {"category", "count", "words", "status", "reading"}."""
        return {"category": self.reading.summary(), "count": self.count,
                "words": self.words, "status": self.status, "reading": self.reading.to_json()}


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


def _search(reading: Reading, cards: Cards, used, limit: int | None) -> tuple[int, list[str]]:
    """Return (how many, the commonest `limit`) of the answers that surely fit."""
    parts = reading.certain_parts()
    if len(parts) == 1:
        p = parts[0]
        part, bits = _fitting(p.source, p.category, cards, used)
        if not bits:
            return 0, []
        if limit == 0:
            return bits.bit_count(), []
        return bits.bit_count(), p.source.member_words(
            p.category, [part.start + i for i in lowest_bits(bits, limit or None)])
    # A union: members of several categories, each kept once, in the order of the parts.
    seen, words = set(), []
    for p in parts:
        part, bits = _fitting(p.source, p.category, cards, used)
        if not bits:
            continue
        positions = [part.start + i for i in lowest_bits(bits)]
        keys = p.source.member_keys(p.category, positions)
        shown = p.source.member_words(p.category, positions)
        for key, word in zip(keys, shown):
            if key not in seen:
                seen.add(key)
                words.append(word)
    return len(words), words if limit is None else words[:limit]


def _status(reading: Reading) -> str:
    if reading.complete:
        return "ok"
    return "partial" if reading.certain_parts() else "unknown_category"


def solve(cats: Categories | Shelf, cards: Cards, limit: int | None = 20, used=()) -> Solution:
    """Return the answers that surely fit, commonest first (`limit` None or 0: all of them).

    Answers in `used` (already given for this Thing) are left out.
    """
    reading = shelf_of(cats).read(cards.thing)
    if cards.redraw:
        return Solution(reading, 0, [], "redraw_red")
    status = _status(reading)
    if status == "unknown_category":
        return Solution(reading, 0, [], status)
    n, words = _search(reading, cards, used, limit or None)
    return Solution(reading, n, words, status)


def count(cats: Categories | Shelf, cards: Cards, used=()) -> tuple[int | None, str, Reading]:
    """Return (how many answers surely fit or None if no search is made, status, reading)."""
    reading = shelf_of(cats).read(cards.thing)
    if cards.redraw:
        return None, "redraw_red", reading
    single = reading.single
    if single is not None:  # the common case, kept as short as before unions existed
        return _fitting(single.source, single.category, cards, used)[1].bit_count(), "ok", \
            reading
    status = _status(reading)
    if status == "unknown_category":
        return None, status, reading
    return _search(reading, cards, used, 0)[0], status, reading


def reading_of(cats: Categories | Shelf, thing: str) -> dict:
    """Return how a Thing is read, without a search: {"category", "status"} as any_answer
    has them (status "ok" when every answer it admits can be checked)."""
    reading = shelf_of(cats).read(thing)
    return {"category": reading.summary(), "status": _status(reading)}


def any_answer(cats: Categories | Shelf, cards: Cards, used=()) -> dict:
    """Return the stumped check: {"any": True/False/None, "count", "status", "category",
    "reading"}.

    "any" is False only when every answer the Thing admits was searched.
    """
    reading = shelf_of(cats).read(cards.thing)
    single = reading.single
    if single is not None and not cards.redraw:  # the common case, as short as it can be
        n = _fitting(single.source, single.category, cards, used)[1].bit_count()
        return {"any": n > 0, "count": n, "status": "ok", "category": reading.summary(),
                "reading": reading.to_json()}
    n, status, reading = count(cats, cards, used)
    found = None if n is None else (True if n else (False if status == "ok" else None))
    return {"any": found, "count": n or 0, "status": status, "category": reading.summary(),
            "reading": reading.to_json()}


def judge(cats: Categories | Shelf, cards: Cards, answer: str, used=(),
          check: bool = True) -> Verdict:
    """Return the verdict on `answer`, with every rule it breaks.

    `used` holds the answers already given for this Thing. valid is True only when the answer
    is surely what the whole Thing names, False for category reasons only when it surely is not,
    and None (code unknown_category, the part it could not check named) otherwise. With
    `check`, a verdict while nothing fits says so ("stumped"): a whole game leaves that to
    the referee's stumped check (games/redyellow.py), and spares the search.
    """
    shelf = shelf_of(cats)
    reading = shelf.read(cards.thing)
    extra = {"category": reading.summary(), "reading": reading.to_json()}
    if cards.redraw:
        return Verdict(answer, False, [Reason("redraw_red", REDRAW)], status="redraw_red",
                       extra=extra)
    refused = too_long(answer, **extra)
    if refused:
        return refused
    letters = said_letters(shelf.alphabet, answer)
    if not letters:
        return Verdict(answer, False, [Reason("invalid_input",
                                              f"{answer.strip()!r} holds no letters")],
                       extra=extra)
    reasons = letter_reasons(cards, letters)
    key = phrase_key(answer)
    if key in {phrase_key(u) for u in used}:
        reasons.append(Reason("already_used", f"{answer.strip()!r} was already given for "
                                              f"this Thing"))
    verdict = Verdict(answer, None, reasons, extra=extra)
    if check and reading.complete and not count(shelf, cards, used)[0]:
        verdict.extra["stumped"] = True
        verdict.extra["note"] = "nothing fits these cards: discard the Thing"
    member, unsure = _category(shelf, reading, answer)
    if member is not None:
        verdict.word, verdict.zipf = member.word, member.zipf
        verdict.extra["definition"] = member.definition
    elif unsure is not None:
        if not reasons:
            verdict.reasons = [Reason("unknown_category", unsure)]
            verdict.status = "unknown_category"
            verdict.extra["unchecked"] = unsure
            return verdict
    else:
        reasons.insert(0, Reason("not_in_category", _not_in(shelf, reading, answer)))
    verdict.valid = not reasons
    return verdict


def _category(shelf: Shelf, reading: Reading, answer: str):
    """Return (member, None) if `answer` surely fits, (None, why not sure) or (None, None)."""
    said = answer.strip()
    unsure = []
    for p in reading.parts:
        if p.pattern is not None:
            found = _spelled(shelf, p, answer)
            if found is True:
                return Member(phrase_key(answer), said, 0.0, None), None
            if found is not False:
                unsure.append(found)
            continue
        if p.category is None:
            unsure.append(f"wordref does not know {p.text!r}")
            continue
        member = p.source.match(p.category, answer)
        name = _lower(p.category.name)
        if not p.sure:
            unsure.append(f"wordref took {p.text!r} for {name} only as a guess (confidence "
                          f"{p.confidence:.2f}) and cannot check it")
        elif member is not None and p.restriction is None:
            return member, None
        elif member is not None and p.how == "kinds":
            unsure.append(f"{said!r} is one of the {name}, but the card asks for "
                          f"{p.restriction}s of them, not names")
        elif member is not None and lies_in_place(p, answer):
            return member, None  # "Cities in Spain": WordNet puts Valencia in Spain
        elif member is not None:
            unsure.append(f"{said!r} is one of the {name}, but wordref cannot check "
                          f"{p.restriction!r}")
        elif p.how == "kinds":
            unsure.append(f"{said!r} may be a {p.restriction} the card asks for: wordref's list "
                          f"of {name} holds names, not {p.restriction}s")
        elif p.head is not None and p.source.match(p.head, answer) is not None:
            unsure.append(f"{said!r} is one of the {_lower(p.head.name)}, but not among the "
                          f"{name} wordref knows")
        elif sense_of(p, answer):
            unsure.append(f"WordNet files {said!r} among the {name} in one of its senses, but "
                          f"wordref does not list it")
        elif any(ch.isdigit() for ch in said):
            # No list holds a name written with digits (their letters cannot be checked):
            # "U2", "Maroon 5", "Blink-182" were rejected as no band.
            unsure.append(f"{said!r} is written with digits, which no list wordref has holds; "
                          f"whether it is one of the {name} is for the table")
        elif p.how == "loose restriction":
            unsure.append(f"wordref cannot tell whether {p.restriction!r} keeps the "
                          f"{name} apart from everything else")
        elif p.open:
            unsure.append(f"{said!r} is not among the {name} wordref lists, which cannot be "
                          f"all of them")
        elif (head := member_head(shelf, p, answer)) is not None:
            unsure.append(f"{said!r} is not among the {name} wordref lists, but {head!r}, its "
                          f"last word, is one of them")
        elif p.how in ("alias", "restriction") and not known_apart(shelf, p, answer):
            unsure.append(f"{said!r} is not among the {name} wordref lists, and nothing "
                          f"wordref knows of it sets it apart from them")
        elif (whole := said_in_part(shelf, p, answer)) is not None:
            unsure.append(f"{said!r} may be {whole.word!r}, one of the {name}, said by its "
                          f"first name; the table decides")
        elif a_name_no_list_holds(shelf, p, answer):
            unsure.append(f"{said!r} is in no list wordref has, and its list of {name} cannot "
                          f"hold every name")
        elif (kind := kind_inside(shelf, p, answer)) is not None:
            unsure.append(f"{said!r} is one of the {_lower(kind.name)}, nearly all of which "
                          f"are {name}, though wordref does not list it among them")
        elif endless(shelf, p, answer):
            where = ("names a kind of thing, but may be a title too:" if
                     shelf.categories_of(answer) else "is in no list wordref has, and")
            unsure.append(f"{said!r} {where} no list of {name} holds "
                          f"every {'title' if (p.head or p.category).theme == WORKS else 'name'}; "
                          f"the table decides")
        elif a_named_one(shelf, p, answer):
            unsure.append(f"{said!r} may be the name of one of the {name}: wordref lists "
                          f"kinds of them, not the ones given names")
        elif p.category.family and not held_in_family(shelf, p, answer):
            unsure.append(f"{said!r} is not among the {name} wordref lists, nor in the list of "
                          f"any other of the {p.category.family}; the table decides")
    return None, (unsure[0] if unsure else None)


def _spelled(shelf: Shelf, part, answer: str):
    """Return True if `answer` is an English word that follows the part's spelling rule, else
    why it cannot be told (a word wordref does not know; None: it breaks the rule)."""
    from .lexicon import Lexicon

    said = answer.strip()
    letters = said_letters(shelf.alphabet, answer)
    if " " in strip_article(said) or not fits_pattern(part.pattern, letters):
        if part.pattern[0] == "rhyme":
            return f"{said!r} is not spelled like {part.pattern[1]!r} at the end; whether it " \
                   f"rhymes is for the table"
        return False
    if said.lower() not in Lexicon.open("en"):
        return f"{said!r} {describe_pattern(part.pattern)}, but is not a word wordref knows"
    return True


def _not_in(shelf: Shelf, reading: Reading, answer: str) -> str:
    """Say that `answer` is not what the Thing names, and what it is instead where wordref knows.

    The rulebook's own example of being helpful: "That's a bay, not a river!"
    """
    said = answer.strip()
    # The parts' own lists, once each: "planets or moons", not their shared "solar system" twice.
    named = list(dict.fromkeys(p.category for p in reading.parts if p.category is not None))
    if not named:
        rules = " or ".join(describe_pattern(p.pattern) for p in reading.parts)
        return f"{said!r} is not one English word that {rules}"
    message = f"{said!r} is not in the category " + " or ".join(_lower(c.name) for c in named)
    category = named[0]
    held = shelf.categories_of(answer)
    sibling = next((c for c in held if category.family and c.family == category.family), None)
    if sibling is not None:  # "That's red, not green!"
        return f"{message}: it is one of the {_lower(sibling.name)}"
    elsewhere = [c for c in held if c.theme != DESCRIPTIVE]
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


def hint(cats: Categories | Shelf, cards: Cards, level: int = 1, used=()) -> Hint:
    """Return the hint at `level`: a count, then more and more of the commonest member."""
    given = _hint(cats, cards, level, used)
    return replace(given, extra={"reading": shelf_of(cats).read(cards.thing).to_json()})


def _hint(cats: Categories | Shelf, cards: Cards, level: int, used) -> Hint:
    level = min(max(level, 1), LEVELS)
    found = solve(cats, cards, 1, used)
    if found.status == "redraw_red":
        return Hint(level, REDRAW, 0, status="redraw_red")
    if found.status == "unknown_category":
        return Hint(level, f"wordref does not know the Thing {cards.thing!r}", 0,
                    status="unknown_category")
    if not found.count and found.status == "partial":
        return Hint(level, "nothing wordref knows fits; the table decides", 0,
                    status="partial")
    if not found.count:
        return Hint(level, "nothing fits: the table is stumped; discard the Thing", 0,
                    status="stumped")
    given = graded(found.words[0], found.count, level, what="answer")
    if level > 1:
        member = _category(shelf_of(cats), found.reading, found.words[0])[0]
        if member and member.definition:
            given = replace(given, definition=member.definition,
                            text=f"{given.text} ({member.definition})")
    return given
