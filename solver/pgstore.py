"""The games store on PostgreSQL: the same rows, interface and guarantees as store.Store.

Start with `PgStore`; `store.open_store` picks it for a `postgresql://` target. What holds here
as in SQLite: a move is one transaction (INSERT into moves, UPDATE games) committed before its
verdict is shown (PostgreSQL's default synchronous_commit=on flushes the WAL at commit, so a
kill -9 or a power cut loses nothing acknowledged); the (game_id, seq) primary key refuses a
second writer of the same move number (`Conflict`), so replicas sharing one database never both
win a round.

What PostgreSQL adds: each move's transaction also says `NOTIFY wordref_moves, 'GAME SEQ'`
(followed by the move's live event, when the service sends one that fits), delivered to every
listening session when (and only if) it commits. That is how the live streams of every
`wordref serve` replica learn of a move made on another, most often without reading the log
(service/live.py).

One connection per store, used by one thread at a time (a lock): each call is one or two
round trips on loopback, and the service's live readers open a store of their own.
"""

from __future__ import annotations

import json
import secrets
import threading
import time

from .errors import InputError
from .store import Conflict, Game, NoGame, _hash, dump, load

CHANNEL = "wordref_moves"
# A NOTIFY payload must be shorter than 8,000 bytes (the server refuses it, and the move's
# transaction with it); a move's event longer than this is told by its number only.
NOTICE_MAX = 7900
SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS wordref_schema (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    seed BIGINT NOT NULL,
    options TEXT NOT NULL,
    state TEXT NOT NULL,
    status TEXT NOT NULL,
    token TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    updated DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    move TEXT NOT NULL,
    events TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""
# Replicas starting at once would race on CREATE TABLE IF NOT EXISTS (it is not atomic in
# PostgreSQL): the schema is made under this advisory lock.
SCHEMA_LOCK = 0x776F7264  # "word"
GET = ("SELECT id, game, players, seed, options, state, created, updated, token, "
       "(SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = games.id) "
       "FROM games WHERE id = %s")


def is_url(target) -> bool:
    """Return whether `target` names a PostgreSQL database rather than a SQLite file."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def connect(url: str, **options):
    """Return a psycopg connection to `url` in autocommit mode; InputError if there is none."""
    try:
        import psycopg
    except ImportError:
        raise InputError("a PostgreSQL games store needs psycopg: "
                         "pip install 'wordref[serve]'") from None
    try:
        return psycopg.connect(url, autocommit=True, connect_timeout=10, **options)
    except psycopg.Error as err:
        raise InputError(f"cannot use the games database {redact(url)}: "
                         f"{str(err).strip().splitlines()[0]}") from None


def redact(url: str) -> str:
    """Return `url` without its password, for messages."""
    head, at, tail = url.rpartition("@")
    if not at or ":" not in head.split("//", 1)[-1]:
        return url
    scheme, _, user = head.partition("//")
    return f"{scheme}//{user.split(':', 1)[0]}:***@{tail}"


class PgStore:
    """The games database on PostgreSQL (see store.Store for what each method promises)."""

    def __init__(self, url: str):
        import psycopg

        self.url = url
        self.errors = psycopg.errors
        self.conn = connect(url)
        self.lock = threading.Lock()
        try:
            with self.conn.transaction():
                self.conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                self.conn.execute(SCHEMA)
                row = self.conn.execute("SELECT MAX(version) FROM wordref_schema").fetchone()
                if row[0] is None:
                    self.conn.execute("INSERT INTO wordref_schema VALUES (%s)",
                                      (SCHEMA_VERSION,))
                elif row[0] > SCHEMA_VERSION:
                    raise InputError(f"{redact(url)} was written by a newer wordref "
                                     f"(schema {row[0]})")
        except BaseException:
            self.conn.close()  # not left to the garbage collector (a ResourceWarning)
            raise

    @property
    def target(self) -> str:
        """Return what open_store opens this store from again."""
        return self.url

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    def run(self, sql: str, params=(), fetch: bool = True) -> list[tuple]:
        """Run one statement (`?` placeholders, as in SQLite) and return its rows."""
        with self.lock:
            cursor = self.conn.execute(sql.replace("?", "%s"), params)
            return cursor.fetchall() if fetch and cursor.description else []

    def insert(self, game: str, players: list, seed: int, options: dict, state: dict,
               status: str) -> tuple[Game, str]:
        """Keep a new game; return it and its referee token (a secret shown once)."""
        token = secrets.token_urlsafe(16)
        now = time.time()
        while True:
            game_id = secrets.token_hex(4)
            try:
                self.run("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (game_id, game, json.dumps(players), seed, json.dumps(options),
                          json.dumps(state), status, _hash(token), now, now), fetch=False)
                break
            except self.errors.UniqueViolation:
                continue  # that id is taken: draw another
        return Game(game_id, game, players, seed, options, state, now, now, 0,
                    _hash(token)), token

    def get(self, game_id: str) -> Game:
        """Return the stored game; raise NoGame if there is none."""
        with self.lock:
            row = self.conn.execute(GET, (game_id,)).fetchone()
        if row is None:
            raise NoGame(f"no game {game_id!r}")
        return Game(row[0], row[1], load(row[2]), row[3], load(row[4]), load(row[5]),
                    row[6], row[7], row[9], row[8])

    def list(self) -> list[dict]:
        """Return every game, newest first: id, game, players, status, moves, dates."""
        rows = self.run(
            "SELECT g.id, g.game, g.players, g.status, g.created, g.updated, "
            "(SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) FROM games g "
            "ORDER BY g.created DESC, g.id")
        return [{"id": r[0], "game": r[1], "players": json.loads(r[2]), "status": r[3],
                 "created": r[4], "updated": r[5], "moves": r[6]} for r in rows]

    def append(self, game: Game, move: dict, events: list, state: dict, status: str,
               at: float | None = None, notice: str | None = None) -> Game:
        """Log `move` as the one after `game` was read, keep `state`; return the game after it.

        The NOTIFY says "GAME SEQ", then a newline and `notice` (the move's live event) when
        it fits the payload's limit; replicas read the log for a move told without it.
        Raises Conflict, writing nothing, if another move was logged since `game` was read.
        """
        now = time.time() if at is None else at
        seq = game.seq + 1
        note = f"{game.id} {seq}"
        if notice is not None and len(notice.encode()) <= NOTICE_MAX - len(note) - 1:
            note = f"{note}\n{notice}"
        with self.lock:
            try:
                # One pipeline: the five statements of the move go out in one round trip
                # instead of five (BEGIN, INSERT, UPDATE, NOTIFY, COMMIT).
                with self.conn.pipeline(), self.conn.transaction():
                    self.conn.execute("INSERT INTO moves VALUES (%s, %s, %s, %s, %s)",
                                      (game.id, seq, dump(move), dump(events), now))
                    self.conn.execute("UPDATE games SET state = %s, status = %s, updated = %s "
                                      "WHERE id = %s", (dump(state), status, now, game.id))
                    self.conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, note))
            except self.errors.UniqueViolation:
                raise Conflict(game.id) from None
        return Game(game.id, game.game, game.players, game.seed, game.options, state,
                    game.created, now, seq, game.token_hash)

    def log(self, game_id: str) -> list[dict]:
        """Return every move of the game as logged: seq, move, events, time."""
        self.get(game_id)
        rows = self.run("SELECT seq, move, events, at FROM moves WHERE game_id = ? ORDER BY seq",
                        (game_id,))
        return [{"seq": r[0], "move": load(r[1]), "events": load(r[2]), "at": r[3]}
                for r in rows]
