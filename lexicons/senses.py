"""The all-senses check of a category against WordNet: what it files under the roots, in any sense.

A category's members come from the first kind of a root's closure and the packs' supplements and
blocks; a word a player may mean in another sense ("jack", a fish; "houseplant", blocked from
Plants as too general) is then no member, and a closed Thing would reject it: a confident wrong
verdict on a word WordNet itself files there. `sense_words` returns, for one category, every
lemma WordNet files under its roots (less its excludes) in a sense people use — its first noun
sense, or a later one seen at least once in WordNet's tagged corpus (cntlist.rev) — that is not a
member. A name (a capitalised lemma: the Connecticut, a river as well as a state) counts in any
sense, for the tagged corpus seldom holds one. The build stores them beside the members
(catpack.py, section "senses"); the referee leaves such a word to the table instead of rejecting
it (redyellow.py).

Not counted: the category's own noun ("bird" is no bird to name), the words a pack lists in
`not_gaps` (left out on purpose: "queen" is a female insect), and categories of people, whose
surnames are matched on their own. `python -m lexicons.senses CATEGORY_ID` prints them.
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache

from solver.catpack import Spec
from solver.errors import InputError
from solver.phrases import phrase_key, singulars

from . import wordnet


@lru_cache(maxsize=None)
def tagged_counts(folder: str = wordnet.WORDNET_DIR) -> dict[str, dict[int, int]]:
    """Return {lemma: {noun sense number: times seen in WordNet's tagged corpus}}."""
    out: dict[str, dict[int, int]] = {}
    path = os.path.join(folder, "cntlist.rev")
    if not os.path.exists(path):
        return out
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            fields = line.split()
            if len(fields) != 3:
                continue
            lemma, _, kind = fields[0].partition("%")
            if kind.startswith("1:"):  # 1: a noun sense
                out.setdefault(lemma, {})[int(fields[1])] = int(fields[2])
    return out


def below(wn: wordnet.WordNet, names, kinds: bool = True, excluded=frozenset()) -> set[int]:
    """Return the offsets of the synsets `names` WordNet has and of all below them (not those
    in `excluded`; with `kinds` False, instances only)."""
    found: set[int] = set()
    for name in names:
        try:
            root = wn.synset(name)
        except InputError:
            continue
        found.add(root.offset)
        found.update(s.offset for s in wn.closure(root, kinds=kinds) if s.offset not in excluded)
    return found


def inside(spec: Spec, wn: wordnet.WordNet) -> set[int]:
    """Return the offsets of the category's roots and all below them, less its excludes."""
    excluded = below(wn, spec.exclude)
    return below(wn, spec.synsets, not spec.instances_only, excluded) - excluded


def sense_words(spec: Spec, members: dict, wn: wordnet.WordNet) -> list[str]:
    """Return the phrase keys WordNet files under the category in a used sense, not members."""
    if spec.people or not spec.synsets:
        return []
    under = inside(spec, wn)
    own = {phrase_key(lemma) for name in spec.synsets for lemma in _lemmas(wn, name)}
    left_out = {phrase_key(word) for word in spec.not_gaps}
    counts = tagged_counts()
    found = set()
    for offset in under:
        for lemma in wn.synsets[offset].lemmas:
            key = phrase_key(lemma)
            if not key or key in members or key in own or key in left_out:
                continue
            name = lemma.lower().replace(" ", "_")
            senses = wn.senses.get(name, [])
            if offset not in senses:
                continue
            number = senses.index(offset) + 1
            if number == 1 or counts.get(name, {}).get(number, 0) >= 1 or lemma[:1].isupper():
                found.add(key)
    return sorted(found)


def wider_aliases(spec: Spec, wn: wordnet.WordNet) -> list[str]:
    """Return the one-word aliases whose first WordNet sense lies above every root of the
    category: the card names a wider kind than the list ("Drugs" was Medicines and rejected
    marijuana; "Artists" was Painters and rejected a singer). Its own name is left out (the
    pack chose the roots for it: "Fruits" are the edible ones)."""
    roots = [wn.synset(name).offset for name in spec.synsets if _lemmas(wn, name)]
    if not roots or spec.open:
        return []
    found = []
    for alias in spec.aliases:
        words = phrase_key(alias).split()
        if len(words) != 1:
            continue
        for word in (words[0], *singulars(words[0])):
            offsets = wn.senses.get(word)
            if not offsets:
                continue
            first = offsets[0]
            if first not in roots and all(r in below(wn, [wn.name(wn.synsets[first])])
                                          for r in roots):
                found.append(f"{alias!r} ({wn.name(wn.synsets[first])})")
            break
    return found


def _lemmas(wn: wordnet.WordNet, name: str) -> list[str]:
    try:
        return wn.synset(name).lemmas
    except InputError:
        return []


def _main(argv: list[str]) -> int:
    from .categories import load_specs, collect

    if len(argv) != 1:
        print(__doc__.rsplit("\n\n", 1)[1].strip(), file=sys.stderr)
        return 2
    spec = next((s for s in load_specs() if s.id == argv[0]), None)
    if spec is None:
        print(f"no category {argv[0]!r}", file=sys.stderr)
        return 2
    wn = wordnet.load()
    for key in sense_words(spec, collect(spec, wn).members, wn):
        print(key)
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
