"""The category lexicon's container, written: categories and members in, bytes out.

The build (lexicons/categories.py) fills `Built` categories from WordNet and the curated packs and
calls `assemble_bytes`; a table's own pack (tables.py) is assembled the same way at run time,
so both open as `Categories`. Start at `assemble_bytes`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Callable, Iterable

import marisa_trie

from . import lexfile
from .index import build_index
from .letters import LATIN, Alphabet
from .phrases import phrase_key, singulars, strip_article
from .thingkeys import named_words, thing_key, thing_variants

MIN_MEMBERS = 15
ALPHABET = Alphabet("en", LATIN)


@dataclass
class Spec:
    """One category as a pack describes it."""

    pack: str
    id: str
    name: str
    aliases: list[str] = field(default_factory=list)
    # Wordings that name only a part of the list ("religious holidays" of Holidays): read as
    # the category with a restriction wordref cannot check, never as the whole of it.
    narrower: list[str] = field(default_factory=list)
    synsets: list[str] = field(default_factory=list)
    instances_only: bool = False
    exclude: list[str] = field(default_factory=list)
    members: list[str] = field(default_factory=list)
    block: list[str] = field(default_factory=list)
    people: bool = False
    definitions: dict[str, str] = field(default_factory=dict)
    data: list[str] = field(default_factory=list)
    theme: str = ""
    include: list[str] = field(default_factory=list)  # ids of categories whose members join
    open: bool = False  # the Thing names more than the members: non-members are not rejected
    within: str | None = None  # id of the category this one is a curated subset of
    not_gaps: list[str] = field(default_factory=list)  # common WordNet words left out on purpose
    complete: bool = False  # every member is listed (US presidents): not an endless list of names
    family: str | None = None  # lists that exclude each other: red things, blue things ("colours")


@dataclass
class Built:
    """A category's members: phrase key -> (display form, definition, where it came from)."""

    spec: Spec
    members: dict[str, tuple[str, str | None, str]]
    problems: list[str]
    # Phrase keys WordNet files under the category in a used sense that are not members
    # (lexicons/senses.py): the referee leaves them to the table instead of rejecting them.
    senses: set[str] = field(default_factory=set)
    # A list of kinds whose kinds have named ones (WordNet's instances: the ship Mayflower):
    # a name it cannot hold may be one of them (lexicons/categories.py, named_ones).
    named: bool = False


def _letters(display: str) -> str | None:
    """Return the letters an answer said as `display` is checked on (None if it has digits)."""
    said = strip_article(display)
    if any(ch.isdigit() for ch in said):
        return None
    letters = "".join(ch for ch in said if ch.isalpha())
    return ALPHABET.fold(letters) or None


def head_words(members, spec: Spec) -> dict[str, list[str]]:
    """Return the category's own noun where many members end or start with it ("soup", "lake").

    A player may leave it out: "miso" for "miso soup", "Michigan" for "Lake Michigan". A word
    counts when the category's name or an alias holds it, and at least 4 members (and 5 % of
    them) end (or start) with it. Only the category's own noun: "oyster" must not become a
    crustacean through "oyster crab".
    """
    named = set()
    for text in [spec.name, spec.id.replace("_", " "), *spec.aliases]:
        for word in phrase_key(text).split():
            named.add(word)
            named.update(singulars(word))
    floor = max(4, len(members) // 20)
    multi = [k.split() for k in members if " " in k]
    out = {}
    for side, at in (("suffixes", -1), ("prefixes", 0)):
        counts: dict[str, int] = {}
        for words in multi:
            counts[words[at]] = counts.get(words[at], 0) + 1
        heads = sorted(w for w, n in counts.items()
                       if n >= floor and w in named and w not in SMALL_WORDS)
        if heads:
            out[side] = heads
    return out


SMALL_WORDS = {"the", "of", "and", "de", "la", "le", "a", "an", "in", "on", "st", "san", "new"}


# Words of a narrower wording that say nothing of what narrows it ("things you hang on a wall").
_FILLERS = {"a", "an", "the", "things", "thing", "that", "are", "is", "you", "of", "and", "or",
            "which", "who", "can", "to", "stuff", "items", "kinds", "types"}


def narrowings(specs: list[Spec], aliases: dict[str, int]) -> dict[str, str]:
    """Return Thing key variant -> what narrows it, for every narrower wording of `specs`:
    its words that the category's name and id do not say ("religious" for "religious holidays"
    of Holidays; the whole wording when every word is the name's). A variant that the name or
    an alias also reaches, or that `aliases` (variant -> category number) gives to another
    category, is left out: "greens" must not narrow "green things"."""
    out = {}
    for number, spec in enumerate(specs):
        named = named_words(spec.name, spec.id)
        whole = {v for text in (spec.name, spec.id.replace("_", " "), *spec.aliases)
                 for v in thing_variants(thing_key(text))}
        for text in spec.narrower:
            key = thing_key(text)
            words = [w for w in phrase_key(text).split() if w not in named and w not in _FILLERS]
            for variant in thing_variants(key) if key else ():
                if variant not in whole and aliases.get(variant) == number:
                    out.setdefault(variant, " ".join(words) or text)
    return out


def assemble_bytes(built: list[Built], aliases: dict[str, int],
                   zipf_of: Callable[[list, dict], dict], irregular: dict[str, str],
                   about: dict, progress=None, narrower: dict[str, str] | None = None,
                   where: Iterable[str] = ()) -> bytes:
    """Return the bytes of a category lexicon holding `built` categories.

    `zipf_of(keys, display)` returns each member's zipf x 100 (its rank inside a category),
    `irregular` the plurals members are said in, `about` what the header says of the sources,
    `narrower` the alias keys that name only a part of their category (`narrowings`), `where`
    the places each place lies in (lexicons/places.py).
    """
    progress = progress or (lambda items, label: items)
    spellings: dict[str, set[str]] = {}
    definition: dict[str, str | None] = {}
    cats_of: dict[str, list[int]] = {}
    for number, b in enumerate(built):
        for key, (shown, gloss, _) in sorted(b.members.items()):
            spellings.setdefault(key, set()).add(shown)
            if definition.get(key) is None:
                definition[key] = gloss
            cats_of.setdefault(key, []).append(number)
    # Outside a category a member shows its common-noun spelling ("apple", not the company).
    display = {k: min(v, key=lambda w: (w != w.lower(), w)) for k, v in spellings.items()}
    # Inside one, the category's own spelling and gloss ("Apple" among tech companies, no fruit).
    forms = sorted({(shown, gloss or "") for b in built for shown, gloss, _ in b.members.values()})
    form_id = {form: i for i, form in enumerate(forms)}
    zipf = zipf_of(sorted(display), display)
    trie = marisa_trie.Trie(list(display))
    ids = {key: trie[key] for key in display}
    by_id = sorted(display, key=ids.__getitem__)

    glosses = sorted({gloss for _, gloss in forms if gloss})
    gloss_number = {g: i for i, g in enumerate(glosses)}

    surnames: dict[str, list[int]] = {}
    for b in built:
        if b.spec.people:
            for key in b.members:
                if " " in key:
                    surnames.setdefault(key.rsplit(" ", 1)[1], []).append(ids[key])
    surnames = {s: sorted(set(v)) for s, v in surnames.items() if s not in ids}
    surname_trie = marisa_trie.Trie(list(surnames))
    surname_by_id = sorted(surnames, key=surname_trie.__getitem__)

    members, shown, catmeta = [], [], []
    for b in progress(built, "indexing"):
        letters_of = {k: _letters(b.members[k][0]) for k in b.members}
        parts = []
        for letter in ALPHABET.letters:
            keys = sorted((k for k in b.members if letters_of[k][0] == letter),
                          key=lambda k: (-zipf[k], k))
            if keys:
                parts.append((letter, keys))
        start = len(members)
        for _, keys in parts:
            members.extend(ids[k] for k in keys)
            shown.extend(form_id[b.members[k][0], b.members[k][1] or ""] for k in keys)
        catmeta.append({"start": start, "parts": [(letter, [letters_of[k] for k in keys])
                                                  for letter, keys in parts]})
    bits, metas_all = bytearray(), []
    for meta in catmeta:
        index_parts = [(letter, keys, len(keys)) for letter, keys in meta.pop("parts")]
        metas, blob = build_index(index_parts, ALPHABET.letters, max_k=1)
        for m in metas:
            m["offset"] += len(bits)
        bits += blob
        metas_all.append({"start": meta["start"], "partitions": metas})

    inside = lists_inside(built)
    header = {
        "kind": "categories", "lang": "en", "alphabet": ALPHABET.letters,
        "categories": [{"id": b.spec.id, "name": b.spec.name, "theme": b.spec.theme,
                        "size": len(b.members), "people": b.spec.people,
                        **({"open": True} if b.spec.open else {}),
                        **({"complete": True} if b.spec.complete else {}),
                        **({"named": True} if b.named else {}),
                        **({"within": b.spec.within} if b.spec.within else {}),
                        **({"family": b.spec.family} if b.spec.family else {}),
                        **({"inside": inside[b.spec.id]} if inside.get(b.spec.id) else {}),
                        **head_words(b.members, b.spec)} for b in built],
        "aliases": aliases, "irregular": irregular,
        **({"narrower": narrower} if narrower else {}),
        "members": len(display),
        **about,
    }
    return lexfile.pack(header, {
        "trie": trie.tobytes(),
        "zipf": _u(2, (zipf[k] for k in by_id)),
        "display": b"".join(display[k].encode() for k in by_id),
        "display_at": _u(4, _offsets(len(display[k].encode()) for k in by_id)),
        "definitions": b"".join(g.encode() for g in glosses),
        "definition_at": _u(4, _offsets(len(g.encode()) for g in glosses)),
        "definition_of": _u(4, (gloss_number[definition[k]] if definition[k] else 0xFFFFFFFF
                                for k in by_id)),
        "cats": _u(2, (n for k in by_id for n in cats_of[k])),
        "cats_at": _u(4, _offsets(len(cats_of[k]) for k in by_id)),
        "surnames": surname_trie.tobytes(),
        "surname_keys": _u(4, (i for s in surname_by_id for i in surnames[s])),
        "surname_at": _u(4, _offsets(len(surnames[s]) for s in surname_by_id)),
        "members": _u(4, members),
        "shown": _u(4, shown),
        "forms": b"".join(f.encode() for f, _ in forms),
        "form_at": _u(4, _offsets(len(f.encode()) for f, _ in forms)),
        "form_definition": _u(4, (gloss_number[g] if g else 0xFFFFFFFF for _, g in forms)),
        "bits": bytes(bits),
        "catmeta": json.dumps(metas_all, separators=(",", ":"), sort_keys=True).encode(),
        "senses": marisa_trie.Trie(sense_keys(built)).tobytes(),
        "places": marisa_trie.Trie(where).tobytes(),
    })


INSIDE_SHARE = 0.97  # mammals in animals: 2,041 of 2,042; bugs in insects only 0.905 (a spider)


def lists_inside(built: list[Built]) -> dict[str, list[str]]:
    """Return, for each category, the ids of the lists of kinds nearly all inside it
    (INSIDE_SHARE of their members are its members): primates and mammals inside animals.
    The referee does not reject an answer such a list holds ("human", left out of animals but
    a mammal). Open lists and descriptive mixes are left out: they hold anything."""
    kinds = [b for b in built if not b.spec.open and b.spec.theme != "Descriptive things"]
    out: dict[str, list[str]] = {}
    for target in built:
        theirs = target.members
        found = []
        for other in kinds:
            if other is target or not other.members:
                continue
            allowed, missed = (1 - INSIDE_SHARE) * len(other.members), 0
            for key in other.members:  # most pairs share little: stop at the first miss too many
                if key not in theirs:
                    missed += 1
                    if missed > allowed:
                        break
            else:
                found.append(other.spec.id)
        if found:
            out[target.spec.id] = sorted(found)
    return out


def sense_keys(built: list[Built]) -> list[str]:
    """Return "NNNN key" for every WordNet sense word of category number NNNN (hex)."""
    return [f"{number:04x} {key}" for number, b in enumerate(built)
            for key in sorted(b.senses - b.members.keys())]


def _offsets(lengths) -> list[int]:
    out, total = [0], 0
    for n in lengths:
        total += n
        out.append(total)
    return out


def _u(size: int, values) -> bytes:
    return b"".join(v.to_bytes(size, "little") for v in values)


# The curation commands ---------------------------------------------------------------------------
