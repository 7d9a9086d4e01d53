"""Game persistence: every game's state and its append-only log of moves, in SQLite.

Every move runs in one write transaction (BEGIN IMMEDIATE): the state is read, the engine
applies the move, the new state and the move are written, and the transaction commits before
the caller sees the verdict. A process killed at any moment therefore loses nothing it
acknowledged, and two processes playing the same game take turns: the second reads the state
the first wrote (and its answer may then be stale).

The log is append-only: an undo is a move of its own that cancels the latest move still in
effect; replaying the moves in effect from the game's seed gives its state again.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from .errors import InputError
from .games import engine, status_of
from .paths import data_dir

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    state TEXT NOT NULL,
    status TEXT NOT NULL,
    token TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    move TEXT NOT NULL,
    events TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""
SCHEMA_VERSION = 1
REFEREE_MOVES = {"overrule", "undo"}


def default_path() -> Path:
    """Return the games database: $WORDREF_DB, else games.sqlite3 in the user's data directory."""
    own = os.environ.get("WORDREF_DB")
    return Path(own) if own else data_dir() / "games.sqlite3"


@dataclass
class Game:
    """A stored game."""

    id: str
    game: str
    players: list[str]
    seed: int
    options: dict
    state: dict
    created: float
    updated: float

    def view(self) -> dict:
        """Return {"id", "state"} as `wordref game` prints it."""
        return {"id": self.id, "state": engine(self.game).view(self.state)}


class Store:
    """The games database."""

    def __init__(self, path=None):
        self.path = Path(path) if path else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(self.path, timeout=30, isolation_level=None,
                                      check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            # FULL: a commit reaches the disk before its verdict is shown, so even a power cut
            # loses nothing acknowledged (NORMAL would survive kill -9 only).
            self.db.execute("PRAGMA synchronous=FULL")
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise InputError(f"{self.path} was written by a newer wordref (schema {version})")
            self.db.executescript(SCHEMA)
            self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.DatabaseError as err:
            raise InputError(f"cannot use the games database {self.path}: {err}") from None

    def close(self) -> None:
        """Close the database."""
        self.db.close()

    # Games ------------------------------------------------------------------------------------

    def create(self, game: str, players: list[str], seed: int | None = None,
               options: dict | None = None) -> tuple[Game, str]:
        """Start a game; return it and its referee token (a secret shown once)."""
        module = engine(game)
        seed = secrets.randbelow(2**31) if seed is None else seed
        options = dict(options or {})
        state = module.new(list(players), seed, json.loads(json.dumps(options)))
        token = secrets.token_urlsafe(16)
        now = time.time()
        while True:
            game_id = secrets.token_hex(4)
            try:
                self.db.execute(
                    "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, game, json.dumps(players), seed, json.dumps(options),
                     json.dumps(state), status_of(state), _hash(token), now, now))
                break
            except sqlite3.IntegrityError:
                continue  # that id is taken: draw another
        return self.get(game_id), token

    def get(self, game_id: str) -> Game:
        """Return the stored game; raise InputError if there is none."""
        row = self.db.execute("SELECT id, game, players, seed, options, state, created, updated "
                              "FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise InputError(f"no game {game_id!r}")
        return Game(row[0], row[1], json.loads(row[2]), row[3], json.loads(row[4]),
                    json.loads(row[5]), row[6], row[7])

    def list(self) -> list[dict]:
        """Return every game, newest first: id, game, players, status, moves, dates."""
        rows = self.db.execute(
            "SELECT g.id, g.game, g.players, g.status, g.created, g.updated, "
            "(SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) FROM games g "
            "ORDER BY g.created DESC, g.id").fetchall()
        return [{"id": r[0], "game": r[1], "players": json.loads(r[2]), "status": r[3],
                 "created": r[4], "updated": r[5], "moves": r[6]} for r in rows]

    def check_token(self, game_id: str, token: str | None) -> bool:
        """Return whether `token` is the game's referee token."""
        row = self.db.execute("SELECT token FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise InputError(f"no game {game_id!r}")
        return token is not None and secrets.compare_digest(row[0], _hash(token))

    # Moves ------------------------------------------------------------------------------------

    def play(self, game_id: str, move: dict) -> tuple[Game, list[dict]]:
        """Apply `move` to the game and commit; return the game after it and the events.

        Raises IllegalMove (the stored state unchanged) for a move the rules refuse now.
        """
        with self._writing():
            game = self.get(game_id)
            if move.get("type") == "undo":
                return self._undo(game)
            state, events = engine(game.game).apply(game.state, move)
            self._save(game, state, move, events)
            return self.get(game_id), events

    def _undo(self, game: Game) -> tuple[Game, list[dict]]:
        effective = self.moves_in_effect(game.id)
        if not effective:
            raise InputError("nothing to undo")
        module = engine(game.game)
        state = module.new(list(game.players), game.seed, json.loads(json.dumps(game.options)))
        for move in effective[:-1]:
            state, _ = module.apply(state, move)
        events = [{"type": "undo", "move": effective[-1]}]
        self._save(game, state, {"type": "undo"}, events)
        return self.get(game.id), events

    def _save(self, game: Game, state: dict, move: dict, events: list[dict]) -> None:
        now = time.time()
        seq = self.db.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM moves WHERE game_id = ?",
                              (game.id,)).fetchone()[0]
        self.db.execute("INSERT INTO moves VALUES (?, ?, ?, ?, ?)",
                        (game.id, seq, json.dumps(move), json.dumps(events), now))
        self.db.execute("UPDATE games SET state = ?, status = ?, updated = ? WHERE id = ?",
                        (json.dumps(state), status_of(state), now, game.id))

    def log(self, game_id: str) -> list[dict]:
        """Return every move of the game as logged: seq, move, events, time."""
        self.get(game_id)
        rows = self.db.execute("SELECT seq, move, events, at FROM moves WHERE game_id = ? "
                               "ORDER BY seq", (game_id,)).fetchall()
        return [{"seq": r[0], "move": json.loads(r[1]), "events": json.loads(r[2]), "at": r[3]}
                for r in rows]

    def moves_in_effect(self, game_id: str) -> list[dict]:
        """Return the logged moves that no undo has cancelled, in order."""
        effective: list[dict] = []
        for entry in self.log(game_id):
            if entry["move"].get("type") == "undo":
                if effective:
                    effective.pop()
            else:
                effective.append(entry["move"])
        return effective

    def replay(self, game_id: str) -> list[tuple[dict | None, dict, list[dict]]]:
        """Return (move, state after it, events) for the game's moves in effect, from the start."""
        game = self.get(game_id)
        module = engine(game.game)
        state = module.new(list(game.players), game.seed, json.loads(json.dumps(game.options)))
        steps = [(None, state, [])]
        for move in self.moves_in_effect(game_id):
            state, events = module.apply(state, move)
            steps.append((move, state, events))
        return steps

    def _writing(self):
        return _Transaction(self.db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind, value, trace):
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
        return False


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
