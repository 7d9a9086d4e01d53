"""The shape of every game option the service accepts, per game kind.

Start with `check_options(kind, options)`: it validates a JSON value against the typed model of
that game's options (pydantic, strict: no string taken for a number, no unknown field) and
returns it as a plain dict, or raises BadShape, which the app answers with 422 and one line
naming the field. The moves' shapes are solver/moves.py's, checked there for the CLI and the
service alike.

OPTIONS is keyed by the names in solver.games.KINDS; tests/test_moves.py checks that every game
kind has its options and its moves.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr,
                      ValidationError, create_model)

from ..games import KINDS
from ..moves import BadShape  # noqa: F401 (a move or an option of a shape unknown: 422)
from ..verdict import MAX_TEXT  # characters of an answer or a Thing, as everywhere

Name = Annotated[StrictStr, Field(min_length=1, max_length=60)]
Text = Annotated[StrictStr, Field(max_length=MAX_TEXT)]
Card = Annotated[StrictStr, Field(min_length=1, max_length=12)]  # "10♥", "jd", "joker-r"
Id = Annotated[StrictInt, Field(ge=0, le=1_000_000)]
Row = Annotated[StrictInt, Field(ge=0, le=64)]


class _Shape(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _model(title: str, **spec):
    return create_model(title, __base__=_Shape, **spec)


# The house options each game starts with (POST /api/games "options"). The word games take
# lang, allow and ban as fields of their own, and here only show_check: whether the table sees
# the stumped check (docs/public.md).
OPTIONS = {
    "extremis": _model("ExtremisOptions", show_check=(StrictBool, False)),
    "redyellow": _model("RedyellowOptions", show_check=(StrictBool, False)),
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
        first=(Name | None, None), secret_clever_girl=(StrictBool, False)),
}

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
