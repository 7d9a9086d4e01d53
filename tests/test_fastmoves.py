"""The moves' hot path (service/fastmoves.py): it answers exactly what FastAPI's routes answer.

Two apps play the same games from the same seeds, one with the hot path and one without it
(every move through FastAPI), and every request, well-formed or not, must get the same status
and the same JSON from both; the hot path must have answered the well-formed ones itself.
"""

import asyncio
import json

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from solver.lexicon import available_codes  # noqa: E402
from solver.service.app import create_app  # noqa: E402
from solver.service.fastmoves import MoveRoutes  # noqa: E402
from solver.service.words import Languages, open_language  # noqa: E402

HEADERS = {"Content-Type": "application/json"}


class Table:
    """One app and its client; `routed` counts the moves FastAPI's routes were given."""

    def __init__(self, db: str, fast: bool):
        app = create_app(db, languages=Languages(available_codes(), open_language, wait=300))
        self.client = TestClient(app, base_url="http://localhost")
        self.client.get("/healthz")  # the middleware stack is built at the first request
        self.moves = app.middleware_stack.app.app
        assert isinstance(self.moves, MoveRoutes)
        if not fast:
            self.moves.routes = {}
        self.routed = 0
        inner = self.moves.app

        async def counted(scope, receive, send):
            if scope["method"] == "POST" and scope["path"].startswith("/api/games/"):
                self.routed += 1
            await inner(scope, receive, send)
        self.moves.app = counted
        self.games: dict[str, tuple[str, str]] = {}  # name: (id, referee token)

    def start(self, name: str, **game) -> None:
        made = self.client.post("/api/games", json=game).json()
        self.games[name] = (made["id"], made["token"])

    def post(self, name: str, route: str, body, token: str | None = None) -> tuple[int, dict]:
        game_id, referee = self.games.get(name, (name, None))
        headers = dict(HEADERS)
        if token is not None:
            headers["X-Referee-Token"] = referee if token == "referee" else token
        raw = body if isinstance(body, bytes) else json.dumps(body).encode()
        response = self.client.post(f"/api/games/{game_id}/{route}", content=raw,
                                    headers=headers)
        return response.status_code, json.loads(response.text.replace(game_id, "GAME"))


# (game, route, body, token): "referee" sends the game's own token. In play order.
REQUESTS = [
    ("words", "answer", {"player": "ann", "answer": "qqq"}, None),
    ("words", "answer", {"player": "ann", "answer": "qqq", "round": 1}, None),
    ("words", "answer", {"player": "ann", "answer": "zzz", "round": None, "extra": 1}, None),
    ("words", "answer", {"player": "ann", "answer": "qqq", "round": "1"}, None),  # lax: "1"
    ("words", "answer", {"player": "ann", "answer": "qqq", "round": 1.0}, None),
    ("words", "answer", {"player": "ann", "answer": "qqq", "round": True}, None),
    ("words", "answer", {"player": "ann", "answer": "qqq", "round": 99}, None),  # stale
    ("words", "answer", {"player": "zed", "answer": "qqq"}, None),  # no such player
    ("words", "answer", {"player": "ann"}, None),
    ("words", "answer", {"player": 1, "answer": "qqq"}, None),
    ("words", "answer", {"player": "a" * 61, "answer": "qqq"}, None),
    ("words", "answer", ["ann", "qqq"], None),
    ("words", "answer", b'{"player": "ann", "answer": ', None),  # not JSON
    ("words", "answer", b'{"player": "ann", "answer": "\\ud800"}', None),
    ("words", "tap", {"player": "ann"}, None),
    ("words", "stumped", {"why": 1}, None),
    ("words", "overrule", {"accept": False}, None),  # no token
    ("words", "overrule", {"accept": False}, "not-the-token"),
    ("words", "overrule", {"accept": False}, "x" * 201),
    ("words", "overrule", {"accept": "yes"}, "referee"),
    ("words", "overrule", {"accept": True}, "referee"),
    ("words", "check", {"show": True}, None),  # no token
    ("words", "check", {"show": 1}, "referee"),
    ("words", "check", {"show": True}, "referee"),
    ("cards", "check", {"show": True}, "referee"),  # not a card game's
    ("words", "stumped", {}, None),
    ("words", "undo", {}, "referee"),
    ("words", "undo", {}, None),
    ("words", "move", {"type": "stumped"}, None),
    ("words", "move", {"type": "undo"}, None),  # its own route
    ("words", "move", {"type": "pickup", "player": "ann"}, None),  # not In Extremis's
    ("words", "move", b'{"type": "answer", "player": "ann", "word": "ab\\ud800"}', None),
    ("things", "take", {"player": "ann", "card": "red"}, None),
    ("things", "take", {"player": "ann", "card": "blue"}, None),
    ("things", "answer", {"player": "bob", "answer": "qqq"}, None),
    ("cards", "move", {"type": "pickup", "player": ["x"]}, None),
    ("cards", "move", {"type": "play", "player": "bob", "cards": ["3h"]}, None),
    ("cards", "move", {"type": "pickup", "player": "ann"}, None),
    ("cards", "move", "pickup", None),
    ("cards", "answer", {"player": "ann", "answer": "qqq"}, None),  # a card game
    ("nosuch", "answer", {"player": "ann", "answer": "qqq"}, None),
    ("x" * 50, "tap", {"player": "ann"}, None),
]


@pytest.fixture
def tables(tmp_path):
    made = []
    for fast in (True, False):
        table = Table(str(tmp_path / f"{fast}.sqlite3"), fast)
        table.start("words", game="extremis", players=["ann", "bob"], seed=3)
        table.start("things", game="redyellow", players=["ann", "bob"], seed=3)
        table.start("cards", game="idiot", players=["ann", "bob"], seed=3)
        made.append(table)
    return made


def test_every_move_gets_what_fastapi_answers(tables):
    fast, slow = tables
    for name, route, body, token in REQUESTS:
        assert fast.post(name, route, body, token) == slow.post(name, route, body, token), \
            (name, route, body)
    for _ in range(12):  # card moves the rules take, the first legal one each time
        legal = [table.client.get(f"/api/games/{table.games['cards'][0]}/moves",
                                  headers={"X-Referee-Token": table.games["cards"][1]}).json()
                 for table in tables]
        assert legal[0] == legal[1] and legal[0]
        answered = fast.post("cards", "move", legal[0][0])
        assert answered == slow.post("cards", "move", legal[0][0]) and answered[0] == 200
    assert slow.routed == len(REQUESTS) + 12
    # Through FastAPI only the bodies strict mode does not take as they stand; in front of it,
    # the rest (among them the moves the rules refuse, and those of games that do not exist).
    assert 0 < fast.routed < len(REQUESTS) // 2


def test_half_a_utf16_pair_alone_is_refused_before_any_move_is_logged(tables):
    fast, _ = tables
    game_id = fast.games["words"][0]
    before = fast.client.get(f"/api/games/{game_id}").json()
    status, said = fast.post("words", "move", b'{"type": "answer", "player": "ann", '
                                               b'"word": "ab\\ud800"}')
    assert status == 422 and "half of a UTF-16 pair" in said["error"]
    assert fast.client.get(f"/api/games/{game_id}").json() == before


def test_the_hot_path_serves_the_well_formed_moves(tables):
    fast, _ = tables
    assert fast.post("words", "answer", {"player": "ann", "answer": "qqq"})[0] == 200
    assert fast.post("words", "answer", {"player": "ann", "answer": "qqq", "round": 1})[0] \
        == 200
    assert fast.post("cards", "move", {"type": "pickup", "player": "ann"})[0] == 409
    assert fast.routed == 0
    assert fast.post("words", "answer", {"player": "ann", "answer": "qqq", "round": "1"})[0] \
        == 200
    assert fast.routed == 1
    assert fast.post("words", "stumped", {})[0] == 200
    assert fast.routed == 1


def run_asgi(app, path: str, body: bytes) -> tuple[int, dict, list]:
    """Post `body` to `path` of a bare ASGI `app`; return status, JSON and what was sent."""
    sent = []

    async def receive():
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message):
        sent.append(message)
    asyncio.run(app({"type": "http", "method": "POST", "path": path, "headers": []},
                    receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    payload = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], json.loads(payload), sent


def test_a_fault_of_the_route_is_a_json_500_and_a_lax_body_reaches_fastapi_whole(capsys):
    given = []

    async def inner(scope, receive, send):
        given.append((await receive())["body"])
        await send({"type": "http.response.start", "status": 299, "headers": []})
        await send({"type": "http.response.body", "body": b'{"inner": true}'})

    async def broken(game_id, body):
        raise RuntimeError("a bug")

    moves = MoveRoutes(inner)
    moves.routes = {"move": (broken, None, False)}
    status, data, _ = run_asgi(moves, "/api/games/abc/move", b'{"type": "x"}')
    assert status == 500 and "internal error" in data["error"]
    assert "RuntimeError: a bug" in capsys.readouterr().err
    assert given == []
    assert run_asgi(moves, "/api/games/abc/move", b'["x"]')[:2] == (299, {"inner": True})
    assert run_asgi(moves, "/api/games/abc/other", b'{}')[:2] == (299, {"inner": True})
    assert given == [b'["x"]', b'{}']
