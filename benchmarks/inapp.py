"""The HTTP routes inside the app, without a socket: python3 benchmarks/inapp.py ROUTE [N]

ROUTE is judge, any, solve (wordref's word routes, the queries of benchmarks/load.sh) or peer
(benchmarks/bare_app.py). Each request is one ASGI call of the app, as uvicorn makes it, after
50 warm-up calls; prints microseconds a request (the least of 5 runs of N).

On a shared machine count instructions instead, which no other work changes:

    python3 benchmarks/inapp.py --count [N]

runs itself once under valgrind (callgrind) and prints the instructions a request of every
route (peer, judge, any, solve), each over N requests (2,000) after the warm-up: each route's
requests run inside one sys.call_tracing call, which callgrind is told to count alone and dump
after (each request is driven to its end synchronously; none of these routes waits on anything).
"""

import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

QUERIES = {"judge": b"initial=b&green=utt&red=x&answer=butter", "any": b"initial=q&green=z&red=u",
           "solve": b"initial=b&green=utt&red=x&limit=10"}
ROUTES = ("peer", "judge", "any", "solve")


def scope(verb: str) -> dict:
    path = f"/api/extremis/{verb}"
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
            "scheme": "http", "path": path, "raw_path": path.encode(),
            "query_string": QUERIES[verb], "root_path": "",
            "headers": [(b"host", b"127.0.0.1:8790"), (b"user-agent", b"wrk"),
                        (b"accept", b"*/*")],
            "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8790), "state": {}}


async def receive():
    return {"type": "http.request", "body": b"", "more_body": False}


async def send(message):
    if message["type"] == "http.response.start" and message["status"] != 200:
        raise SystemExit(f"status {message['status']}")


def make_app(route: str):
    """Return (app, request scope) of `route`, the language opened (however long it takes)."""
    if route == "peer":
        from bare_app import app

        return app, scope("judge")
    from solver.lexicon import available_codes
    from solver.service.app import create_app
    from solver.service.words import Languages, open_language

    app = create_app(str(Path(tempfile.mkdtemp()) / "games.sqlite3"),
                     languages=Languages(available_codes(), open_language, wait=3600))
    return app, scope(route)


async def main(route: str, n: int) -> None:
    app, request = make_app(route)
    for _ in range(50):
        await app(dict(request), receive, send)
    best = None
    for _ in range(5):
        started = time.process_time()
        for _ in range(n):
            await app(dict(request), receive, send)
        took = (time.process_time() - started) / n * 1e6
        best = took if best is None else min(best, took)
    print(f"{route}: {best:.1f} us a request (least of 5 runs of {n})")


def drive(app, request, n: int) -> None:
    """Make `n` requests, each run to its end without an event loop."""
    for _ in range(n):
        call = app(dict(request), receive, send)
        try:
            call.send(None)
        except StopIteration:
            continue
        raise SystemExit("the app waited on something: count it with the event loop instead")


def counted(n: int) -> None:
    """Under callgrind (see count): each route's n requests in one sys.call_tracing call."""
    apps = {route: make_app(route) for route in ROUTES}
    for app, request in apps.values():
        asyncio.run(asyncio.wait_for(app(dict(request), receive, send), None))
        drive(app, request, 50)
    for app, request in apps.values():
        sys.call_tracing(drive, (app, request, n))


def count(n: int) -> None:
    """Run counted(n) under callgrind; print each route's instructions a request."""
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(["valgrind", "--tool=callgrind", "--toggle-collect=sys_call_tracing",
                        "--dump-after=sys_call_tracing", f"--callgrind-out-file={out}/cg",
                        sys.executable, __file__, "--counted", str(n)],
                       check=True, stderr=subprocess.DEVNULL)
        dumps = sorted(Path(out).glob("cg.*"), key=lambda p: int(p.suffix[1:]))
        if len(dumps) != len(ROUTES):
            raise SystemExit(f"expected {len(ROUTES)} dumps, found {len(dumps)}")
        for route, dump in zip(ROUTES, dumps):
            total = next(int(line.split()[1]) for line in dump.read_text().splitlines()
                         if line.startswith("summary:"))
            print(f"{route}: {total / n / 1000:.1f} k instructions a request ({n} requests)")


if __name__ == "__main__":
    os.environ.setdefault("WORDREF_HOME", tempfile.mkdtemp())
    args = sys.argv[1:]
    if args and args[0] == "--count":
        count(int(args[1]) if len(args) > 1 else 2000)
    elif args and args[0] == "--counted":
        counted(int(args[1]))
    else:
        asyncio.run(main(args[0], int(args[1]) if len(args) > 1 else 3000))
