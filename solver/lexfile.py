"""The built-lexicon container: a versioned header and checksummed sections in one file.

Layout (all integers little-endian):

    b"WORDREF\\0"           8 bytes of magic
    u32 format version     FORMAT below; a reader refuses any other
    u32 header length
    u32 header CRC-32      (format 2) the header is checked like every section
    header                 UTF-8 JSON, keys sorted: sources, cut-offs, counts, and for each
                           section its offset (from the end of the header), length and CRC-32
    sections               each starting on an 8-byte boundary

One file per language keeps a lexicon one thing to ship, copy and version. Every byte a reader
trusts is under a CRC-32: the header (which holds each partition's letter maxima and offsets, so
one flipped bit there would silently give wrong answers; format 1 left it unchecked) and every
section. The header is checked on open; a section when it is first read (Sections, below), since
a query reads few of them: checking all of English's 8.3 MB cost about 32 M instructions on every
start, more than the stumped check itself. Either way a corrupt file is refused with a message
before anything read from it is used, never handed to marisa-trie (which trusts its input).

A section may be stored lzma-compressed ("codec": "lzma" in its entry): the compact lexicons that
ship for languages whose index is built on first use (lexicon.py) are stored that way.
"""

from __future__ import annotations

import json
import mmap
from collections.abc import Mapping
import os
import struct
import zlib

from .errors import FormatError, LexiconError

MAGIC = b"WORDREF\x00"
FORMAT = 2  # 2: the header carries its own CRC-32; full lexicons hold their words as text
_PREFIX = struct.Struct("<8sIII")


def pack(header: dict, sections: dict[str, bytes], compress=()) -> bytes:
    """Return the bytes of a lexicon file holding `header` and `sections`, deterministically.

    Sections named in `compress` are stored lzma-compressed.
    """
    layout, blobs, offset = {}, [], 0
    for name in sorted(sections):
        data = bytes(sections[name])
        entry = {}
        if name in compress:
            import lzma

            data = lzma.compress(data, preset=9)
            entry["codec"] = "lzma"
        pad = -offset % 8
        blobs.append(b"\0" * pad + data)
        offset += pad
        layout[name] = {**entry, "offset": offset, "length": len(data),
                        "crc32": zlib.crc32(data)}
        offset += len(data)
    head = json.dumps({**header, "sections": layout}, sort_keys=True, ensure_ascii=False,
                      separators=(",", ":")).encode()
    return _PREFIX.pack(MAGIC, FORMAT, len(head), zlib.crc32(head)) + head + b"".join(blobs)


def map_file(path):
    """Return the bytes of the file at `path`, memory-mapped read-only; raise LexiconError."""
    try:
        with open(path, "rb") as handle:
            if os.fstat(handle.fileno()).st_size == 0:
                return b""  # mmap refuses an empty file; unpack says what is wrong with it
            return mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError) as err:
        raise LexiconError(f"cannot open {path}: {getattr(err, 'strerror', None) or err}") \
            from None


def data_start(buf) -> int:
    """Return where the sections begin in a lexicon file's bytes (their offsets count from it).

    A reader that slices a section straight out of the mapped file gets bytes in one step,
    where a memoryview slice first makes a view object (0.2 us against 0.1 us a slice).
    """
    return _PREFIX.size + _PREFIX.unpack_from(buf)[2]


def read_header(buf, name: str = "lexicon") -> dict:
    """Return the header of a lexicon file's bytes without reading its sections."""
    return unpack(buf, name, sections=False)[0]


def unpack(buf, name: str = "lexicon", sections: bool = True,
           lazy: bool = False) -> tuple[dict, Mapping]:
    """Return (header, sections) of a lexicon file's bytes; raise LexiconError if it is unusable.

    With `lazy`, sections are a Sections mapping that checks each one on its first read.
    """
    view = memoryview(buf)
    if len(view) < 12 or bytes(view[:8]) != MAGIC:
        raise LexiconError(f"{name} is not a wordref lexicon file" if len(view)
                           else f"{name} is empty")
    version = int.from_bytes(view[8:12], "little")
    if version != FORMAT:
        raise FormatError(f"{name} has format {version}, this wordref reads format {FORMAT}",
                          version, FORMAT)
    if len(view) < _PREFIX.size:
        raise LexiconError(f"{name} is truncated (header cut short)")
    _, _, head_len, head_crc = _PREFIX.unpack_from(view)
    start = _PREFIX.size + head_len
    if start > len(view):
        raise LexiconError(f"{name} is truncated (header cut short)")
    head = view[_PREFIX.size:start]
    if zlib.crc32(head) != head_crc:
        raise LexiconError(f"{name} is corrupt (its header fails its checksum)")
    try:
        header = json.loads(bytes(head))
        layout = header["sections"]
        if not isinstance(header, dict) or not isinstance(layout, dict):
            raise TypeError
    except (ValueError, KeyError, TypeError):
        raise LexiconError(f"{name} has a corrupt header") from None
    if not sections:
        return header, {}
    found = Sections(view, start, layout, name)
    return header, (found if lazy else {sec: found[sec] for sec in found})


class Sections(Mapping):
    """A lexicon file's sections by name, each checked against its CRC-32 when first read.

    Where every section lies is checked on open (a cut-short file is refused at once); its
    bytes are checked on the first `sections[name]` and kept, so nothing of a section is read
    before its checksum passed. `verified` names the sections checked so far.
    """

    def __init__(self, view, start: int, layout: dict, name: str):
        self._view, self._name, self._where, self._done = view, name, {}, {}
        for sec, where in layout.items():
            try:
                lo = start + where["offset"]
                hi = lo + where["length"]
                crc = where["crc32"]
                codec = where.get("codec")
            except (KeyError, TypeError, AttributeError):
                raise LexiconError(f"{name} has a corrupt header (section {sec!r})") from None
            if hi > len(view):
                raise LexiconError(f"{name} is truncated (section {sec!r} cut short)")
            self._where[sec] = (lo, hi, crc, codec)

    @property
    def verified(self) -> list[str]:
        return sorted(self._done)

    def length(self, sec: str) -> int:
        """Return the stored length of section `sec`, without reading it."""
        lo, hi = self._where[sec][:2]
        return hi - lo

    def __iter__(self):
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def __contains__(self, sec) -> bool:
        return sec in self._where

    def __getitem__(self, sec: str):
        data = self._done.get(sec)
        if data is not None:
            return data
        lo, hi, crc, codec = self._where[sec]
        name = self._name
        data = self._view[lo:hi]
        if zlib.crc32(data) != crc:
            raise LexiconError(f"{name} is corrupt (section {sec!r} fails its checksum)")
        if codec == "lzma":
            import lzma  # only compact files, read on a first use: kept off every start-up

            try:
                data = memoryview(lzma.decompress(data))
            except lzma.LZMAError:
                raise LexiconError(f"{name} is corrupt (section {sec!r} does not "
                                   f"decompress)") from None
        self._done[sec] = data
        return data
