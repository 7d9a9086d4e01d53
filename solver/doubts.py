"""Why a non-member may still be what the card names: each test here is a reason the referee
leaves an answer to the table instead of rejecting it (redyellow._category asks them in turn,
only before a rejection): a sense WordNet files it under, a list apart from the card's, a name
no list can hold, a kind inside the card's list, a head word a member ends with, another colour.
"""

from __future__ import annotations

from .categories import Categories, Category, Member
from .phrases import phrase_key, strip_article
from .thingkeys import named_words
from .things import CHARACTERS, DESCRIPTIVE, WORKS, Shelf, restriction_words


def sense_of(part, answer: str) -> bool:
    """Return whether WordNet files `answer` under the part's category (or its head) in a
    sense people use, though no list holds it: never rejected for that (lexicons/senses.py)."""
    return any(c is not None and part.source.wordnet_sense(c, answer)
               for c in (part.category, part.head))


# A card read through a looser alias ("Heroes" reaches Superheroes) or a head with a restriction
# ("diet foods") may name more than its category lists. There a non-member is rejected only when
# every category that holds it, leaving aside those that hold half the part's own members or more
# ("animals" for birds) and the descriptive mixes ("things in a kitchen"), shares almost nothing
# with the part's (at most APART_SHARE of the smaller), and none shares much (NEAR_SHARE): a bat
# is a mammal, apart from birds; a birthday, in no list, is for the table. On the second dev set
# real answers wrongly rejected went 10 -> 2; the curated set kept its rejections.
APART_SHARE = 0.05
NEAR_SHARE = 0.10  # between the two: tells nothing either way (things in a kitchen, for foods)
ABOVE_SHARE = 0.5
_apart: dict[tuple[int, int], str] = {}


def known_apart(shelf: Shelf, part, answer: str) -> bool:
    """Return whether `answer` is known to lie outside the part's category (see above)."""
    if part.source.table:
        return True  # a table's own list is the table's word
    built, target = shelf.built, part.head or part.category
    if target.theme == WORKS:
        return False  # "Nicolas Cage movies": The Rock is a film as well as a TV star
    said = restriction_words(part.restriction)
    with_it = _found_with(built, said)
    known = False
    kind_of_target = " " + phrase_key(target.name)
    for other in built.categories_of(answer):
        if (" " + phrase_key(other.name)).endswith(kind_of_target):
            return False  # "New Zealand brands": Whittaker's is one of the candy brands
        if said & named_words(other.name, other.id):
            return False  # "Baby foods": formula is one of the baby items, which "baby" names
        if other.number in with_it:
            return False  # "Desk accessories": a desk lamp is with the desk, in an office
        if other.number == target.number or other.open or other.theme == DESCRIPTIVE:
            continue  # "hot things", "things in a kitchen" mix kinds: they tell nothing
        key = (other.number, target.number)
        found = _apart.get(key)
        if found is None:
            mine, theirs = built.member_set(other), built.member_set(target)
            shared = len(mine.keys() & theirs.keys())
            smaller = min(len(mine), len(theirs))
            found = _apart[key] = (
                "apart" if shared <= APART_SHARE * smaller else
                "above" if shared >= ABOVE_SHARE * len(theirs) else
                "near" if shared >= NEAR_SHARE * smaller else "neither")
        if found == "near":
            return False
        known = known or found == "apart"
    return known


def held_in_family(shelf: Shelf, part, answer: str) -> bool:
    """Return whether another list of the part's family holds `answer`: blood is red, so no
    green thing. Colour is no kind: a list of kinds says nothing of it (Pink Panther)."""
    return any(c.family == part.category.family and c.number != part.category.number
               for c in shelf.built.categories_of(answer))


def said_in_part(shelf: Shelf, part, answer: str) -> Member | None:
    """Return the member of a list of people or characters that a one-word answer no list holds
    begins ("Mickey" for Mickey Mouse), or None. A player says them so; a first name may also be
    someone else's, so it is left to the table. A word some list holds is judged as it is: the
    Oscar is an award, not Oscar Isaac; Queen a band, not Queen Latifah."""
    if part.source.table or not (part.category.people or part.category.theme == CHARACTERS) \
            or shelf.categories_of(answer):
        return None
    return part.source.begins(part.category, answer)


def a_name_no_list_holds(shelf: Shelf, part, answer: str) -> bool:
    """Return whether a list of names ("Girls names", "Rivers") meets an answer that no list
    holds at all: no list holds every name ("Sue" was no girl's name, the Wear no river), unless
    it is complete (the countries of South America). People, characters, titles: endless."""
    target = part.head or part.category
    if part.source.table or part.category.complete or target.complete or \
            shelf.categories_of(answer):
        return False
    return part.category.id.endswith("_names") or not (
        target.people or target.theme in (WORKS, CHARACTERS) or shelf.built.lists_kinds(target))


def kind_inside(shelf: Shelf, part, answer: str) -> Category | None:
    """Return a list that holds `answer` and lies nearly all inside the part's category
    (primates, for animals; found by the build, catpack.lists_inside), or None. Such an answer
    is a kind of what the card names that the part's own list left out ("human" was rejected
    as no animal, being one of the primates and the mammals): it is left to the table."""
    target = part.head or part.category
    if part.source.table or not target.inside:
        return None
    return next((c for c in shelf.built.categories_of(answer) if c.id in target.inside), None)


_widest_people: dict[int, Category | None] = {}


def endless(shelf: Shelf, part, answer: str) -> bool:
    """Return whether a list of people, characters or titles, which can never hold them all,
    meets a name that no list holds at all: a new film ("The Zone of Interest" was rejected as
    no movie), an actor the list lacks (Rami Malek), a film's hero (Lloyd Dobler). Such a name
    is left to the table, unless the list is complete (US presidents, Shakespeare's plays) or
    the widest list of people knows the name as someone else's (Spielberg, a filmmaker, for
    actors). A name some list holds (a city, the Mona Lisa) is judged as before, unless it is a
    title said as one that only lists of kinds hold (a_title). Only set lookups, asked before
    a rejection."""
    target = part.head or part.category
    if part.source.table or target.complete or not (
            target.people or target.theme in (WORKS, CHARACTERS)):
        return False
    held = shelf.categories_of(answer)
    if held and (target.people or target.theme == CHARACTERS or
                 not a_title(shelf, answer, held)):
        return False
    if not target.people:
        return True
    built = shelf.built
    widest = _widest_people.get(id(built), False)
    if widest is False:
        widest = _widest_people[id(built)] = max(
            (c for c in built.categories if c.people), key=lambda c: c.size, default=None)
    return widest is None or built.match(widest, answer) is None


def a_title(shelf: Shelf, answer: str, held: list[Category]) -> bool:
    """Return whether a name said as one (each word capitalised) is held only by lists of
    kinds: a film or a book may be called by any word ("Parasite", "Frozen", "Cars"). A
    title another list of titles or names holds (Friends, a TV show) is judged as before."""
    words = strip_article(answer.strip()).split()
    return bool(words) and all(w[:1].isupper() for w in words) and all(
        c.theme != WORKS and not c.people and (c.open or c.theme == DESCRIPTIVE or
                                               shelf.built.lists_kinds(c)) for c in held)


def a_named_one(shelf: Shelf, part, answer: str) -> bool:
    """Return whether a list of kinds that are given names ("Ships": the build marks it
    `named`, as WordNet files the Mayflower and the Bounty there) meets a name: an answer no
    list holds (Lusitania) or that only lists of names hold (Bismarck, a city; Queen Mary, a
    queen). A named ship is a ship, which a list of kinds cannot hold; a kind of something
    else (a car, a plane) is still rejected, and so is a word said as a word: "anchor" (a
    brand) and "road" (a book) were left to the table for "Boats and ships" and "Vehicles"
    until a name had to be said as one, each word with a capital, or be no English word."""
    target = part.head or part.category
    if part.source.table or not target.named:
        return False
    from .lexicon import Lexicon

    words = strip_article(answer.strip()).split()
    if not words or not (all(w[:1].isupper() for w in words) or (
            len(words) == 1 and words[0].lower() not in Lexicon.open("en"))):
        return False
    return all(not shelf.built.lists_kinds(c) for c in shelf.categories_of(answer)
               if c.theme != DESCRIPTIVE and not c.open)


def _found_with(built: Categories, words) -> set[int]:
    """Return the mixed categories (things in an office, in a bathroom) that hold a word of a
    restriction: "Desk accessories", "Bathroom accessories" name what goes with a desk or a
    bathroom, which may lie outside the head's list (accessories one wears), so an answer found
    in the same place as the desk is not known to be apart."""
    out = set()
    for word in words:
        for c in built.categories_of(word):
            if c.open or c.theme == DESCRIPTIVE or c.id.startswith(("things_in_", "things_at_")):
                out.add(c.number)
    return out


def member_head(shelf: Shelf, part, answer: str) -> str | None:
    """Return the last word of an answer when that word is a member of the part's category:
    "almond milk", "soy milk" are drinks as milk is, "red apple" a fruit (though one of the red
    things), which wordref cannot confirm, so it does not reject them either. An answer some
    list known apart from the part's holds (a hot dog, one of the foods, for dog breeds) is
    judged as it is."""
    words = strip_article(answer.strip()).split()
    if len(words) < 2 or part.source.table or (
            shelf.categories_of(answer) and known_apart(shelf, part, answer)):
        return None
    head = words[-1]
    return head if part.source.match(part.category, head) is not None else None
