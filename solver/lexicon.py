"""Lexicon: one language's words, their commonness, and the letter index over them.

Start here. `Lexicon.open("en")` opens a built lexicon (see lexfile.py for the file, and
lexicons/build.py for how it is made) and keeps it for the process. Words live in a marisa-trie
keyed by their folded form (letters.py); everything else is addressed by *position*: words are
numbered partition by partition (one partition per first letter), commonest first, so that a
position doubles as a bit number in the letter index (index.py).

Opening English reads a 4 MB file through mmap and checks its checksums; nothing is decoded until
a query needs it.
"""

from __future__ import annotations

import mmap
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import marisa_trie

from . import lexfile
from .errors import InputError, LexiconError
from .index import LetterIndex
from .letters import Alphabet, language_name
from .paths import available_lexicons, find_lexicon
from .verdict import Reason


@dataclass(frozen=True, slots=True)
class Entry:
    """A word of the lexicon: its folded key, the form to show, its position and commonness."""

    key: str
    word: str
    position: int
    zipf: float
    common: bool


@dataclass(frozen=True)
class WordFilter:
    """Which of a lexicon's words count: all of them, or only the common tier."""

    common_only: bool = False

    @property
    def exclude(self) -> tuple[str, ...]:
        """Return the index flags whose words do not count."""
        return ()

    def objections(self, lex: "Lexicon", entry: Entry) -> list[Reason]:
        """Return why a real word does not count under this filter (empty if it counts)."""
        if self.common_only and not entry.common:
            return [Reason("not_common", f"{entry.word!r} is not a common word "
                                         f"(zipf {entry.zipf:.1f}, the common tier starts at "
                                         f"{lex.common_zipf:.1f})")]
        return []


class Lexicon:
    """A built lexicon, opened read-only."""

    def __init__(self, data, name: str = "lexicon", path: Path | None = None):
        header, sections = lexfile.unpack(data, name)
        try:
            self.header = header
            self.lang: str = header["lang"]
            self.alphabet = Alphabet(self.lang, header["alphabet"])
            self.size: int = header["words"]
            self.common_zipf: float = header["common_zipf"]
            self._trie = marisa_trie.Trie()
            self._trie.frombytes(bytes(sections["trie"]))
            self._order = sections["order"].cast("I")
            self._position = sections["position"].cast("I")
            self._zipf = sections["zipf"].cast("H")
            self._surface = sections["surface"] if "surface" in sections else None
            self.index = LetterIndex(header["partitions"], sections["bits"], self.alphabet.letters)
        except (KeyError, TypeError, ValueError) as err:
            raise LexiconError(f"{name} is missing part of a lexicon ({err})") from None
        if not (len(self._trie) == len(self._order) == len(self._position) == len(self._zipf)
                == self.size):
            raise LexiconError(f"{name} is inconsistent: its sections disagree on the word count")
        self.path = path
        self._data = data  # keeps the mmap alive as long as the views into it

    @classmethod
    def from_file(cls, path) -> "Lexicon":
        """Open the lexicon file at `path` (memory-mapped)."""
        path = Path(path)
        try:
            with open(path, "rb") as handle:
                data = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError) as err:
            raise LexiconError(f"cannot open lexicon {path}: {getattr(err, 'strerror', err)}") \
                from None
        return cls(data, str(path), path)

    @classmethod
    def from_bytes(cls, data: bytes, name: str = "lexicon") -> "Lexicon":
        """Open a lexicon held in memory."""
        return cls(data, name)

    @staticmethod
    @lru_cache(maxsize=None)
    def open(lang: str = "en") -> "Lexicon":
        """Return the lexicon of language `lang`, opened once per process."""
        found = find_lexicon(lang)
        if found is None:
            known = ", ".join(available_lexicons()) or "none"
            raise InputError(f"no lexicon for language {lang!r} (available: {known})")
        if isinstance(found, Path):
            return Lexicon.from_file(found)
        return Lexicon.from_bytes(found.read_bytes(), str(found))

    @property
    def language(self) -> str:
        """Return the language's English name ("English")."""
        return language_name(self.lang)

    def __len__(self) -> int:
        return self.size

    def __contains__(self, text: str) -> bool:
        return self.lookup(text) is not None

    def lookup(self, text: str) -> Entry | None:
        """Return the entry of `text` (any case, marks folded), or None if it is not a word."""
        key = self.alphabet.fold(text)
        if not key:
            return None
        trie_id = self._trie.get(key)
        if trie_id is None:
            return None
        return self.entry(self._position[trie_id])

    def entry(self, position: int) -> Entry:
        """Return the entry at `position`."""
        key = self._trie.restore_key(self._order[position])
        centi = self._zipf[position]
        return Entry(key, self.word(position, key), position, centi / 100,
                     centi >= self.common_zipf * 100)

    def key(self, position: int) -> str:
        """Return the folded key at `position`."""
        return self._trie.restore_key(self._order[position])

    def word(self, position: int, key: str | None = None) -> str:
        """Return the form of the word at `position` that is shown to people."""
        return key if key is not None else self.key(position)

    def words_at(self, positions) -> list[str]:
        """Return the forms of the words at `positions` (the hot path of solve)."""
        restore, order = self._trie.restore_key, self._order
        return [restore(order[p]) for p in positions]

    def zipf(self, position: int) -> float:
        """Return the zipf frequency of the word at `position` (0 if wordfreq does not know it)."""
        return self._zipf[position] / 100

    def keys(self, common_only: bool = False):
        """Yield every key in alphabetical order (only the common tier if asked)."""
        for key, trie_id in sorted(self._trie.iteritems()):
            if not common_only or self._zipf[self._position[trie_id]] >= self.common_zipf * 100:
                yield key

    def has_prefix(self, prefix: str) -> bool:
        """Return whether some key starts with `prefix` (folded)."""
        return next(self._trie.iterkeys(prefix), None) is not None

    def keys_with_prefix(self, prefix: str) -> list[str]:
        """Return every key starting with `prefix` (folded)."""
        return self._trie.keys(prefix)

    def describe(self) -> dict:
        """Return what `wordref lexicon info` shows of this lexicon."""
        head = self.header
        return {"code": self.lang, "name": self.language, "words": self.size,
                "common": head["common"], "common_zipf": self.common_zipf,
                "alphabet": self.alphabet.letters, "sources": head["sources"],
                "licence": head["licence"], "cutoffs": head.get("cutoffs", {}),
                "path": str(self.path) if self.path else None}
