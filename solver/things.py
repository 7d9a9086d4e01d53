"""Reading a Thing card: its parts, the category each maps to, and what wordref cannot check.

A card is read, not just matched. `read(layers, text)` returns a `Reading`: one `Part` per
category the card names.

- A whole Thing that a pack names ("Ice cream flavours", "things you wear") is one sure part.
- A union ("Reptiles or amphibians", "Jobs/Occupations", "US or Australian states") is one part
  per piece; a piece borrows the words its neighbours share ("US" + "states").
- A name form ("city names", "names of rivers") is the category it names; so are "Kitchen
  things", "Wallet items" (things in a kitchen, a wallet), "Medicine cabinet" (the things in
  it), "Clothing items" (clothing), "Fairy tale figures" (characters), "things that have X".
- A card that reaches its category by a looser alias than the category's own name ("Car
  brands": Car makes) is read with how="alias"; redyellow.py rejects a non-member of such a part
  only when a disjoint category holds it. "Famous animals" on a list of kinds is a loose
  restriction (Lassie is no kind); "Type of restaurant" on a list of brands or of people's
  names the reverse (how="kinds"): a diner, not a chain; a sprinter, not Usain Bolt.
- A restriction ("green vegetables", "animals with four legs", "countries that no longer exist")
  is its head category with the modifier kept as `restriction`: members of the head cannot be
  told apart, non-members are surely not it.
- A card no part of which is sure is read again with its misspelled words put right
  ("Thigns" -> "things", `respelled`); the parts then show the words as respelled.
- Anything else is a guess by shared words (below the sure line) or unknown.

`layers`: category lexicons searched in order, a table's own packs before the built-in one (a
table's Thing wins over a built-in reading). Start at `read`; redyellow.py turns it into verdicts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from .categories import Categories, Category
from .phrases import phrase_key, singulars
from .places import place_note
from .thingkeys import named_words, thing_key

SURE = 0.8  # a part read with less confidence than this never makes a verdict true or false

# Words that open a restricting clause after a head: "animals with four legs".
CLAUSE_WORDS = {"with", "that", "which", "who", "in", "on", "at", "from", "of", "made", "found",
                "you", "for", "without", "played", "used", "by", "under", "over", "whose",
                "beginning", "starting", "ending", "to", "not", "than", "where", "when",
                # a verb that governs the head: "Contains nuts" are foods, not nuts
                "contains", "containing", "contain", "has", "having", "using", "uses"}
# Words before a head that do not restrict it.
NEUTRAL_WORDS = {"famous", "popular", "common", "well", "known", "kinds", "types", "good",
                 "great", "favorite", "best", "all", "real", "names", "name", "methods",
                 "modes", "means", "forms", "terms", "of", "pieces", "articles", "items",
                 "piece", "mode", "unit", "units"}
# Words that name a category only in one sense, never a head to restrict: "Street names",
# "People who do dangerous jobs", "Dishes made from pasta".
NOT_HEADS = {"names", "name", "people", "person", "dishes", "things", "words", "places", "stuff",
             "items", "objects", "ones", "types", "kinds"}
# Modifiers after which a thing may not be a member of the head at all ("countries that no
# longer exist", "animals in books", "fictional animals", "murder weapons": a rope): non-members
# are not rejected either.
NOT_SUBSETS = {"no", "longer", "former", "formerly", "extinct", "fictional", "fake", "imaginary",
               "toy", "toys", "stuffed", "cartoon", "cartoons", "famous", "dead", "ancient",
               "historical", "mythical", "legendary", "past", "books", "book", "movies", "movie",
               "films", "film", "tv", "television", "shows", "stories", "story", "fiction",
               "songs", "ads", "advertise", "advertising", "commercials", "games", "game",
               "myths", "legends", "bible", "history", "made", "shaped", "like", "look", "looks",
               "sound", "sounds", "named", "called", "pretend", "dream", "dreams", "imagined",
               "fantasy", "magic", "magical", "video", "comic", "comics", "anime", "disney",
               "characters", "character", "costume", "costumes", "plastic", "chocolate", "murder"}
_PEOPLE = {"female", "male", "women", "men", "woman", "man", "girls", "boys", "ladies"}
_UNION = re.compile(r"\s*/\s*|\s+or\s+|\s+and\s+|\s*,\s*|\s*&\s*|\s+and/or\s+", re.I)


@dataclass(frozen=True)
class Part:
    """One category a Thing names, how it was read, and what of it cannot be checked."""

    text: str  # the words of the card this part stands for
    category: Category | None
    confidence: float
    source: Categories | None = None  # the lexicon that holds the category
    restriction: str | None = None  # words that narrow the category and are not checked
    how: str = "name"  # name, union, name form, restriction, narrower, guess, pattern...
    pattern: tuple | None = None  # a spelling rule ("words ending in N"): (kind, value)

    @property
    def sure(self) -> bool:
        """Return whether the category is known (whatever the restriction)."""
        return self.category is not None and self.confidence >= SURE

    @property
    def certain(self) -> bool:
        """Return whether every member of the category is what this part names."""
        return self.sure and self.restriction is None

    @property
    def open(self) -> bool:
        """Return whether the part names more than its category lists: an open category, or
        a descriptive Thing ("Things that float", "Items in a garden") that reaches a list of
        kinds (boats, plants) only by an alias. A cork floats, a rake is in a garden: their
        members are accepted, anything else is for the table."""
        return self.category is not None and (self.category.open
                                              or self.how == "descriptive alias")

    @property
    def closed(self) -> bool:
        """Return whether a non-member of the category (or of its head) is surely not it."""
        return self.sure and not self.open and self.how not in ("loose restriction", "kinds")

    @property
    def head(self) -> Category | None:
        """Return the category a non-member must be outside of to be rejected."""
        if self.category is not None and self.category.within and self.source is not None:
            return self.source.get(self.category.within) or None
        return None

    def to_json(self) -> dict:
        """Return {"text", "category", "name", "confidence", "how", "restriction"}."""
        c = self.category
        if self.pattern is not None:
            return {"text": self.text, "category": None, "name": None, "confidence": 1.0,
                    "how": "pattern", "pattern": list(self.pattern), "restriction": None,
                    "open": False, "within": None, "table": False}
        return {"text": self.text, "category": c.id if c else None, "name": c.name if c else None,
                "confidence": self.confidence, "how": self.how, "restriction": self.restriction,
                "open": self.open, "within": c.within if c else None,
                "table": bool(self.source is not None and self.source.table)}

    def describe(self) -> str:
        """Return the part as a person reads it: "vegetables, 'green' not checked"."""
        if self.pattern is not None:
            return f"{self.text!r}: any English word that {describe_pattern(self.pattern)}"
        if self.category is None:
            return f"{self.text!r}: not understood"
        out = f"{self.text!r}: {self.category.name}"
        if self.confidence < 1:
            out += f" (a guess, confidence {self.confidence:.2f})" if not self.sure else \
                f" (confidence {self.confidence:.2f})"
        if self.restriction:
            out += place_note(self)
        if self.category.within:
            out += f" (within {self.category.within.replace('_', ' ')})"
        if self.open:
            out += ", open: what it lists is accepted, anything else is for the table"
        if self.source is not None and self.source.table:
            out += " [the table's own]"
        return out


@dataclass(frozen=True)
class Reading:
    """A Thing card's text and its parts (one unless the card is a union)."""

    thing: str
    parts: tuple[Part, ...]

    @property
    def category(self) -> Category | None:
        """Return the single sure category of the card, or None (kept for older callers)."""
        if len(self.parts) == 1 and self.parts[0].sure:
            return self.parts[0].category
        return None

    @property
    def confidence(self) -> float:
        """Return the confidence of the least sure part."""
        return min(p.confidence for p in self.parts)

    # A Reading is kept while its Thing is on the table and asked about at every shout, so what
    # the verbs need of it is worked out once: any() 3.9 us -> 1.5 us, cached, not rebuilt.

    @cached_property
    def complete(self) -> bool:
        """Return whether every answer the Thing admits is a member of a certain part (not so
        for a curated subset: a food "Spicy foods" does not list may still be spicy)."""
        return all(p.certain and not p.open and not p.category.within for p in self.parts)

    @cached_property
    def _certain(self) -> tuple[Part, ...]:
        seen, out = set(), []
        for p in self.parts:
            if p.certain and (id(p.source), p.category.number) not in seen:
                seen.add((id(p.source), p.category.number))
                out.append(p)
        return tuple(out)

    @cached_property
    def single(self) -> Part | None:
        """Return the one part of a complete one-category reading (the common case), or None."""
        return self.parts[0] if len(self.parts) == 1 and self.complete else None

    def certain_parts(self) -> tuple[Part, ...]:
        """Return the parts whose every member is an answer, without repeats."""
        return self._certain

    @cached_property
    def _json(self) -> dict:
        return {"thing": self.thing, "parts": [p.to_json() for p in self.parts],
                "complete": self.complete}

    def to_json(self) -> dict:
        """Return {"thing", "parts": [...], "complete"} (one dict, kept: do not change it)."""
        return self._json

    @cached_property
    def _summary(self) -> dict | None:
        if len(self.parts) != 1 or self.parts[0].category is None:
            return None
        p = self.parts[0]
        return {"id": p.category.id, "name": p.category.name, "confidence": p.confidence}

    def summary(self) -> dict | None:
        """Return {"id", "name", "confidence"} of a one-part reading, None otherwise (kept)."""
        return self._summary

    def describe(self) -> str:
        """Return every part on its own line, as `wordref things explain` prints it."""
        lines = [f"{self.thing}: " + ("every answer can be checked" if self.complete else
                                       "some answers are for the table to decide")]
        lines += ["  " + p.describe() for p in self.parts]
        return "\n".join(lines)


_HAVE = re.compile(r"\b(?:that|which) (?:have|has)\b", re.I)
# "Past or present, name a famous magician": any time, no union of the past and a present (gift)
_ANY_TIME = re.compile(r"[,(]?\s*\b(?:past or present|present or past|living or dead|dead or "
                       r"alive|alive or dead)\b\s*[,)]?", re.I)
# "that are black and white", "that lives on both land and water": both at once, no union
_BOTH = re.compile(r"\b(?:that|which|who)\s+(?:are|is)\s+[a-z-]+\s+and\s+[a-z-]+\s*$"
                   r"|\bboth\s+[a-z-]+\s+and\b", re.I)


def read(layers: list[Categories], thing: str) -> Reading:
    """Return how a Thing card's text is read against `layers` (searched in order)."""
    text = (_ANY_TIME.sub(" ", thing).strip() or thing) if " or " in thing.lower() else thing
    whole = _exact(layers, text)
    if whole is None and _HAVE.search(text):
        whole = _exact(layers, _HAVE.sub("with", text))  # "things that have stripes"
    if whole is not None:
        return Reading(thing, (whole,))
    pieces = [p for p in _UNION.split(text) if phrase_key(p)]
    if len(pieces) > 1 and not _BOTH.search(text):  # "that are black and white": both
        parts = tuple(_piece(layers, pieces, i) for i in range(len(pieces)))
        if any(p.sure for p in parts):
            return Reading(thing, parts)
    part = _one(layers, text)
    if not part.sure and part.pattern is None:
        fixed = respelled(layers, text)
        if fixed is not None:
            again = read(layers, fixed)
            if any(p.sure for p in again.parts):
                return Reading(thing, again.parts)  # the parts show the words as respelled
    return Reading(thing, (part,))


_WORD = re.compile(r"[A-Za-z]+")


def respelled(layers: list[Categories], thing: str) -> str | None:
    """Return the card with its misspelled words put right ("Footware" -> "footwear",
    "Thigns" -> "things"), or None when none is: a word is put right only when it is no
    English word, has five letters or more, and exactly one word that Thing keys are made of
    is one letter away (one added, dropped, changed, or two swapped)."""
    from .lexicon import Lexicon

    words = frozenset().union(*(cats.thing_words() for cats in layers))
    english = None
    out, changed, at = [], False, 0
    for found in _WORD.finditer(thing):
        word = found.group().lower()
        if len(word) < 5 or word in words:
            continue
        english = english or Lexicon.open("en")
        if word in english:
            continue
        near = {w for w in _one_letter_away(word) if w in words}
        if len(near) == 1:
            out += [thing[at:found.start()], near.pop()]
            at, changed = found.end(), True
    return "".join(out) + thing[at:] if changed else None


def _one_letter_away(word: str) -> set[str]:
    """Return the strings one edit from `word`: a letter dropped, swapped, changed or added."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    return ({a + b[1:] for a, b in splits if b}
            | {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
            | {a + c + b[1:] for a, b in splits if b for c in letters}
            | {a + c + b for a, b in splits for c in letters})


def _piece(layers, pieces: list[str], i: int) -> Part:
    """Return the part for piece `i` of a union, borrowing the words its neighbours share."""
    last, first = pieces[-1].split(), pieces[0].split()
    tries = []
    if i < len(pieces) - 1 and len(last) > 1:
        tries.append(f"{pieces[i]} {' '.join(last[1:])}")  # "US" or "Australian states"
    if i > 0 and len(first) > 1:
        tries.append(f"{' '.join(first[:-1])} {pieces[i]}")  # "Items in your purse/wallet"
    for text in tries:  # a loose reading stays loose: "Human or natural disasters"
        part = _one(layers, text)
        if part.sure:
            return Part(pieces[i], part.category, part.confidence, part.source, part.restriction,
                        "union" if part.how in ("name", "name form", "restriction") else part.how)
    part = _one(layers, pieces[i])
    return Part(pieces[i], part.category, part.confidence, part.source, part.restriction,
                "union" if part.how in ("name", "name form") else part.how)


def _exact(layers, text: str, how: str = "name") -> Part | None:
    """Return the part of a Thing a pack names exactly (id, name or alias), or None."""
    key = thing_key(text)
    if not key:
        return None
    for cats in layers:
        found, narrowed = cats.lookup_narrowed(key)
        if found is not None:
            if _famous_kinds(cats, found, text):
                return Part(text, found, 1.0, cats, "famous", "loose restriction")
            if _kinds_of_names(cats, found, text):
                return Part(text, found, 1.0, cats,
                            _KINDS.match(text).group(1).lower().removesuffix("s"), "kinds")
            if narrowed is not None:
                # "Religious holidays", a narrower wording of Holidays: a holiday is for the
                # table, anything else is rejected as the list's own name would reject it;
                # but a description ("Things that are frozen", of cold things) names more
                # than any list of it holds, so a non-member is judged as by an alias.
                return Part(text, found, 1.0, cats, narrowed,
                            "restriction" if found.theme == DESCRIPTIVE else "narrower")
            if how == "name" and not cats.table and not _says_name(found, key):
                how = "alias"
                words = key.split()
                if words[0] in CLAUSE_WORDS and not found.open and not (
                        (set(words) - CLAUSE_WORDS) & named_words(found.name, found.id)) or (
                        _only_the_place(cats, found, words)):
                    how = "descriptive alias"  # see Part.open and _only_the_place
            return Part(text, found, 1.0, cats, None, how)
    return None


_FAMOUS = re.compile(r"\bfamous\b", re.I)


def _famous_kinds(cats: Categories, category: Category, text: str) -> bool:
    """Return whether a card asks for famous ones of a category of kinds ("Famous animals":
    Lassie, Garfield), whose list holds kinds (dog), not the named ones the card wants (a list
    of names, landmarks or painters, is left as it is: its members are the famous ones)."""
    if category.people or not _FAMOUS.search(text) or \
            "famous" in named_words(category.name, category.id):
        return False
    return cats.lists_kinds(category)


_KINDS = re.compile(r"^\s*(?:the\s+|some\s+|an?\s+)?(types?|kinds?|sorts?|styles?)\s+of\b", re.I)
BRANDS = "Brands and companies"  # the theme of brands, chains, airlines, websites...
WORKS = "Media and works"  # the theme of movies, books, songs, bands...: a title is any phrase
DESCRIPTIVE = "Descriptive things"  # the theme of "red things", "things with wings"...
CHARACTERS = "Characters"  # the theme of fictional characters, gods, superheroes...


def _kinds_of_names(cats: Categories, category: Category, text: str) -> bool:
    """Return whether a card asks for kinds of what a list of brands, titles or people names
    ("Type of restaurant": a diner, not McDonald's; "A type of book": an atlas, not Emma;
    "Some kinds of athletes": a sprinter)."""
    return ((category.theme in (BRANDS, WORKS) or category.people) and not cats.table
            and _KINDS.match(text) is not None and not cats.lists_kinds(category))


def restriction_words(restriction: str | None) -> frozenset[str]:
    """Return the words of a restriction that could name a category ("baby" of "Baby foods"),
    leaving out the ones that only join ("that", "with", "in", ...)."""
    words = set(phrase_key(restriction or "").split()) - CLAUSE_WORDS - NEUTRAL_WORDS
    return frozenset(words | {s for w in words for s in singulars(w)})


def _only_the_place(cats: Categories, found: Category, words: list[str]) -> bool:
    """Return whether a descriptive card ("Things you see on a farm", "Things on a farm")
    names only the place of a category whose kind is a wider category of its own (Farm animals:
    Animals). Such a card asks for anything there, a barn, a tractor, a farmer, not only the
    kind the category lists, so it is read as open (see Part.open). "Things on a pizza" stays
    Pizza toppings: a topping is what is on a pizza, no wider list."""
    if words[0] not in CLAUSE_WORDS or found.open:
        return False
    name = phrase_key(found.name).split()
    if not name or set(name) & NOT_HEADS or set(words) & {name[-1], *singulars(name[-1])}:
        return False  # "Things at a carnival" is itself a mix; "Things you drink" says the kind
    kind = cats.lookup_key(thing_key(name[-1]))
    return kind is not None and kind.number != found.number


def _says_name(category: Category, key: str) -> bool:
    """Return whether a card's words (its Thing key) are the category's own name, not a looser
    alias: "Heroes" reached Superheroes and "Junk food" Snacks, lists narrower than the card."""
    said = set(key.split()) - NEUTRAL_WORDS
    return bool(said) and said <= named_words(category.name, category.id)


_NUMBERS = {"three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
            "ten": 10}
_PATTERNS = [
    (re.compile(r"^(\d+|three|four|five|six|seven|eight|nine|ten) letter words?$"), "length"),
    (re.compile(r"^words? (?:ending|that end|which end) (?:in|with) (?:the letter )?([a-z]+)$"),
     "suffix"),
    (re.compile(r"^words? (?:beginning|starting|that (?:start|begin)) with (?:the letter )?"
                r"([a-z]+)$"), "prefix"),
    (re.compile(r"^words? (?:with|containing|that have) (?:a )?double letters?$"), "double"),
    (re.compile(r"^double letters? words?$"), "double"),
    (re.compile(r"^(?:words? (?:that )?)?rhym(?:es?|ing) with ([a-z]+)$"), "rhyme"),
]
_VOWELS = "aeiouy"


def rime(word: str) -> str:
    """Return a word's ending from its first vowel on ("day" -> "ay", "light" -> "ight")."""
    for i, ch in enumerate(word):
        if ch in _VOWELS and (i or ch != "y"):
            return word[i:]
    return word


def spelling_pattern(key: str) -> tuple | None:
    """Return the spelling rule a Thing states ("words ending in n": ("suffix", "n")), or None."""
    for regex, kind in _PATTERNS:
        found = regex.match(key)
        if found:
            if kind == "double":
                return ("double", 2)
            value = found.group(1)
            if kind == "length":
                return ("length", int(value) if value.isdigit() else _NUMBERS[value])
            return (kind, value)
    return None


def fits_pattern(pattern: tuple, letters: str) -> bool:
    """Return whether a word's letters follow a spelling rule."""
    kind, value = pattern
    if kind == "length":
        return len(letters) == value
    if kind == "suffix":
        return letters.endswith(value)
    if kind == "prefix":
        return letters.startswith(value)
    if kind == "rhyme":
        # Spelled alike at the end is a rhyme; "weigh" for "day" is one too, which spelling
        # cannot tell, so a word that is not spelled alike is left to the table, not rejected.
        return letters != value and letters.endswith(rime(value))
    return any(a == b for a, b in zip(letters, letters[1:]))


def describe_pattern(pattern: tuple) -> str:
    """Return a spelling rule as a person says it: "ends in N"."""
    kind, value = pattern
    return {"length": f"has {value} letters", "suffix": f"ends in {str(value).upper()}",
            "prefix": f"starts with {str(value).upper()}",
            "rhyme": f"rhymes with {str(value).upper()}",
            "double": "has a double letter"}[kind]


def _restricted(text: str, found: Part, head: str, restriction: str | None) -> Part:
    """Return the part for a head and the words that restrict it.

    A restriction is closed (non-members of the head are surely not it) only when it narrows
    the head as the category names it ("green vegetables"; not "Australian states" for US states
    by the alias "states", nor "countries that no longer exist"), and words only people are do
    not restrict a head that is not of people ("Female stars" are not Stars in the sky)."""
    if restriction is None:
        return Part(text, found.category, 1.0, found.source, None, "name")
    category = found.category
    said = set(phrase_key(head).split())
    said |= {s for w in said for s in singulars(w)} | {w + "s" for w in said}
    # The head names the category when it says all of its name, its id, or one side of a name
    # that joins two ("Actors and actresses": "living actors" narrows the actors).
    names = [category.name, category.id.replace("_", " "), *re.split(
        r"\s+(?:and|or)\s+", category.name)]
    covered = any(set(phrase_key(n).split()) <= said for n in names if phrase_key(n))
    words = set(restriction.split())
    subset = covered and not words & NOT_SUBSETS and (category.people or not words & _PEOPLE)
    return Part(text, category, 1.0, found.source, restriction,
                "restriction" if subset else "loose restriction")


def _one(layers, text: str) -> Part:
    """Return the part for a Thing that is not a union."""
    found = _exact(layers, text)
    if found is not None:
        return found
    words = thing_key(text).split()
    if not words:
        return Part(text, None, 0.0, None, None, "unknown")
    pattern = spelling_pattern(" ".join(words))
    if pattern is not None:
        return Part(text, None, 1.0, None, None, "pattern", pattern)
    # Name forms: "city names", "a boy's name", "street names".
    if len(words) > 1 and words[-1] in ("name", "names"):
        found = _exact(layers, " ".join(words[:-1])) or \
            _exact(layers, " ".join(words[:-1]) + " names")
        if found is not None:  # an alias stays one: "TV character names" (Fictional ones)
            return Part(text, found.category, 1.0, found.source, found.restriction,
                        "name form" if found.how == "name" else found.how)
    found = _kind_of_things(layers, words) if len(words) > 1 else None
    if found is not None:
        return Part(text, found.category, 1.0, found.source, None, found.how)
    # A head with a restriction after it ("animals with four legs"), before it ("green
    # vegetables"), or both ("spicy foods from Mexico"): the longest head that a pack names.
    best = None
    for start in range(len(words)):
        if any(w in CLAUSE_WORDS for w in words[:start]):
            break  # "in a horror movie" is a place, not a kind of movie
        if start and words[start] in CLAUSE_WORDS and words[start] not in NEUTRAL_WORDS:
            continue  # "that swim" of "animals that swim" is the restriction, not a head
        for end in range(len(words), start, -1):
            if (start == 0 and end == len(words)) or (end < len(words)
                                                      and words[end] not in CLAUSE_WORDS):
                continue
            head = " ".join(words[start:end])
            if words[end:] and set(words[end:]) <= _STRANDED:
                continue  # "Things you drink from" ask for cups, not for drinks
            found = None if head in NOT_HEADS else _exact(layers, head)
            if found is None:
                continue
            before = [w for w in words[:start] if w not in NEUTRAL_WORDS]
            restriction = " ".join(before + words[end:]) or None
            if best is None or end - start > best[0]:
                best = (end - start, _restricted(text, found, head, restriction))
            break
    if best is not None:
        return best[1]
    for cats in layers:
        guess = cats.resolve(text)
        if guess.category is not None:
            return Part(text, guess.category, min(guess.confidence, SURE - 0.01), cats, None,
                        "guess")
    return Part(text, None, 0.0, None, None, "unknown")


_STRANDED = {"from", "with", "on", "in", "into", "at", "for", "under", "by", "off", "through"}
_THINGS = {"things", "items", "stuff", "objects"}
_PLACES = {"cabinet", "drawer", "kitchen", "bathroom", "bedroom", "classroom", "office", "desk",
           "purse", "wallet", "fridge", "refrigerator", "toolbox", "hospital", "zoo", "park",
           "circus", "carnival", "beach", "campsite", "suitcase", "garage", "attic", "closet",
           "machine", "ocean", "sea", "sky", "space", "room"}


def _kind_of_things(layers, words: list[str]) -> Part | None:
    """Return the part for "Kitchen things", "Wallet items" (things in or at a kitchen, a
    wallet), "Clothing items" (clothing) or "Fairy tale figures" (fairy tale characters)."""
    before = " ".join(words[:-1])
    if words[-1] in _THINGS:
        tries = [f"things in {before}", f"things at {before}", f"{before} things", before]
    elif words[-1] in _PLACES:  # a bare place names what is in it: "Medicine cabinet"
        tries = [f"things in {' '.join(words)}", f"things at {' '.join(words)}"]
    elif words[-1] == "figures":
        tries = [f"{before} characters"]
    else:
        return None
    for text in tries:
        found = None if text in NOT_HEADS else _exact(layers, text)
        if found is None or text == before and not _says_name(found.category, text):
            continue  # the bare word only as named: "Sweet things" are not Candy (sweets)
        if text == before and words[-1] in ("things", "stuff"):  # "Science things": a lab's
            return Part(text, found.category, 1.0, found.source, None, "descriptive alias")
        return found
    return None


class Shelf:
    """The category lexicons a table reads Things against: its own packs first, the built one last.

    Readings are kept (up to 4,096 Things): a Thing stays on the table for many shouts.
    """

    def __init__(self, built: Categories, tables: tuple[Categories, ...] = ()):
        self.built = built
        self.tables = tuple(tables)
        self.layers = [*self.tables, built]
        self.alphabet = built.alphabet
        self._readings: dict[str, Reading] = {}

    def read(self, thing: str) -> Reading:
        """Return the Reading of a Thing card's text."""
        found = self._readings.get(thing)
        if found is None:
            if len(self._readings) >= 4096:
                self._readings.clear()
            found = self._readings[thing] = read(self.layers, thing)
        return found

    def categories_of(self, answer: str) -> list[Category]:
        """Return the built-in categories that hold `answer`."""
        return self.built.categories_of(answer)


def shelf_of(cats: Categories | Shelf) -> Shelf:
    """Return `cats` if it is a Shelf, else the Shelf of that lexicon alone (made once)."""
    if isinstance(cats, Shelf):
        return cats
    if cats.shelf is None:
        cats.shelf = Shelf(cats)
    return cats.shelf
