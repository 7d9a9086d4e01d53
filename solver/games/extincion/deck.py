"""¡Extinción! decks as data: the card format, loading, validation and the bundled sample.

The publisher's card list is not public, so a deck is a file (YAML, or JSON, which YAML also
reads) that lists the Lost World cards and the Safe Environment cards; docs/extincion.md
describes the format. Start at load_deck(); sample_deck() opens the bundled sample.

A loaded Deck expands every entry's `count` into single cards numbered from 0 (Lost World) and
from 0 (Safe Environments); game states carry Deck.to_json(), so a saved game needs no file.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from pathlib import Path

from ...errors import InputError

FORMAT = 1
DIETS = ("carnivore", "herbivore", "scavenger", "piscivore", "egg_thief")
BAIT_DIETS = ("carnivore", "piscivore", "scavenger")
SKILLS = ("titan", "armoured", "gregarious", "swift_running_lizard", "clever_girl")
BASIC_SKILLS = ("titan", "armoured", "gregarious")
TYPES = ("estuary", "coast", "forest", "desert", "meadow")
EFFECTS = ("earthquake", "famine", "epidemic", "stampede", "extinction")
STARTER = "Protoceratops"
DEFAULT_COUNTER = 5
MAX_COUNT = 99

_TOP_FIELDS = ("format", "name", "notice", "counter", "lost_world", "environments")
_CARD_FIELDS = ("name", "diet", "bait", "skills", "count")
_ENV_FIELDS = ("name", "type", "needs", "effect", "count")


def extinctions_to_end(players: int) -> int:
    """Return the extinction that ends a game of `players` people (End of Game)."""
    return 5 if players >= 4 else 4 if players == 3 else 3


MIN_EXTINCTIONS = extinctions_to_end(2)


def spoken(token: str) -> str:
    """Return a canonical name as people write it: "egg_thief" -> "egg thief"."""
    return token.replace("_", " ")


@dataclass(frozen=True, slots=True)
class Card:
    """A Lost World card: a dinosaur (diet, skills), or a bait and the diet it attracts."""

    id: int
    name: str
    diet: str
    bait: bool = False
    skills: tuple[str, ...] = ()

    def to_json(self) -> dict:
        """Return the card as a JSON object."""
        return {"id": self.id, "name": self.name, "diet": self.diet, "bait": self.bait,
                "skills": list(self.skills)}


@dataclass(frozen=True, slots=True)
class Environment:
    """A Safe Environment card: its type, the feeding icons it needs, its Butterfly Effect."""

    id: int
    name: str
    type: str
    needs: tuple[str, ...]
    effect: str

    def to_json(self) -> dict:
        """Return the environment as a JSON object."""
        return {"id": self.id, "name": self.name, "type": self.type, "needs": list(self.needs),
                "effect": self.effect}


@dataclass(frozen=True)
class Deck:
    """A whole deck: Lost World cards, Safe Environments and the top of the Extinction Counter."""

    name: str
    notice: str
    counter: int
    cards: tuple[Card, ...]
    environments: tuple[Environment, ...]

    @cached_property
    def extinctions(self) -> int:
        """Return how many Safe Environments hide an Extinction! on their back."""
        return sum(env.effect == "extinction" for env in self.environments)

    @cached_property
    def starters(self) -> int:
        """Return how many Protoceratops the Lost World deck holds."""
        return sum(card.name == STARTER for card in self.cards)

    @cached_property
    def _json(self) -> dict:
        return {"name": self.name, "notice": self.notice, "counter": self.counter,
                "cards": [card.to_json() for card in self.cards],
                "environments": [env.to_json() for env in self.environments]}

    def to_json(self) -> dict:
        """Return the expanded deck as JSON data (shared, so callers must not change it)."""
        return self._json

    @classmethod
    def from_json(cls, data: dict) -> "Deck":
        """Return the deck that to_json() gave."""
        cards = tuple(Card(c["id"], c["name"], c["diet"], c["bait"], tuple(c["skills"]))
                      for c in data["cards"])
        envs = tuple(Environment(e["id"], e["name"], e["type"], tuple(e["needs"]), e["effect"])
                     for e in data["environments"])
        return cls(data["name"], data["notice"], data["counter"], cards, envs)


class DeckError(InputError):
    """A deck file that breaks the format; `problems` holds one line per fault."""

    def __init__(self, origin: str, problems: list[str]):
        shown = problems[:8]
        more = f" (and {len(problems) - len(shown)} more)" if len(problems) > len(shown) else ""
        super().__init__(f"{origin}: " + "; ".join(shown) + more)
        self.problems = problems


def load_deck(source) -> Deck:
    """Return the deck in `source`: a Deck, a path, a deck file's text, or its parsed data.

    Raise DeckError (an InputError) naming every card and field at fault.
    """
    if isinstance(source, Deck):
        return source
    if isinstance(source, dict):
        return _build(source, "deck")
    if isinstance(source, os.PathLike) or (isinstance(source, str) and _looks_like_path(source)):
        origin = os.fspath(source)
        try:
            with open(origin, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as err:
            raise InputError(f"cannot read deck file {origin!r}: {err.strerror}") from None
    elif isinstance(source, str):
        origin, text = "deck", source
    else:
        raise InputError(f"a deck is a path, a text or a mapping, not {type(source).__name__}")
    return _build(_parse(text, origin), origin)


def _looks_like_path(text: str) -> bool:
    # Deck texts span lines or open a mapping; a one-line string is taken as a file name.
    return "\n" not in text and not text.lstrip().startswith("{")


def _parse(text: str, origin: str):
    import yaml  # only deck loading needs PyYAML

    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        problem = getattr(err, "problem", None) or "cannot be parsed"
        raise InputError(f"{origin}: not valid YAML{where}: {problem}") from None


@lru_cache(maxsize=1)
def sample_deck() -> Deck:
    """Return the bundled sample deck (not the publisher's card list)."""
    resource = Path(__file__).with_name("sample-deck.yaml")
    return _build(_parse(resource.read_text(encoding="utf-8"), "sample-deck.yaml"),
                  "sample-deck.yaml")


# Validation ---------------------------------------------------------------------------------

def _build(data, origin: str) -> Deck:
    if not isinstance(data, dict):
        raise DeckError(origin, ["a deck is a mapping with fields " + ", ".join(_TOP_FIELDS)])
    problems: list[str] = []
    problems += [f"unknown field {key!r} (fields: {', '.join(_TOP_FIELDS)})"
                 for key in data if key not in _TOP_FIELDS]
    if "format" not in data:
        problems.append(f"missing field 'format' (this reader knows format {FORMAT})")
    elif data["format"] != FORMAT:
        problems.append(f"deck format {data['format']!r} is not known (this reader knows "
                        f"format {FORMAT})")
    name = _text(data.get("name", "unnamed deck"), "field 'name'", problems)
    notice = _text(data.get("notice", ""), "field 'notice'", problems)
    counter = data.get("counter", DEFAULT_COUNTER)
    if not _is_int(counter) or counter < MIN_EXTINCTIONS:
        problems.append(f"field 'counter': {counter!r} is not a whole number of at least "
                        f"{MIN_EXTINCTIONS} (the Extinction Counter's highest card)")
        counter = DEFAULT_COUNTER
    cards = _entries(data, "lost_world", _card, problems)
    sound = not problems
    envs = _entries(data, "environments", _environment, problems)
    if sound and cards and envs:
        # Only a deck whose cards all read well has diet counts worth judging environments by.
        problems += _unfillable(cards, data["environments"])
    extinctions = sum(env.effect == "extinction" for env in envs)
    if envs and extinctions < MIN_EXTINCTIONS:
        problems.append(f"the deck has {extinctions} Extinction! backs, and even a 2-player "
                        f"game only ends at the {MIN_EXTINCTIONS}rd extinction")
    if problems:
        raise DeckError(origin, problems)
    return Deck(name, notice, counter, tuple(cards), tuple(envs))


def _entries(data: dict, field: str, make, problems: list[str]) -> list:
    entries = data.get(field)
    if not isinstance(entries, list) or not entries:
        problems.append(f"field {field!r} must be a non-empty list")
        return []
    out: list = []
    for number, entry in enumerate(entries, 1):
        made = make(number, entry, problems)
        if made is not None:
            item, count = made
            out += [replace(item, id=len(out) + k) for k in range(count)]
    return out


def _label(kind: str, number: int, entry, fields, problems: list[str]) -> str | None:
    """Return how problems name this entry ("card 12 (Velociraptor)"), noting unknown fields;
    None (and a problem) if the entry is not a mapping."""
    label = f"{kind} {number}"
    if not isinstance(entry, dict):
        problems.append(f"{label}: expected a mapping with fields {', '.join(fields)}")
        return None
    if isinstance(entry.get("name"), str) and entry["name"].strip():
        label += f" ({entry['name'].strip()})"
    problems += [f"{label}: unknown field {key!r} (fields: {', '.join(fields)})"
                 for key in entry if key not in fields]
    return label


def _card(number: int, entry, problems: list[str]):
    before = len(problems)
    label = _label("card", number, entry, _CARD_FIELDS, problems)
    if label is None:
        return None
    name = _name(entry, label, problems)
    count = _count(entry, label, problems)
    skills: tuple[str, ...] = ()
    if ("diet" in entry) == ("bait" in entry):
        problems.append(f"{label}: give either 'diet' (a dinosaur) or 'bait' (the diet a bait "
                        f"attracts), not {'both' if 'diet' in entry else 'neither'}")
        diet, bait = None, False
    elif "bait" in entry:
        bait = True
        diet = _choice(entry["bait"], BAIT_DIETS, f"{label}: bait", problems,
                       why="baits exist only for carnivores, piscivores and scavengers")
        if entry.get("skills"):
            problems.append(f"{label}: skills: a bait has no skills")
    else:
        bait = False
        diet = _choice(entry["diet"], DIETS, f"{label}: diet", problems)
        skills = _skills(entry.get("skills", []), label, problems)
        if "gregarious" in skills and diet not in (None, "herbivore"):
            problems.append(f"{label}: skills: gregarious is a skill of herbivores, and this "
                            f"card is a {spoken(diet)}")
    if len(problems) > before:
        return None
    return Card(0, name, diet, bait, skills), count


def _environment(number: int, entry, problems: list[str]):
    before = len(problems)
    label = _label("environment", number, entry, _ENV_FIELDS, problems)
    if label is None:
        return None
    name = entry.get("name", "")
    if not isinstance(name, str):
        problems.append(f"{label}: name: {name!r} is not a text")
    count = _count(entry, label, problems)
    kind = _choice(entry.get("type"), TYPES, f"{label}: type", problems)
    effect = _choice(entry.get("effect"), EFFECTS, f"{label}: effect", problems)
    needs = entry.get("needs")
    icons: list[str] = []
    if not isinstance(needs, list) or not needs:
        problems.append(f"{label}: needs: expected a non-empty list of feeding icons "
                        f"({', '.join(map(spoken, DIETS))})")
    else:
        for icon in needs:
            icons.append(_choice(icon, DIETS, f"{label}: needs", problems))
    if len(problems) > before:
        return None
    return Environment(0, name.strip() or kind, kind, tuple(icons), effect), count


def _unfillable(cards: list[Card], entries: list) -> list[str]:
    """Return a fault for each environment entry that the deck's dinosaurs can never fill."""
    diets = Counter(card.diet for card in cards if not card.bait)
    problems = []
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict) or not isinstance(entry.get("needs"), list):
            continue
        needs = [_token(icon) for icon in entry["needs"]]
        if any(icon not in DIETS for icon in needs) or completable(needs, diets):
            continue
        label = f"environment {number}" + (f" ({entry['name']})" if entry.get("name") else "")
        wanted = ", ".join(f"{n} {spoken(d)}" for d, n in sorted(Counter(needs).items()))
        problems.append(f"{label}: needs: {wanted} is more than the deck's dinosaurs can "
                        f"ever fill (an Egg Thief stands in for one icon at most)")
    return problems


def completable(needs, diets: Counter) -> bool:
    """Tell whether dinosaurs of these diet counts can fill icons `needs` (one Egg Thief wild)."""
    need = Counter(needs)
    short = sum(max(0, n - diets[d]) for d, n in need.items() if d != "egg_thief")
    spare_thieves = diets["egg_thief"] - need["egg_thief"]
    return spare_thieves >= 0 and short <= min(1, spare_thieves)


# Field readers ------------------------------------------------------------------------------

def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value, label: str, problems: list[str]) -> str:
    if not isinstance(value, str):
        problems.append(f"{label}: {value!r} is not a text")
        return ""
    return value.strip()


def _name(entry: dict, label: str, problems: list[str]) -> str:
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(f"{label}: name: missing or empty")
        return ""
    return name.strip()


def _count(entry: dict, label: str, problems: list[str]) -> int:
    count = entry.get("count", 1)
    if not _is_int(count) or not 1 <= count <= MAX_COUNT:
        problems.append(f"{label}: count: {count!r} is not a whole number from 1 to {MAX_COUNT}")
        return 1
    return count


def _token(value) -> str | None:
    if not isinstance(value, str):
        return None
    return "_".join(value.strip().lower().replace("-", " ").replace("_", " ").split())


def _choice(value, allowed: tuple[str, ...], label: str, problems: list[str],
            why: str = "") -> str | None:
    token = _token(value)
    if token in allowed:
        return token
    shown = repr(value) if value is not None else "missing"
    reason = f" ({why})" if why else ""
    problems.append(f"{label} {shown} is not one of {', '.join(map(spoken, allowed))}{reason}")
    return None


def _skills(value, label: str, problems: list[str]) -> tuple[str, ...]:
    if not isinstance(value, list):
        problems.append(f"{label}: skills: expected a list (of {', '.join(map(spoken, SKILLS))})")
        return ()
    out = []
    for item in value:
        skill = _choice(item, SKILLS, f"{label}: skill", problems)
        if skill in out:
            problems.append(f"{label}: skills: {spoken(skill)} is given twice")
        elif skill:
            out.append(skill)
    return tuple(out)
