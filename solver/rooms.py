"""Rooms: a join code per game, seats taken by phones, and the seat tokens that keep hands private.

Start with `Rooms`. A game's room is opened when the game is made (`open`): a join code of
CODE_LENGTH letters from an alphabet without look-alikes. A phone joins by the code (`join`):
it takes a free seat by its name, or, while no move has been made, renames a seat the creator
left open ("Player 2", "Seat 3") to the name it gives; it gets a seat token, a secret kept
like the referee token (stored as a SHA-256 hash, compared in constant time). Joining again
with the referee token re-seats a lost phone (a new token; the old one stops working).

`private_view`, `private_moves` and `guard` say who may see or do what: a card player's hand,
legal moves and decisions go only to that seat's token (or the referee token, which is how one
phone passed round the table still plays hot-seat); a move naming a seat that a phone holds
needs that phone's token. Forbidden is answered 403.

Two tables, the same in SQLite and PostgreSQL, written through the store's `run`: rooms (code,
game) and seats (game, seat, token hash). A seat is claimed by one INSERT, so two phones racing
for one seat cannot both get it: the primary key refuses the second.
"""

from __future__ import annotations

import json
import re
import secrets
import time

from .errors import InputError
from .games import engine as find_engine, kind as find_kind, status_of
from .referee import Forbidden, Referee
from .store import Game, NoGame, _hash, token_matches

# No B/8, D/O/Q/0, G/6, I/L/1, S/5, Z/2, U/V: read off a screen across a room, none is
# mistaken for another letter or a digit. 15 letters, 4 of them: 50,625 codes.
ALPHABET = "ACEFHJKMNPRTWXY"
CODE_LENGTH = 4
# After this many codes drawn and taken, draw one letter longer (5 letters: 759,375 codes).
DRAWS = 20
# Seat names the creator leaves open for a phone to rename: "Player 2", "seat 3", "P4".
OPEN_SEAT = re.compile(r"^\s*(player|seat|p)\s*\d+\s*$", re.IGNORECASE)
MAX_NAME = 40

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, "
    "game_id TEXT NOT NULL UNIQUE REFERENCES games(id), created DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS seats (game_id TEXT NOT NULL REFERENCES games(id), "
    "seat TEXT NOT NULL, token TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, "
    "PRIMARY KEY (game_id, seat))",
)


class NoRoom(InputError):
    """No game has this join code (404)."""


class SeatTaken(InputError):
    """The seat asked for is taken, or the game has no seat left for this name (409)."""


class Rooms:
    """The rooms and seats of the games kept by `referee`."""

    def __init__(self, referee: Referee, schema: bool = True):
        """`schema`: make the tables if they are missing (once per database is enough)."""
        self.referee = referee
        self.store = referee.store
        if schema:
            create_schema(self.store)

    # Codes ------------------------------------------------------------------------------------

    def open(self, game_id: str) -> str:
        """Give game `game_id` a join code (its existing one if it has one); return the code."""
        known = self.code_of(game_id)
        if known:
            return known
        for draw in range(DRAWS * 2):
            length = CODE_LENGTH + (draw >= DRAWS)
            code = "".join(secrets.choice(ALPHABET) for _ in range(length))
            if self._inserted("INSERT INTO rooms VALUES (?, ?, ?)", (code, game_id, time.time())):
                return code
            known = self.code_of(game_id)
            if known:  # another process opened this room meanwhile
                return known
        raise InputError("no join code is free: too many rooms")

    def code_of(self, game_id: str) -> str | None:
        """Return the join code of a game, or None."""
        rows = self.store.run("SELECT code FROM rooms WHERE game_id = ?", (game_id,))
        return rows[0][0] if rows else None

    def game_of(self, code: str) -> str:
        """Return the id of the game with join code `code` (any case); raise NoRoom."""
        code = code.strip().upper()
        rows = self.store.run("SELECT game_id FROM rooms WHERE code = ?", (code,)) \
            if len(code) <= 8 else []
        if not rows:
            raise NoRoom(f"no game has the code {code!r}")
        return rows[0][0]

    # Seats ------------------------------------------------------------------------------------

    def seats(self, game: Game) -> list[dict]:
        """Return the game's seats in order: {"name", "taken", "open"}."""
        taken = self._taken(game.id)
        return [{"name": name, "taken": name in taken, "open": bool(OPEN_SEAT.match(name))}
                for name in names(game.players)]

    def describe(self, code: str) -> dict:
        """Return what a phone needs to pick a seat: the game, its seats, whether it started."""
        game = self.referee.get(self.game_of(code))
        return {"id": game.id, "game": game.game, "code": code.strip().upper(),
                "title": find_kind(game.game).title, "started": game.seq > 0,
                "seats": self.seats(game)}

    def join(self, code: str, name: str | None, referee_token: str | None = None) -> dict:
        """Seat a phone at the game with join code `code`; return {"id", "seat", "token"}.

        `name` is a free seat's name, or a new name for a seat left open before the first
        move; none takes the first free seat. With the game's referee token a taken seat is
        given a new token (a lost phone). Raises NoRoom, or SeatTaken when nothing fits.
        """
        game_id = self.game_of(code)
        name = (name or "").strip()
        if len(name) > MAX_NAME:
            raise InputError(f"a name is at most {MAX_NAME} characters")
        for _ in range(5):  # a rename raced by another phone: look again
            game = self.referee.get(game_id)
            seats = names(game.players)
            taken = self._taken(game_id)
            if name in seats and name in taken:
                if token_matches(game, referee_token):
                    return {"id": game_id, "seat": name, "token": self._reseat(game_id, name)}
                raise SeatTaken(f"{name} is taken: the referee can re-seat a lost phone")
            if name in seats or not name:
                free = [s for s in seats if s not in taken]
                seat = name or (free[0] if free else None)
                if seat is None:
                    raise SeatTaken("every seat is taken: watch as a spectator")
                token = self._claim(game_id, seat)
                if token:
                    return {"id": game_id, "seat": seat, "token": token}
                if name:
                    raise SeatTaken(f"{name} is taken")
                continue
            if game.seq > 0:
                raise SeatTaken("the game has started: join as one of its players "
                                f"({', '.join(seats)})")
            if any(s.casefold() == name.casefold() for s in seats):
                raise SeatTaken(f"another player is called {name}")
            open_seat = next((s for s in seats if s not in taken and OPEN_SEAT.match(s)), None)
            if open_seat is None:
                raise SeatTaken(f"no open seat for {name}: join as one of "
                                f"{', '.join(s for s in seats if s not in taken) or 'nobody'}")
            if self._renamed(game, open_seat, name):
                token = self._claim(game_id, name)
                if token:
                    return {"id": game_id, "seat": name, "token": token}
        raise SeatTaken("the seats keep changing: try again")

    def seat_of(self, game_id: str, token: str | None) -> str | None:
        """Return the seat whose token `token` is, or None (compared in constant time)."""
        if not token:
            return None
        hashed = _hash(token)
        found = None
        for seat, kept in self.store.run("SELECT seat, token FROM seats WHERE game_id = ?",
                                         (game_id,)):
            if secrets.compare_digest(kept, hashed):
                found = seat
        return found

    def _taken(self, game_id: str) -> set[str]:
        return {r[0] for r in self.store.run("SELECT seat FROM seats WHERE game_id = ?",
                                             (game_id,))}

    def _claim(self, game_id: str, seat: str) -> str | None:
        token = secrets.token_urlsafe(16)
        if self._inserted("INSERT INTO seats VALUES (?, ?, ?, ?)",
                          (game_id, seat, _hash(token), time.time())):
            return token
        return None

    def _reseat(self, game_id: str, seat: str) -> str:
        token = secrets.token_urlsafe(16)
        self.store.run("UPDATE seats SET token = ?, at = ? WHERE game_id = ? AND seat = ?",
                       (_hash(token), time.time(), game_id, seat), fetch=False)
        return token

    def _renamed(self, game: Game, old: str, new: str) -> bool:
        """Rename seat `old` to `new` before the first move: the game is dealt again from its
        seed with the new names (the same cards: engines deal by seat order, not by name)."""
        players = [new if p == old else p for p in names(game.players)]
        state = find_engine(game.game).new(list(players), game.seed, _copy(game.options))
        rows = self.store.run(
            "UPDATE games SET players = ?, state = ?, status = ? WHERE id = ? AND players = ? "
            "AND NOT EXISTS (SELECT 1 FROM moves WHERE game_id = ?) RETURNING id",
            (json.dumps(players), json.dumps(state), status_of(state), game.id,
             json.dumps(game.players), game.id))
        return bool(rows)

    def _inserted(self, sql: str, params: tuple) -> bool:
        try:
            self.store.run(sql, params, fetch=False)
            return True
        except Exception as err:  # the back end's unique-key error, whichever it is
            if _is_unique_violation(err):
                return False
            raise

    # Who may see and do what ------------------------------------------------------------------

    def private_view(self, game: Game, player: str | None, seat_token: str | None,
                     referee_token: str | None) -> dict:
        """Return the game's view; `player`'s hand only to that seat's token or the referee's,
        and what only the referee sees (a word game's stumped check) to the referee's."""
        referee = token_matches(game, referee_token)
        if player is not None and find_kind(game.game).family == "cards" and not referee \
                and self.seat_of(game.id, seat_token) != player:
            raise Forbidden(f"{player}'s hand goes only to {player}'s seat token "
                            "(X-Seat-Token) or the referee token (X-Referee-Token)")
        return self.referee.view(game, player, referee)

    def private_moves(self, game: Game, seat_token: str | None,
                      referee_token: str | None) -> list[dict]:
        """Return the legal moves: all of a word game's; a card game's only to a token, and
        to a seat's token only the moves that seat makes."""
        moves = self.referee.legal_moves(game)
        if find_kind(game.game).family != "cards" or token_matches(game, referee_token):
            return moves
        seat = self.seat_of(game.id, seat_token)
        if seat is None:
            raise Forbidden("a card game's legal moves go only to a seat token (X-Seat-Token) "
                            "or the referee token (X-Referee-Token)")
        return [m for m in moves if m.get("player") == seat]

    def guard(self, move, seat_token: str | None, referee_token: str | None):
        """Return `move` (a dict or a function of the game) checked against the seats.

        A move naming a seat that a phone holds needs that seat's token or the referee token;
        a phone's move that names no player is made by its seat.
        """
        def checked(game: Game) -> dict:
            made = move(game) if callable(move) else move
            if not isinstance(made, dict) or token_matches(game, referee_token):
                return made
            seat = self.seat_of(game.id, seat_token)
            player = made.get("player")
            if seat is not None:
                if player is None and find_kind(game.game).family == "cards":
                    return {**made, "player": seat}
                if player is not None and player != seat:
                    raise Forbidden(f"this phone holds {seat}'s seat, not {player}'s")
                return made
            if player is not None and player in self._taken(game.id):
                raise Forbidden(f"{player}'s seat is held by a phone: its moves need that "
                                "seat's token (X-Seat-Token)")
            return made
        return checked


def create_schema(store) -> None:
    """Make the rooms and seats tables in `store`'s database if they are missing."""
    conn = getattr(store, "conn", None)
    if conn is None:  # SQLite: CREATE TABLE IF NOT EXISTS is atomic there
        for statement in SCHEMA:
            store.run(statement, fetch=False)
        return
    from .pgstore import SCHEMA_LOCK
    with store.lock, conn.transaction():  # replicas starting at once
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
        for statement in SCHEMA:
            conn.execute(statement)


def names(players: list) -> list[str]:
    """Return the players' names (a game's players are names, or objects with a name)."""
    return [p if isinstance(p, str) else p.get("name") for p in players]


def _copy(options: dict) -> dict:
    return json.loads(json.dumps(options))


def _is_unique_violation(err: Exception) -> bool:
    import sqlite3
    if isinstance(err, sqlite3.IntegrityError):
        return True
    return type(err).__name__ == "UniqueViolation"


def find(referee: Referee, game_id: str) -> Game:
    """Return the game `game_id`; raise NoGame (404) for an unknown or overlong id."""
    if len(game_id) > 40:
        raise NoGame(f"no game {game_id!r}")
    return referee.get(game_id)
