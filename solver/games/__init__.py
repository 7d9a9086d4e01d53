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


def engine(name: str):
    """Return the engine module of game `name`; raise InputError for an unknown game."""
    module = ENGINES.get(name)
    if module is None:
        raise InputError(f"unknown game {name!r} (games: {', '.join(ENGINES)})")
    return import_module(module)
