"""The HTTP routes inside the app, without a socket: python3 benchmarks/inapp.py ROUTE [N]

ROUTE is judge, any, solve (wordref's word routes, the queries of benchmarks/load.sh) or peer
(benchmarks/bare_app.py). Each request is one ASGI call of the app, as uvicorn makes it, after
50 warm-up calls; prints microseconds a request (the least of 5 runs of N). On a shared machine
count instructions instead, which no other work changes: run N=0 and N=2000 under
`valgrind --tool=callgrind --callgrind-out-file=/dev/null python3 benchmarks/inapp.py ROUTE N`
and divide the difference of the two totals by 10,000 (5 runs of 2,000).
"""

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

QUERIES = {"judge": b"initial=b&green=utt&red=x&answer=butter", "any": b"initial=q&green=z&red=u",
           "solve": b"initial=b&green=utt&red=x&limit=10"}


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


async def main(route: str, n: int) -> None:
    if route == "peer":
        from bare_app import app
    else:
        from solver.service.app import create_app

        app = create_app(str(Path(tempfile.mkdtemp()) / "games.sqlite3"))
    request = scope("judge" if route == "peer" else route)
    for _ in range(50):
        await app(dict(request), receive, send)
    best = None
    for _ in range(5 if n else 0):
        started = time.process_time()
        for _ in range(n):
            await app(dict(request), receive, send)
        took = (time.process_time() - started) / n * 1e6
        best = took if best is None else min(best, took)
    if best is not None:
        print(f"{route}: {best:.1f} us a request (least of 5 runs of {n})")


if __name__ == "__main__":
    os.environ.setdefault("WORDREF_HOME", tempfile.mkdtemp())
    asyncio.run(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 3000))
