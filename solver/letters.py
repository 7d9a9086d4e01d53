"""Alphabets: which characters are letters, how marks fold, and how text becomes letters.

Every comparison in wordref happens on *folded* text: lower case, marks folded to their base letter
unless the language keeps that letter as a letter of its own, separators dropped. "Élève" folds to
"eleve" in French (three Es); "Ørret" keeps its ø in Norwegian.

Separators (spaces, hyphens, apostrophes) are not letters: they are dropped before counting, so
"porte-monnaie" holds the letters of "portemonnaie". Any other character (a digit, "@", a letter of
another script) makes the text invalid input.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from .errors import InputError

SEPARATORS = frozenset(" \t-\u2010\u2011\u2013'\u2019\u02bc`")
LATIN = "abcdefghijklmnopqrstuvwxyz"

# Letters that Unicode does not decompose into base + mark; folded by hand where the language does
# not keep them as letters of its own.
EXTRA_FOLDS = {
    "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "ł": "l", "ı": "i", "þ": "th",
}

_MISSING = object()


@dataclass(frozen=True)
class Alphabet:
    """The letters of one language's cards, and how any text folds onto them."""

    code: str
    letters: str = LATIN
    _cache: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def own(self) -> str:
        """Letters beyond a-z that this language keeps as letters of their own."""
        return "".join(ch for ch in self.letters if ch not in LATIN)

    def _fold_char(self, ch: str) -> str | None:
        if ch in self.letters:
            return ch
        if ch in SEPARATORS or ch.isspace():
            return ""
        if ch in EXTRA_FOLDS:
            return EXTRA_FOLDS[ch]
        base = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
        if base and base != ch and all(c in self.letters for c in base):
            return base
        return None

    def fold(self, text: str) -> str | None:
        """Return the letters of `text`, lower-cased and folded; None if it holds a non-letter."""
        if text.isascii():
            low = text.lower()
            if low.isalpha():
                return low
        else:
            low = unicodedata.normalize("NFC", text).lower()
        cache = self._cache
        out = []
        for ch in low:
            mapped = cache.get(ch, _MISSING)
            if mapped is _MISSING:
                mapped = cache[ch] = self._fold_char(ch)
            if mapped is None:
                return None
            out.append(mapped)
        return "".join(out)

    def card(self, text: str) -> str:
        """Return the letter a card shows, folded; raise InputError if it is not one letter."""
        raw = unicodedata.normalize("NFC", text.strip()).lower()
        if len(raw) == 1:
            if raw in self.letters:
                return raw
            base = "".join(c for c in unicodedata.normalize("NFD", raw)
                           if not unicodedata.combining(c))
            if len(base) == 1 and base in self.letters:
                return base
        raise InputError(f"{text!r} is not a letter of the {language_name(self.code)} alphabet")

    def cards(self, spec: str | None) -> tuple[str, ...]:
        """Return the letters of a run of cards such as "UTT", "u,t,t" or "-" (none)."""
        if spec is None:
            return ()
        spec = unicodedata.normalize("NFC", spec.strip())
        if spec in ("", "-"):
            return ()
        return tuple(self.card(ch) for ch in spec if not (ch.isspace() or ch == ","))


# Letters beyond a-z that a language's cards carry as letters of their own.
OWN_LETTERS = {
    "en": "", "fr": "", "de": "", "it": "", "pt": "", "nl": "", "ca": "",
    "es": "ñ", "nb": "æøå", "da": "æøå", "sv": "åäö", "fi": "åäö",
}


def letters_for(lang: str) -> str | None:
    """Return the card letters of a described language, or None if it is not described."""
    own = OWN_LETTERS.get(lang)
    return None if own is None else LATIN + own


LANGUAGE_NAMES = {
    "en": "English", "fr": "French", "es": "Spanish", "de": "German", "nb": "Norwegian",
    "it": "Italian", "pt": "Portuguese", "nl": "Dutch", "sv": "Swedish", "da": "Danish",
    "fi": "Finnish", "pl": "Polish", "cs": "Czech", "ca": "Catalan",
}


def language_name(code: str) -> str:
    """Return the English name of a language code, or the code itself."""
    return LANGUAGE_NAMES.get(code, code)
