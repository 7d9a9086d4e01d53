"""The shape every game engine shares, so that one store, one event log and one CLI serve all.

An engine is a module of solver/games/ that defines:

    NAME                      the game's name: "extremis", "redyellow", "idiot", "extincion"
    new(players, seed, options=None) -> state
                              a new game; `players` a list of names, `seed` an int; `options`
                              the house rules and settings chosen when the game starts
    judge(state, move) -> Verdict
                              is this move legal now, and if not, every reason, as a Verdict
                              (solver/verdict.py) whose extra may hold the paragraph of the
                              rulebook that decides it and the consequence
    apply(state, move) -> (state, events)
                              the state after the move, and what happened, as a list of event
                              dicts ({"type": "burn", ...}); raises IllegalMove (carrying the
                              verdict) for a move that judge() rejects; never changes its input
    legal_moves(state) -> list of moves
                              every move the rules allow now (where they can be listed)
    view(state) -> dict       the state as the whole table may see it (the "state" of
                              `wordref game` JSON): a seat's view adds its own hand where
                              the engine takes `view(state, player)`
    referee_view(state) -> dict                 (optional; without it the referee sees view)
                              the state with what only the referee sees besides: the word
                              games' stumped check, unless the table asked for it (the
                              option `show_check`, see `check_shown`); `view_of` below
                              picks one of the two for a reader
    public(move, events) -> (move, events)      (optional; without it all is public)
                              the move and its events as the whole table may see them: what
                              the rulebook keeps hidden (a card given face down, a card chosen
                              unseen) taken out; every public screen reads a move through
                              `public_record` below, the mover alone gets it whole

States, moves and events are plain JSON-serialisable data (dicts, lists, strings, ints, bools,
None) so that the store can save them and the event log can replay a game move by move: replaying
a game's moves through apply() from new(players, seed, options) must give its state again.

Moves are dicts with a "type" and the acting "player" where there is one, for example
{"type": "play", "player": "ann", "cards": ["9s", "9c"]}.

Engines are pure and deterministic: all chance comes from `rng(state)`, which is seeded by the
game's seed and the number of moves applied so far, never from the clock or a global generator.
"""

from __future__ import annotations

import copy
import marshal
import random

from ..errors import InputError
from ..verdict import Verdict


class IllegalMove(InputError):
    """A move the rules do not allow now; `verdict` says why."""

    def __init__(self, verdict: Verdict):
        super().__init__("; ".join(r.message for r in verdict.reasons) or "illegal move")
        self.verdict = verdict


def rng(state: dict) -> random.Random:
    """Return the random generator for the next move: seeded by (seed, moves applied so far)."""
    return random.Random(f"{state['seed']}:{state['step']}")


def copied(data):
    """Return a deep copy of JSON data (what a state is), shared parts still shared.

    A marshal round trip, in C: 13 us for an In Extremis state, where copy.deepcopy, walking
    it in Python, took 156 us, and two of them were half of a wrong answer's move over HTTP
    (benchmarks/inapp_moves.py). Anything marshal cannot write is left to copy.deepcopy.
    """
    try:
        return marshal.loads(marshal.dumps(data))
    except ValueError:
        return copy.deepcopy(data)


def check_players(players: list[str], game: str, least: int = 2) -> None:
    """Raise InputError unless there are at least `least` players, all named differently."""
    if len(players) < least:
        raise InputError(f"{game} needs at least {least} players")
    if len(set(players)) != len(players):
        raise InputError("player names must differ")


def public_record(module, move: dict, events: list[dict]) -> tuple[dict, list[dict]]:
    """Return a logged move and its events as every screen of the table may see them.

    The engine's `public` decides (see above); the referee's undo, which carries the move it
    takes back, shows that move as the engine shows it without its events (so a private card
    named only in the move stays hidden).
    """
    shown = getattr(module, "public", None)
    if shown is not None:
        move, events = shown(move, events)
    return move, [{**e, "move": public_record(module, e["move"], [])[0]}
                  if e.get("type") == "undo" and isinstance(e.get("move"), dict) else e
                  for e in events]


def view_of(module, state: dict, referee: bool = False) -> dict:
    """Return the state as the table sees it, or with `referee` as the referee does."""
    shown = getattr(module, "referee_view", None) if referee else None
    return shown(state) if shown is not None else module.view(state)


def check_shown(state: dict) -> bool:
    """Return whether the table asked to see a word game's stumped check (docs/public.md).

    It is the option `show_check`, chosen when the game starts and changed since only by the
    referee's logged move {"type": "check", "show": ...}; games stored before it was an
    option have none, so they show the check to the referee alone, as the page then did.
    """
    return state["options"].get("show_check") is True


def without(record: dict, *keys: str) -> dict:
    """Return a copy of `record` without `keys` (the public form of a private field)."""
    return {k: v for k, v in record.items() if k not in keys}
