"""A game move inside the app, without a socket: python3 benchmarks/inapp_moves.py ROUTE [N]

The sibling of benchmarks/inapp.py for the routes that write. ROUTE is

    answer     POST /api/games/{id}/answer, a wrong In Extremis answer (benchmarks/writes.py's)
    idiot      POST /api/games/{id}/move, Extreme Idiot plays (the first legal move each time)
    extincion  POST /api/games/{id}/move, ¡Extinción! moves (the first legal one; a new game
               when one ends)
    streamed   the answer route again, with one live stream open on the game in this process
               (so the move's event is encoded and handed to the stream, live.py)

Each move is one ASGI call of the app as uvicorn makes it (JSON body, Host header), through
the real worker thread the app hands moves to, committed to a SQLite file in a temporary
directory, after 20 warm-up moves. Prints the CPU time a move costs (every thread of this
process: the event loop's, the move's worker thread, SQLite's), the least of 5 runs of N (200).

On a shared machine count instructions instead, which no other work changes:

    python3 benchmarks/inapp_moves.py --count [N]

runs itself once under valgrind (callgrind) and prints the instructions a move of every route,
each over N moves (200) after the warm-up. Every thread is counted: callgrind dumps what all
threads ran at the end of each `sys.call_tracing` call, which this script makes between the
routes. What does not belong to the moves is left out: the SQLite file's watch (live.py polls
it every 30 ms whatever the load: a cost of the seconds, not of the moves; under valgrind's
slowdown it would look like one of the moves).

    python3 benchmarks/inapp_moves.py --profile ROUTE [N]

prints cProfile's top functions of N moves run on the event loop's thread (the worker thread
taken out, so the profiler sees the move's own work).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

ROUTES = ("answer", "idiot", "extincion", "streamed")
WARM = 20
PLAYERS = ["ann", "bob", "cat"]


def request(method: str, path: str, body: bytes = b"") -> tuple[dict, object]:
    """Return (scope, receive) of one request as uvicorn hands it to the app."""
    headers = [(b"host", b"127.0.0.1:8790"), (b"user-agent", b"bench"), (b"accept", b"*/*")]
    if method == "POST":
        headers += [(b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode())]
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "headers": headers,
             "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8790), "state": {}}

    async def receive():
        return {"type": "http.request", "body": body, "more_body": False}
    return scope, receive


async def call(app, method: str, path: str, data=None) -> tuple[int, dict]:
    """Make one request of `app`; return its status and JSON answer."""
    scope, receive = request(method, path, json.dumps(data).encode() if data is not None
                             else b"")
    out: dict = {"body": b""}

    async def send(message):
        if message["type"] == "http.response.start":
            out["status"] = message["status"]
        elif message["type"] == "http.response.body":
            out["body"] += message.get("body", b"")
    await app(scope, receive, send)
    return out["status"], json.loads(out["body"] or b"null")


class Route:
    """One route's moves: `moves()` yields (path, body) of every move, in order."""

    def __init__(self, app, name: str, db: str):
        self.app, self.name, self.db = app, name, db
        self.stream = None
        self.sent = 0

    async def start(self) -> None:
        kind = "extremis" if self.name in ("answer", "streamed") else self.name
        self.kind = kind
        self.game = await self.new_game()
        if self.name == "streamed":
            scope, _ = request("GET", f"/api/games/{self.game}/events")
            self.heard, self.caught = 0, asyncio.Event()
            first = asyncio.Event()

            async def receive():  # the screen stays: it never disconnects
                await asyncio.Event().wait()

            async def send(message):
                body = message.get("body", b"")
                if body.startswith(b"id: "):  # a move's event
                    self.heard += 1
                    if self.heard >= self.sent:
                        self.caught.set()
                elif b"snapshot" in body:
                    first.set()
            self.stream = asyncio.get_running_loop().create_task(self.app(scope, receive, send))
            await asyncio.wait_for(first.wait(), 60)

    async def new_game(self) -> str:
        status, made = await call(self.app, "POST", "/api/games",
                                  {"game": self.kind, "players": PLAYERS, "seed": 7})
        assert status == 201, made
        if self.kind != "extremis":
            self.state = await asyncio.to_thread(self.stored, made["id"])
        return made["id"]

    def stored(self, game_id: str) -> dict:
        """Return the whole state the store holds for game `game_id`."""
        from solver.referee import Referee

        referee = Referee.open(self.db, readonly=True)
        try:
            return referee.get(game_id).state
        finally:
            referee.close()

    async def next_move(self) -> tuple[str, dict]:
        if self.kind == "extremis":
            return f"/api/games/{self.game}/answer", {"player": "ann", "answer": "qqq"}
        from solver.games import engine, status_of

        module = engine(self.kind)
        legal = module.legal_moves(self.state) if status_of(self.state) != "over" else []
        if not legal:  # the game is over: the next move is the first of a new one
            self.game = await self.new_game()
            legal = module.legal_moves(self.state)
        move = legal[0]
        self.state = module.apply(self.state, move)[0]
        return f"/api/games/{self.game}/move", move

    async def moves(self, n: int) -> list[tuple[str, dict]]:
        """Return the next `n` moves (the first legal one each time), found by the engine
        before they are timed, from the state the store holds (so each is legal in turn)."""
        return [await self.next_move() for _ in range(n)]

    async def run(self, moves) -> None:
        for path, body in moves:
            self.sent += 1
            status, answer = await call(self.app, "POST", path, body)
            if status != 200:
                raise SystemExit(f"{self.name}: {path} {body} answered {status}: {answer}")
        if self.stream is not None:  # every move's event reaches the screen
            await asyncio.wait_for(self.caught.wait(), 60)
            self.caught.clear()


def make_app():
    """Return (app, its SQLite file); the live watch of the file is left out (see above)."""
    from solver.lexicon import available_codes
    from solver.service import live
    from solver.service.app import create_app
    from solver.service.words import Languages, open_language

    live.WATCH = live.POLL = live.HEARTBEAT = 3600.0
    db = str(Path(tempfile.mkdtemp()) / "games.sqlite3")
    app = create_app(db, languages=Languages(available_codes(), open_language, wait=3600))
    return app, db


async def timed(name: str, n: int) -> None:
    app, db = make_app()
    route = Route(app, name, db)
    await route.start()
    await route.run(await route.moves(WARM))
    best = None
    for _ in range(5):
        moves = await route.moves(n)
        started = time.process_time()
        await route.run(moves)
        took = (time.process_time() - started) / len(moves) * 1e3
        best = took if best is None else min(best, took)
    print(f"{name}: {best:.3f} ms of CPU a move (least of 5 runs of {n})")


async def counted(n: int) -> None:
    """Under callgrind (see count): each route's n moves between two sys.call_tracing calls."""
    mark = lambda: sys.call_tracing(int, ())  # noqa: E731 (a dump of all threads' counts)
    app, db = make_app()
    routes = [Route(app, name, db) for name in ROUTES]
    for route in routes:
        await route.start()
        await route.run(await route.moves(WARM))
    for route in routes:
        moves = await route.moves(n)
        mark()
        await route.run(moves)
        mark()


def count(n: int) -> None:
    """Run counted(n) under callgrind; print each route's instructions a move."""
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(["valgrind", "--tool=callgrind", "--dump-after=sys_call_tracing",
                        f"--callgrind-out-file={out}/cg", sys.executable, __file__,
                        "--counted", str(n)], check=True, stderr=subprocess.DEVNULL)
        dumps = sorted(Path(out).glob("cg.*"), key=lambda p: int(p.suffix[1:]))
        totals = [next(int(line.split()[1]) for line in d.read_text().splitlines()
                       if line.startswith("summary:")) for d in dumps]
        # Dumps 1, 3, 5... end each route's setup; 2, 4, 6... its n moves.
        if len(totals) < 2 * len(ROUTES):
            raise SystemExit(f"expected {2 * len(ROUTES)} dumps, found {len(totals)}")
        for i, name in enumerate(ROUTES):
            print(f"{name}: {totals[2 * i + 1] / n / 1000:.1f} k instructions a move "
                  f"({n} moves)")


async def profiled(name: str, n: int) -> None:
    import cProfile
    import pstats

    from anyio import to_thread

    async def inline(fn, *args, limiter=None):
        return fn(*args)
    to_thread.run_sync = inline  # the move on this thread, where cProfile sees it
    app, db = make_app()
    route = Route(app, name, db)
    await route.start()
    await route.run(await route.moves(WARM))
    moves = await route.moves(n)
    profile = cProfile.Profile()
    profile.enable()
    await route.run(moves)
    profile.disable()
    pstats.Stats(profile).sort_stats(os.environ.get("SORT", "cumulative")).print_stats(60)


if __name__ == "__main__":
    os.environ.setdefault("WORDREF_HOME", tempfile.mkdtemp())
    args = sys.argv[1:]
    if args and args[0] == "--count":
        count(int(args[1]) if len(args) > 1 else 200)
    elif args and args[0] == "--counted":
        asyncio.run(counted(int(args[1])))
    elif args and args[0] == "--profile":
        asyncio.run(profiled(args[1], int(args[2]) if len(args) > 2 else 200))
    elif args and args[0] in ROUTES:
        asyncio.run(timed(args[0], int(args[1]) if len(args) > 1 else 200))
    else:
        raise SystemExit(__doc__)
