"""A write load beside benchmarks/load.sh's reads: answers posted to games, then counted.

    python3 benchmarks/writes.py PORT DB SECONDS [CONNECTIONS] [RATE]

Starts one In Extremis game per two connections (so two writers race on each game, and the
store's one-transaction-a-move rule is exercised), posts wrong answers (each one a logged move)
for SECONDS, as fast as they are answered or RATE answers a second in all (a write load that
does not grow as the writes get cheaper), then prints the writes acknowledged (200), refused,
their latency percentiles, and how many moves the database holds for those games: every
acknowledged answer must be there ("lost" must be 0).
"""

import http.client
import json
import os
import sqlite3
import sys
import threading
import time


def main(port: int, db: str, seconds: float, connections: int = 4, rate: float = 0) -> None:
    def call(conn, method, path, body):
        conn.request(method, path, json.dumps(body), {"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, json.loads(response.read())

    setup = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    games = [call(setup, "POST", "/api/games", {"game": "extremis", "players": ["ann", "bob"],
                                                "seed": n})[1]["id"]
             for n in range((connections + 1) // 2)]
    acked, refused, times = [0] * connections, [0] * connections, [[] for _ in range(connections)]
    stop = time.monotonic() + seconds

    def writer(n: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        game = games[n // 2]
        every = connections / rate if rate else 0.0
        due = time.monotonic() + every * n / connections  # the writers' turns spread out
        while time.monotonic() < stop:
            if every:
                time.sleep(max(0.0, due - time.monotonic()))
                due += every
            started = time.perf_counter()
            status, _ = call(conn, "POST", f"/api/games/{game}/answer",
                             {"player": "ann", "answer": f"qqq{n}"})
            times[n].append(time.perf_counter() - started)
            if status == 200:
                acked[n] += 1
            else:
                refused[n] += 1

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with sqlite3.connect(db) as store:
        stored = sum(store.execute("SELECT COUNT(*) FROM moves WHERE game_id = ?",
                                   (game,)).fetchone()[0] for game in games)
    every = sorted(t for own in times for t in own)
    pct = {p: every[min(len(every) - 1, int(len(every) * p / 100))] * 1000 for p in (50, 99)}
    print(f"writes: {sum(acked)} acknowledged ({sum(acked) / seconds:.0f}/s), "
          f"{sum(refused)} refused, p50 {pct[50]:.1f} ms, p99 {pct[99]:.1f} ms; "
          f"stored {stored}, lost {sum(acked) - stored}; this client took "
          f"{sum(os.times()[:2]):.1f} CPU-seconds")


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], float(sys.argv[3]),
         int(sys.argv[4]) if len(sys.argv) > 4 else 4,
         float(sys.argv[5]) if len(sys.argv) > 5 else 0)
