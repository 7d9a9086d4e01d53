"""In Extremis: the cards in play, the words they admit, and verdicts on shouted answers.

The rules (the In Extremis rulebook, and the original French rules):

- the word starts with the initial letter and holds every green letter, counted: two green Ts need
  two Ts; a green equal to the initial counts with it (initial B and a green B need a second B);
- it holds no red letter; a red card equal to the initial means the initial letter appears only as
  the first letter;
- a red and a green card of one letter is a tap: no word is sought (a red equal to the initial is
  not a tap, since the initial card is not a green card in play).

Every check runs on folded letters (letters.py): case never matters, marks fold as the language
says, hyphens and apostrophes are not letters.
"""

from __future__ import annotations

from .errors import InputError
from .letters import Alphabet
from .lexicon import ALL_WORDS, Lexicon, WordFilter
from .verdict import Reason, Verdict, too_long

SUGGESTIONS = 3


class Cards:
    """The cards in play: the initial letter, the green letters and the red letters.

    Hashable and compared by their letters; treat them as immutable (slots without a guard:
    a guard's object.__setattr__ per field would double their cost). What a query needs of
    them is worked out once, here: the taps, and `need` / `bad`, the (letter, k) bitsets the
    index ANDs and removes; `at_least` and `at_most`, which judging reads, follow from them. The CLI and the service make fresh cards for every query: these cost
    about 1 us, against 5.5 us through cached properties on a frozen dataclass, for an any()
    that itself costs about 1.5 us.
    """

    __slots__ = ("initial", "green", "red", "taps", "need", "bad", "_at_least", "_at_most")

    def __init__(self, initial: str, green=(), red=()):
        # Plain loops and slot stores: generator expressions, or object.__setattr__ behind a
        # frozen guard, each cost as much again as the whole of any().
        green = green if green.__class__ is tuple else tuple(green)
        red = red if red.__class__ is tuple else tuple(red)
        self.initial, self.green, self.red = initial, green, red
        self._at_least = self._at_most = None  # for judging: worked out when first asked
        need, bad, taps = [], [], ()
        if green:
            counts = {}
            for letter in green:
                counts[letter] = counts.get(letter, 0) + 1
            # Every word of the initial's partition holds the initial once: a green initial
            # asks for one more, and only that is a filter.
            if initial in counts:
                counts[initial] += 1
            need = list(counts.items())
        for letter in red:
            pair = (letter, 2 if letter == initial else 1)
            if pair not in bad:
                bad.append(pair)
                if letter in green:
                    taps = tuple(sorted(set(green).intersection(red)))
        self.need, self.bad, self.taps = need, bad, taps

    @property
    def at_least(self) -> dict[str, int]:
        """Return {letter: fewest occurrences} the cards demand, the initial included."""
        found = self._at_least
        if found is None:
            found = self._at_least = {self.initial: 1, **dict(self.need)}
        return found

    @property
    def at_most(self) -> dict[str, int]:
        """Return {letter: most occurrences} the red cards allow."""
        found = self._at_most
        if found is None:
            found = self._at_most = {letter: k - 1 for letter, k in self.bad}
        return found

    @classmethod
    def parse(cls, alphabet: Alphabet, initial: str | None, green: str | None = None,
              red: str | None = None) -> "Cards":
        """Return the cards named by strings such as ("B", "UTT", "X"); raise InputError."""
        letters = alphabet.letters
        first = initial.strip().lower() if initial is not None else ""
        if first not in letters or len(first) != 1:  # else the card as it is
            if not first or first == "-":
                raise InputError("an initial letter is needed (--initial)")
            first = alphabet.card(initial)
        # Alphabet.cards' own first test, inline for the common runs ("UTT", "" or None), as
        # text (Cards makes the tuple): two method calls saved, 0.6 k of the 19.7 k instructions
        # a --batch line spent reading its cards.
        if not green:
            green = ()
        elif green.isascii() and green.isalpha() and not (low := green.lower()).strip(letters):
            green = low
        else:
            green = alphabet.cards(green)
        if not red:
            red = ()
        elif red.isascii() and red.isalpha() and not (low := red.lower()).strip(letters):
            red = low
        else:
            red = alphabet.cards(red)
        return cls(first, green, red)

    def __eq__(self, other) -> bool:
        if other.__class__ is not Cards:
            return NotImplemented
        return (self.initial, self.green, self.red) == (other.initial, other.green, other.red)

    def __hash__(self) -> int:
        return hash((self.initial, self.green, self.red))

    def __repr__(self) -> str:
        return f"Cards(initial={self.initial!r}, green={self.green!r}, red={self.red!r})"

    def __reduce__(self):
        return Cards, (self.initial, self.green, self.red)

    def describe(self) -> str:
        """Return the cards as a person reads them: "B +UTT -X"."""
        text = self.initial.upper()
        if self.green:
            text += " +" + "".join(self.green).upper()
        if self.red:
            text += " -" + "".join(self.red).upper()
        return text

    def broken(self, key: str) -> list[Reason]:
        """Return every rule that the folded word `key` breaks under these cards."""
        if self.fits(key):  # a valid answer: 5.9 k instructions instead of 10.5 k
            return []
        reasons = []
        initial = self.initial
        if key[:1] != initial:
            reasons.append(Reason("wrong_initial", f"does not start with {initial.upper()}"))
        for letter, need in self.at_least.items():
            has = key.count(letter)
            if letter == initial:
                if has < need and need > 1:
                    reasons.append(Reason("missing_letter",
                                          f"needs {need} {letter.upper()} (the initial and "
                                          f"{_greens(need - 1, letter)}), has {has}"))
            elif has < need:
                reasons.append(Reason("missing_letter",
                                      f"lacks the green letter {letter.upper()}" if need == 1
                                      else f"needs {need} {letter.upper()}, has {has}"))
        for letter in dict.fromkeys(self.red):
            has = key.count(letter)
            if letter == initial:
                if has > 1:
                    reasons.append(Reason("initial_repeated",
                                          f"the red {letter.upper()} allows {letter.upper()} "
                                          f"only as the first letter, and it appears {has} times"))
            elif has:
                reasons.append(Reason("red_letter", f"contains the red letter {letter.upper()}"))
        return reasons

    def fits(self, key: str) -> bool:
        """Return whether the folded word `key` meets every letter rule."""
        if key[:1] != self.initial:
            return False
        # `need` and `bad` say what at_least and at_most say (the initial is there once when
        # the key starts with it), without building either.
        for letter, least in self.need:
            if key.count(letter) < least:
                return False
        for letter, too_many in self.bad:
            if key.count(letter) >= too_many:
                return False
        return True


def _greens(n: int, letter: str) -> str:
    return f"a green {letter.upper()}" if n == 1 else f"{n} green {letter.upper()}s"


def tap_message(cards: Cards) -> str:
    """Return the sentence that announces a tap."""
    letters = ", ".join(t.upper() for t in cards.taps)
    return f"tap: {letters} is both green and red, so no word is sought (first to tap wins)"


def matches(lex: Lexicon, cards: Cards, filt: WordFilter = ALL_WORDS):
    """Return (partition, bitset) of the words the cards admit; (None, 0) if none can."""
    part = lex.index.partition(cards.initial)
    if part is None or cards.taps:
        return part, 0
    return part, part.select_pairs(cards.need, cards.bad, filt.common_only, filt.exclude)


class Solution:
    """Every word the cards admit: how many, and the commonest of them."""

    __slots__ = ("count", "words", "status")

    def __init__(self, count: int, words: list[str], status: str = "ok"):
        self.count, self.words, self.status = count, words, status

    def __eq__(self, other) -> bool:
        return (isinstance(other, Solution)
                and (self.count, self.words, self.status) == (other.count, other.words,
                                                               other.status))

    def __repr__(self) -> str:
        return f"Solution(count={self.count!r}, words={self.words!r}, status={self.status!r})"

    def to_json(self) -> dict:
        """Return {"count", "words", "status"}."""
        return {"count": self.count, "words": self.words, "status": self.status}


def solve(lex: Lexicon, cards: Cards, limit: int | None = 20,
          filt: WordFilter = ALL_WORDS) -> Solution:
    """Return the words the cards admit, commonest first (`limit` None or 0: all of them)."""
    if cards.taps:
        return Solution(0, [], "tap")
    part, bits = matches(lex, cards, filt)
    if not bits:
        return Solution(0, [])
    n, positions = part.top(bits, limit or None)
    return Solution(n, lex.words_at(positions, part.start))


def any_word(lex: Lexicon, cards: Cards, filt: WordFilter = ALL_WORDS) -> bool | None:
    """Return whether some word fits the cards (the stumped check); None for a tap."""
    if cards.taps:
        return None
    return bool(matches(lex, cards, filt)[1])


def count(lex: Lexicon, cards: Cards, filt: WordFilter = ALL_WORDS) -> int:
    """Return how many words fit the cards (0 for a tap)."""
    part, bits = matches(lex, cards, filt)
    return part.count_of(bits) if bits else 0


def objections(filt: WordFilter, lex: Lexicon, entry, said: str | None = None) -> list[Reason]:
    """Return why a real word does not count under `filt` (empty if it counts).

    `said` is the form as the player said it: "mange" is conjugated where "mangé" is not,
    though both fold to one key.
    """
    reasons = []
    if filt.common_only and not entry.common:
        reasons.append(Reason("not_common", f"{entry.word!r} is not a common word "
                                            f"(zipf {entry.zipf:.1f}, the common tier "
                                            f"starts at {lex.common_zipf:.1f})"))
    if not filt.conjugated and lex.flagged(entry.position, "conj", said):
        reasons.append(Reason("conjugated_verb",
                              f"{said or entry.word!r} is a conjugated verb form, which "
                              f"the {lex.language} rules forbid"))
    return reasons


def judge(lex: Lexicon, cards: Cards, answer: str, filt: WordFilter = ALL_WORDS) -> Verdict:
    """Return the verdict on `answer` under the cards, with every rule it breaks."""
    if cards.taps:
        return Verdict(answer, False, [Reason("tap", tap_message(cards))], status="tap")
    refused = too_long(answer)
    if refused:
        return refused
    key = lex.alphabet.fold(answer)
    if not key:
        return Verdict(answer, False, [Reason("invalid_input",
                                              f"{answer.strip()!r} is not a word: letters only")])
    entry = lex.lookup(key)
    reasons = []
    if entry is None:
        reasons.append(Reason("not_a_word", f"not in the {lex.language} lexicon"))
    else:
        reasons.extend(objections(filt, lex, entry, answer))
    reasons.extend(cards.broken(key))
    verdict = Verdict(answer, not reasons, reasons)
    if entry is not None:
        verdict.word, verdict.zipf, verdict.common = entry.word, entry.zipf, entry.common
    elif cards.initial == key[0]:
        verdict.suggestions = suggest(lex, cards, key, filt)
    return verdict


def suggest(lex: Lexicon, cards: Cards, key: str, filt: WordFilter = ALL_WORDS,
            limit: int = SUGGESTIONS) -> list[str]:
    """Return up to `limit` real words that fit the cards and lie closest to `key`.

    First the words one edit away (a letter dropped, added, changed or two swapped), commonest
    first; then words sharing the longest start with `key`; then the commonest words that fit.
    """
    found: dict[str, float] = {}

    def admit(candidates, words: bool) -> list[str]:
        # Edits are mostly not words: ask the trie first (a miss costs 0.2 us). Keys from the
        # trie are all words: check the letters first (1 us), as most fail them.
        first, then = (cards.fits, lex.has_key) if words else (lex.has_key, cards.fits)
        fresh = {}
        for word in candidates:
            if word in found or word in fresh or not first(word) or not then(word):
                continue
            entry = lex.lookup(word)
            if not objections(filt, lex, entry, entry.word):
                fresh[word] = entry.zipf
        found.update(fresh)
        return sorted(fresh, key=lambda w: (-fresh[w], w))

    # An edit keeps the letters before it, so past the longest start of `key` that begins some
    # word no edit can be a word: the work stops there, however long the answer. Without this
    # a 200-letter non-word tried 10,800 edits of 200 letters each (33 ms; 100 such answers in
    # one request held a worker for 3.3 s).
    reach = _known_start(lex, key)
    out = admit(_edits(key, lex.alphabet.letters, reach + 1), words=False)[:limit]
    for size in range(min(len(key) - 1, reach), 1, -1):
        if len(out) >= limit:
            break
        out += admit(lex.keys_with_prefix(key[:size], 500), words=True)[:limit - len(out)]
    if len(out) < limit:
        shown = {lex.lookup(w).word for w in out}
        out += [w for w in solve(lex, cards, 2 * limit, filt).words if w not in shown]
    return [lex.lookup(w).word for w in out[:limit]]


def _known_start(lex: Lexicon, key: str) -> int:
    """Return the length of the longest start of `key` that some word begins with."""
    low, high = 0, len(key)  # a binary search: having words under a start is monotone
    while low < high:
        mid = (low + high + 1) // 2
        if lex.keys_with_prefix(key[:mid], 1):
            low = mid
        else:
            high = mid - 1
    return low


def _edits(word: str, letters: str, upto: int | None = None):
    """Yield every string one edit away from `word` at positions up to `upto` (default: all)."""
    for i in range(min(len(word), len(word) if upto is None else upto) + 1):
        head, tail = word[:i], word[i:]
        if tail:
            yield head + tail[1:]
            if len(tail) > 1:
                yield head + tail[1] + tail[0] + tail[2:]
            for ch in letters:
                yield head + ch + tail[1:]
        for ch in letters:
            yield head + ch + tail
