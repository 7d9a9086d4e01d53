"""Graded hints: each level tells a little more of one word, the same word every time.

The word hinted at is the commonest that fits, so a hint leads to an answer the table will know
(the common tier comes first in every partition). Levels:

    1  how many words fit, and how long the commonest is
    2  its first two letters
    3  its first half
    4  the word itself
"""

from __future__ import annotations

from dataclasses import dataclass

from . import extremis
from .extremis import Cards
from .lexicon import ALL_WORDS, Lexicon, WordFilter

LEVELS = 4


@dataclass(frozen=True)
class Hint:
    """A hint at one level, with the facts it is made of."""

    level: int
    text: str
    count: int
    status: str = "ok"
    length: int | None = None
    reveal: str | None = None
    word: str | None = None
    definition: str | None = None
    extra: dict | None = None  # what a game adds: Red Letter, Yellow Letter's reading

    def to_json(self) -> dict:
        """Return the hint as a JSON object."""
        out = {"level": self.level, "levels": LEVELS, "hint": self.text, "count": self.count,
               "status": self.status, "length": self.length, "reveal": self.reveal,
               "word": self.word}
        if self.definition is not None:
            out["definition"] = self.definition
        if self.extra:
            out.update(self.extra)
        return out


def reveal(word: str, level: int) -> str:
    """Return the part of `word` that hint `level` shows, dashes for the rest: "bu----"."""
    if level >= LEVELS:
        return word
    shown = 0 if level <= 1 else 2 if level == 2 else max(2, (len(word) + 1) // 2)
    shown = min(shown, len(word) - 1) if len(word) > 1 else len(word)
    return word[:shown] + "-" * (len(word) - shown)


def graded(word: str, count: int, level: int, what: str = "word") -> Hint:
    """Return the hint at `level` towards `word`, one of `count` that fit."""
    level = min(max(level, 1), LEVELS)
    fit = f"{count} {what}{'s' * (count != 1)} fit{'s' * (count == 1)}"
    if level == 1:
        text = f"{fit}; the commonest has {len(word)} letters"
        return Hint(level, text, count, length=len(word))
    shown = reveal(word, level)
    if level >= LEVELS:
        return Hint(level, f"{fit}; try {word!r}", count, length=len(word), reveal=shown,
                    word=word)
    return Hint(level, f"{fit}; the commonest looks like {shown.upper()}", count,
                length=len(word), reveal=shown)


def extremis_hint(lex: Lexicon, cards: Cards, level: int = 1,
                  filt: WordFilter = ALL_WORDS) -> Hint:
    """Return the hint at `level` for In Extremis cards."""
    level = min(max(level, 1), LEVELS)
    if cards.taps:
        return Hint(level, extremis.tap_message(cards), 0, status="tap")
    found = extremis.solve(lex, cards, 1, filt)
    if not found.count:
        return Hint(level, "no word fits: the table is stumped; flip the next card", 0,
                    status="stumped")
    return graded(found.words[0], found.count, level)
