"""Rooms over HTTP: join codes, seats, seat tokens, the join link's QR code and the live stream.

    POST /api/rooms/{code}/join   {"name": NAME} -> {"id", "seat", "token"}; 404, 409
    GET  /api/rooms/{code}        the game, its seats (taken or not), whether it started
    GET  /api/games/{id}/room     {"code", "join", "qr"}: the join link and its QR code (SVG)
    GET  /join/{code}             the phone's page: pick a seat, then play from it
    GET  /api/games/{id}/events   the live stream (live.py)

Start with `mount(app, referee)`, which app.py calls once: it adds these routes, the 403, 404
and 409 answers of rooms.py's errors, and a middleware that keeps the request's X-Seat-Token
and X-Referee-Token for the checks app.py's game routes ask of the returned `Seating`.
"""

from __future__ import annotations

import contextlib
import contextvars
import threading
from importlib import resources

from fastapi import Header, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from ..referee import Forbidden
from ..rooms import MAX_NAME, NoRoom, Rooms, SeatTaken, find
from ..store import NoGame
from .live import Hub, add_routes
from .reply import dumps, error

ROOM_PAGE = resources.files("solver.service") / "static" / "room.html"
# The request's tokens, read once by the middleware (the game routes' signatures stay theirs).
_tokens: contextvars.ContextVar[tuple[str | None, str | None]] = \
    contextvars.ContextVar("wordref_tokens", default=(None, None))


class Join(BaseModel):
    """A phone taking a seat."""

    name: str | None = Field(default=None, max_length=MAX_NAME)


class Seating:
    """What app.py's game routes ask about rooms and seats for the request being served.

    Every method that reads the database takes `games`, the Referee the route holds (one per
    worker thread, app.Referees); the methods run in worker threads.
    """

    def __init__(self, referees):
        self.referees = referees
        self.made_schema = False
        self.lock = threading.Lock()
        self._hub = None
        self.told = threading.local()  # the herald's last event, on each move's thread

    def rooms(self, games) -> Rooms:
        with self.lock:
            fresh = not self.made_schema
            self.made_schema = True
        return Rooms(games, schema=fresh)

    @property
    def hub(self) -> Hub:
        with self.lock:
            if self._hub is None:
                self._hub = Hub(self.referees.path)
            return self._hub

    def opened(self, games, game_id: str) -> dict:
        """Open the room of a new game; return {"code", "join"} for its answer."""
        code = self.rooms(games).open(game_id)
        return {"code": code, "join": f"/join/{code}"}

    def view(self, games, game, player: str | None) -> dict:
        """Return the game's view; a card player's hand only to its seat or the referee."""
        seat, referee = _tokens.get()
        return self.rooms(games).private_view(game, player, seat, referee)

    def moves(self, games, game) -> list[dict]:
        """Return the legal moves this request may see."""
        seat, referee = _tokens.get()
        return self.rooms(games).private_moves(game, seat, referee)

    def guard(self, games, move):
        """Return `move` checked against the seats the phones hold."""
        seat, referee = _tokens.get()
        return self.rooms(games).guard(move, seat, referee)

    def herald(self, game, at, move, events, state) -> str | None:
        """Return the live event of a move about to be committed (Referee.play's herald); it
        is kept for `moved`, which the same thread calls once the move is committed."""
        text = self.hub.herald(game, at, move, events, state)
        self.told.last = (game.id, game.seq + 1, text)
        return text

    def moved(self, outcome) -> None:
        """Tell this process's live streams of a committed move (from the thread that made
        it): its event as the herald wrote it, else its number (then read from the log)."""
        game = outcome.game
        told = getattr(self.told, "last", None)
        self.told.last = None
        if self._hub is None:
            return
        if told is not None and told[:2] == (game.id, game.seq) and told[2] is not None:
            self._hub.published(game.id, game.seq, told[2].encode(), game.state)
        else:
            self._hub.tell(game.id, game.seq)

    def seated(self, games, game_id: str) -> None:
        """Tell every replica's live streams that a game's seats changed."""
        if self._hub is not None:
            self._hub.tell(game_id, None, seats=True)
        store = games.store
        if hasattr(store, "conn"):  # PostgreSQL: the other replicas hear it too
            from ..pgstore import CHANNEL
            store.run("SELECT pg_notify(?, ?)", (CHANNEL, f"{game_id} seats"))


# What each refusal of a room or seat route answers: a JSON error line with this status.
REFUSALS = {Forbidden: 403, NoRoom: 404, NoGame: 404, SeatTaken: 409}


def _answer_with(status: int):
    async def answer(request: Request, err: Exception):
        return error(str(err), status)
    return answer


def mount(app, referees) -> Seating:
    """Add the room routes and the live stream to `app`; return the Seating for its routes."""
    seating = Seating(referees)
    app.add_middleware(Tokens)

    for refusal, status in REFUSALS.items():
        app.add_exception_handler(refusal, _answer_with(status))

    @app.post("/api/rooms/{code}/join")
    def join(code: str, body: Join, x_referee_token: str | None = Header(None, max_length=200)):
        """Take a seat at the game with this join code; the seat token is shown once.

        A free seat's name takes it; a new name takes a seat left open ("Player 2") before the
        first move; no name takes the first free seat. With the referee token, a taken seat
        gets a new token (a lost phone) and a started game still seats anyone.
        """
        with referees() as games:
            rooms = seating.rooms(games)
            game = games.get(rooms.game_of(code))
            if game.seq > 0 and not games.check_token(game.id, x_referee_token):
                raise SeatTaken("the game has started: the referee can seat you "
                                "(X-Referee-Token)")
            seated = rooms.join(code, body.name, x_referee_token)
            seating.seated(games, seated["id"])
        return dumps(seated)

    @app.get("/api/rooms/{code}")
    def room(code: str):
        """The game with this join code, and its seats."""
        with referees() as games:
            return dumps(seating.rooms(games).describe(code))

    @app.get("/api/games/{game_id}/room")
    def game_room(game_id: str, request: Request):
        """The game's join code, join link and the link's QR code as SVG."""
        import segno

        with referees() as games:
            rooms = seating.rooms(games)
            game = find(games, game_id)
            code = rooms.open(game.id)
            seats = rooms.seats(game)
        link = f"/join/{code}"
        # The QR code carries the whole address, as this request reached the server.
        qr = segno.make(str(request.base_url).rstrip("/") + link, error="m")
        return dumps({"code": code, "join": link, "seats": seats,
                      "qr": qr.svg_inline(scale=6, border=2, dark="#111", light="#fff")})

    @app.get("/join/{code}", include_in_schema=False)
    async def join_page(code: str):
        return Response(ROOM_PAGE.read_bytes(), media_type="text/html; charset=utf-8",
                        headers={"Cache-Control": "no-cache"})

    def find_game(game_id: str) -> None:
        with referees() as games:
            find(games, game_id)

    add_routes(app, lambda: seating.hub, find_game)
    return seating


class Tokens:
    """Keep a request's X-Seat-Token and X-Referee-Token for Seating (a plain ASGI middleware)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["path"].startswith("/api/games/"):
            with tokens_kept(*seat_and_referee(scope["headers"])):
                await self.app(scope, receive, send)
            return
        await self.app(scope, receive, send)


def seat_and_referee(headers) -> tuple[str | None, str | None]:
    """Return a request's X-Seat-Token and X-Referee-Token (the last of each, 200 characters
    at most), None for one not sent."""
    seat = referee = None
    for key, value in headers:
        if key == b"x-seat-token":
            seat = value.decode("latin-1")[:200]
        elif key == b"x-referee-token":
            referee = value.decode("latin-1")[:200]
    return seat, referee


def tokens_now() -> tuple[str | None, str | None]:
    """Return the seat and referee tokens of the request being served."""
    return _tokens.get()


@contextlib.contextmanager
def tokens_kept(seat: str | None, referee: str | None):
    """Keep these tokens for Seating's checks while the request is served."""
    reset = _tokens.set((seat, referee))
    try:
        yield
    finally:
        _tokens.reset(reset)
