"""Live fan-out on loopback: many rooms, several streams each, one move per room per second.

    python3 benchmarks/fanout.py                         # SQLite, one `wordref serve`
    python3 benchmarks/fanout.py --postgres --replicas 2 # two replicas on a throwaway PostgreSQL
    python3 benchmarks/fanout.py --workers 2             # SQLite, one server of two processes
    python3 benchmarks/fanout.py --move-process          # SQLite, the moves in their own process

Starts the servers (the real CLI), makes ROOMS In Extremis games, opens LISTENERS Server-Sent
Events streams per room (spread over the replicas, so most streams follow moves made on
another replica), then for SECONDS posts one answer per room per second (spread over the
second and over the replicas) and measures, for every event each stream receives, the time
from the move's logging (its `at`, taken just before the commit) to its arrival: p50, p99 and
the worst. Events lost: moves acknowledged whose event some stream of its room never got (and
repeats); they must be 0. Memory per connection: the servers' resident memory with every
stream open and idle, minus before, over the number of streams. The servers' cores busy with
the moves alone: their CPU time over the measured phase, a floor for what the word verbs lose.
Then the word-verb throughput with wrk (if installed), with the streams open and 26 s more
of moves going on (their events checked for losses, their latencies not counted), against the
same server before any stream was open; each time beside the peer of benchmarks/load.sh (a
bare Starlette app under the same uvicorn settings, in a server of its own), wrk on the judge
verb and on the peer in turns of 5 s, 10 s each. The judge verb's ratio to the peer with the
streams and moves beside both, against that ratio before, says what the rooms cost the word
verbs beyond the machine's cores they share (the moves' own CPU, this client's and wrk's slow
the peer as much).

With --workers 2 the server is two processes on one SQLite file: the kernel spreads the
connections over them, so about half the events cross from one process to the other through
the file.

Bounded: every phase has a deadline; the servers and the cluster are stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
VERB = "/api/extremis/judge?initial=b&green=utt&red=x&answer=butter"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """Return the CPU time (user and system) process `pid` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_cpu() -> float:
    """Return the CPU time this process's waited-for children have used (wrk's runs)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def family(pid: int) -> list[int]:
    """Return `pid` and its descendants (uvicorn's worker processes)."""
    out = [pid]
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        for child in task.read_text().split():
            out += family(int(child))
    return out


def start_server(db: str, port: int, log, workers: int = 1,
                 move_process: bool = False) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k != "WORDREF_DB"}
    return subprocess.Popen([sys.executable, "-c", "import cli; cli.main()", "serve", "--port",
                             str(port), "--db", db, "--workers", str(workers)]
                            + ["--move-process"] * move_process, cwd=ROOT,
                            stdout=log, stderr=subprocess.STDOUT, env=env)


async def request(port: int, method: str, path: str, body: dict | None = None,
                  conn: list | None = None) -> tuple[int, dict]:
    """One HTTP/1.1 request on a kept-alive connection (`conn` holds the reader and writer)."""
    if conn is not None and conn:
        reader, writer = conn
    else:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        if conn is not None:
            conn[:] = [reader, writer]
    data = json.dumps(body).encode() if body is not None else b""
    writer.write(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                 f"application/json\r\nContent-Length: {len(data)}\r\n\r\n".encode() + data)
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split()[1])
    length = int(re.search(rb"content-length: (\d+)", head, re.I).group(1))
    payload = await reader.readexactly(length)
    if conn is None:
        writer.close()
    return status, json.loads(payload)


class Listener:
    """One SSE stream: records (seq, latency) of every move event, and repeats."""

    def __init__(self, room: int, game_id: str, port: int):
        self.room, self.game_id, self.port = room, game_id, port
        self.seen: dict[int, float] = {}
        self.repeats = 0
        self.ready = asyncio.Event()

    async def run(self) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port, limit=1 << 20)
        writer.write(f"GET /api/games/{self.game_id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     "Accept: text/event-stream\r\n\r\n".encode())
        await writer.drain()
        await reader.readuntil(b"\r\n\r\n")
        try:
            while True:
                line = await reader.readline()
                if not line:
                    return
                if line.startswith(b"data: "):
                    now = time.time()
                    data = json.loads(line[6:])
                    if "at" not in data:  # the snapshot
                        self.ready.set()
                        continue
                    if data["seq"] in self.seen:
                        self.repeats += 1
                    self.seen[data["seq"]] = now - data["at"]
        finally:
            writer.close()


async def mover(room: int, game_id: str, port: int, offset: float, seconds: float,
                acked: dict, start: float) -> None:
    conn: list = []
    k = 0
    while True:
        at = start + offset + k
        if at > start + seconds:
            return
        await asyncio.sleep(max(0.0, at - time.time()))
        status, out = await request(port, "POST", f"/api/games/{game_id}/answer",
                                    {"player": "p1", "answer": f"qq{k}"}, conn)
        if status == 200:
            acked.setdefault(room, []).append(k)
        k += 1


def start_peer(port: int, log, workers: int = 1) -> subprocess.Popen:
    """The bare Starlette app of benchmarks/load.sh, under `wordref serve`'s uvicorn settings."""
    return subprocess.Popen([sys.executable, "-m", "uvicorn", "benchmarks.bare_app:app", "--port",
                             str(port), "--workers", str(workers), "--log-level", "warning",
                             "--no-access-log"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)


def wrk(port: int, seconds: int = 10) -> float | None:
    if not shutil.which("wrk"):
        return None
    out = subprocess.run(["wrk", "-t1", "-c32", f"-d{seconds}s", f"http://127.0.0.1:{port}{VERB}"],
                         capture_output=True, text=True, timeout=seconds + 30).stdout
    found = re.search(r"Requests/sec:\s+([\d.]+)", out)
    return float(found.group(1)) if found else None


def judge_and_peer(port: int, peer: int, turns: int = 2, seconds: int = 5) -> tuple:
    """Requests a second of the judge verb and of the peer, wrk on each in turn (judge, peer,
    judge, peer...), so that the machine's drift from one moment to the next hits both alike."""
    judge, bare = [], []
    for _ in range(turns):
        judge.append(wrk(port, seconds))
        bare.append(wrk(peer, seconds))
    if None in judge + bare:
        return None, None
    return round(statistics.mean(judge)), round(statistics.mean(bare))


async def run(args, targets: list[str], ports: list[int], pids: list[int],
              peer: int) -> dict:
    replicas = len(ports)
    games = []
    for r in range(args.rooms):
        status, made = await request(ports[r % replicas], "POST", "/api/games", {
            "game": "extremis", "players": [f"p{i}" for i in range(1, 5)], "seed": r})
        assert status == 201, made
        games.append(made["id"])
    pids = [p for pid in pids for p in family(pid)]
    idle = sum(rss_kb(p) for p in pids)
    verbs_without, peer_without = judge_and_peer(ports[0], peer) if args.wrk else (None, None)
    listeners = [Listener(r, games[r], ports[(r + i + 1) % replicas])
                 for r in range(args.rooms) for i in range(args.listeners)]
    tasks = []
    for n, listener in enumerate(listeners):
        tasks.append(asyncio.create_task(listener.run()))
        if n % 100 == 99:
            await asyncio.sleep(0.05)  # open the streams in waves, as people arrive
    await asyncio.wait_for(asyncio.gather(*(l.ready.wait() for l in listeners)), 120)
    await asyncio.sleep(2)
    streaming = sum(rss_kb(p) for p in pids)
    acked: dict[int, list] = {}

    async def moves_for(seconds: float) -> None:
        start = time.time() + 1
        await asyncio.wait_for(asyncio.gather(*(
            mover(r, games[r], ports[r % replicas], r / args.rooms, seconds, acked, start)
            for r in range(args.rooms))), seconds + 60)

    # Phase 1, measured: the moves alone. Phase 2: the word verbs under wrk while moves go on
    # (their events are checked for losses, their latencies not counted: wrk saturates the
    # server on purpose).
    alone = (sum(cpu_seconds(p) for p in pids), time.time())
    await moves_for(args.seconds)
    alone = (sum(cpu_seconds(p) for p in pids) - alone[0]) / (time.time() - alone[1])
    measured = {r: len(v) for r, v in acked.items()}
    verbs_with, peer_with, cpu = None, None, {}
    if args.wrk:
        phase2 = asyncio.create_task(moves_for(26))
        await asyncio.sleep(3)
        # Where the cores went while wrk ran: this client (1,400 streams and the movers), the
        # servers (not the peer) and wrk (a child, counted once it has been waited for).
        before = (time.process_time(), sum(cpu_seconds(p) for p in pids), time.time(),
                  children_cpu())
        verbs_with, peer_with = await asyncio.to_thread(judge_and_peer, ports[0], peer)
        cpu["client"] = round(time.process_time() - before[0], 1)
        cpu["wrk"] = round(children_cpu() - before[3], 1)
        cpu["servers"] = round(sum(cpu_seconds(p) for p in pids) - before[1], 1)
        cpu["cores"] = round((time.time() - before[2]) * (os.cpu_count() or 1), 1)
        await phase2
    await asyncio.sleep(3)  # the last events on their way
    for task in tasks:
        task.cancel()
    latencies, lost, repeats = [], 0, 0
    for listener in listeners:
        expected = len(acked.get(listener.room, []))
        got = [s for s in listener.seen if s <= expected]
        lost += expected - len(got)
        repeats += listener.repeats
        latencies += [listener.seen[s] * 1000 for s in got
                      if s <= measured.get(listener.room, 0)]
    latencies.sort()
    moves = sum(measured.values())
    return {
        "back end": "PostgreSQL" if targets[0].startswith("postgresql") else "SQLite",
        "replicas": replicas, "workers": args.workers,
        "move process": args.move_process, "rooms": args.rooms, "streams": len(listeners),
        "seconds": args.seconds, "moves acknowledged": moves,
        "events delivered": len(latencies), "events lost (both phases)": lost,
        "repeats": repeats,
        "p50 ms": round(statistics.median(latencies), 1),
        "p99 ms": round(latencies[int(len(latencies) * 0.99) - 1], 1),
        "max ms": round(latencies[-1], 1),
        "memory per stream KB": round((streaming - idle) / len(listeners), 1),
        "server cores busy with the moves alone": round(alone, 2),
        "judge req/s, no streams": verbs_without, "judge req/s, streams and moves": verbs_with,
        "peer req/s, no streams": peer_without, "peer req/s, streams and moves": peer_with,
        "judge over peer, no streams": ratio(verbs_without, peer_without),
        "judge over peer, streams and moves": ratio(verbs_with, peer_with),
        "CPU-seconds during those wrk runs": cpu or None,
    }


def ratio(a: float | None, b: float | None) -> float | None:
    return round(a / b, 2) if a and b else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--listeners", type=int, default=7, help="streams per room")
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--replicas", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes per server")
    parser.add_argument("--postgres", action="store_true",
                        help="a throwaway PostgreSQL cluster (Debian's postgresql)")
    parser.add_argument("--db", help="a postgresql:// URL of an empty database to use instead")
    parser.add_argument("--no-wrk", dest="wrk", action="store_false")
    parser.add_argument("--move-process", action="store_true",
                        help="serve with --move-process (the moves in a process of their own)")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    work = Path(tempfile.mkdtemp(prefix="wordref-fanout-"))
    cluster = None
    try:
        if args.postgres and not args.db:
            from pgkit import fresh_database, throwaway_cluster
            cluster = throwaway_cluster()
            args.db = fresh_database(cluster.__enter__())
        db = args.db or str(work / "games.sqlite3")
        if args.replicas > 1 and not db.startswith("postgresql"):
            parser.error("replicas share one PostgreSQL: add --postgres or --db URL")
        ports = [free_port() for _ in range(args.replicas)]
        logs = [open(work / f"server{i}.log", "wb") for i in range(args.replicas)]
        servers = [start_server(db, p, log, args.workers, args.move_process)
                   for p, log in zip(ports, logs)]
        peer_port = free_port()
        servers.append(start_peer(peer_port, open(work / "peer.log", "wb"), args.workers))
        try:
            for port in ports + [peer_port]:
                for _ in range(300):
                    try:
                        socket.create_connection(("127.0.0.1", port), 1).close()
                        break
                    except OSError:
                        time.sleep(0.1)
            result = asyncio.run(run(args, [db], ports, [s.pid for s in servers[:-1]],
                                     peer_port))
        finally:
            for server in servers:
                server.terminate()
                server.wait(20)
        print(json.dumps(result, indent=2))
    finally:
        if cluster is not None:
            cluster.__exit__(None, None, None)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
