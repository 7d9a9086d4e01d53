"""The letter index: which words hold at least k of a letter, as one bitset per (letter, k).

Words are split into partitions by their first letter, and inside a partition numbered from
commonest to rarest, so bit i of every bitset is the partition's i-th commonest word. A letter
constraint is then a handful of big-integer operations on a few kilobytes:

    at least k of L       AND  bits(L, k)
    at most m of L        AND NOT  bits(L, m + 1)
    any word?             result != 0
    how many?             result.bit_count()
    the commonest         the lowest set bits

Python integers do this at memory speed: on the English lexicon a query ANDs a few bitsets of at
most 4.6 KB (the S partition, 36,000 words). Each bitset is decoded from the memory-mapped file the
first time a query needs it and cached on its partition (int.from_bytes of 4.6 KB takes about 1 us).
"""

from __future__ import annotations

from typing import Iterable

from .errors import LexiconError

_BITS_OF_BYTE = [tuple(i for i in range(8) if byte >> i & 1) for byte in range(256)]
_NONZERO_TO_ONE = bytes([0] + [1] * 255)
_LOW_WINDOW = (1 << 512) - 1
# A window of 512 bits holding this many set bits or more is peeled a byte at a time.
_DENSE = 20


# The prefixes lowest_bits peels from before the whole bitset: spans of 2,048, 8,192 and
# 32,768 bits (the commonest words of a partition first).
_SPANS = [(end, (1 << end) - 1) for end in (2048, 8192, 32768)]


def lowest_bits(bits: int, limit: int | None = None) -> list[int]:
    """Return the indexes of the lowest `limit` set bits of `bits` (all of them if limit is None).

    Answers cluster among the commonest words, so bits are peeled off the lowest 512 first:
    x & -x on a 64-byte integer is cheap. The rest is shifted down a window at a time, and an
    empty stretch is jumped at once (the next set bit is (x & -x)). What is shifted is a prefix
    of the bitset, 2,048 bits, then 8,192, then 32,768, before the whole of it: a shift, and
    the negation in x & -x, are linear in the integer shifted (3.4 us for one shift of the
    Norwegian S partition, 132,000 bits), and the tenth answer of a query lies within the
    first 2,048 words of its partition in about six queries of ten. Instructions for the top
    10 of Norwegian's 2,000-query mix 105.7 M -> 48.6 M, for the top 20 of the 20,000-line
    English batch 888 M -> 751 M (callgrind). The slow parts of a big integer are to_bytes
    and bit_count (about 2 ns a byte), never the ANDs (0.04 ns a byte). A first window of
    _DENSE or more set bits is peeled a byte at a time (_peel_bytes): the top 20 of the
    English batch's 15,493 bitsets 771 M -> 697 M instructions, Norwegian's 843 M -> 773 M;
    their top 10, 458 M -> 437 M and 499 M -> 479 M. Peeling the later windows, or the
    prefixes, a byte at a time measured slower (their windows are sparse).
    """
    if not bits:
        return []
    if limit is None:
        return _every_bit(bits)
    out = []
    window = bits & _LOW_WINDOW  # the commonest 512 first, inline: nearly half the answers
    if window.bit_count() >= _DENSE:
        if _peel_bytes(window, 0, limit, out):
            return out
    else:
        while window:
            low = window & -window
            out.append(low.bit_length() - 1)
            if len(out) >= limit:
                return out
            window ^= low
    start = 512
    for end, mask in _SPANS:
        if bits.bit_length() <= end:
            break
        if _peel((bits & mask) >> start, start, limit, out):
            return out
        start = end
    _peel(bits >> start, start, limit, out)
    return out


def _peel(rest: int, base: int, limit: int, out: list[int]) -> bool:
    """Append to `out` the set bits of `rest`, bit 0 being `base`, until `out` holds `limit`;
    return whether it does."""
    while True:
        window = rest & _LOW_WINDOW
        while window:
            low = window & -window
            out.append(base + low.bit_length() - 1)
            if len(out) >= limit:
                return True
            window ^= low
        rest >>= 512
        if not rest:
            return False
        base += 512
        if not rest & _LOW_WINDOW:
            skip = (rest & -rest).bit_length() - 1
            rest >>= skip
            base += skip


def _peel_bytes(window: int, base: int, limit: int, out: list[int]) -> bool:
    """Append to `out` the set bits of `window` (at most 512 bits), bit 0 being `base`, a byte
    at a time, until `out` holds `limit`; return whether it does.

    For a window holding _DENSE or more set bits: each costs an addition and an append, where
    x & -x costs two operations on the whole window, a bit_length, an append, a len and an
    xor (about 2.1 k instructions a bit, against about 0.9 k and 0.4 k a byte scanned here;
    below 20 bits a window is cheaper peeled with x & -x). The English batch's top 20 found
    in the first 512 bits: 42.9 k -> 27.6 k instructions a query (callgrind).
    """
    append, bits_of = out.append, _BITS_OF_BYTE
    for byte in window.to_bytes(64, "little"):
        if byte:
            for bit in bits_of[byte]:
                append(base + bit)
            if len(out) >= limit:
                del out[limit:]
                return True
        base += 8
    return False


def _every_bit(bits: int) -> list[int]:
    """Return the index of every set bit: bytes.find (memchr) skips the empty stretches."""
    raw = bits.to_bytes((bits.bit_length() + 7) // 8, "little")
    find = raw.translate(_NONZERO_TO_ONE).find
    out = []
    at = find(1)
    while at >= 0:
        base = at * 8
        for bit in _BITS_OF_BYTE[raw[at]]:
            out.append(base + bit)
        at = find(1, at + 1)
    return out


class Partition:
    """The words that start with one letter: their bitsets, decoded on first use."""

    __slots__ = ("letter", "start", "count", "common", "full", "common_mask", "_nbytes",
                 "_offsets", "_bits", "_cache", "_flag_offsets", "_counts")

    def __init__(self, meta: dict, bits: memoryview, letters: str):
        self.letter: str = meta["letter"]
        self.start: int = meta["start"]
        self.count: int = meta["count"]
        self.common: int = meta["common"]
        self.full = (1 << self.count) - 1
        self.common_mask = (1 << self.common) - 1
        self._nbytes = (self.count + 7) // 8
        self._bits = bits
        self._cache: dict = {}
        # Popcounts of the bitsets this partition holds, by the identity of the int: each is
        # kept in _cache for the partition's life, so a live int with that id is that bitset
        # (or, for the small ints CPython shares, an int of the same value). A query that
        # selects one stored bitset is then counted by a dict lookup instead of a bit_count
        # linear in the partition (1.5 us on the 4.6 KB English S partition).
        self._counts = {id(self.full): self.count, id(self.common_mask): self.common}
        offset = meta["offset"]
        offsets = {}
        for letter in letters:
            for k in range(1, meta["max"].get(letter, 0) + 1):
                offsets[letter, k] = offset
                offset += self._nbytes
        self._offsets = offsets
        self._flag_offsets = {}
        for flag in meta.get("flags", ()):
            self._flag_offsets[flag] = offset
            offset += self._nbytes

    def _decode(self, offset: int) -> int:
        bits = int.from_bytes(self._bits[offset:offset + self._nbytes], "little")
        self._counts[id(bits)] = bits.bit_count()
        return bits

    def at_least(self, letter: str, k: int) -> int:
        """Return the bitset of words holding `letter` at least `k` times."""
        if k <= 0:
            return self.full
        key = (letter, k)
        found = self._cache.get(key)
        if found is None:
            offset = self._offsets.get(key)
            found = 0 if offset is None else self._decode(offset)
            self._cache[key] = found
        return found

    def flagged(self, flag: str) -> int:
        """Return the bitset of words carrying `flag` (0 if this lexicon has no such flag)."""
        key = ("!", flag)
        found = self._cache.get(key)
        if found is None:
            offset = self._flag_offsets.get(flag)
            found = 0 if offset is None else self._decode(offset)
            self._cache[key] = found
        return found

    def select_pairs(self, need, bad, common_only: bool = False,
                     exclude: tuple[str, ...] = ()) -> int:
        """Return the bitset of words holding each (letter, k) of `need` and none of `bad`.

        The hot path of every query (Cards computes its pairs once): a stored bitset is
        returned as it is when nothing else applies, so that count_of knows its count.
        """
        cache, load = self._cache, self.at_least
        if common_only or not need:
            bits = self.common_mask if common_only else self.full
            first = 0
        else:
            pair = need[0]
            bits = cache.get(pair)
            if bits is None:
                bits = load(*pair)
            first = 1
        for pair in need[first:]:
            if not bits:
                return 0
            found = cache.get(pair)
            bits &= load(*pair) if found is None else found
        if not bits:
            return 0
        drop = 0
        for pair in bad:
            found = cache.get(pair)
            drop |= load(*pair) if found is None else found
        for flag in exclude:
            drop |= self.flagged(flag)
        # x & ~y builds a negative integer first; x ^ (x & y) stays positive and measured faster.
        return bits ^ (bits & drop) if drop else bits

    def count_of(self, bits: int) -> int:
        """Return how many words `bits` holds: kept for a stored bitset, else bit_count."""
        known = self._counts.get(id(bits))
        return bits.bit_count() if known is None else known

    def top(self, bits: int, limit: int | None) -> tuple[int, list[int]]:
        """Return (how many words `bits` holds, the positions of the lowest `limit` of them).

        With fewer than `limit` found, lowest_bits has seen every one, and the count is
        theirs: no bit_count (a sixth of Norwegian's answers, a quarter of the 20,000-line
        English batch's).
        """
        positions = lowest_bits(bits, limit)
        if limit is None or len(positions) < limit:
            return len(positions), positions
        known = self._counts.get(id(bits))
        return (bits.bit_count() if known is None else known), positions

    def select(self, at_least: dict[str, int], at_most: dict[str, int],
               common_only: bool = False, exclude: tuple[str, ...] = ()) -> int:
        """Return the bitset of words with at least / at most so many of each letter."""
        bits = self.common_mask if common_only else self.full
        for letter, k in at_least.items():
            bits &= self.at_least(letter, k)
            if not bits:
                return 0
        bad = 0
        for letter, most in at_most.items():
            bad |= self.at_least(letter, most + 1)
        for flag in exclude:
            bad |= self.flagged(flag)
        # x & ~y builds a negative integer first; x ^ (x & y) stays positive and measured faster.
        return bits ^ (bits & bad) if bad else bits


class LetterIndex:
    """All partitions of one lexicon, keyed by their first letter."""

    # A partition is made when a query first asks for it: making all 26 of English (a dict of
    # bitset offsets each) was a fifth of what opening the lexicon cost a one-shot command,
    # which asks for one.

    def __init__(self, metas: list[dict], bits: memoryview, letters: str):
        self._bits, self._letters = bits, letters
        self._metas, self._partitions = {}, {}
        for meta in metas:
            if meta["offset"] + meta.get("size", 0) > len(bits):
                raise LexiconError("letter index is truncated")
            self._metas[meta["letter"]] = meta

    def partition(self, letter: str) -> Partition | None:
        """Return the partition of words starting with `letter`, or None if there is none."""
        found = self._partitions.get(letter)
        if found is None:
            meta = self._metas.get(letter)
            if meta is None:
                return None
            found = self._partitions[letter] = Partition(meta, self._bits, self._letters)
        return found

    def __iter__(self):
        return iter([self.partition(letter) for letter in self._metas])


def build_index(partitions: Iterable[tuple[str, list[str], int]], letters: str,
                flags: dict[str, set[str]] | None = None,
                max_k: int | None = None) -> tuple[list[dict], bytes]:
    """Return (partition metadata, bitset bytes) for keys already split and ranked.

    `partitions` holds (first letter, keys commonest first, how many are common); `flags` maps a
    flag name to the set of keys that carry it; `max_k` caps the counts indexed (1: only "holds
    the letter", all that the category index needs).

    numpy counts every letter of every word in one pass (bincount), then each bitset is a
    comparison and a packbits: 900,000 Norwegian words index in about 2 s, against 33 s word
    by word in Python.
    """
    import numpy as np

    if len(letters) > 250:
        raise ValueError("an alphabet of more than 250 letters does not fit a byte grid")
    width = len(letters) + 1
    to_codes = str.maketrans({**{ch: chr(i) for i, ch in enumerate(letters, 1)}, "\n": "\xff"})
    flags = flags or {}
    metas, blob, start = [], bytearray(), 0
    for letter, keys, common in partitions:
        n = len(keys)
        # One pass over all letters of the partition: counts[i, j] = how many times word i
        # holds letter j, by bincount over (word number, letter code) pairs.
        text = ("\n".join(keys) + "\n").translate(to_codes).encode("latin-1", errors="replace")
        cells = np.frombuffer(text, dtype=np.uint8)
        ends = np.flatnonzero(cells == 255)
        lengths = np.diff(ends, prepend=-1) - 1
        codes = cells[cells != 255].astype(np.int64)
        rows = np.repeat(np.arange(n, dtype=np.int64), lengths)
        counts = np.bincount(rows * width + codes, minlength=n * width).reshape(n, width)
        meta = {"letter": letter, "start": start, "count": n, "common": common,
                "offset": len(blob)}
        most = {}
        for column, ch in enumerate(letters, 1):
            held = counts[:, column]
            top = int(held.max())
            if max_k is not None:
                top = min(top, max_k)
            if top:
                most[ch] = top
            for k in range(1, top + 1):
                blob += np.packbits(held >= k, bitorder="little").tobytes()
        meta["max"] = dict(sorted(most.items()))
        carried = sorted(name for name in flags if flags[name])
        if carried:
            meta["flags"] = carried
            for name in carried:
                marked = np.fromiter((k in flags[name] for k in keys), dtype=bool, count=n)
                blob += np.packbits(marked, bitorder="little").tobytes()
        meta["size"] = len(blob) - meta["offset"]
        blob += b"\0" * (-len(blob) % 8)
        metas.append(meta)
        start += n
    return metas, bytes(blob)
