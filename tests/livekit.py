"""What the live tests share: `wordref serve` in a process of its own, and a raw SSE client.

`serve(db)` starts the real CLI's server on a free loopback port (SQLite path or PostgreSQL
URL) and stops it after; `Stream` reads one Server-Sent Events stream on a thread, as a
browser's EventSource would, keeping every event it saw.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(base: str, method: str, path: str, body=None, headers=None):
    """Return (status, JSON) of one request."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data, method=method,
                                     headers={"Content-Type": "application/json",
                                              **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"null")


class Server:
    """`wordref serve` on a free port; `base` is its address."""

    def __init__(self, db: str, log_path: Path, *options: str):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = open(log_path, "w+b")
        self.process = subprocess.Popen(
            [sys.executable, "-c", "import cli; cli.main()", "serve", "--port", str(self.port),
             "--db", db, *options], cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT,
            env={k: v for k, v in os.environ.items() if k != "WORDREF_DB"})
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.output()}")
            try:
                if call(self.base, "GET", "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start: {self.output()}")
            time.sleep(0.1)

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


@contextlib.contextmanager
def serve(db: str, log_path: Path, *options: str):
    """`wordref serve --db DB *options` while the block runs."""
    server = Server(db, log_path, *options)
    try:
        yield server
    finally:
        server.stop()


class Stream:
    """One SSE stream of a game, read on a thread: `events` are (id, type, data) in order."""

    def __init__(self, base: str, game_id: str, last_id: int | None = None):
        host, port = base.removeprefix("http://").split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        head = f"GET /api/games/{game_id}/events HTTP/1.1\r\nHost: {host}\r\n" \
               "Accept: text/event-stream\r\n"
        if last_id is not None:
            head += f"Last-Event-ID: {last_id}\r\n"
        self.sock.sendall((head + "\r\n").encode())
        self.events: list[tuple[int | None, str, dict]] = []
        self.status: int | None = None
        self.closed = False
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        buffer = b""
        try:
            while b"\r\n\r\n" not in buffer:
                buffer += self._recv()
            head, buffer = buffer.split(b"\r\n\r\n", 1)
            self.status = int(head.split()[1])
            text = b""
            while True:
                # Chunked transfer: strip the chunk sizes, keep the payload.
                while b"\r\n" in buffer:
                    size_line, rest = buffer.split(b"\r\n", 1)
                    size = int(size_line, 16)
                    while len(rest) < size + 2:
                        rest += self._recv()
                    text += rest[:size]
                    buffer = rest[size + 2:]
                    while b"\n\n" in text:
                        block, text = text.split(b"\n\n", 1)
                        self._event(block.decode())
                buffer += self._recv()
        except (OSError, ValueError, ConnectionError):
            pass
        finally:
            with self.changed:
                self.closed = True
                self.changed.notify_all()

    def _recv(self) -> bytes:
        data = self.sock.recv(65536)
        if not data:
            raise ConnectionError("closed")
        return data

    def _event(self, block: str) -> None:
        fields: dict[str, str] = {}
        for line in block.split("\n"):
            if line.startswith(":") or ":" not in line:
                continue
            key, _, value = line.partition(":")
            fields[key] = fields.get(key, "") + value.removeprefix(" ")
        if "data" not in fields:
            return
        with self.changed:
            self.events.append((int(fields["id"]) if "id" in fields else None,
                                fields.get("event", "message"), json.loads(fields["data"])))
            self.changed.notify_all()

    def moves(self) -> list[tuple[int, dict]]:
        """Return the move events seen: (id, data)."""
        with self.changed:
            return [(i, d) for i, kind, d in self.events if kind == "message"]

    def wait(self, check, timeout: float = 15.0) -> bool:
        """Wait until check(self) is true (or the stream closed); return whether it is."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while not check(self):
                left = deadline - time.monotonic()
                if left <= 0 or self.closed:
                    return bool(check(self))
                self.changed.wait(left)
            return True

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()
