"""The peers every In Extremis figure is compared with, from naive to strong.

Each answers the same queries over the same words in the lexicon's order (commonest first
within each initial letter), so that its first matches are wordref's top words: it counts the
letters of the folded keys ("cafe") and shows the forms wordref shows ("café"). Each takes
the query as callers hold it, text ("b", "utt", "x"), and works out its own constraint, as
wordref's Cards.parse does:

- regex: one compiled pattern per query (lookaheads for the greens, negative lookaheads for the
  reds) searched over the newline-joined list;
- loop: a plain Python loop over the words, counting letters;
- numpy: a letter-count matrix per initial letter (one uint8 row per letter, words along it);
  a query compares a few rows and ANDs them;
- roaring: pyroaring bitmaps, one per (initial, letter, at least k), as wordref's own bitsets;
  a query intersects a few and subtracts the reds;
- sqlite: an in-memory table with one column per letter and an index on (initial, rank).

numpy and pyroaring are the `bench` extra (pip install -e '.[bench]'); a peer whose library is
missing is reported as missing, never silently dropped.
"""

from __future__ import annotations

import re
import sqlite3


def constraint(initial: str, green: str, red: str) -> tuple[str, dict, dict]:
    """Return (initial, {letter: at least}, {letter: at most}) of a query given as text."""
    initial = initial.lower()
    need = {initial: 1}
    for letter in green.lower():
        need[letter] = need.get(letter, 0) + 1
    most = {letter: (1 if letter == initial else 0) for letter in red.lower()}
    return initial, need, most


def _filters(initial: str, need: dict, most: dict):
    """Return the (letter, k) pairs to AND and to remove: the initial once is implied."""
    keep = [(letter, k) for letter, k in need.items() if k > 1 or letter != initial]
    drop = [(letter, m + 1) for letter, m in most.items()]
    return keep, drop


def _partitions(keys: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for key in keys:
        out.setdefault(key[0], []).append(key)
    return out


def _shown(keys: list[str], shown: list[str] | None) -> dict[str, list[str]]:
    """Return {initial: the forms shown, in index order}."""
    out: dict[str, list[str]] = {}
    for key, word in zip(keys, shown or keys):
        out.setdefault(key[0], []).append(word)
    return out


class RegexPeer:
    """A compiled regular expression per query over the newline-joined word list."""

    name = "regex"

    def __init__(self, keys: list[str], letters: str, shown: list[str] | None = None):
        self.text = "\n".join(keys)
        self.show = dict(zip(keys, shown or keys))

    @staticmethod
    def pattern(initial: str, need: dict, most: dict) -> re.Pattern:
        parts = ["^", re.escape(initial)]
        for letter, k in need.items():
            rest = k - (letter == initial)
            if rest > 0:
                parts.append(f"(?=(?:[^\\n]*?{re.escape(letter)}){{{rest}}})")
        for letter in most:  # after the initial: none of the letter (a red initial: no second)
            parts.append(f"(?![^\\n]*{re.escape(letter)})")
        parts.append("[^\\n]*$")
        return re.compile("".join(parts), re.M)

    def any(self, query) -> bool:
        return self.pattern(*constraint(*query)).search(self.text) is not None

    def count(self, query) -> int:
        return len(self.pattern(*constraint(*query)).findall(self.text))

    def solve(self, query, limit: int = 10) -> tuple[int, list[str]]:
        found = self.pattern(*constraint(*query)).findall(self.text)
        return len(found), [self.show[k] for k in found[:limit]]


class LoopPeer:
    """A plain Python loop over the words of the initial letter."""

    name = "loop"

    def __init__(self, keys: list[str], letters: str, shown: list[str] | None = None):
        self.parts, self.shown = _partitions(keys), _shown(keys, shown)

    @staticmethod
    def fits(word: str, need: dict, most: dict) -> bool:
        for letter, k in need.items():
            if word.count(letter) < k:
                return False
        for letter, k in most.items():
            if word.count(letter) > k:
                return False
        return True

    def _found(self, query):
        initial, need, most = constraint(*query)
        fits = self.fits
        return initial, (i for i, w in enumerate(self.parts.get(initial, ()))
                         if fits(w, need, most))

    def any(self, query) -> bool:
        return next(self._found(query)[1], None) is not None

    def count(self, query) -> int:
        return sum(1 for _ in self._found(query)[1])

    def solve(self, query, limit: int = 10) -> tuple[int, list[str]]:
        initial, found = self._found(query)
        found = list(found)
        return len(found), [self.shown[initial][i] for i in found[:limit]]


class NumpyPeer:
    """A uint8 letter-count matrix per initial letter, one contiguous row per letter."""

    name = "numpy"

    def __init__(self, keys: list[str], letters: str, shown: list[str] | None = None):
        import numpy as np

        self.np = np
        self.column = {ch: i for i, ch in enumerate(letters)}
        self.parts, self.counts = _shown(keys, shown), {}
        code = str.maketrans({ch: chr(i) for ch, i in self.column.items()})
        width = len(letters)
        for initial, group in _partitions(keys).items():
            # counts[letter, word] by one bincount over (letter, word number) pairs.
            cells = np.frombuffer("".join(group).translate(code).encode("latin-1"), np.uint8)
            words = np.repeat(np.arange(len(group)), [len(k) for k in group])
            flat = np.bincount(cells.astype(np.int64) * len(group) + words,
                               minlength=width * len(group))
            self.counts[initial] = flat.reshape(width, len(group)).astype(np.uint8)

    def _mask(self, query):
        initial, need, most = constraint(*query)
        counts = self.counts.get(initial)
        if counts is None:
            return None
        keep, drop = _filters(initial, need, most)
        column = self.column
        mask = None
        for letter, k in keep:
            row = counts[column[letter]] >= k
            mask = row if mask is None else mask & row
        for letter, k in drop:
            row = counts[column[letter]] < k
            mask = row if mask is None else mask & row
        if mask is None:
            return self.np.ones(counts.shape[1], dtype=bool), initial
        return mask, initial

    def any(self, query) -> bool:
        found = self._mask(query)
        return found is not None and bool(found[0].any())

    def count(self, query) -> int:
        found = self._mask(query)
        return 0 if found is None else int(self.np.count_nonzero(found[0]))

    def solve(self, query, limit: int = 10) -> tuple[int, list[str]]:
        found = self._mask(query)
        if found is None:
            return 0, []
        hits = self.np.flatnonzero(found[0])
        group = self.parts[found[1]]
        return len(hits), [group[i] for i in hits[:limit].tolist()]


class RoaringPeer:
    """pyroaring bitmaps per (initial, letter, at least k): wordref's index in roaring form."""

    name = "roaring"

    def __init__(self, keys: list[str], letters: str, shown: list[str] | None = None):
        import numpy as np
        from pyroaring import FrozenBitMap

        self.empty = FrozenBitMap()
        numbers = NumpyPeer(keys, letters, shown)
        self.parts, self.full, self.bits = numbers.parts, {}, {}
        for initial, counts in numbers.counts.items():
            self.full[initial] = FrozenBitMap(range(counts.shape[1]))
            for letter, row in numbers.column.items():
                for k in range(1, int(counts[row].max()) + 1):
                    hits = np.flatnonzero(counts[row] >= k).astype(np.uint32)
                    self.bits[initial, letter, k] = FrozenBitMap(hits)

    def _found(self, query):
        initial, need, most = constraint(*query)
        full = self.full.get(initial)
        if full is None:
            return None, initial
        keep, drop = _filters(initial, need, most)
        bits, empty = self.bits, self.empty
        sets = [bits.get((initial, letter, k), empty) for letter, k in keep]
        found = (sets[0].intersection(*sets[1:]) if len(sets) > 1 else sets[0]) if sets \
            else full
        if drop and found:
            found = found.difference(*[bits.get((initial, letter, k), empty)
                                       for letter, k in drop])
        return found, initial

    def any(self, query) -> bool:
        found = self._found(query)[0]
        return found is not None and bool(found)

    def count(self, query) -> int:
        found = self._found(query)[0]
        return 0 if found is None else len(found)

    def solve(self, query, limit: int = 10) -> tuple[int, list[str]]:
        found, initial = self._found(query)
        if not found:
            return 0, []
        group = self.parts[initial]
        return len(found), [group[i] for i in found[:limit]]


class SqlitePeer:
    """SQLite in memory: one row per word, one column per letter, an index on (initial, rank)."""

    name = "sqlite"

    def __init__(self, keys: list[str], letters: str, shown: list[str] | None = None):
        self.column = {ch: f"c{i}" for i, ch in enumerate(letters)}
        columns = ", ".join(f"{c} INTEGER NOT NULL" for c in self.column.values())
        self.db = sqlite3.connect(":memory:", check_same_thread=False)
        self.db.execute(f"CREATE TABLE w (rank INTEGER PRIMARY KEY, initial TEXT NOT NULL, "
                        f"word TEXT NOT NULL, {columns})")
        marks = ", ".join("?" * (len(letters) + 3))
        self.db.executemany(f"INSERT INTO w VALUES ({marks})",
                            ((i, k[0], w, *(k.count(ch) for ch in letters))
                             for i, (k, w) in enumerate(zip(keys, shown or keys))))
        self.db.execute("CREATE INDEX by_initial ON w (initial, rank)")
        self.db.commit()

    def _where(self, query) -> tuple[str, list]:
        initial, need, most = constraint(*query)
        keep, drop = _filters(initial, need, most)
        where = ["initial = ?"]
        where += [f"{self.column[letter]} >= {k}" for letter, k in keep]
        where += [f"{self.column[letter]} < {k}" for letter, k in drop]
        return " AND ".join(where), [initial]

    def any(self, query) -> bool:
        where, args = self._where(query)
        return self.db.execute(f"SELECT 1 FROM w WHERE {where} LIMIT 1", args).fetchone() \
            is not None

    def count(self, query) -> int:
        where, args = self._where(query)
        return self.db.execute(f"SELECT count(*) FROM w WHERE {where}", args).fetchone()[0]

    def solve(self, query, limit: int = 10) -> tuple[int, list[str]]:
        where, args = self._where(query)
        total = self.db.execute(f"SELECT count(*) FROM w WHERE {where}", args).fetchone()[0]
        rows = self.db.execute(f"SELECT word FROM w WHERE {where} ORDER BY rank LIMIT {limit}",
                               args).fetchall()
        return total, [r[0] for r in rows]


PEERS = [NumpyPeer, RoaringPeer, SqlitePeer, RegexPeer, LoopPeer]
SLOW = {"regex", "loop", "sqlite"}  # milliseconds a query: timed on fewer queries, once each
