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
from .errors import InputError
from .record import FrozenRecord

SEPARATORS = frozenset(" \t-\u2010\u2011\u2013'\u2019\u02bc`")
LATIN = "abcdefghijklmnopqrstuvwxyz"

# Letters that Unicode does not decompose into base + mark; folded by hand where the language does
# not keep them as letters of its own.
EXTRA_FOLDS = {
    "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "ł": "l", "ı": "i", "þ": "th",
}

_MISSING = object()


class Alphabet(FrozenRecord):
    """The letters of one language's cards, and how any text folds onto them."""

    __slots__ = ("code", "letters", "_cache")
    _fields = ("code", "letters")

    def __init__(self, code: str, letters: str = LATIN):
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "letters", letters)
        object.__setattr__(self, "_cache", {})  # character -> its folding, as found

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

    def fold_many(self, words: list[str]) -> list[str | None]:
        """Return fold(w) for each of `words` (none holding a newline), at C speed.

        One translate over the joined words replaces a Python loop per word: the build folds
        900,000 Norwegian forms in 0.3 s instead of 4 s.
        """
        text = unicodedata.normalize("NFC", "\n".join(words)).lower()
        table = {}
        for ch in set(text) - {"\n"}:
            mapped = self._fold_char(ch)
            table[ord(ch)] = "\x00" if mapped is None else mapped
        return [f if f and "\x00" not in f else None
                for f in text.translate(table).split("\n")]

    def card(self, text: str) -> str:
        """Return the letter a card shows, folded; raise InputError if it is not one letter.

        A marked letter is a card only where the language folds that mark (CARD_FOLDS): "é" is
        an E in French, but "ñ" is no French card.
        """
        raw = text.strip().lower()
        if len(raw) == 1 and raw in self.letters:  # the common case, without normalising
            return raw
        raw = unicodedata.normalize("NFC", raw)
        if len(raw) == 1:
            if raw in self.letters:
                return raw
            folds = CARD_FOLDS.get(self.code)
            base = "".join(c for c in unicodedata.normalize("NFD", raw)
                           if not unicodedata.combining(c))
            if len(base) == 1 and base in self.letters and (folds is None or raw in folds):
                return base
        raise InputError(f"{text!r} is not a letter of the {language_name(self.code)} alphabet")

    def cards(self, spec: str | None) -> tuple[str, ...]:
        """Return the letters of a run of cards such as "UTT", "u,t,t" or "-" (none)."""
        if spec is None:
            return ()
        if spec.isascii() and spec.isalpha():
            # The common case ("UTT"), at C speed: str.strip(letters) leaves nothing exactly
            # when every character is a letter of the alphabet. 0.2 us instead of 1.5 us.
            low = spec.lower()
            if not low.strip(self.letters):
                return tuple(low)
        spec = unicodedata.normalize("NFC", spec.strip())
        if spec in ("", "-"):
            return ()
        return tuple(self.card(ch) for ch in spec if not (ch.isspace() or ch == ","))


# Letters beyond a-z that a language's cards carry as letters of their own.
OWN_LETTERS = {
    "en": "", "fr": "", "de": "", "it": "", "pt": "", "nl": "", "ca": "",
    "es": "ñ", "nb": "æøå", "da": "æøå", "sv": "åäö", "fi": "åäö",
}


# Marked letters that a language's cards fold to their base letter; a language not listed folds
# every mark (English: "é" is an E). Words fold every mark either way (see Alphabet.fold).
CARD_FOLDS = {
    "fr": "éèêëàâäîïôöûùüÿç",
    "es": "áéíóúü",
    "de": "äöü",
    "nb": "éèêóòôàü",
}

# Alphabet variants: a language code of its own, backed by the same word list. German folds
# ä ö ü to a o u and ß to ss by default (the cards of a Latin deck); "de-umlaut" keeps all four
# as letters of their own.
VARIANTS = {"de-umlaut": ("de", LATIN + "äöüß")}


def letters_for(lang: str) -> str | None:
    """Return the card letters of a described language, or None if it is not described."""
    if lang in VARIANTS:
        return VARIANTS[lang][1]
    own = OWN_LETTERS.get(lang)
    return None if own is None else LATIN + own


LANGUAGE_NAMES = {
    "en": "English", "fr": "French", "es": "Spanish", "de": "German", "nb": "Norwegian",
    "de-umlaut": "German (umlauts as letters)",
    "it": "Italian", "pt": "Portuguese", "nl": "Dutch", "sv": "Swedish", "da": "Danish",
    "fi": "Finnish", "pl": "Polish", "cs": "Czech", "ca": "Catalan",
}


def language_name(code: str) -> str:
    """Return the English name of a language code, or the code itself."""
    return LANGUAGE_NAMES.get(code, code)
