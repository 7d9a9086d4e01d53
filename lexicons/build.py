"""Build a language's lexicon from its sources: a dictionary's word forms ranked by wordfreq.

This is the only code that reads build-time sources (Debian's word lists and Hunspell
dictionaries, wordfreq); wordref itself only opens the files this writes (solver/assemble.py
defines them). Start with `RECIPES` and `build()`.

English ships as a full lexicon; French, Spanish, German and Norwegian ship compact and are
expanded on first use (see solver/assemble.py for why).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Callable

from solver.assemble import COMMON_ZIPF, Progress, assemble, compact, no_progress
from solver.errors import InputError
from solver.letters import LATIN, VARIANTS, letters_for

from . import sources

WORDFREQ_LICENCE = "wordfreq data, CC BY-SA 4.0 (Robyn Speer and contributors)"


@dataclass(frozen=True)
class Recipe:
    """What one bundled language is built from, and how."""

    lang: str
    read: Callable[["Recipe"], tuple[set[str], dict[str, set[str]], list[dict]]]
    licence: str
    shipped: str = "compact"  # or "full": ready to memory-map, no first-use build
    packages: tuple[str, ...] = ()
    paths: tuple[str, ...] = ()
    curated: str | None = None  # folder under lexicons/ holding allow.txt and deny.txt

    @property
    def letters(self) -> str:
        return letters_for(self.lang) or LATIN


def _english(recipe: Recipe):
    # Lower-case entries only: capitalised ones are names and abbreviations.
    words = set()
    used = []
    for package, path in zip(recipe.packages, recipe.paths):
        words |= sources.read_word_list(path, "utf-8", r"[a-zß-öø-ÿœ]+")
        used.append(sources.debian_source(package, path))
    return words, {}, used


def _hunspell(recipe: Recipe):
    from .hunspell import Hunspell, conjugated

    aff, dic = recipe.paths
    dictionary = Hunspell(aff, dic)
    analyses: dict[str, list[bool]] = {}
    for form, tags in dictionary.forms():
        # Lower-case initial: capitalised forms are names; digits and dots are not words.
        if form[:1].islower() and all(ch.isalpha() or ch in "-'’" for ch in form):
            analyses.setdefault(form, []).append(conjugated(tags))
    flags = {"conj": {w for w, conj in analyses.items() if all(conj)}} \
        if recipe.lang == "fr" else {}
    used = [sources.debian_source(recipe.packages[0], dic)]
    return set(analyses), flags, used


def _word_list(encoding: str, keep: str):
    def read(recipe: Recipe):
        path = recipe.paths[0]
        words = sources.read_word_list(path, encoding, keep)
        return words, {}, [sources.debian_source(recipe.packages[0], path)]
    return read


RECIPES = {
    "en": Recipe(
        "en", _english, shipped="full", curated="en",
        packages=("wamerican-huge", "wbritish-huge"),
        paths=("/usr/share/dict/american-english-huge", "/usr/share/dict/british-english-huge"),
        licence="SCOWL word lists: permissive (Kevin Atkinson and others, see "
                "lexicons/README.md); frequencies: " + WORDFREQ_LICENCE),
    "fr": Recipe(
        "fr", _hunspell, packages=("hunspell-fr",),
        paths=("/usr/share/hunspell/fr.aff", "/usr/share/hunspell/fr.dic"),
        licence="Dicollecte French dictionary (hunspell-fr): MPL 2.0; frequencies: "
                + WORDFREQ_LICENCE),
    "es": Recipe(
        "es", _hunspell, packages=("hunspell-es",),
        paths=("/usr/share/hunspell/es_ES.aff", "/usr/share/hunspell/es_ES.dic"),
        licence="RLA-ES Spanish dictionary (hunspell-es): MPL 1.1 / GPL 3 / LGPL 3; "
                "frequencies: " + WORDFREQ_LICENCE),
    "de": Recipe(
        "de", _word_list("utf-8", r"[A-ZÄÖÜ]?[a-zäöüß]+"), packages=("wngerman",),
        paths=("/usr/share/dict/ngerman",),
        licence="German word list of Björn Jacke (wngerman): GPL 2 or later; frequencies: "
                + WORDFREQ_LICENCE),
    "nb": Recipe(
        "nb", _word_list("latin-1", r"[a-zæøåéèêóòôü][a-zæøåéèêóòôü-]*"),
        packages=("wnorwegian",), paths=("/usr/share/dict/bokmaal",),
        licence="Norwegian Bokmål word list of the Norwegian spell-checking project "
                "(wnorwegian): GPL 2; frequencies: " + WORDFREQ_LICENCE),
}


def build(lang: str = "en", source: str = "dict", min_zipf: float | None = None,
          common_zipf: float = COMMON_ZIPF, progress: Progress = no_progress) -> bytes:
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
    words, flags, used = recipe.read(recipe)
    if recipe.curated:
        base = resources.files("lexicons") / recipe.curated
        allow = sources.read_curated(base / "allow.txt")
        deny = sources.read_curated(base / "deny.txt")
        words = (words | allow) - deny
        used.append({"name": f"lexicons/{recipe.curated}/allow.txt", "words": len(allow),
                     "kind": "allow list"})
        used.append({"name": f"lexicons/{recipe.curated}/deny.txt", "words": len(deny),
                     "kind": "deny list"})
    frequencies = sources.wordfreq_zipf(recipe.lang)
    # wordfreq lists lower-case forms; German nouns keep their capital in the lexicon.
    zipf = {w: frequencies.get(w, frequencies.get(w.lower(), 0.0)) for w in words}
    used.append({"name": "wordfreq", "version": sources.wordfreq_version(), "list": "large",
                 "kind": "frequency"})
    if min_zipf is not None:
        words = {w for w in words if zipf[w] >= min_zipf}
    write = assemble if recipe.shipped == "full" else compact
    # A compact file says how many words each of its variants makes ("de-umlaut" keeps the
    # umlauts that "de" folds), so that `lexicon info` need not expand it to count them.
    kwargs = {"progress": progress} if write is assemble else {
        "alphabets": [letters for base, letters in VARIANTS.values() if base == recipe.lang]}
    return write(recipe.lang, recipe.letters, sorted(words), zipf, used, recipe.licence,
                 {"min_zipf": min_zipf}, common_zipf, flags, **kwargs)


def _build_from_wordfreq(lang: str, min_zipf: float, common_zipf, progress) -> bytes:
    zipf = sources.wordfreq_zipf(lang)
    words = [w for w, z in zipf.items() if z >= min_zipf]
    letters = letters_for(lang) or sources.derive_letters(words)
    used = [{"name": "wordfreq", "version": sources.wordfreq_version(), "list": "large",
             "kind": "frequency and validity"}]
    return assemble(lang, letters, words, zipf, used, WORDFREQ_LICENCE, {"min_zipf": min_zipf},
                    common_zipf, progress=progress)
