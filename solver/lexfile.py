"""The built-lexicon container: a versioned header and checksummed sections in one file.

Layout (all integers little-endian):

    b"WORDREF\\0"           8 bytes of magic
    u32 format version     FORMAT below; a reader refuses any other
    u32 header length
    header                 UTF-8 JSON, keys sorted: sources, cut-offs, counts, and for each
                           section its offset (from the end of the header), length and CRC-32
    sections               each starting on an 8-byte boundary

One file per language keeps a lexicon one thing to ship, copy and version. Checking every section's
CRC-32 on open costs about 0.2 ms per megabyte and means a corrupt file is refused with a message,
never handed to marisa-trie (which trusts its input).

A section may be stored lzma-compressed ("codec": "lzma" in its entry): the compact lexicons that
ship for languages whose index is built on first use (lexicon.py) are stored that way.
"""

from __future__ import annotations

import json
import lzma
import struct
import zlib

from .errors import LexiconError

MAGIC = b"WORDREF\x00"
FORMAT = 1
_PREFIX = struct.Struct("<8sII")


def pack(header: dict, sections: dict[str, bytes], compress=()) -> bytes:
    """Return the bytes of a lexicon file holding `header` and `sections`, deterministically.

    Sections named in `compress` are stored lzma-compressed.
    """
    layout, blobs, offset = {}, [], 0
    for name in sorted(sections):
        data = bytes(sections[name])
        entry = {}
        if name in compress:
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
    return _PREFIX.pack(MAGIC, FORMAT, len(head)) + head + b"".join(blobs)


def read_header(buf, name: str = "lexicon") -> dict:
    """Return the header of a lexicon file's bytes without reading its sections."""
    return unpack(buf, name, sections=False)[0]


def unpack(buf, name: str = "lexicon", sections: bool = True) -> tuple[dict, dict]:
    """Return (header, sections) of a lexicon file's bytes; raise LexiconError if it is unusable."""
    view = memoryview(buf)
    if len(view) < _PREFIX.size or bytes(view[:8]) != MAGIC:
        raise LexiconError(f"{name} is not a wordref lexicon file")
    _, version, head_len = _PREFIX.unpack_from(view)
    if version != FORMAT:
        raise LexiconError(f"{name} has format {version}, this wordref reads format {FORMAT}: "
                           f"rebuild it with `wordref lexicon build`")
    start = _PREFIX.size + head_len
    if start > len(view):
        raise LexiconError(f"{name} is truncated (header cut short)")
    try:
        header = json.loads(bytes(view[_PREFIX.size:start]))
        layout = header["sections"]
    except (ValueError, KeyError, TypeError):
        raise LexiconError(f"{name} has a corrupt header") from None
    if not sections:
        return header, {}
    sections = {}
    for sec, where in layout.items():
        lo = start + where["offset"]
        hi = lo + where["length"]
        if hi > len(view):
            raise LexiconError(f"{name} is truncated (section {sec!r} cut short)")
        data = view[lo:hi]
        if zlib.crc32(data) != where["crc32"]:
            raise LexiconError(f"{name} is corrupt (section {sec!r} fails its checksum)")
        if where.get("codec") == "lzma":
            try:
                data = memoryview(lzma.decompress(data))
            except lzma.LZMAError:
                raise LexiconError(f"{name} is corrupt (section {sec!r} does not "
                                   f"decompress)") from None
        sections[sec] = data
    return header, sections
