"""Where the places are: the part-of check behind cards restricted by a place.

"Cities in Spain", "European rivers", "Capitals of Asia", "Landmarks in Paris" restrict a list
of places by where they lie, which the list alone cannot check. WordNet files a place as part of
a larger one (Tampa of Florida, Florida of the United States, the United States of North
America; the Danube of Europe and of each country it runs through). For every place list's
members, and the words WordNet files under its roots (lexicons/senses.py), the build follows
those links up and stores one "KEY|PLACE" entry per place each lies in, "=PLACE" for each place
so found, and "~ADJECTIVE|PLACE" for the adjectives that pertain to such a place ("Spanish":
Spain, "European": Europe). The referee accepts a member whose entries hold the card's place
(solver/places.py); one they do not hold stays for the table, as WordNet does not link every
place.

    python -m lexicons.places Tampa      the places WordNet puts Tampa in
"""

from __future__ import annotations

import sys

from solver.catpack import Built
from solver.phrases import phrase_key, strip_article
from solver.places import PLACES

from . import senses as all_senses
from . import wordnet

HOPS = 8  # part-of links followed up from a place: a city, its state, country, continent...
# Wider than any card means: Florida lies in "the West" (the Occident) to WordNet, but "States in
# the West" are the western United States.
VAGUE = ("west.n.01", "east.n.02", "western_hemisphere.n.01", "eastern_hemisphere.n.01",
         "northern_hemisphere.n.01", "southern_hemisphere.n.01", "old_world.n.01")


def entries(built: list[Built], wn: wordnet.WordNet) -> list[str]:
    """Return the sorted "KEY|PLACE", "=PLACE" and "~ADJECTIVE|PLACE" entries of the place
    lists."""
    found: set[str] = set()
    seen_places: set[int] = set()
    vague = {wn.synset(name).offset for name in VAGUE}
    for b in built:
        if b.spec.theme != PLACES:
            continue
        under = all_senses.inside(b.spec, wn) if b.spec.synsets else None
        words = {key: display for key, (display, _, _) in b.members.items()}
        words.update((key, key) for key in b.senses)
        for key, display in words.items():
            for sense in _senses(wn, display):
                if under is not None and sense.offset not in under:
                    continue
                for offset in _containing(wn, sense.offset) - vague:
                    seen_places.add(offset)
                    found.update(f"{key}|{place}" for place in _names(wn, offset))
    found.update(f"={place}" for offset in seen_places for place in _names(wn, offset))
    for adjective, nouns in wordnet.pertainyms(wn.folder).items():
        said = phrase_key(adjective)
        for offset in nouns:
            if offset in seen_places and said:
                found.update(f"~{said}|{place}" for place in _names(wn, offset))
    return sorted(found)


def _senses(wn: wordnet.WordNet, display: str) -> list[wordnet.Synset]:
    """Return the noun senses of a member, said with or without its article."""
    return wn.find(display.replace(" ", "_")) or \
        wn.find(strip_article(display).replace(" ", "_"))


def _containing(wn: wordnet.WordNet, offset: int) -> set[int]:
    """Return the synsets a place is part of, up to HOPS links above it."""
    found, level = set(), {offset}
    for _ in range(HOPS):
        level = {p for o in level for p in wn.synsets[o].part_of} - found
        if not level:
            break
        found |= level
    return found


def _names(wn: wordnet.WordNet, offset: int) -> set[str]:
    return {key for lemma in wn.synsets[offset].lemmas if (key := phrase_key(lemma))}


def _main(argv: list[str]) -> int:
    wn = wordnet.load()
    for word in argv:
        for sense in _senses(wn, word):
            names = sorted(min(_names(wn, o)) for o in _containing(wn, sense.offset))
            print(f"{wn.name(sense)}: {', '.join(names) or '(part of nothing)'}")
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
