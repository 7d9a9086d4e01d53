"""Instructions a request of the whole server, uvicorn's HTTP parsing included: valgrind counts.

    python3 benchmarks/inserver.py [N]

Starts each app of benchmarks/load.sh (the bare Starlette peer, then wordref) under valgrind
(callgrind) in one uvicorn worker, sends each route's query over one keep-alive connection
(300 warm-up requests, then N counted, 2,000 by default), and prints the instructions a request
of the server process between the two (callgrind_control zeroes the count, then dumps it).
Unlike requests a second, the counts do not move with the other work of a shared machine;
the kernel's share (the socket) is not in them. About 3 minutes.
"""

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "benchmarks")]
from inapp import QUERIES  # noqa: E402 - the routes of load.sh

PORT = 8799


def get(conn: socket.socket, path: str) -> bytes:
    """Send one GET over `conn` and return the status line of the whole answer read back."""
    conn.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\n\r\n".encode())
    data = b""
    while True:
        data += conn.recv(65536)
        head, sep, body = data.partition(b"\r\n\r\n")
        if sep:
            length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                          if line.lower().startswith(b"content-length:"))
            if len(body) >= length:
                return head.split(b"\r\n")[0]


def counted(app: list[str], paths: list[str], n: int) -> list[int]:
    """Return the instructions a request of each path, `app` served under callgrind."""
    out = tempfile.mkdtemp()
    server = subprocess.Popen(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/cg",
                               sys.executable, "-m", "uvicorn", *app, "--port", str(PORT),
                               "--log-level", "warning", "--no-access-log"], cwd=ROOT,
                              stderr=subprocess.DEVNULL)
    try:
        found = []
        for path in paths:
            for _ in range(300):  # the first requests may find the language warming up: 503
                try:
                    with socket.create_connection(("127.0.0.1", PORT)) as conn:
                        if all(get(conn, path).endswith(b" 200 OK") for _ in range(300)):
                            break
                except OSError:
                    pass
                time.sleep(1)
            else:
                raise SystemExit(f"{path}: no 200 from the server")
            with socket.create_connection(("127.0.0.1", PORT)) as conn:
                subprocess.run(["callgrind_control", "-z", str(server.pid)], check=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                for _ in range(n):
                    get(conn, path)
                subprocess.run(["callgrind_control", "-d", str(server.pid)], check=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            dump = max(Path(out).glob("cg.*"), key=lambda p: int(p.suffix[1:]))
            found.append(next(int(line.split()[1]) for line in dump.read_text().splitlines()
                              if line.startswith("summary:")) // n)
        return found
    finally:
        server.terminate()
        server.wait()


def main(n: int) -> None:
    os.environ.setdefault("WORDREF_HOME", tempfile.mkdtemp())
    os.environ["WORDREF_DB"] = str(Path(tempfile.mkdtemp()) / "games.sqlite3")
    peer = counted(["benchmarks.bare_app:app"], ["/api/extremis/judge"], n)[0]
    print(f"peer: {peer / 1000:.1f} k instructions a request ({n} requests)")
    paths = [f"/api/extremis/{route}?{query.decode()}" for route, query in QUERIES.items()]
    for route, total in zip(QUERIES, counted(
            ["--factory", "solver.service.app:app_from_environment"], paths, n)):
        print(f"{route}: {total / 1000:.1f} k instructions a request ({n} requests), "
              f"{peer / total:.2f} of the peer's requests a second if instructions were all")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
