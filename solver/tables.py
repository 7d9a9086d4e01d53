"""A table's own Things: a YAML pack in the curated packs' format, read at run time.

A table may write categories wordref does not ship ("Our cats' names", "Things in Dad's shed")
or replace a built-in reading. `table_categories(data, built)` turns a pack (the parsed YAML: a
mapping with `categories`, or a bare list of them) into a small category lexicon of its own, made
by the same writer as the shipped one (catpack.py), so every verb reads it the same way.
`things.Shelf(built, (table,))` puts it in front of the built-in lexicon: a table's Thing wins.

WordNet is not read at run time, so a table's category lists `members` and may `include`
built-in categories by id; `aliases`, `block`, `open`, `within`, `people`, `definitions` are
as in lexicons/categories/README.md.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

from .categories import Categories
from .catpack import Built, Spec, _letters, assemble_bytes
from .errors import InputError
from .phrases import phrase_key
from .thingkeys import thing_key, thing_variants

FIELDS = {"id", "name", "aliases", "members", "block", "include", "open", "within", "people",
          "definitions"}
BUILD_ONLY = {"synsets", "exclude", "instances_only", "data", "not_gaps"}
MAX_CATEGORIES = 100  # a table's pack is typed by people: more is a mistake, or an attack
MAX_MEMBERS = 2000  # members a table may list in all (included ones not counted)


def table_shelf(built: Categories, categories=None):
    """Return `built`, or a Shelf reading a table's own pack first (a YAML path, or parsed)."""
    if not categories:
        return built
    from .things import Shelf

    if isinstance(categories, (list, dict)):
        return _shelf_of_pack(built, json.dumps(categories, sort_keys=True))
    return Shelf(built, (load_table_file(categories, built),))


@lru_cache(maxsize=64)
def _shelf_of_pack(built: Categories, text: str):
    """Return the Shelf of a parsed pack, made once: a game reads it at every move (about
    2 ms to assemble a pack of a few categories)."""
    from .things import Shelf

    return Shelf(built, (table_categories(json.loads(text), built),))


def load_table_file(path, built: Categories) -> Categories:
    """Return the table's categories from a YAML file; raise InputError naming what is wrong."""
    import yaml

    try:
        with open(path, encoding="utf-8") as handle:
            data = yaml.safe_load(handle)
    except OSError as err:
        raise InputError(f"cannot read {path}: {err.strerror}") from None
    except yaml.YAMLError as err:
        raise InputError(f"{path}: not valid YAML ({err})".replace("\n", " ")) from None
    except ValueError as err:   # a NUL in the path, or bytes that are not UTF-8
        raise InputError(f"cannot read {path!r}: {err}") from None
    return table_categories(data, built, str(path))


MAX_PACK_TEXT = 100_000  # characters of a pack typed or picked on the page


def pack_from_text(text: str, name: str = "the table's categories") -> list[dict]:
    """Return the categories of a pack given as YAML text (the page's text area); raise
    InputError with one line naming what is wrong. Empty text is no pack: []."""
    import yaml

    if not text.strip():
        return []
    if len(text) > MAX_PACK_TEXT:
        raise InputError(f"{name}: longer than {MAX_PACK_TEXT:,} characters")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        problem = getattr(err, "problem", None) or "cannot be read"
        raise InputError(f"{name}: not valid YAML{where} ({problem})") from None
    if isinstance(data, dict) and "categories" in data:
        data = data["categories"]
    _specs(data, name)  # the first mistake, as one line, before any game starts
    return data


def table_categories(data, built: Categories, name: str = "the table's categories") -> Categories:
    """Return a category lexicon holding the table's categories (see the module docstring)."""
    specs = _specs(data, name)
    by_id = {s.id for s in specs}
    rows = []
    for spec in specs:
        members: dict[str, tuple[str, str | None, str]] = {}
        for text in spec.members:
            key = phrase_key(text)
            if key and _letters(text):
                members.setdefault(key, (text, spec.definitions.get(text), "table"))
        for other in spec.include:
            category = built.get(other)
            if category is None:
                if other in by_id:
                    continue  # joined below, once every table category has its own members
                raise InputError(f"{name}: {spec.id}: include {other!r} is no category")
            for key, word, definition in _built_members(built, category):
                members.setdefault(key, (word, definition, other))
        for key in {phrase_key(b) for b in spec.block}:
            members.pop(key, None)
        rows.append(Built(spec, members, []))
    own = {r.spec.id: r for r in rows}
    for row in rows:
        for other in row.spec.include:
            if other in own and other != row.spec.id:
                for key, value in own[other].members.items():
                    row.members.setdefault(key, value)
    # A `within` naming a built-in category brings a copy of it, so the table's lexicon can
    # tell a member of the head from a stranger.
    for head in sorted({s.within for s in specs if s.within and s.within not in own}):
        category = built.get(head)
        if category is None:
            raise InputError(f"{name}: within {head!r} is no category")
        rows.append(Built(Spec(pack="", id=head, name=category.name, theme=category.theme),
                          {k: (w, d, head) for k, w, d in _built_members(built, category)}, []))
    for row in rows:
        if not row.members:
            raise InputError(f"{name}: {row.spec.id}: no members")
    aliases: dict[str, int] = {}
    for number, row in enumerate(rows):
        spec = row.spec
        for text in [spec.name, spec.id.replace("_", " "), *spec.aliases] if spec.pack else []:
            key = thing_key(text)
            for variant in thing_variants(key) if key else ():
                aliases.setdefault(variant, number)

    def zipf_of(keys, display):
        # Commonness as the built-in lexicon knows it; a member it lacks ranks last.
        out = {}
        for key in keys:
            found = built.member_zipf(key)
            out[key] = round(found * 100) if found is not None else 0
        return out

    about = {"table": True, "sources": [{"name": name, "kind": "a table's own categories",
                                         "categories": len(specs)}]}
    data = assemble_bytes(rows, aliases, zipf_of, dict(built._irregular), about)
    return Categories(data, name)


def _built_members(built: Categories, category):
    """Yield (key, word, definition) of every member of a built-in category."""
    positions = range(category.size)
    keys = built.member_keys(category, positions)
    words = built.member_words(category, positions)
    for key, word in zip(keys, words):
        member = built.match(category, key)
        yield key, word, member.definition if member else None


def _specs(data, name: str) -> list[Spec]:
    """Return the table's categories as Specs; raise InputError naming the category and field."""
    if isinstance(data, dict) and "categories" in data:
        theme, data = str(data.get("theme") or "The table's own"), data["categories"]
    else:
        theme = "The table's own"
    if not isinstance(data, list) or not data:
        raise InputError(f"{name}: expected a list of categories (or a mapping with one)")
    if len(data) > MAX_CATEGORIES:
        raise InputError(f"{name}: at most {MAX_CATEGORIES} categories")
    specs, seen, total = [], set(), 0
    for number, raw in enumerate(data, 1):
        if not isinstance(raw, dict) or not str(raw.get("name") or "").strip():
            raise InputError(f"{name}: category {number} needs at least a 'name'")
        cid = str(raw.get("id") or re.sub(r"[^a-z0-9]+", "_", phrase_key(raw["name"])).strip("_"))
        where = f"{name}: {cid}"
        build_only = set(raw) & BUILD_ONLY
        if build_only:
            raise InputError(f"{where}: {', '.join(sorted(build_only))} need WordNet, which a "
                             f"table's pack cannot use: list members, or include a built-in "
                             f"category")
        unknown = set(raw) - FIELDS
        if unknown:
            raise InputError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
        lists = {}
        for key in ("aliases", "members", "block", "include"):
            value = raw.get(key) or []
            if not isinstance(value, list) or not all(isinstance(v, (str, int, float))
                                                      for v in value):
                raise InputError(f"{where}: '{key}' must be a list of strings")
            lists[key] = [str(v) for v in value]
        total += len(lists["members"])
        if total > MAX_MEMBERS:
            raise InputError(f"{name}: at most {MAX_MEMBERS} members in all")
        if not lists["members"] and not lists["include"]:
            raise InputError(f"{where}: list some members (or include a built-in category)")
        if cid in seen:
            raise InputError(f"{where}: id used twice")
        seen.add(cid)
        definitions = raw.get("definitions") or {}
        if not isinstance(definitions, dict):
            raise InputError(f"{where}: 'definitions' must map members to sentences")
        specs.append(Spec(pack=name, id=cid, name=str(raw["name"]).strip(), theme=theme,
                          open=bool(raw.get("open")), people=bool(raw.get("people")),
                          within=str(raw["within"]) if raw.get("within") else None,
                          definitions={str(k): str(v) for k, v in definitions.items()},
                          **lists))
    return specs
