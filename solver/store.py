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

What only reads (`wordref game show`, `list`, `replay`, `moves`) opens the file read-only: no
schema, no PRAGMA write, so a reader never waits for the write lock. A database that SQLite
cannot read, or a row whose JSON is damaged, is an InputError of one line that says so; the file
is never written over, so nothing a user was shown is lost.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import orjson

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


def open_store(target=None, readonly: bool = False):
    """Return the games store at `target` (default $WORDREF_DB, else the user's SQLite file):
    a postgresql:// URL opens PostgreSQL (pgstore.py), anything else is a SQLite path, opened
    read-only with `readonly` (PostgreSQL's readers never wait for a writer anyway)."""
    target = os.environ.get("WORDREF_DB") if target is None else target
    from .pgstore import PgStore, is_url
    return PgStore(target) if is_url(target) else Store(target or None, readonly)


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


class Damaged(InputError):
    """The games database, or a row in it, cannot be read: it is left as it is."""


class Store:
    """The games database; `readonly` for what only reads (it then never takes a lock)."""

    def __init__(self, path=None, readonly: bool = False):
        self.path = Path(path) if path is not None else default_path()
        if str(self.path) == "":
            raise InputError("the games database path is empty")
        self.readonly = readonly
        self.writing = _writer(self.path)
        with self._guard():
            self.db = self._connect()
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise InputError(f"{self.path} was written by a newer wordref (schema {version})")
            if not readonly:
                self.db.executescript(SCHEMA)
                if version != SCHEMA_VERSION:
                    self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def _connect(self) -> sqlite3.Connection:
        memory = str(self.path) == ":memory:"
        if self.readonly and not memory and not self.path.exists():
            # Nothing stored yet: an empty database in memory answers, and nothing is created.
            db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            db.executescript(SCHEMA)
            return db
        if self.readonly and not memory:
            return sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True,
                                   timeout=30, isolation_level=None, check_same_thread=False)
        if not memory:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise InputError(f"cannot use the games database {self.path}: cannot make its "
                                 f"directory ({err.strerror or err})") from None
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None,
                             check_same_thread=False)
        if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            db.execute("PRAGMA journal_mode=WAL")
        # NORMAL: in WAL mode a commit is written to the WAL file (the operating system's
        # page cache) before its verdict is shown, so a kill -9 of wordref loses nothing
        # acknowledged; only a power cut or a kernel crash can lose the last commits
        # before the next checkpoint. FULL would fsync every move: 4 ms each on this disk,
        # which capped a server at 130 to 212 moves a second (README, "Live rooms").
        # Who needs power-cut durability sets WORDREF_SQLITE_SYNC=FULL.
        sync = os.environ.get("WORDREF_SQLITE_SYNC", "NORMAL").upper()
        if sync not in ("NORMAL", "FULL"):
            raise InputError("WORDREF_SQLITE_SYNC is NORMAL or FULL")
        db.execute(f"PRAGMA synchronous={sync}")
        return db

    @contextmanager
    def _guard(self, game_id: str | None = None, reading: bool = False):
        """Turn what SQLite raises (and, `reading` rows, what their damaged JSON raises) into
        one line that says what to do."""
        try:
            yield
        except sqlite3.IntegrityError:
            raise
        except sqlite3.OperationalError as err:
            text = str(err)
            if "locked" in text or "busy" in text:
                raise InputError(f"the games database {self.path} is busy: another process "
                                 f"holds it ({text}); try again") from None
            if "unable to open" in text or "readonly" in text or "read-only" in text:
                raise InputError(f"cannot use the games database {self.path}: {text} (is its "
                                 f"directory writable?)") from None
            raise Damaged(self._damaged(text)) from None
        except sqlite3.DatabaseError as err:
            raise Damaged(self._damaged(str(err))) from None
        except (ValueError, TypeError) as err:
            if isinstance(err, InputError) or not reading:
                raise
            where = f"game {game_id} in " if game_id else ""
            raise Damaged(self._damaged(f"{where}it holds a damaged row: "
                                        f"{type(err).__name__}")) from None

    def _damaged(self, why: str) -> str:
        return (f"the games database {self.path} is damaged ({why}); wordref leaves it as it "
                f"is: restore a copy, or move it aside to start a new one")

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
        if not -2**63 <= seed < 2**63:
            raise InputError("the seed is a whole number below 2**63 in size")
        token = secrets.token_urlsafe(16)
        now = time.time()
        while True:
            game_id = secrets.token_hex(4)
            try:
                with self._guard():
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
        if not _possible_id(game_id):
            raise NoGame(f"no game {game_id!r}")
        with self._guard(game_id, reading=True):
            row = self.db.execute(GET, (game_id,)).fetchone()
            if row is None:
                raise NoGame(f"no game {game_id!r}")
            return Game(row[0], row[1], _json(row[2], list), row[3], _json(row[4], dict),
                        _json(row[5], dict), row[6], row[7], row[9], row[8])

    def list(self) -> list[dict]:
        """Return every game, newest first: id, game, players, status, moves, dates."""
        with self._guard(reading=True):
            rows = self.db.execute(
                "SELECT g.id, g.game, g.players, g.status, g.created, g.updated, "
                "(SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) FROM games g "
                "ORDER BY g.created DESC, g.id").fetchall()
            return [{"id": r[0], "game": r[1], "players": _json(r[2], list), "status": r[3],
                     "created": r[4], "updated": r[5], "moves": r[6]} for r in rows]

    def append(self, game: Game, move: dict, events: list, state: dict, status: str,
               at: float | None = None, notice: str | None = None) -> Game:
        """Log `move` as the one after `game` was read, keep `state`; return the game after it.

        `at` is the time logged (default now). `notice` is what the other processes sharing
        the database hear of the move with its commit: on PostgreSQL it rides the NOTIFY; a
        SQLite file has no such channel (they see the log change, service/live.py).
        Raises Conflict, writing nothing, if another move was logged since `game` was read.
        """
        now = time.time() if at is None else at
        with self.writing, self._guard(game.id), _Transaction(self.db):
            try:
                self.db.execute("INSERT INTO moves VALUES (?, ?, ?, ?, ?)",
                                (game.id, game.seq + 1, dump(move), dump(events), now))
            except sqlite3.IntegrityError:
                raise Conflict(game.id) from None
            self.db.execute("UPDATE games SET state = ?, status = ?, updated = ? WHERE id = ?",
                            (dump(state), status, now, game.id))
        return Game(game.id, game.game, game.players, game.seed, game.options, state,
                    game.created, now, game.seq + 1, game.token_hash)

    def log(self, game_id: str) -> list[dict]:
        """Return every move of the game as logged: seq, move, events, time."""
        self.get(game_id)
        with self._guard(game_id, reading=True):
            rows = self.db.execute("SELECT seq, move, events, at FROM moves WHERE game_id = ? "
                                   "ORDER BY seq", (game_id,)).fetchall()
            return [{"seq": r[0], "move": _json(r[1], dict), "events": _json(r[2], list),
                     "at": r[3]} for r in rows]


def token_matches(game: Game, token: str | None) -> bool:
    """Return whether `token` is the game's referee token (compared in constant time)."""
    return token is not None and secrets.compare_digest(game.token_hash, _hash(token))


# The threads of one process that write one file take turns here before BEGIN IMMEDIATE.
# Left to SQLite, a writer that finds the file locked sleeps (1 to 100 ms, growing) and
# retries, while others take the lock in between: with 200 moves a second on the service's
# threads some moves waited 3.6 s for their turn (benchmarks/fanout.py); in a queue none
# waits longer than the moves ahead of it take (well under a millisecond each). Other
# processes on the same file still meet SQLite's busy wait.
_WRITERS: dict[str, threading.Lock] = {}
_WRITERS_LOCK = threading.Lock()


def _writer(path: Path) -> threading.Lock:
    """Return the lock this process's writers of the file at `path` share."""
    key = str(path.resolve()) if str(path) != ":memory:" else f":memory:{id(path)}"  # own db
    with _WRITERS_LOCK:
        return _WRITERS.setdefault(key, threading.Lock())


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind, value, trace):
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
        return False


def dump(value) -> str:
    """Return `value` as the JSON text a move's columns keep (its state, move and events).

    orjson writes a game's state in 4 us (In Extremis) and 16 us (¡Extinción!, whose state
    holds its deck), where json.dumps took 5 to 10 times as long, on every move. It writes no
    spaces; what reads the text cares not. What orjson refuses and json writes (a lone
    surrogate in an answer, a whole number past 64 bits) is written by json. NaN and the
    infinities, which JSON has not and no engine keeps, orjson writes as null.
    """
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return json.dumps(value)


def load(text):
    """Return the JSON value of `text` (ValueError if it is not JSON): orjson reads a state in
    half json.loads's time; what it refuses (a lone surrogate, NaN) is read by json."""
    try:
        return orjson.loads(text)
    except ValueError:
        return json.loads(text)


def _json(text, kind: type):
    """Return the JSON value stored in a column; ValueError if it is damaged or not a `kind`."""
    value = load(text)
    if not isinstance(value, kind):
        raise ValueError(f"a stored value is not a JSON {kind.__name__}")
    return value


def _possible_id(game_id) -> bool:
    """Return whether `game_id` could name a game (ids are short text; SQLite needs UTF-8)."""
    if not isinstance(game_id, str) or len(game_id) > 64:
        return False
    try:
        game_id.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
