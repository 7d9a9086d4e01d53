"""Build a lexicon file from its sources: a dictionary's word list and wordfreq's frequencies.

This is the only code that reads build-time sources (the Debian word lists, wordfreq); wordref
itself only opens the file this writes. Start with `build()`; `assemble()` does the work from
words already in memory, which is also how the tests make their tiny fixture lexicons.

Same inputs, same bytes: nothing here depends on time, hash seeds or dictionary order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from typing import Callable, Iterable

import marisa_trie

from solver import __version__, lexfile
from solver.errors import InputError
from solver.index import build_index
from solver.letters import LATIN, Alphabet, letters_for

from . import sources

COMMON_ZIPF = 3.0  # the "common" tier: about the 30,000 commonest English words

Progress = Callable[[Iterable, str], Iterable]


def _no_progress(items, label):
    return items


@dataclass(frozen=True)
class Recipe:
    """What one bundled language is built from."""

    lang: str
    letters: str
    lists: tuple[tuple[str, str, str], ...]  # (Debian package, path, encoding)
    keep: str  # the entries kept, as a regular expression
    licence: str
    curated: tuple[str, ...] = ()  # folder under lexicons/ holding allow.txt and deny.txt
    notes: dict = field(default_factory=dict)


RECIPES = {
    "en": Recipe(
        lang="en", letters=LATIN,
        lists=(("wamerican-huge", "/usr/share/dict/american-english-huge", "utf-8"),
               ("wbritish-huge", "/usr/share/dict/british-english-huge", "utf-8")),
        keep=r"[a-zß-öø-ÿœ]+",  # lower case: names and abbreviations are capitalised
        licence="SCOWL word lists: permissive (Kevin Atkinson and others, see lexicons/README.md); "
                "frequencies: wordfreq data, CC BY-SA 4.0",
        curated=("en",),
    ),
}

WORDFREQ_LICENCE = "wordfreq data, CC BY-SA 4.0 (Robyn Speer and contributors)"


def assemble(lang: str, letters: str, words: Iterable[str], zipf: dict[str, float],
             sources_used: list[dict], licence: str, cutoffs: dict | None = None,
             common_zipf: float = COMMON_ZIPF, flags: dict[str, set[str]] | None = None,
             progress: Progress = _no_progress) -> bytes:
    """Return the bytes of a lexicon holding `words`, ranked by `zipf` (word -> zipf frequency)."""
    alphabet = Alphabet(lang, letters)
    rank: dict[str, int] = {}
    for word in words:
        key = alphabet.fold(word)
        if not key:
            continue
        centi = round(max(zipf.get(word, 0.0), 0.0) * 100)
        if centi > rank.get(key, -1):
            rank[key] = centi
    common_centi = round(common_zipf * 100)
    partitions = []
    for letter in progress(letters, "ranking"):
        keys = sorted((k for k in rank if k[0] == letter), key=lambda k: (-rank[k], k))
        if keys:
            partitions.append((letter, keys, sum(rank[k] >= common_centi for k in keys)))
    ordered = [k for _, keys, _ in partitions for k in keys]
    metas, bits = build_index(progress(partitions, "indexing"), letters, flags)
    trie = marisa_trie.Trie(ordered)
    order = [trie[k] for k in ordered]
    position = [0] * len(ordered)
    for pos, trie_id in enumerate(order):
        position[trie_id] = pos
    header = {
        "lang": lang, "alphabet": letters, "words": len(ordered),
        "common": sum(c for _, _, c in partitions), "common_zipf": common_zipf,
        "sources": sources_used, "licence": licence, "cutoffs": cutoffs or {},
        "partitions": metas, "built_with": f"wordref {__version__}",
    }
    return lexfile.pack(header, {
        "trie": trie.tobytes(),
        "order": _u32(order),
        "position": _u32(position),
        "zipf": _u16(rank[k] for k in ordered),
        "bits": bits,
    })


def _u32(values) -> bytes:
    return b"".join(v.to_bytes(4, "little") for v in values)


def _u16(values) -> bytes:
    return b"".join(min(v, 65535).to_bytes(2, "little") for v in values)


def build(lang: str = "en", source: str = "dict", min_zipf: float | None = None,
          common_zipf: float = COMMON_ZIPF, progress: Progress = _no_progress) -> bytes:
    """Return the bytes of language `lang`'s lexicon, built from its sources."""
    if source == "dict":
        recipe = RECIPES.get(lang)
        if recipe is None:
            raise InputError(f"no dictionary recipe for {lang!r} (have: {', '.join(RECIPES)}); "
                             f"use --source wordfreq")
        return _build_from_dict(recipe, min_zipf, common_zipf, progress)
    if source == "wordfreq":
        return _build_from_wordfreq(lang, 3.0 if min_zipf is None else min_zipf, common_zipf,
                                    progress)
    raise InputError(f"unknown source {source!r} (dict or wordfreq)")


def _build_from_dict(recipe: Recipe, min_zipf, common_zipf, progress) -> bytes:
    words: set[str] = set()
    used = []
    for package, path, encoding in progress(recipe.lists, "reading word lists"):
        words |= sources.read_word_list(path, encoding, recipe.keep)
        used.append({"name": package, "path": path, "version": sources.debian_version(package),
                     "kind": "dictionary"})
    for folder in recipe.curated:
        base = resources.files("lexicons") / folder
        allow = sources.read_curated(base / "allow.txt")
        deny = sources.read_curated(base / "deny.txt")
        words = (words | allow) - deny
        used.append({"name": f"lexicons/{folder}/allow.txt", "words": len(allow),
                     "kind": "allow list"})
        used.append({"name": f"lexicons/{folder}/deny.txt", "words": len(deny),
                     "kind": "deny list"})
    zipf = sources.wordfreq_zipf(recipe.lang)
    used.append({"name": "wordfreq", "version": sources.wordfreq_version(), "list": "large",
                 "kind": "frequency"})
    if min_zipf is not None:
        words = {w for w in words if zipf.get(w, 0.0) >= min_zipf}
    return assemble(recipe.lang, recipe.letters, sorted(words), zipf, used, recipe.licence,
                    {"min_zipf": min_zipf}, common_zipf, progress=progress)


def _build_from_wordfreq(lang: str, min_zipf: float, common_zipf, progress) -> bytes:
    zipf = sources.wordfreq_zipf(lang)
    words = [w for w, z in zipf.items() if z >= min_zipf]
    letters = letters_for(lang) or sources.derive_letters(words)
    used = [{"name": "wordfreq", "version": sources.wordfreq_version(), "list": "large",
             "kind": "frequency and validity"}]
    return assemble(lang, letters, words, zipf, used, WORDFREQ_LICENCE, {"min_zipf": min_zipf},
                    common_zipf, progress=progress)
