"""Whole-game engines: one module per game, all of one shape (see base.py).

`engine(name)` imports a game's module on first use, so that the word-game CLI verbs never pay for
the card games.
"""

from __future__ import annotations

from importlib import import_module

from ..errors import InputError

ENGINES = {
    "extremis": "solver.games.extremis",
    "redyellow": "solver.games.redyellow",
    "idiot": "solver.games.idiot",
    "extincion": "solver.games.extincion",
}
# The name people know each game by, and its family: word games are judged from a lexicon,
# card games are passed round the table (each player in turn sees their own hand).
TITLES = {"extremis": "In Extremis", "redyellow": "Red Letter, Yellow Letter",
          "idiot": "Extreme Idiot", "extincion": "¡Extinción!"}
CARD_GAMES = ("idiot", "extincion")


def status_of(state: dict) -> str:
    """Return a game state's status: "over", or what the engine says ("playing", "tap"...)."""
    if "status" in state:
        return state["status"]
    return "over" if state.get("over") or state.get("phase") == "over" else "playing"


def engine(name: str):
    """Return the engine module of game `name`; raise InputError for an unknown game."""
    module = ENGINES.get(name)
    if module is None:
        raise InputError(f"unknown game {name!r} (games: {', '.join(ENGINES)})")
    return import_module(module)
