"""The service as it runs: a real uvicorn on a loopback port, in a subprocess.

What only a running server shows: whether one request stalls the others (the event loop must
stay free while a language builds its index, while long answers are judged, while the games
database is locked) and what the HTTP parser does with bytes no client library sends. The
latency bound is a generous 1 s: this is not a benchmark (benchmarks/load.sh is), but a stall
of seconds is a bug. The figures measured are printed (pytest -s shows them).
"""

import http.client
import json
import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote

import pytest

pytest.importorskip("uvicorn")

ROOT = Path(__file__).resolve().parent.parent
STALL = 1.0  # seconds: /healthz slower than this while others work is a stall


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """Yield (port, db path, log path) of a server whose index cache starts empty."""
    tmp = tmp_path_factory.mktemp("live")
    port, db, log = free_port(), tmp / "games.sqlite3", tmp / "server.log"
    env = {**os.environ, "WORDREF_DB": str(db), "WORDREF_CACHE": str(tmp / "cache"),
           "PYTHONPATH": str(ROOT)}
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "solver.service.app:app_from_environment",
             "--factory", "--host", "127.0.0.1", "--port", str(port), "--log-level",
             "warning", "--no-access-log"], cwd=ROOT, env=env, stdout=out, stderr=out)
    try:
        for _ in range(300):
            try:
                if get(port, "/healthz")[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail(f"the server did not start: {log.read_text()[-2000:]}")
        yield port, db, log
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def get(port, path, timeout=60):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, response.read(), dict(response.getheaders())
    finally:
        conn.close()


def post(port, path, body, timeout=60):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, json.loads(response.read())
    finally:
        conn.close()


class Health:
    """Poll /healthz every 20 ms in a thread; `worst` is the slowest answer seen."""

    def __init__(self, port):
        self.port, self.times, self._stop = port, [], threading.Event()
        self._thread = threading.Thread(target=self._poll, daemon=True)

    def _poll(self):
        while not self._stop.is_set():
            started = time.perf_counter()
            assert get(self.port, "/healthz", timeout=30)[0] == 200
            self.times.append(time.perf_counter() - started)
            time.sleep(0.02)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()

    @property
    def worst(self) -> float:
        return max(self.times)


def report(what, health):
    ordered = sorted(health.times)
    print(f"\n/healthz while {what}: {len(ordered)} answers, median "
          f"{ordered[len(ordered) // 2] * 1000:.1f} ms, worst {health.worst * 1000:.1f} ms")


def test_healthz_answers_while_a_language_builds(server):
    port = server[0]
    with Health(port) as health:
        status, body, headers = get(port, "/api/extremis/any?initial=b&lang=nb")
        assert status == 503 and headers["retry-after"].isdigit(), body
        assert "warming up" in json.loads(body)["error"]
        deadline = time.monotonic() + 300
        while status == 503 and time.monotonic() < deadline:
            time.sleep(0.2)
            status, body, _ = get(port, "/api/extremis/any?initial=b&lang=nb")
    assert status == 200 and json.loads(body)["any"] is True
    report("Norwegian built", health)
    assert len(health.times) > 10 and health.worst < STALL


def test_healthz_answers_while_eight_long_judges_run(server):
    port = server[0]
    answers = "&".join(f"answer={'bq' + 'x' * 198 if n % 2 else 'b' + 'utter' * 39 + 'u'}"
                       for n in range(100))
    path = f"/api/extremis/judge?initial=b&{answers}"
    with Health(port) as health, ThreadPoolExecutor(8) as pool:
        for _ in range(3):
            results = list(pool.map(lambda _: get(port, path), range(8)))
            assert all(status == 200 for status, _, _ in results)
    assert all(len(json.loads(body)) == 100 for _, body, _ in results)
    report("8 judges of 100 answers of 200 letters ran (3 rounds)", health)
    assert health.worst < STALL


def test_healthz_answers_while_a_long_answer_is_judged_in_a_game(server):
    port, db, _ = server
    status, made = post(port, "/api/games", {"game": "extremis", "players": ["ann", "bob"],
                                             "seed": 3})
    assert status == 201
    game, round_ = made["id"], made["state"]["round"]
    with Health(port) as health:
        for n in range(20):
            status, answered = post(port, f"/api/games/{game}/answer",
                                    {"player": "ann", "answer": "q" + "z" * 199,
                                     "round": round_})
            assert status == 200 and answered["verdict"]["valid"] is False
    report("20 answers of 200 letters were judged in a game", health)
    assert health.worst < STALL


def test_healthz_answers_while_the_games_database_is_locked(server):
    """Another process holds SQLite's write lock for 2 s: moves wait, the loop does not."""
    port, db, _ = server
    status, made = post(port, "/api/games", {"game": "extremis", "players": ["ann", "bob"]})
    assert status == 201
    locker = sqlite3.connect(db, isolation_level=None)
    with Health(port) as health, ThreadPoolExecutor(4) as pool:
        locker.execute("BEGIN IMMEDIATE")
        waiting = [pool.submit(post, port, f"/api/games/{made['id']}/tap", {"player": "ann"})
                   for _ in range(4)]
        time.sleep(2)
        locker.execute("COMMIT")
        assert all(job.result()[0] in (200, 409) for job in waiting)
    locker.close()
    report("the games database was locked for 2 s", health)
    assert health.worst < STALL


def raw(port, request: bytes) -> bytes:
    """Send `request` as bytes; return what the server answers before closing."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(request)
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            chunks.append(chunk)
            if b"\r\n\r\n" in b"".join(chunks) and b"content-length" in b"".join(chunks).lower():
                head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
                length = int(head.lower().split(b"content-length:")[1].split(b"\r\n")[0])
                if len(body) >= length:
                    break
    return b"".join(chunks)


@pytest.mark.parametrize("target", [
    b"/api/games/%ff%fe",                                  # percent-encoded invalid UTF-8
    b"/api/games/%ff%fe/moves",
    b"/api/extremis/%c3%28",
    b"/api/extremis/any?initial=%ff",
    b"/api/extremis/any?initial=b%00&green=u",             # a NUL, percent-encoded
    b"/api/extremis/any?initial=b\x00",                    # a NUL byte as sent
    b"/api/things?query=%00",
    b"/api/extremis/judge?initial=b&answer=" + b"a" * 100_000,  # a 100 KB query string
    b"/api/games/x?player=" + b"%41" * 34_000,
])
def test_bytes_no_client_sends_get_a_4xx_and_no_traceback(server, target):
    port, _, log = server
    before = log.read_bytes()
    answer = raw(port, b"GET " + target + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                 b"Connection: close\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 4"), answer[:200]
    written = log.read_bytes()[len(before):]
    assert b"Traceback" not in written and b"Exception" not in written, written[-2000:]


def test_no_answer_shows_where_the_server_is_installed(server):
    port = server[0]
    install = str(ROOT).encode()
    paths = ["/api/lexicons", "/api/extremis/any?initial=b&lang=../built/en",
             "/api/extremis/any?initial=b&lang=../../../x", "/api/extremis/any?initial=b&lang="
             + quote(str(ROOT / "lexicons" / "built" / "en")), "/api/redyellow/any?thing=x",
             "/api/games/nope", "/static/..%2fapp.py", "/nothing"]
    for path in paths:
        status, body, _ = get(port, path)
        assert install not in body, (path, body[:300])
        assert status == 200 or json.loads(body)["error"]
