"""Whole-game engines, all of one shape (base.py), and the one list of the games wordref knows.

The word games' engines are modules here (extremis.py, redyellow.py); each card game is a
package (idiot/, extincion/). `engine(name)` imports a game's engine on first use, so that the
word-game verbs never pay for the card games. Everything that lists the games (the CLI's
choices, the HTTP schema, the page's menu) reads KINDS.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

from ..errors import InputError


@dataclass(frozen=True)
class Kind:
    """A game: its name, the title people know it by, its engine module and its family."""

    name: str
    title: str
    module: str
    # "words": answers judged from a lexicon; "cards": each player holds a hand.
    family: str
    # The move field that carries a shouted answer (word games only).
    answer_field: str | None = None


KINDS = {kind.name: kind for kind in (
    Kind("extremis", "In Extremis", "solver.games.extremis", "words", "word"),
    Kind("redyellow", "Red Letter, Yellow Letter", "solver.games.redyellow", "words", "answer"),
    Kind("idiot", "Extreme Idiot", "solver.games.idiot", "cards"),
    Kind("extincion", "¡Extinción!", "solver.games.extincion", "cards"),
)}
WORD_GAMES = tuple(k for k, kind in KINDS.items() if kind.family == "words")
CARD_GAMES = tuple(k for k, kind in KINDS.items() if kind.family == "cards")


def kind(name: str) -> Kind:
    """Return the game called `name`; raise InputError for an unknown game."""
    found = KINDS.get(name)
    if found is None:
        raise InputError(f"unknown game {name!r} (games: {', '.join(KINDS)})")
    return found


def engine(name: str):
    """Return the engine module of game `name`; raise InputError for an unknown game."""
    return import_module(kind(name).module)


def status_of(state: dict) -> str:
    """Return a game state's status: "over", or what the engine says ("playing", "tap"...)."""
    if "status" in state:
        return state["status"]
    return "over" if state.get("over") or state.get("phase") == "over" else "playing"
