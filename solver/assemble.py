"""Write lexicon files: the full file wordref queries, and the compact file some languages ship.

A **full** lexicon holds the trie of folded keys, the rank arrays and the letter index (index.py),
ready to memory-map. A **compact** lexicon holds only what cannot be derived: every surface form
("élève", "Haus"), its zipf frequency and its flags, lzma-compressed. Languages with hundreds of
thousands of forms ship compact (a tenth of the size) and `expand` turns them into a full file on
first use, for the alphabet chosen (German folds umlauts by default; "de-umlaut" keeps them).

Both are deterministic: same inputs, same bytes.
"""

from __future__ import annotations

from array import array
from itertools import groupby
from operator import itemgetter
from typing import Callable, Iterable

import marisa_trie

from . import lexfile
from .index import build_index
from .letters import Alphabet
from .version import __version__

Progress = Callable[[Iterable, str], Iterable]
COMMON_ZIPF = 3.0  # the common tier: about the 23,000 commonest English words
# The version of `expand`'s output for the same compact file: a cached index of another one is
# built again. 2: a key shows its lower-case form over a capitalised twin ("ma", not "mA").
EXPANSION = 2
FLAG_BITS = {"conj": 1}  # flags of a surface form, as bits of its byte in a compact file


def no_progress(items, label):
    return items


def _u32(values) -> bytes:
    packed = array("I", values)
    if packed.itemsize != 4:  # pragma: no cover - every platform CPython supports has 4
        raise RuntimeError("array('I') is not 32-bit here")
    return packed.tobytes()


def _u16(values) -> bytes:
    return array("H", values).tobytes()


def _centi(zipf: float) -> int:
    return round(max(zipf, 0.0) * 100)


def assemble(lang: str, letters: str, words: Iterable[str], zipf: dict[str, float],
             sources: list[dict], licence: str, cutoffs: dict | None = None,
             common_zipf: float = COMMON_ZIPF, flags: dict[str, set[str]] | None = None,
             progress: Progress = no_progress, extra: dict | None = None) -> bytes:
    """Return the bytes of a full lexicon holding `words` (surface forms), ranked by `zipf`.

    Surface forms fold to keys (letters.py); a key ranks by its commonest form, shows that form,
    and carries a flag only if every one of its forms does.
    """
    flags = flags or {}
    words = sorted(set(progress(words, "folding")))
    known = zipf.get
    return _assemble(lang, letters, words, [max(0, round(known(w, 0.0) * 100)) for w in words],
                     flags, progress, {
                         "kind": "full", "lang": lang, "alphabet": letters,
                         "common_zipf": common_zipf, "sources": sources, "licence": licence,
                         "cutoffs": cutoffs or {}, "built_with": f"wordref {__version__}",
                         **(extra or {})})


def _assemble(lang: str, letters: str, words: list[str], centis: list[int],
              flags: dict[str, set[str]], progress: Progress, header: dict) -> bytes:
    """Return a full lexicon of `words` (sorted, unique) with zipf x 100 in `centis`."""
    keys = Alphabet(lang, letters).fold_many(words)
    # Written in ascending order, the last form of each key wins. rank: the commonest form's
    # zipf. shown: a form without flags if there is one (so that solve never lists "mange",
    # conjugated, for the key of "mangé"), then the commonest, then a lower-case form over its
    # capitalised twin (wordfreq counts "mA" as "ma": a tie; before, French showed "mA", "pH",
    # "cS" for 54 keys), then the alphabetically first (the indexes run backwards within a
    # tie). Commonness comes before case: German's "Affe" stays the form of the key "affe",
    # not the rare "äffe".
    backwards = range(len(words) - 1, -1, -1)
    ascending = sorted(backwards, key=centis.__getitem__)
    rank = dict(zip(map(keys.__getitem__, ascending), map(centis.__getitem__, ascending)))
    marked_any = set().union(*flags.values())
    plain = [0 if w in marked_any else 1 << 20 for w in words]
    lower = [w == w.lower() for w in words]
    preferred = sorted(backwards, key=lambda i: plain[i] + 2 * centis[i] + lower[i])
    shown = dict(zip(map(keys.__getitem__, preferred), map(words.__getitem__, preferred)))
    rank.pop(None, None)
    shown.pop(None, None)
    surfaces = {w: k for w, k in zip(words, keys) if k and w != k}
    key_flags, form_flags = {}, {}
    for name, marked in flags.items():
        flagged = {k for w, k in zip(words, keys) if k and w in marked}
        key_flags[name] = flagged - {k for w, k in zip(words, keys) if k and w not in marked}
        # Forms flagged on their own though their key is not ("mange" beside "mangé").
        form_flags[name] = sorted(w for w, k in zip(words, keys)
                                  if k and w in marked and k not in key_flags[name])
    common_centi = _centi(header["common_zipf"])
    by_letter = {letter: list(group)
                 for letter, group in groupby(sorted(rank), key=itemgetter(0))}
    partitions = []
    for letter in letters:
        group = by_letter.get(letter)
        if group:
            # A to Z first, then a stable sort by commonness: ties stay alphabetical.
            group.sort(key=rank.__getitem__, reverse=True)
            common = sum(map(common_centi.__le__, map(rank.__getitem__, group)))
            partitions.append((letter, group, common))
    ordered = [k for _, keys, _ in partitions for k in keys]
    metas, bits = build_index(progress(partitions, "indexing"), letters, key_flags)
    trie = marisa_trie.Trie(ordered)
    position = [0] * len(ordered)
    for pos, key in enumerate(ordered):
        position[trie[key]] = pos
    header.update(words=len(ordered), common=sum(c for _, _, c in partitions), partitions=metas)
    sections = {
        "trie": trie.tobytes(),
        "position": _u32(position),
        "zipf": _u16(map(rank.__getitem__, ordered)),
        "bits": bits,
        **_word_sections(list(map(shown.__getitem__, ordered))),
    }
    if surfaces:
        sections.update(_surface_sections(surfaces, position, trie))
    for name, forms in form_flags.items():
        if forms:
            sections[f"{name}_forms"] = marisa_trie.Trie(forms).tobytes()
    return lexfile.pack(header, sections)


def _word_sections(shown: list[str]) -> dict[str, bytes]:
    """Return the words as shown, position by position: one UTF-8 text and its offsets.

    Fetching a word is then a slice and a decode (0.2 us) instead of a walk up the trie from
    its id (0.6 us): solve's ten words cost 2 us instead of 6. English grows by 2.4 MB (the
    text; the offsets replace the position-to-trie-id array they make unneeded).
    """
    text = "".join(shown).encode()
    ends, at = [0], 0
    for word in shown:
        at += len(word.encode())
        ends.append(at)
    return {"words": text, "word_at": _u32(ends)}


def _surface_sections(surfaces: dict[str, str], position: list[int],
                      trie: marisa_trie.Trie) -> dict[str, bytes]:
    """Return the sections that map the surface forms ("élève", "Haus") to their keys."""
    surface_trie = marisa_trie.Trie(list(surfaces))
    by_id = sorted(surfaces, key=surface_trie.__getitem__)
    return {
        "surfaces": surface_trie.tobytes(),
        "surface_position": _u32(position[trie[surfaces[s]]] for s in by_id),
    }


def compact(lang: str, letters: str, words: Iterable[str], zipf: dict[str, float],
            sources: list[dict], licence: str, cutoffs: dict | None = None,
            common_zipf: float = COMMON_ZIPF, flags: dict[str, set[str]] | None = None,
            extra: dict | None = None, alphabets: Iterable[str] = ()) -> bytes:
    """Return the bytes of a compact lexicon: surface forms, zipf and flags, compressed.

    Its header's "words" counts the surface forms; "keys" says how many words each of its
    alphabet and `alphabets` (its variants') makes of them, the words solve searches once the
    file is expanded for that alphabet ("élève" and "élevé" are one French word).
    """
    flags = flags or {}
    trie = marisa_trie.Trie(sorted(set(words)))
    by_id = sorted(trie.keys(), key=trie.__getitem__)
    keys = {alphabet: key_count(lang, alphabet, by_id) for alphabet in (letters, *alphabets)}
    marks = [sum(bit for name, bit in FLAG_BITS.items() if w in flags.get(name, ()))
             for w in by_id]
    header = {
        "kind": "compact", "lang": lang, "alphabet": letters, "words": len(by_id),
        "common_zipf": common_zipf, "sources": sources, "licence": licence,
        "cutoffs": cutoffs or {}, "flags": sorted(n for n in FLAG_BITS if flags.get(n)),
        "keys": keys, "built_with": f"wordref {__version__}", **(extra or {}),
    }
    return lexfile.pack(header, {
        "surfaces": trie.tobytes(),
        "zipf": _u16(_centi(zipf.get(w, 0.0)) for w in by_id),
        "flags": bytes(marks),
    }, compress={"surfaces", "zipf", "flags"})


def key_count(lang: str, letters: str, forms: list[str]) -> int:
    """Return how many words (keys) the surface `forms` fold to in the alphabet `letters`."""
    return len(set(Alphabet(lang, letters).fold_many(forms)) - {None})


def expand(data, letters: str | None = None, name: str = "lexicon",
           progress: Progress = no_progress) -> bytes:
    """Return a full lexicon built from a compact one's bytes, for `letters` (default its own)."""
    header, sections = lexfile.unpack(data, name)
    trie = marisa_trie.Trie()
    trie.frombytes(bytes(sections["surfaces"]))
    zipfs = sections["zipf"].cast("H")
    marks = sections["flags"]
    pairs = sorted(trie.iteritems())
    words = [w for w, _ in pairs]
    centis = [zipfs[i] for _, i in pairs]
    flags = {name: {w for w, i in pairs if marks[i] & FLAG_BITS[name]}
             for name in header.get("flags", ())}
    letters = letters or header["alphabet"]
    return _assemble(header["lang"], letters, words, centis, flags, progress, {
        "kind": "full", "lang": header["lang"], "alphabet": letters,
        "common_zipf": header["common_zipf"], "sources": header["sources"],
        "licence": header["licence"], "cutoffs": header.get("cutoffs", {}),
        "built_with": f"wordref {__version__}",
        "expanded_from": {"alphabet": header["alphabet"], "words": header["words"]}})
