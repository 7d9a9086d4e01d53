"""The category lexicon: hundreds of Thing categories, their members, and Thing resolution.

Built by lexicons/categories.py from WordNet and curated packs, shipped as one file
(lexicons/built/categories.wrl, the same container as the word lexicons). Start with
`Categories.open()`, then `resolve(thing_text)` and `match(category, answer)`.

Members are addressed by their phrase key (phrases.py) in one marisa-trie shared by all
categories; each category lists its members' ids split by first letter, commonest first, with a
letter index per partition (index.py), so "starts with Y and has no R" is one AND-NOT.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import marisa_trie

from . import lexfile
from .errors import InputError, LexiconError
from .index import Partition
from .letters import LATIN, Alphabet
from .paths import CATEGORIES_FILE, bundled_lexicon_dir, repair_hint, user_lexicon_dir
from .phrases import phrase_key, phrase_singulars, singulars
from .thingkeys import _FILLERS_BY_FIRST, thing_key, thing_variants

FILE_NAME = CATEGORIES_FILE

FUZZY_FLOOR = 0.5  # token overlap below this is not understood
_LINKS = frozenset({"in", "of", "a", "an", "the", "you", "that", "which", "who", "with", "and",
                    "or", "to", "for", "on", "at", "from", "by", "are", "is", "can", "your"})


@dataclass(frozen=True)
class Category:
    """One category: its number in the file, id, name, theme and size."""

    number: int
    id: str
    name: str
    theme: str
    size: int
    people: bool = False
    suffixes: tuple[str, ...] = ()  # words members often end with: "soup", "river"
    prefixes: tuple[str, ...] = ()  # words members often start with: "lake", "mount"
    open: bool = False  # the Thing names more than its members: a non-member is not rejected
    within: str | None = None  # id of the category this one restricts ("vegetables")
    inside: frozenset[str] = frozenset()  # ids of the lists of kinds nearly all inside this one
    complete: bool = False  # every member is listed (US presidents), though a list of names
    named: bool = False  # a list of kinds whose kinds have named ones (ships: the Mayflower)
    family: str | None = None  # lists that exclude each other ("colours"; lexicons/categories/)

    def to_json(self) -> dict:
        """Return {"id", "name", "members"} as `wordref things` prints it."""
        return {"id": self.id, "name": self.name, "theme": self.theme, "members": self.size}


@dataclass(frozen=True)
class Resolution:
    """What a Thing card was understood as: a category and a confidence, or unknown."""

    thing: str
    category: Category | None
    confidence: float
    matched: str | None = None

    def to_json(self) -> dict | None:
        """Return {"id", "name", "confidence"}, or None when the Thing was not understood."""
        if self.category is None:
            return None
        return {"id": self.category.id, "name": self.category.name,
                "confidence": self.confidence}


@dataclass(frozen=True)
class Member:
    """A member of a category, as matched from an answer."""

    key: str
    word: str
    zipf: float
    definition: str | None


class Categories:
    """The category lexicon, opened read-only."""

    def __init__(self, data, name: str = "categories", path: Path | None = None):
        header, sections = lexfile.unpack(data, name)
        try:
            if header.get("kind") != "categories":
                raise LexiconError(f"{name} is not a category lexicon")
            self.header = header
            self.alphabet = Alphabet(header["lang"], header.get("alphabet", LATIN))
            self.categories = [Category(i, c["id"], c["name"], c["theme"], c["size"],
                                        c.get("people", False), tuple(c.get("suffixes", ())),
                                        tuple(c.get("prefixes", ())), c.get("open", False),
                                        c.get("within"), frozenset(c.get("inside", ())),
                                        c.get("complete", False), c.get("named", False),
                                        c.get("family"))
                               for i, c in enumerate(header["categories"])]
            self._by_id = {c.id: c for c in self.categories}
            self._aliases: dict[str, int] = header["aliases"]
            self._narrower: dict[str, str] = header.get("narrower", {})
            self._irregular: dict[str, str] = header.get("irregular", {})
            self._trie = marisa_trie.Trie()
            self._trie.frombytes(bytes(sections["trie"]))
            self._surnames = marisa_trie.Trie()
            self._surnames.frombytes(bytes(sections["surnames"]))
            self._s = {k: sections[k] for k in ("display", "definitions", "bits", "catmeta",
                                                "forms")}
            self._arrays = {k: sections[k].cast(code) for k, code in (
                ("zipf", "H"), ("display_at", "I"), ("definition_of", "I"),
                ("definition_at", "I"), ("cats_at", "I"), ("cats", "H"),
                ("surname_at", "I"), ("surname_keys", "I"), ("members", "I"),
                ("shown", "I"), ("form_at", "I"), ("form_definition", "I"))}
        except (KeyError, TypeError, ValueError) as err:
            raise LexiconError(f"{name} is missing part of a category lexicon ({err})") from None
        self._senses_data = sections["senses"] if "senses" in sections else None
        self._senses: marisa_trie.Trie | None = None
        self._places_data = sections["places"] if "places" in sections else None
        self._places: marisa_trie.Trie | None = None
        self._tokens: dict[str, set[str]] | None = None
        self._said: dict[str, tuple[str, ...]] = {}
        self._cats_of: dict[str, tuple[Category, ...]] = {}
        self._kinds: dict[int, bool] = {}
        self._thing_words: frozenset[str] | None = None
        self._resolved: dict[str, Resolution] = {}
        self._catmeta: list | None = None
        self._partitions: dict[tuple[int, str], Partition | None] = {}
        self._member_sets: dict[int, frozenset] = {}
        self._doing: dict[int, bool] = {}
        self._respacings: dict[tuple[str, bool], tuple[int, ...]] = {}
        self.path = path
        self._data = data
        self.table = bool(header.get("table"))  # a table's own pack, not the built-in lexicon
        self.shelf = None  # the Shelf (things.py) that reads Things against this lexicon alone

    @classmethod
    def from_file(cls, path) -> "Categories":
        """Open the category lexicon at `path` (memory-mapped)."""
        path = Path(path)
        return cls(lexfile.map_file(path), str(path), path)

    @staticmethod
    @lru_cache(maxsize=None)
    def open() -> "Categories":
        """Return the category lexicon (the user's rebuild first, else the bundled one)."""
        found = user_lexicon_dir() / FILE_NAME
        if not found.is_file():
            found = bundled_lexicon_dir() / FILE_NAME
        try:
            if isinstance(found, Path):
                return Categories.from_file(found)
            return Categories(found.read_bytes(), FILE_NAME)
        except LexiconError as err:
            raise LexiconError(f"{err}: {repair_hint(found, None, err)}") from None

    # Categories and Things -------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.categories)

    def get(self, category_id: str) -> Category | None:
        """Return the category with this id, or None."""
        return self._by_id.get(category_id)

    def resolve(self, thing: str) -> Resolution:
        """Return the category a Thing card's text names, with a confidence from 0 to 1.

        Resolutions are kept (up to 4,096 Things): a Thing stays on the table for many shouts,
        and resolving one costs about 7 us against 0.1 us to look it up again.
        """
        found = self._resolved.get(thing)
        if found is None:
            if len(self._resolved) >= 4096:
                self._resolved.clear()
            found = self._resolved[thing] = self._resolve(thing)
        return found

    def _resolve(self, thing: str) -> Resolution:
        key = thing_key(thing)
        if not key:
            return Resolution(thing, None, 0.0)
        found = self._exact(key)
        if found is not None:
            return Resolution(thing, found[0], 1.0, found[1])
        return self._fuzzy(thing, key)

    def lookup(self, thing: str) -> Category | None:
        """Return the category whose id, name or alias is `thing` (fillers aside), or None."""
        key = thing_key(thing)
        return self.lookup_key(key) if key else None

    def thing_words(self) -> frozenset[str]:
        """Return every word a Thing key of this lexicon is made of (names, ids, aliases) and
        the fillers around them ("things", "kinds"): the words a card is spelled right in."""
        if self._thing_words is None:
            words = {w for key in self._aliases for w in key.split()}
            for c in self.categories:
                words.update(phrase_key(c.name).split())
                words.update(c.id.split("_"))
            words.update(w for fillers in _FILLERS_BY_FIRST.values() for f in fillers for w in f)
            self._thing_words = frozenset(words)
        return self._thing_words

    def lookup_key(self, key: str) -> Category | None:
        """Return the category whose id, name or alias has this Thing key (thing_key), or None."""
        found = self._exact(key)
        return found[0] if found else None

    def lookup_narrowed(self, key: str) -> tuple[Category | None, str | None]:
        """Return (the category a Thing key names, what narrows it): the narrowing when the key
        is one of the category's narrower wordings ("religious" for "religious holidays")."""
        found = self._exact(key)
        if found is None:
            return None, None
        return found[0], self._narrower.get(found[1])

    def _exact(self, key: str) -> tuple[Category, str] | None:
        by_id = self._by_id.get(key.replace(" ", "_"))
        if by_id is not None:
            return by_id, key
        for variant in thing_variants(key):
            number = self._aliases.get(variant)
            if number is not None:
                return self.categories[number], variant
        return None

    def _fuzzy(self, thing: str, key: str) -> Resolution:
        """Return the category whose alias shares the most words with `key`, if enough do."""
        if self._tokens is None:
            tokens: dict[str, set[str]] = {}
            for alias in self._aliases:
                for token in alias.split():
                    tokens.setdefault(token, set()).add(alias)
            self._tokens = tokens
        words = set()
        for word in key.split():
            words.add(word)
            words.update(singulars(word, self._irregular)[:1])
        candidates = set()
        for word in words - _LINKS:
            # An alias sharing only linking words ("in", "that", "you") is no reading of the card;
            # they were a sixth of the candidates that were scored.
            candidates |= self._tokens.get(word, set())
        best, best_score = None, 0.0
        for alias in sorted(candidates):
            alias_words = set(alias.split())
            shared = len(alias_words & words)
            # Jaccard over the thing's words (singulars counted once) and the alias's words.
            score = shared / (len(alias_words) + len(set(key.split())) - shared)
            if score > best_score:
                best, best_score = alias, score
        if best is None or best_score < FUZZY_FLOOR:
            return Resolution(thing, None, round(best_score, 2))
        return Resolution(thing, self.categories[self._aliases[best]],
                          round(0.9 * best_score, 2), best)

    def find(self, query: str | None = None) -> list[Category]:
        """Return the categories whose id, name or alias holds every word of `query`."""
        if not query:
            return list(self.categories)
        words = thing_key(query).split() or phrase_key(query).split()
        hits = set()
        names = {c.number: f"{c.id.replace('_', ' ')} {phrase_key(c.name)}"
                 for c in self.categories}
        for alias, number in self._aliases.items():
            names[number] += " " + alias
        for number, text in names.items():
            if all(w in text for w in words):
                hits.add(number)
        return [self.categories[n] for n in sorted(hits)]

    # Members --------------------------------------------------------------------------------

    def _members_of(self, category: Category) -> dict[int, int]:
        """Return {member id: id of the form the category writes it in}."""
        found = self._member_sets.get(category.number)
        if found is None:
            start = self._meta(category)["start"]
            end = start + category.size
            found = dict(zip(self._arrays["members"][start:end], self._arrays["shown"][start:end]))
            self._member_sets[category.number] = found
        return found

    def member_set(self, category: Category) -> dict[int, int]:
        """Return {member id: form id} of a category (kept; do not change it)."""
        return self._members_of(category)

    def said(self, answer: str) -> tuple[str, ...]:
        """Return the phrase key of `answer` and its singulars, () if it has no letters.

        Kept (up to 4,096 answers): a verdict looks an answer up in several categories (and in
        the WordNet senses of a category, lexicons/senses.py). Worked out at each lookup, a judge
        went from 21.0 to 26.7 us with the senses lookup; kept, 16.5 us (compare_categories.py,
        medians of 7 runs alternating with the commit before).
        """
        found = self._said.get(answer)
        if found is None:
            if len(self._said) >= 4096:
                self._said.clear()
            key = phrase_key(answer)
            found = self._said[answer] = (key, *phrase_singulars(key, self._irregular)) \
                if key else ()
        return found

    def match(self, category: Category, answer: str) -> Member | None:
        """Return the member of `category` that `answer` names (plurals, surnames), or None."""
        variants = self.said(answer)
        if not variants:
            return None
        key = variants[0]
        members = self._members_of(category)
        # A head word many members share may go unsaid: "miso" (soup), "Michigan" (Lake ...),
        # or be said where the member leaves it out: "Nicoise salad" for Nicoise.
        shortened = [f"{v} {s}" for v in variants for s in category.suffixes] + \
                    [f"{p} {v}" for v in variants for p in category.prefixes] + \
                    [v[:-len(s) - 1] for v in variants for s in category.suffixes
                     if v.endswith(f" {s}")] + \
                    [v[len(p) + 1:] for v in variants for p in category.prefixes
                     if v.startswith(f"{p} ")]
        for variant in (*variants, *shortened):
            trie_id = self._trie.get(variant)
            if trie_id is not None and trie_id in members:
                return self.member(trie_id, members[trie_id])
        # "firetruck(s)" for fire truck, "sun glasses" for sunglasses, "relax" for relaxing
        for trie_id in self._respaced(answer, variants, self._doings(category)):
            if trie_id in members:
                return self.member(trie_id, members[trie_id])
        if category.people:
            surname = self._surnames.get(key)
            if surname is not None:
                at = self._arrays["surname_at"]
                keys = self._arrays["surname_keys"][at[surname]:at[surname + 1]]
                for trie_id in keys:
                    if trie_id in members:
                        return self.member(trie_id, members[trie_id])
        return None

    def _respaced(self, answer: str, variants: tuple[str, ...], doings: bool) -> tuple[int, ...]:
        """Return the ids of the keys `answer` may be written for: as one word or two, split
        after a first part that is a key of its own (three letters or more each), as players
        write compounds either way; and, among doings, a bare verb's "-ing" forms. Kept per
        answer, as `said` is."""
        found = self._respacings.get((answer, doings))
        if found is None:
            if len(self._respacings) >= 4096:
                self._respacings.clear()
            forms = doing(variants[0]) if doings else []
            for key in variants[:2]:
                if " " in key:
                    forms += [key.replace(" ", "")] if key.count(" ") <= 2 else []
                elif 6 <= len(key) <= 24 and key.isalpha():
                    forms += [f"{p} {key[len(p):]}" for p in self._trie.prefixes(key)
                              if 3 <= len(p) <= len(key) - 3]
            found = tuple(i for i in map(self._trie.get, forms) if i is not None)
            self._respacings[(answer, doings)] = found
        return found

    def _doings(self, category: Category) -> bool:
        """Return whether most members of a category are doings ("swimming", "sleeping in")."""
        found = self._doing.get(category.number)
        if found is None:
            keys = self.member_keys(category, range(0, category.size,
                                                    max(1, category.size // 60)))
            found = self._doing[category.number] = \
                2 * sum(k.split()[0].endswith("ing") for k in keys) > len(keys)
        return found

    def wordnet_sense(self, category: Category, answer: str) -> bool:
        """Return whether WordNet files `answer` under `category` in a sense people use, though
        it is no member (lexicons/senses.py): "jack" among fish, "houseplant" among plants."""
        if self._senses is None:
            self._senses = marisa_trie.Trie()
            if self._senses_data is not None:
                self._senses.frombytes(bytes(self._senses_data))
        prefix = f"{category.number:04x} "
        return any(prefix + v in self._senses for v in self.said(answer))

    def places(self, name: str) -> list[str]:
        """Return the places a phrase key names: itself if WordNet holds a place lies there,
        else the places an adjective pertains to ("european": Europe; lexicons/places.py)."""
        found = self._place_trie()
        return [name] if f"={name}" in found else \
            [k.split("|", 1)[1] for k in found.keys(f"~{name}|")]

    def lies_in(self, answer: str, places: list[str]) -> bool:
        """Return whether WordNet puts `answer` in one of `places` (from `places`)."""
        found = self._place_trie()
        return any(f"{v}|{p}" in found for v in self.said(answer) for p in places)

    def _place_trie(self) -> marisa_trie.Trie:
        if self._places is None:
            self._places = marisa_trie.Trie()
            if self._places_data is not None:
                self._places.frombytes(bytes(self._places_data))
        return self._places

    def member_zipf(self, key: str) -> float | None:
        """Return the commonness of the member with this phrase key, or None if none has it."""
        trie_id = self._trie.get(key)
        return None if trie_id is None else self._arrays["zipf"][trie_id] / 100

    def categories_of(self, answer: str) -> tuple[Category, ...]:
        """Return every category that holds `answer` (its phrase key, or a singular of it).

        Kept (up to 4,096 answers), as `said` is: a verdict that rejects asks it up to four
        times (what the answer is instead, whether a list nearly inside the Thing's holds it).
        """
        found = self._cats_of.get(answer)
        if found is None:
            if len(self._cats_of) >= 4096:
                self._cats_of.clear()
            found = self._cats_of[answer] = self._categories_of(answer)
        return found

    def _categories_of(self, answer: str) -> tuple[Category, ...]:
        for variant in self.said(answer):
            trie_id = self._trie.get(variant)
            if trie_id is not None:
                at, cats = self._arrays["cats_at"], self._arrays["cats"]
                return tuple(self.categories[n] for n in cats[at[trie_id]:at[trie_id + 1]])
        return ()

    def begins(self, category: Category, answer: str) -> Member | None:
        """Return a member of `category` whose name starts with the one-word `answer` ("Mickey":
        Mickey Mouse), the commonest if several do, or None. Only asked before a rejection."""
        variants = self.said(answer)
        if not variants or " " in variants[0]:
            return None
        members = self._members_of(category)
        zipf = self._arrays["zipf"]
        found = [self._trie.get(k) for k in self._trie.keys(variants[0] + " ")]
        found = [i for i in found if i in members]
        if not found:
            return None
        best = max(found, key=lambda i: (zipf[i], -i))
        return self.member(best, members[best])

    def member(self, trie_id: int, form: int | None = None) -> Member:
        """Return the member with this id (written as form number `form`, if given)."""
        if form is None:
            word, definition = self.display(trie_id), self.definition(trie_id)
        else:
            word, definition = self.form(form), self._gloss(self._arrays["form_definition"][form])
        return Member(self._trie.restore_key(trie_id), word, self._arrays["zipf"][trie_id] / 100,
                      definition)

    def form(self, number: int) -> str:
        """Return a category's spelling of a member, by its number."""
        at = self._arrays["form_at"]
        return bytes(self._s["forms"][at[number]:at[number + 1]]).decode()

    def display(self, trie_id: int) -> str:
        """Return how a member is written ("New York", "butter pecan")."""
        at = self._arrays["display_at"]
        return bytes(self._s["display"][at[trie_id]:at[trie_id + 1]]).decode()

    def definition(self, trie_id: int) -> str | None:
        """Return a member's short definition (WordNet's gloss), or None."""
        return self._gloss(self._arrays["definition_of"][trie_id])

    def _gloss(self, number: int) -> str | None:
        if number == 0xFFFFFFFF:
            return None
        at = self._arrays["definition_at"]
        return bytes(self._s["definitions"][at[number]:at[number + 1]]).decode()

    # The letter index of each category ---------------------------------------------------------

    def _meta(self, category: Category) -> dict:
        if self._catmeta is None:
            self._catmeta = json.loads(bytes(self._s["catmeta"]))
        return self._catmeta[category.number]

    def partition(self, category: Category, letter: str) -> Partition | None:
        """Return the members of `category` whose first letter is `letter`, with their index."""
        key = (category.number, letter)
        if key not in self._partitions:
            meta = self._meta(category)
            found = None
            for part in meta["partitions"]:
                if part["letter"] == letter:
                    found = Partition(part, self._s["bits"], self.alphabet.letters)
                    break
            self._partitions[key] = found
        return self._partitions[key]

    def member_ids(self, category: Category, positions) -> list[int]:
        """Return the member ids at `positions` of a category's index order."""
        start = self._meta(category)["start"]
        members = self._arrays["members"]
        return [members[start + p] for p in positions]

    def member_keys(self, category: Category, positions) -> list[str]:
        """Return the phrase keys of the members at `positions` of a category's index order."""
        return [self._trie.restore_key(i) for i in self.member_ids(category, positions)]

    def member_words(self, category: Category, positions) -> list[str]:
        """Return the members at `positions` of a category's index order, as it writes them."""
        start = self._meta(category)["start"]
        shown = self._arrays["shown"]
        return [self.form(shown[start + p]) for p in positions]

    def lists_kinds(self, category: Category) -> bool:
        """Return whether a category lists kinds ("American robin"), not names ("Angel Falls")."""
        kinds = self._kinds.get(category.number)
        if kinds is None:
            # Members are stored by letter: a sample across the whole list. A name has every
            # word capitalised ("Angel Falls"); "American robin" is a kind.
            step = max(1, category.size // 60)
            words = self.member_words(category, range(0, category.size, step))
            named = sum(1 for w in words if all(part[:1].isupper() for part in w.split()))
            kinds = self._kinds[category.number] = named * 2 < len(words)
        return kinds


_VOWELS = frozenset("aeiou")
_UNDOUBLED = _VOWELS | frozenset("wxy")  # "snow" -> snowing, "fix" -> fixing


def doing(key: str) -> list[str]:
    """Return the "-ing" forms a bare verb may take as a doing: "relax" -> relaxing, "hike"
    -> hiking, "swim" -> swimming, "tie" -> tying; "sleep in" -> "sleeping in"."""
    verb, _, rest = key.partition(" ")
    if len(verb) < 2 or not verb.isalpha():
        return []
    stems = [verb]
    if verb.endswith("ie"):
        stems.append(verb[:-2] + "y")
    elif verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")):
        stems.append(verb[:-1])
    if len(verb) >= 3 and verb[-1] not in _UNDOUBLED and verb[-2] in _VOWELS and \
            verb[-3] not in _VOWELS:
        stems.append(verb + verb[-1])
    return [f"{stem}ing {rest}".rstrip() for stem in stems]


def open_categories(lang: str = "en") -> Categories:
    """Return the category lexicon of `lang`; only English has one."""
    if lang != "en":
        raise InputError(f"categories exist in English only for now (--lang {lang})")
    return Categories.open()
