"""Thing keys: a Thing card's text said one way, so that its wordings meet one alias.

"Kinds of fruit", "Name 3 fruits" and "fruit" share the key "fruit"; "things found in a desk",
"things you find in the desk" and "desk items" the key "in desk"; "These are garden tools" is
"garden tools" and "Somewhere cold" "cold places". Aliases are stored by their keys
(lexicons/categories.py), and a card is looked up by its key and the key's singular forms.
"""

from __future__ import annotations

from functools import lru_cache

from .phrases import phrase_key, phrase_singulars, singulars

# Words a Thing card wraps around its category: "kinds of", "famous", "things that are".
THING_FILLERS = (
    "kinds of", "kind of", "types of", "type of", "sorts of", "sort of", "varieties of",
    "variety of", "examples of", "names of", "name of", "things that are", "things that is",
    "something that is", "something", "things", "famous", "popular", "well known", "common",
    "different", "some", "any", "a", "an", "the", "of", "items", "stuff", "objects",
    "thing", "item",  # "Thing at a farm", "Item in a car": a card said in the singular
    "that are", "that is", "which are",
    # "Name 3 herbs", "Name a fruit", "List things with lids": a party game's prompt around a
    # Thing ("name" alone is not one: "name brands")
    "list",
    *(f"{verb} {count}" for verb in ("name", "list") for count in (
        "a", "an", "some", "any", *"123456789", "one", "two", "three", "four", "five", "six",
        "seven", "eight", "nine", "ten")),
)
_FILLER_WORDS = sorted((tuple(f.split()) for f in THING_FILLERS), key=len, reverse=True)
_FILLERS_BY_FIRST: dict[str, list[tuple[str, ...]]] = {}
for _filler in _FILLER_WORDS:  # longest first, as sorted
    _FILLERS_BY_FIRST.setdefault(_filler[0], []).append(_filler)
# "Somewhere cold", "Someone royal": the places, the people; "These are ...": a statement.
_SOME = {"somewhere": "places", "someplace": "places", "someone": "people", "somebody": "people"}
_OPENERS = frozenset({"these", *_SOME})


def thing_key(text: str) -> str:
    """Return the key of a Thing card's text: fillers dropped, the rest a phrase key."""
    words = ["you" if w == "youd" else w for w in phrase_key(text).split()]  # "you'd find"
    if words and words[0] in _OPENERS:
        words = _somewhere(_these_are(words))
    if "can" in words:  # "things you can sit on": things you sit on
        words = [w for i, w in enumerate(words) if not (w == "can" and words[i - 1:i] == ["you"])]
    while len(words) > 1:
        # Fillers by their first word: a Thing's first resolution took 13.6 us when every
        # filler was tried at every step, 9 us this way.
        for filler in _FILLERS_BY_FIRST.get(words[0], ()):
            n = len(filler)
            if len(words) > n and tuple(words[:n]) == filler:
                words = words[n:]
                break
        else:
            break
    return " ".join(_canonical_place(words))


def _somewhere(words: list[str]) -> list[str]:
    """Return "somewhere"/"someone" said as the places or the people it means: "Somewhere
    cold": cold places; "Somewhere in outer space": places in outer space; "Someone royal":
    royal people."""
    said = _SOME.get(words[0]) if len(words) > 1 else None
    if said is None:
        return words
    return [*words[1:], said] if len(words) == 2 else [said, *words[1:]]


def _these_are(words: list[str]) -> list[str]:
    """Return a Thing said as a statement, as a party game's description says it, as its plain
    name: "These are garden tools", "These things are fruits": garden tools, fruits; "These
    jobs are dangerous": dangerous jobs; "These cities are capitals": capital cities."""
    if words[:1] != ["these"] or "are" not in words[1:3] or words[-1] == "are":
        return words
    at = words.index("are")
    head, said = words[1:at], words[at + 1:]
    if head in ([], ["things"]):
        return said
    if len(said) == 1 and said[0].endswith("s") and not said[0].endswith(("ss", "ous", "us", "is")):
        said = [said[0][:-1]]  # "capitals" of cities: capital cities
    return said + head


# "found in a desk", "you find at a zoo", "on a pizza": one wording, "in desk", for Thing keys.
_PLACE_WORDS = (("you", "find", "in"), ("you", "find", "at"), ("you", "find", "on"),
                ("you", "see", "in"), ("you", "see", "at"), ("you", "see", "on"),
                ("found", "in"), ("found", "at"), ("found", "on"), ("inside",), ("at",), ("on",),
                ("in",), ("around",))
_OWNERS = {"a", "an", "the", "your", "my", "our", "his", "her", "their"}
_PLACES_BY_FIRST: dict[str, list[tuple[str, ...]]] = {}
for _lead in _PLACE_WORDS:
    _PLACES_BY_FIRST.setdefault(_lead[0], []).append(_lead)


def _canonical_place(words: list[str]) -> list[str]:
    """Return `words` with a leading place phrase said one way ("in" and no article), and the
    verb after a leading "that", "which" or "who" in the plural ("that come in pairs")."""
    for lead in _PLACES_BY_FIRST.get(words[0], ()) if words else ():
        if len(words) > len(lead) and tuple(words[:len(lead)]) == lead:
            rest = words[len(lead):]
            while len(rest) > 1 and rest[0] in _OWNERS:
                rest = rest[1:]
            return ["in", *rest]
    if len(words) > 2 and words[0] in ("that", "people") and words[1] == "you":
        return words[1:]  # "things that you wear"
    if len(words) > 2 and words[0] in ("that", "which") and words[1] == "people":
        return ["you", *words[2:]]  # "things that people read": things people read
    if len(words) > 1 and words[0] == "people" and words[1] not in ("who", "that", "with"):
        return ["you", *words[1:]]  # "things people wear"
    if len(words) > 1 and words[0] in ("that", "which", "who"):
        return [words[0], _plural_verb(words[1]), *words[2:]]  # "something that comes in pairs"
    return words


_VERBS = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go"}


def _plural_verb(word: str) -> str:
    """Return the verb of "something that flies" as "things that fly" say it."""
    if word in _VERBS:
        return _VERBS[word]
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes", "zzes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def thing_variants(key: str) -> list[str]:
    """Return `key` and the keys it would have with its last word made singular."""
    return [key, *phrase_singulars(key)]


@lru_cache(maxsize=2048)
def named_words(name: str, cid: str) -> frozenset[str]:
    """Return the words a category's name or id says, with their singulars and plurals."""
    out = set()
    for text in (name, cid.replace("_", " ")):
        words = set(thing_key(text).split()) | set(phrase_key(text).split())
        out |= words | {s for w in words for s in singulars(w)} | {w + "s" for w in words}
    return frozenset(out)
