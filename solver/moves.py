"""The shape of every move each game takes: the one declaration the CLI and the service check.

Start with `MOVES` (game kind -> move type -> field -> `Field`) and `check_move(game, move)`,
which returns the move or raises BadShape with one line naming the field. The referee checks
every move through it before an engine sees one (before this, `{"type": "pickup", "player":
["x"]}` reached Extreme Idiot's rules and ended in a TypeError); the service answers BadShape
with 422 and describes the same shapes in its OpenAPI schema (`json_schema`). What a
well-shaped move means (whose turn, which card) is still the engine's to judge.

Plain Python, no pydantic: the CLI does not need the service's dependencies.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .errors import InputError
from .games import KINDS
from .games.idiot.judge import PENALTIES


class BadShape(InputError):
    """A move of a shape its game does not know (over HTTP: 422)."""


@dataclass(frozen=True)
class Text:
    """A JSON string of `least` to `most` characters, or one of `only`."""

    least: int = 0
    most: int | None = None  # None: any length (an engine judges an answer's)
    only: tuple = ()

    def fits(self, value) -> bool:
        if not isinstance(value, str) or not (value.isascii() or _unicode(value)):
            return False
        if self.only:
            return value in self.only
        return self.least <= len(value) and (self.most is None or len(value) <= self.most)

    def said(self) -> str:
        if self.only:
            return "one of " + ", ".join(self.only)
        return "text" if self.most is None else \
            f"text of {self.least} to {self.most} characters"

    def schema(self) -> dict:
        if self.only:
            return {"type": "string", "enum": list(self.only)}
        return {"type": "string", "minLength": self.least,
                **({} if self.most is None else {"maxLength": self.most})}


def _unicode(value: str) -> bool:
    """Return whether `value` is text of Unicode characters: JSON may escape half of a UTF-16
    pair ("\\ud800") alone, which is none, and which no reply could then carry as UTF-8."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


@dataclass(frozen=True)
class Whole:
    """A JSON whole number from `least` to `most` (true and false are not numbers here)."""

    least: int
    most: int

    def fits(self, value) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and \
            self.least <= value <= self.most

    def said(self) -> str:
        return f"a whole number from {self.least} to {self.most:,}"

    def schema(self) -> dict:
        return {"type": "integer", "minimum": self.least, "maximum": self.most}


@dataclass(frozen=True)
class Flag:
    """true or false."""

    def fits(self, value) -> bool:
        return isinstance(value, bool)

    def said(self) -> str:
        return "true or false"

    def schema(self) -> dict:
        return {"type": "boolean"}


@dataclass(frozen=True)
class Null:
    """null."""

    def fits(self, value) -> bool:
        return value is None

    def said(self) -> str:
        return "null"

    def schema(self) -> dict:
        return {"type": "null"}


@dataclass(frozen=True)
class Items:
    """A JSON list of `least` to `most` items, each of shape `item`."""

    item: object
    least: int = 0
    most: int = 100

    def fits(self, value) -> bool:
        return isinstance(value, list) and self.least <= len(value) <= self.most and \
            all(map(self.item.fits, value))

    def said(self) -> str:
        return f"a list of {self.least} to {self.most} items, each {self.item.said()}"

    def schema(self) -> dict:
        return {"type": "array", "items": self.item.schema(), "minItems": self.least,
                "maxItems": self.most}


@dataclass(frozen=True)
class Either:
    """A value of any of `shapes`."""

    shapes: tuple

    def fits(self, value) -> bool:
        return any(shape.fits(value) for shape in self.shapes)

    def said(self) -> str:
        return " or ".join(shape.said() for shape in self.shapes)

    def schema(self) -> dict:
        return {"anyOf": [shape.schema() for shape in self.shapes]}


@dataclass(frozen=True)
class MayOmit:
    """A field a move may leave out (the engine then takes its default)."""

    shape: object


NAME = Text(1, 60)
# An answer of any length is a move: one over MAX_TEXT characters is judged invalid input
# (verdict.too_long), before any search, by the engine, as in the CLI's other verbs.
WORDS = Text()
CARD = Text(1, 12)  # "10♥", "jd", "joker-r"
ID = Whole(0, 1_000_000)  # a card of ¡Extinción!, by its number in the deck
ROW = Whole(0, 64)
ROUND = MayOmit(Either((Whole(0, 1_000_000), Null())))
PLAYER = {"player": NAME}

# Each game's moves, as the engines read them. overrule and undo rewrite a game's past, and
# check decides whether the table sees the word games' stumped check (docs/public.md): they
# are REFEREE_MOVES (over HTTP they need the referee token and have their own routes).
MOVES = {
    "extremis": {
        "answer": {**PLAYER, "word": WORDS, "round": ROUND}, "tap": PLAYER, "stumped": {},
        "overrule": {"accept": Flag()}, "check": {"show": Flag()}},
    "redyellow": {
        "answer": {**PLAYER, "answer": WORDS, "round": ROUND},
        "take": {**PLAYER, "card": Text(only=("red", "yellow", "thing"))}, "stumped": {},
        "overrule": {"accept": Flag()}, "check": {"show": Flag()}},
    "idiot": {
        "play": {**PLAYER, "cards": Either((Text(1, 200), Items(CARD, 1, 60)))},
        "pickup": PLAYER, "join": PLAYER, "flip": {**PLAYER, "row": ROW},
        "give": {**PLAYER, "to": NAME, "card": CARD}, "play_out": {**PLAYER, "card": CARD},
        "penalty": {**PLAYER, "rule": Text(only=tuple(PENALTIES)), "late": MayOmit(Flag()),
                    "rows": MayOmit(Either((Items(ROW, 0, 64), Null())))},
        "pass": PLAYER},
    "extincion": {
        "play": {**PLAYER, "card": ID, "swift": MayOmit(Flag()),
                 "target": MayOmit(Either((ID, NAME, Null())))},
        "discard": {**PLAYER, "cards": Items(ID)}, "draw": PLAYER,
        "rescue": {**PLAYER, "environment": ID, "cards": Items(ID)},
        "respond": {**PLAYER, "card": ID}, "choose": {**PLAYER, "card": ID},
        "pass": PLAYER},
}
REFEREE_MOVES = ("overrule", "undo", "check")
UNDO = {"undo": {}}  # every game's: the referee takes back the latest move


def check_move(game: str, move) -> dict:
    """Return `move` if it has the shape of a move of `game`; raise BadShape (one line) if not."""
    title = KINDS[game].title
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise BadShape(f'not a move of {title}: a move is a JSON object with a "type"')
    shapes = {**MOVES[game], **UNDO}
    fields = shapes.get(move["type"])
    if fields is None:
        raise BadShape(f"not a move of {title}: field 'type' is one of {', '.join(shapes)}, "
                       f"not {shown(move['type'])}")
    for name, value in move.items():
        if name == "type":
            continue
        shape = fields.get(name)
        if shape is None:
            raise BadShape(f"not a move of {title}: a {move['type']} has no field {name!r}")
        shape = shape.shape if isinstance(shape, MayOmit) else shape
        if not shape.fits(value):
            said = (f"{shape.said()}, not {shown(value)}" if not isinstance(value, str) or
                    _unicode(value) else "not text: it holds half of a UTF-16 pair alone")
            raise BadShape(f"not a move of {title}: field {name!r} of a {move['type']} is "
                           f"{said}")
    missing = [n for n, shape in fields.items()
               if n not in move and not isinstance(shape, MayOmit)]
    if missing:
        raise BadShape(f"not a move of {title}: a {move['type']} needs the field {missing[0]!r}")
    return move


def shown(value) -> str:
    """Return a JSON value as a message shows it: at most 40 characters."""
    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= 40 else text[:37] + "..."


def json_schema(game: str | None = None, referee: bool = False) -> dict:
    """Return the JSON Schema of `game`'s moves (every game's if None), for OpenAPI; with
    `referee`, the referee's moves too (overrule, undo, check)."""
    schemas = []
    for kind in [game] if game else MOVES:
        for move_type, fields in {**MOVES[kind], **(UNDO if referee else {})}.items():
            if move_type in REFEREE_MOVES and not referee:
                continue
            properties = {"type": {"type": "string", "enum": [move_type]}}
            properties.update((name, (s.shape if isinstance(s, MayOmit) else s).schema())
                              for name, s in fields.items())
            schemas.append({
                "title": kind.title() + "".join(p.title() for p in move_type.split("_")),
                "type": "object", "properties": properties, "additionalProperties": False,
                "required": ["type"] + [n for n, s in fields.items()
                                        if not isinstance(s, MayOmit)]})
    unique = {json.dumps(s, sort_keys=True): s for s in schemas}
    return {"anyOf": list(unique.values())}
