"""Cards restricted by a place: "Cities in Spain", "European rivers", "Landmarks in Paris".

A list of places cannot say where each of them lies; WordNet can (lexicons/places.py). A member
of the card's list that WordNet puts in the card's place is accepted; any other member stays for
the table, for WordNet does not link every place to the places it lies in.
"""

from __future__ import annotations

from .phrases import phrase_key

PLACES = "Places and geography"  # the theme of the lists WordNet places (lexicons/places.py)

# Words that say nothing of where a place lies: "famous landmarks in Paris", "major cities".
SOFT = frozenset({"famous", "popular", "major", "recognizable", "recognisable", "well", "known",
                  "interesting", "big", "biggest", "largest", "large", "most", "best", "great",
                  "important", "notable", "some", "beautiful", "top"})
SAID_WHERE = frozenset({"in", "of", "from", "on"})


def place_of(restriction: str | None) -> str | None:
    """Return the place a restriction names ("in the south of france" is no place of one, but
    "in France", "of Asia", "European" are), as a phrase key, or None."""
    words = [w for w in phrase_key(restriction or "").split() if w not in SOFT]
    if words and words[0] in SAID_WHERE:
        words = words[1:]
    if words and words[0] == "the":
        words = words[1:]
    if not words or any(w in SAID_WHERE or w in ("that", "which", "with") for w in words):
        return None
    return " ".join(words)


def _places(part) -> list[str]:
    """Return the places a part's restriction names, if its list is one of places."""
    place = place_of(part.restriction)
    if part.source is None or part.category is None or part.category.theme != PLACES or \
            place is None:
        return []
    return part.source.places(place)


def lies_in_place(part, answer: str) -> bool:
    """Return whether WordNet puts `answer` in the place the part's restriction names (a part
    of a reading, things.Part: its list of places, restriction and category lexicon)."""
    places = _places(part)
    return bool(places) and part.source.lies_in(answer, places)


def place_note(part) -> str:
    """Return ", restricted by ..." and what the referee does with it, as `wordref things
    explain` says it."""
    if _places(part):
        return f", restricted by {part.restriction!r}, checked where WordNet says where an " \
               f"answer lies, else left to the table"
    return f", restricted by {part.restriction!r}, which wordref cannot check"
