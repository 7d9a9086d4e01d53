"""The shape of every move and every game option the service accepts, per game kind.

Start with `check_move(kind, move)` and `check_options(kind, options)`: each validates a JSON
value against the typed models of that game (pydantic, strict: no string taken for a number,
no unknown field) and returns it as a plain dict, or raises BadShape, which the app answers
with 422 and one line naming the field. An engine only ever sees a move of a shape it knows:
before these models, `{"type": "pickup", "player": ["x"]}` reached Extreme Idiot's rules and
ended in a TypeError (a 500). What a well-shaped move means (whose turn, which card) is still
the engine's to judge.

MOVES and OPTIONS are keyed by the names in solver.games.KINDS; a test checks that every game
kind has both.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import (BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, TypeAdapter,
                      ValidationError, create_model)

from ..errors import InputError
from ..games import KINDS
from ..games.idiot.judge import PENALTIES
from ..verdict import MAX_TEXT  # characters of an answer or a Thing, as everywhere

Name = Annotated[StrictStr, Field(min_length=1, max_length=60)]
Text = Annotated[StrictStr, Field(max_length=MAX_TEXT)]
Card = Annotated[StrictStr, Field(min_length=1, max_length=12)]  # "10♥", "jd", "joker-r"
Id = Annotated[StrictInt, Field(ge=0, le=1_000_000)]
Row = Annotated[StrictInt, Field(ge=0, le=64)]


class BadShape(InputError):
    """A move or an option of a shape the game does not know: 422."""


class _Shape(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _model(title: str, **spec):
    return create_model(title, __base__=_Shape, **spec)


def _moves(game: str, **kinds):
    """Return the discriminated union of `game`'s moves: {type: {field: annotation, or
    (annotation, default)}}."""
    models = []
    for kind, fields in kinds.items():
        spec = {name: value if isinstance(value, tuple) else (value, ...)
                for name, value in fields.items()}
        title = game.title() + "".join(part.title() for part in kind.split("_"))
        models.append(_model(title, type=(Literal[kind], ...), **spec))
    return Annotated[Union[tuple(models)], Field(discriminator="type")]


ROUND = (Annotated[StrictInt, Field(ge=0, le=1_000_000)] | None, None)

# The moves each engine takes through POST /api/games/{id}/move (the word games' answers, taps,
# takes and stumped checks also have their own routes; overrule and undo only have theirs).
MOVES = {
    "extremis": _moves("extremis", answer={"player": Name, "word": Text, "round": ROUND},
                       tap={"player": Name}, stumped={}),
    "redyellow": _moves("redyellow", answer={"player": Name, "answer": Text, "round": ROUND},
                        take={"player": Name, "card": Literal["red", "yellow", "thing"]},
                        stumped={}),
    "idiot": _moves(
        "idiot",
        play={"player": Name,
              "cards": Union[Annotated[StrictStr, Field(min_length=1, max_length=200)],
                             Annotated[list[Card], Field(min_length=1, max_length=60)]]},
        pickup={"player": Name}, join={"player": Name}, flip={"player": Name, "row": Row},
        give={"player": Name, "to": Name, "card": Card},
        play_out={"player": Name, "card": Card},
        penalty={"player": Name, "rule": Literal[tuple(PENALTIES)],
                 "late": (StrictBool, False),
                 "rows": (Annotated[list[Row], Field(max_length=64)] | None, None)},
        **{"pass": {"player": Name}}),
    "extincion": _moves(
        "extincion",
        play={"player": Name, "card": Id, "swift": (StrictBool, False),
              "target": (Union[Id, Name, None], None)},
        discard={"player": Name, "cards": Annotated[list[Id], Field(max_length=100)]},
        draw={"player": Name},
        rescue={"player": Name, "environment": Id,
                "cards": Annotated[list[Id], Field(max_length=100)]},
        respond={"player": Name, "card": Id}, choose={"player": Name, "card": Id},
        **{"pass": {"player": Name}}),
}

# The house options each game starts with (POST /api/games "options"); the word games take
# lang, allow and ban instead.
OPTIONS = {
    "extremis": _model("ExtremisOptions"),
    "redyellow": _model("RedyellowOptions"),
    "idiot": _model(
        "IdiotOptions", decks=(Literal[1, 2], 1), voluntary_pickup=(StrictBool, True),
        unfollowed_two=(Literal["pickup", "pass"], "pickup"),
        played_out_must_fit=(StrictBool, False), late_queen_punished=(StrictBool, True),
        stalemate_repeats=(Annotated[StrictInt, Field(ge=0, le=1000)], 5)),
    "extincion": _model(
        # Over HTTP a deck is a JSON object: a string could name a file on this server.
        "ExtincionOptions", deck=(dict | None, None), beginner=(StrictBool, False),
        skills=(Literal["all", "basic", "none"], "all"), random_start=(StrictBool, False),
        ages=(Annotated[dict[Annotated[StrictStr, Field(max_length=60)],
                             Annotated[StrictInt, Field(ge=0, le=200)]],
                        Field(max_length=12)] | None, None),
        first=(Name | None, None)),
}

_MOVE_CHECKS = {game: TypeAdapter(union) for game, union in MOVES.items()}
ANY_MOVE = Union[tuple(union for union in MOVES.values())]


def check_move(game: str, move: dict) -> dict:
    """Return `move` as sent if it has the shape of a move of `game`; raise BadShape if not."""
    try:
        _MOVE_CHECKS[game].validate_python(move)
    except ValidationError as err:
        raise BadShape(f"not a move of {KINDS[game].title}: {describe(err)}") from None
    return move


def check_options(game: str, options: dict) -> dict:
    """Return the options as sent if `game` takes them; raise BadShape if not."""
    try:
        OPTIONS[game].model_validate(options)
    except ValidationError as err:
        raise BadShape(f"not an option of {KINDS[game].title}: {describe(err)}") from None
    return options


def describe(err: ValidationError) -> str:
    """Return a validation error as one line: "cards: Input should be a valid list; ..."."""
    return "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'body'}: {e['msg']}"
                     for e in err.errors()[:5])
