"""The seeded query mix and the two naive peers every In Extremis figure is compared with.

The mix: initial letter uniform over a-z, 1 to 4 green letters and 0 to 3 red letters drawn
uniformly; a draw that is a tap (a letter both green and red) is drawn again, since no search is
made for it. About one query in five then has no answer.

The peers answer the same queries over the same word list, in the lexicon's order (commonest
first within each initial letter), so that their first matches are wordref's top words:
- regex: one compiled pattern per query (lookaheads for the greens, negative lookaheads for the
  reds) searched over the newline-joined list;
- loop: a plain Python loop over the words, counting letters.
"""

from __future__ import annotations

import random
import re
import string

from solver.extremis import Cards


def query_mix(n: int, seed: int = 2024, letters: str = string.ascii_lowercase) -> list[Cards]:
    """Return `n` seeded In Extremis queries without taps."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        cards = Cards(rng.choice(letters),
                      tuple(rng.choice(letters) for _ in range(rng.randint(1, 4))),
                      tuple(rng.choice(letters) for _ in range(rng.randint(0, 3))))
        if not cards.taps:
            out.append(cards)
    return out


def as_line(cards: Cards) -> str:
    """Return the batch-mode line of a query: "B UTT X" ('-' for none)."""
    return " ".join([cards.initial, "".join(cards.green) or "-", "".join(cards.red) or "-"])


def ranked_words(lex) -> list[str]:
    """Return every word of the lexicon in index order (partition by partition, commonest first)."""
    out = []
    for part in lex.index:
        out.extend(lex.words_at(range(part.start, part.start + part.count)))
    return out


class RegexPeer:
    """A compiled regular expression per query over the newline-joined word list."""

    def __init__(self, words: list[str]):
        self.text = "\n".join(words)

    @staticmethod
    def pattern(cards: Cards) -> re.Pattern:
        parts = ["^", re.escape(cards.initial)]
        for letter, need in cards.at_least.items():
            rest = need - (letter == cards.initial)
            if rest > 0:
                parts.append(f"(?=(?:[^\\n]*?{re.escape(letter)}){{{rest}}})")
        for letter in cards.at_most:
            parts.append(f"(?![^\\n]*{re.escape(letter)})")
        parts.append("[^\\n]*$")
        return re.compile("".join(parts), re.M)

    def any(self, cards: Cards) -> bool:
        return self.pattern(cards).search(self.text) is not None

    def solve(self, cards: Cards, limit: int = 10) -> tuple[int, list[str]]:
        found = self.pattern(cards).findall(self.text)
        return len(found), found[:limit]


class LoopPeer:
    """A plain Python loop over the word list."""

    def __init__(self, words: list[str]):
        self.words = words

    @staticmethod
    def fits(word: str, cards: Cards, need: dict, most: dict) -> bool:
        if word[0] != cards.initial:
            return False
        for letter, k in need.items():
            if word.count(letter) < k:
                return False
        for letter, k in most.items():
            if word.count(letter) > k:
                return False
        return True

    def any(self, cards: Cards) -> bool:
        need, most = cards.at_least, cards.at_most
        return any(self.fits(w, cards, need, most) for w in self.words)

    def solve(self, cards: Cards, limit: int = 10) -> tuple[int, list[str]]:
        need, most = cards.at_least, cards.at_most
        found = [w for w in self.words if self.fits(w, cards, need, most)]
        return len(found), found[:limit]
