"""Game persistence: every game's state and its append-only log of moves, in SQLite.

The store knows rows, not rules: solver/referee.py decides what a move does and hands the
store the new state to keep. A move is written by `append`, in one write transaction (BEGIN
IMMEDIATE ... COMMIT) that commits before the caller sees the verdict, so a process killed at
any moment loses nothing it acknowledged. The state a move was judged against is named by the
number of moves logged when it was read (`Game.seq`): the move is logged as number seq + 1,
and the (game, seq) primary key refuses it (`Conflict`) if another move took that number
first, so two processes playing one game never both win a round.

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
from dataclasses import dataclass, field
from pathlib import Path

from .errors import InputError
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
# One statement reads a game and the number of moves logged for it.
GET = ("SELECT id, game, players, seed, options, state, created, updated, token, "
       "(SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = games.id) "
       "FROM games WHERE id = ?")


def default_path() -> Path:
    """Return the games database: $WORDREF_DB, else games.sqlite3 in the user's data directory."""
    own = os.environ.get("WORDREF_DB")
    return Path(own) if own else data_dir() / "games.sqlite3"


def open_store(target=None):
    """Return the games store at `target` (default $WORDREF_DB, else the user's SQLite file):
    a postgresql:// URL opens PostgreSQL (pgstore.py), anything else is a SQLite path."""
    target = os.environ.get("WORDREF_DB") if target is None else target
    from .pgstore import PgStore, is_url
    return PgStore(target) if is_url(target) else Store(target or None)


@dataclass
class Game:
    """A stored game, as read: `seq` is the number of moves logged when it was read."""

    id: str
    game: str
    players: list
    seed: int
    options: dict
    state: dict
    created: float
    updated: float
    seq: int = 0
    token_hash: str = field(default="", repr=False)


class NoGame(InputError):
    """No game has this id."""


class Conflict(Exception):
    """Another move was logged after the game was read: read it again and retry."""


class Store:
    """The games database."""

    def __init__(self, path=None):
        self.path = Path(path) if path else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(self.path, timeout=30, isolation_level=None,
                                      check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            # NORMAL: in WAL mode a commit is written to the WAL file (the operating system's
            # page cache) before its verdict is shown, so a kill -9 of wordref loses nothing
            # acknowledged; only a power cut or a kernel crash can lose the last commits
            # before the next checkpoint. FULL would fsync every move: 4 ms each on this disk,
            # which capped a server at 130 to 212 moves a second (README, "Live rooms").
            # Who needs power-cut durability sets WORDREF_SQLITE_SYNC=FULL.
            sync = os.environ.get("WORDREF_SQLITE_SYNC", "NORMAL").upper()
            if sync not in ("NORMAL", "FULL"):
                raise InputError("WORDREF_SQLITE_SYNC is NORMAL or FULL")
            self.db.execute(f"PRAGMA synchronous={sync}")
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise InputError(f"{self.path} was written by a newer wordref (schema {version})")
            self.db.executescript(SCHEMA)
            self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.DatabaseError as err:
            raise InputError(f"cannot use the games database {self.path}: {err}") from None

    @property
    def target(self) -> Path:
        """Return what open_store opens this store from again."""
        return self.path

    def close(self) -> None:
        """Close the database."""
        self.db.close()

    def run(self, sql: str, params=(), fetch: bool = True) -> list[tuple]:
        """Run one statement and return its rows (rooms.py and the live streams use this)."""
        cursor = self.db.execute(sql, params)
        return cursor.fetchall() if fetch else []

    def insert(self, game: str, players: list, seed: int, options: dict, state: dict,
               status: str) -> tuple[Game, str]:
        """Keep a new game; return it and its referee token (a secret shown once)."""
        token = secrets.token_urlsafe(16)
        now = time.time()
        while True:
            game_id = secrets.token_hex(4)
            try:
                self.db.execute(
                    "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, game, json.dumps(players), seed, json.dumps(options),
                     json.dumps(state), status, _hash(token), now, now))
                break
            except sqlite3.IntegrityError:
                continue  # that id is taken: draw another
        return Game(game_id, game, players, seed, options, state, now, now, 0,
                    _hash(token)), token

    def get(self, game_id: str) -> Game:
        """Return the stored game; raise NoGame if there is none."""
        row = self.db.execute(GET, (game_id,)).fetchone()
        if row is None:
            raise NoGame(f"no game {game_id!r}")
        return Game(row[0], row[1], json.loads(row[2]), row[3], json.loads(row[4]),
                    json.loads(row[5]), row[6], row[7], row[9], row[8])

    def list(self) -> list[dict]:
        """Return every game, newest first: id, game, players, status, moves, dates."""
        rows = self.db.execute(
            "SELECT g.id, g.game, g.players, g.status, g.created, g.updated, "
            "(SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) FROM games g "
            "ORDER BY g.created DESC, g.id").fetchall()
        return [{"id": r[0], "game": r[1], "players": json.loads(r[2]), "status": r[3],
                 "created": r[4], "updated": r[5], "moves": r[6]} for r in rows]

    def append(self, game: Game, move: dict, events: list, state: dict, status: str) -> Game:
        """Log `move` as the one after `game` was read, keep `state`; return the game after it.

        Raises Conflict, writing nothing, if another move was logged since `game` was read.
        """
        now = time.time()
        with _Transaction(self.db):
            try:
                self.db.execute("INSERT INTO moves VALUES (?, ?, ?, ?, ?)",
                                (game.id, game.seq + 1, json.dumps(move), json.dumps(events),
                                 now))
            except sqlite3.IntegrityError:
                raise Conflict(game.id) from None
            self.db.execute("UPDATE games SET state = ?, status = ?, updated = ? WHERE id = ?",
                            (json.dumps(state), status, now, game.id))
        return Game(game.id, game.game, game.players, game.seed, game.options, state,
                    game.created, now, game.seq + 1, game.token_hash)

    def log(self, game_id: str) -> list[dict]:
        """Return every move of the game as logged: seq, move, events, time."""
        self.get(game_id)
        rows = self.db.execute("SELECT seq, move, events, at FROM moves WHERE game_id = ? "
                               "ORDER BY seq", (game_id,)).fetchall()
        return [{"seq": r[0], "move": json.loads(r[1]), "events": json.loads(r[2]), "at": r[3]}
                for r in rows]


def token_matches(game: Game, token: str | None) -> bool:
    """Return whether `token` is the game's referee token (compared in constant time)."""
    return token is not None and secrets.compare_digest(game.token_hash, _hash(token))


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
