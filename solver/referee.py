"""The referee of whole games: engines decide, the store keeps, and this module joins the two.

Start with `Referee.play`. A move is read, judged and written like this:

    1. read the game (one SELECT, no lock held);
    2. the game's engine applies the move to that state (judging an answer can take a while:
       no other game waits for it);
    3. the store logs the move as the one after the state read and keeps the new state, in
       one write transaction (INSERT, UPDATE);
    4. if another move was logged between 1 and 3, nothing is written and the move is judged
       again on the newer state, where a stale answer is then refused as `stale_round`.

The CLI (`wordref game ...`, `wordref play`) and the HTTP service both play through here, so
the moves, their verdicts and the referee token's powers are the same everywhere.
"""

from __future__ import annotations

import json
import secrets
import time
from typing import NamedTuple

from .errors import InputError
from .games import engine as find_engine, kind as find_kind, status_of
from .games.base import view_of
from .moves import REFEREE_MOVES, check_move, shown as _shown
from .store import Conflict, Game, Store, open_store, token_matches

# How often a move is judged again when other moves keep landing first.
RETRIES = 20
# The options of the word games that a table may set directly, and their values (or type: the
# table's own categories are checked where they are read); every other option of theirs comes
# from the table's choices (language, deck file, house words). show_check: the table sees the
# stumped check (docs/public.md).
WORD_HOUSE_OPTIONS = {"extremis": {"tier": ("all", "common"), "conjugated": (True, False),
                                   "show_check": (False, True)},
                      "redyellow": {"categories": list, "show_check": (False, True)}}


class Forbidden(InputError):
    """A move that needs the game's referee token, sent without it."""


class Outcome(NamedTuple):
    """What a move did: the game after it and the engine's events."""

    game: Game
    events: list

    @property
    def verdict(self) -> dict | None:
        """Return the move's verdict (without its event fields), if the move was judged."""
        for event in self.events:
            if event.get("type") == "verdict":
                return {k: v for k, v in event.items() if k not in ("type", "player")}
        return None


class Referee:
    """Whole games of every kind, kept in `store`; `engines` finds a game's engine by name."""

    def __init__(self, store: Store, engines=find_engine):
        self.store, self.engines = store, engines

    @classmethod
    def open(cls, path=None, readonly: bool = False) -> "Referee":
        """Return the referee of the games database at `path` or postgresql:// URL (default:
        $WORDREF_DB, else the user's); `readonly` for what only looks (a SQLite file is then
        opened read-only: it never takes the write lock, and never waits for it)."""
        return cls(open_store(path, readonly))

    def close(self) -> None:
        """Close the store."""
        self.store.close()

    # Games ------------------------------------------------------------------------------------

    def create(self, game: str, players: list, seed: int | None = None,
               options: dict | None = None) -> tuple[Game, str]:
        """Start a game; return it and its referee token (a secret shown once)."""
        module = self.engines(game)
        if not all(isinstance(p, str) for p in players):
            raise InputError("players are names")
        seed = secrets.randbelow(2**31) if seed is None else seed
        if isinstance(seed, bool) or not isinstance(seed, int) or not -2**63 <= seed < 2**63:
            raise InputError("the seed is a whole number below 2**63 in size")
        options = dict(options or {})
        state = module.new(list(players), seed, _copy(options))
        return self.store.insert(game, list(players), seed, options, state, status_of(state))

    def get(self, game_id: str) -> Game:
        """Return the stored game; raise InputError if there is none."""
        return self.store.get(game_id)

    def list(self) -> list[dict]:
        """Return every game, newest first (see Store.list)."""
        return self.store.list()

    def view(self, game: Game, player: str | None = None, referee: bool = False) -> dict:
        """Return {"id", "state"}: the state as the table sees it (with `player`'s own hand),
        or with `referee` as the referee does (a word game's stumped check: docs/public.md)."""
        module = self.engines(game.game)
        if player is None:
            return {"id": game.id, "state": view_of(module, game.state, referee)}
        if find_kind(game.game).family != "cards":
            raise InputError("only the card games have hands to show")
        if player not in _names(game.players):
            raise InputError(f"no player {player!r} in this game")
        return {"id": game.id, "state": module.view(game.state, player)}

    def legal_moves(self, game: Game) -> list[dict]:
        """Return every move the rules allow now."""
        return self.engines(game.game).legal_moves(game.state)

    def hint(self, game: Game, level: int) -> str:
        """Return a hint for the cards on the table of a word game (1: a count, 4: the answer)."""
        module = self.engines(game.game)
        if not hasattr(module, "hint"):
            raise InputError(f"{find_kind(game.game).title} gives no hints")
        return module.hint(game.state, level)

    def check_token(self, game_id: str, token: str | None) -> bool:
        """Return whether `token` is the game's referee token."""
        return token_matches(self.store.get(game_id), token)

    # Moves ------------------------------------------------------------------------------------

    def answer_move(self, game: Game, player: str, text: str, round_: int | None) -> dict:
        """Return the move of `player` saying `text` in a word game."""
        field = find_kind(game.game).answer_field
        if field is None:
            raise InputError(f"game {game.id} is {game.game}: it takes plays, not answers")
        return {"type": "answer", "player": player, field: text, "round": round_}

    def answer(self, game_id: str, player: str, text: str, round_: int | None = None,
               **how) -> Outcome:
        """Judge `text`, said by `player`; a valid answer wins the round."""
        return self.play(game_id, lambda game: self.answer_move(game, player, text, round_),
                         **how)

    def play(self, game_id: str, move, token: str | None = None,
             need_token: bool = False, herald=None) -> Outcome:
        """Apply `move` (a dict, or a function of the game read giving one) and keep it.

        With `need_token`, a move in REFEREE_MOVES is Forbidden without the referee token.
        `herald(game, at, move, events, state)`, if given, returns the text that tells the
        move (`game` as read, so the move is number game.seq + 1, logged at `at`) to the
        store's other processes, with its commit (service/live.py).
        Raises IllegalMove (the stored game unchanged) for a move the rules refuse now.
        """
        for _ in range(RETRIES):
            game = self.store.get(game_id)
            made = check_move(game.game, move(game) if callable(move) else move)
            if need_token and made.get("type") in REFEREE_MOVES and \
                    not token_matches(game, token):
                raise Forbidden("this move needs the game's referee token (X-Referee-Token)")
            state, events = (self._undone(game) if made.get("type") == "undo"
                             else self.engines(game.game).apply(game.state, made))
            at = time.time()
            notice = herald(game, at, made, events, state) if herald is not None else None
            try:
                return Outcome(self.store.append(game, made, events, state, status_of(state),
                                                 at, notice), events)
            except Conflict:
                continue
        raise InputError(f"game {game_id} is too busy: other moves keep landing first")

    def _undone(self, game: Game) -> tuple[dict, list]:
        effective = self.moves_in_effect(game.id)
        if not effective:
            raise InputError("nothing to undo")
        state = self._replayed(game, effective[:-1])[-1][1]
        return state, [{"type": "undo", "move": effective[-1]}]

    # The log ----------------------------------------------------------------------------------

    def log(self, game_id: str) -> list[dict]:
        """Return every move of the game as logged: seq, move, events, time."""
        return self.store.log(game_id)

    def moves_in_effect(self, game_id: str) -> list[dict]:
        """Return the logged moves that no undo has cancelled, in order."""
        effective: list[dict] = []
        for entry in self.store.log(game_id):
            if entry["move"].get("type") == "undo":
                if effective:
                    effective.pop()
            else:
                effective.append(entry["move"])
        return effective

    def replay(self, game_id: str) -> list[tuple[dict | None, dict, list[dict]]]:
        """Return (move, state after it, events) for the game's moves in effect, from the start."""
        game = self.store.get(game_id)
        return self._replayed(game, self.moves_in_effect(game_id))

    def _replayed(self, game: Game, moves: list[dict]):
        module = self.engines(game.game)
        state = module.new(list(game.players), game.seed, _copy(game.options))
        steps = [(None, state, [])]
        for move in moves:
            state, events = module.apply(state, move)
            steps.append((move, state, events))
        return steps


def start_options(game: str, lang: str = "en", deck: str | None = None, allow=(), ban=(),
                  extra: dict | None = None) -> dict:
    """Return the options a game starts with: its language, the house options in `extra`, and
    what the engine makes of a deck file's text and the house words (checked)."""
    words = find_kind(game).family == "words"
    options: dict = {"lang": lang} if words else {}
    if words:
        _check_house(game, extra or {})
    options.update(extra or {})
    chosen = getattr(find_engine(game), "table_options", None)
    if chosen is not None:
        options.update(chosen(lang, deck, list(allow), list(ban)))
    elif allow or ban:
        raise InputError(f"{find_kind(game).title} has no house words")
    elif deck:
        options["deck"] = deck
    return options


def _check_house(game: str, chosen: dict) -> None:
    allowed = WORD_HOUSE_OPTIONS.get(game, {})
    for key, value in chosen.items():
        if key not in allowed:
            known = ", ".join(allowed) or "none"
            raise InputError(f"unknown {find_kind(game).title} option {key!r} "
                             f"(options: {known})")
        if isinstance(allowed[key], type):
            if not isinstance(value, allowed[key]):
                raise InputError(f"option {key} is a JSON {allowed[key].__name__}, "
                                 f"not {_shown(value)}")
        elif isinstance(value, bool) != isinstance(allowed[key][0], bool) or \
                value not in allowed[key]:
            raise InputError(f"option {key} is one of "
                             f"{', '.join(json.dumps(v) for v in allowed[key])}, not {_shown(value)}")


def _names(players: list) -> list[str]:
    return [p if isinstance(p, str) else p.get("name") for p in players]


def _copy(options: dict) -> dict:
    """Return a deep copy of JSON options (an engine may keep what it is given)."""
    return json.loads(json.dumps(options))
