"""`wordref serve --move-process`: the moves played by a child process, answered as before.

Against the real CLI's server: the child is there, every move's answer and event are what the
serving process would give, refusals too, and a child killed with -9 is replaced while the
streams go on: every committed move reaches them once, in order. On PostgreSQL the child also
LISTENs for its serving process, which listens itself again while no child does.
"""

import os
import pickle
import signal
import time
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
from livekit import Stream, call, serve  # noqa: E402
from pgkit import fresh_database, postgres  # noqa: E402,F401 (a fixture)

from solver.service.app import Said  # noqa: E402
from solver.service.mover import Relay  # noqa: E402


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        found += [int(c) for c in task.read_text().split()]
    return found


def mover_of(server, old: int | None = None, timeout: float = 30.0) -> int:
    """Return the pid of the server's moves process (a new one, if `old` is given), once it
    plays the moves."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for pid in children(server.process.pid):
            try:
                line = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            if b"solver.service.mover" in line and pid != old:
                time.sleep(2)  # its app built and its "ready" read
                return pid
        time.sleep(0.1)
    raise AssertionError(f"no moves process: {server.output()}")


def answer(base: str, game_id: str, word: str = "qq"):
    state = call(base, "GET", f"/api/games/{game_id}")[1]["state"]
    return call(base, "POST", f"/api/games/{game_id}/answer",
                {"player": "ann", "answer": word, "round": state["round"]})


def seqs(stream: Stream) -> list[int]:
    return [i for i, _ in stream.moves()]


def test_the_moves_process_answers_as_the_server_does(tmp_path):
    with serve(str(tmp_path / "g.sqlite3"), tmp_path / "s.log", "--move-process") as server:
        child = mover_of(server)
        if hasattr(os, "SCHED_BATCH"):  # it yields to the serving process on wake-up
            assert os.sched_getscheduler(child) == os.SCHED_BATCH
        assert os.sched_getscheduler(server.process.pid) == os.SCHED_OTHER
        status, made = call(server.base, "POST", "/api/games",
                            {"game": "extremis", "players": ["ann", "bob"], "seed": 5})
        assert status == 201
        game_id = made["id"]
        watcher = Stream(server.base, game_id)
        assert watcher.wait(lambda s: s.events)
        status, out = answer(server.base, game_id)
        assert status == 200 and out["verdict"]["valid"] is False
        assert [r["code"] for r in out["verdict"]["reasons"]][0] == "not_a_word"
        assert watcher.wait(lambda s: seqs(s) == [1])
        assert watcher.moves()[0][1]["state"] == out["state"] == \
            call(server.base, "GET", f"/api/games/{game_id}")[1]["state"]
        # Refusals come back as the app answers them: 404, 403 (a referee move), 422.
        assert call(server.base, "POST", "/api/games/nosuch/answer",
                    {"player": "ann", "answer": "qq"})[0] == 404
        status, out = call(server.base, "POST", f"/api/games/{game_id}/undo", {})
        assert status == 403 and "referee token" in out["error"]
        status, out = call(server.base, "POST", f"/api/games/{game_id}/undo", {},
                           {"X-Referee-Token": made["token"]})
        assert status == 200
        assert call(server.base, "POST", f"/api/games/{game_id}/take",
                    {"player": "ann", "card": "red"})[0] == 422
        assert watcher.wait(lambda s: seqs(s) == [1, 2])
        watcher.close()


def test_a_killed_moves_process_is_replaced_and_the_streams_miss_nothing(tmp_path):
    with serve(str(tmp_path / "g.sqlite3"), tmp_path / "s.log", "--move-process") as server:
        first = mover_of(server)
        game_id = call(server.base, "POST", "/api/games",
                       {"game": "extremis", "players": ["ann", "bob"], "seed": 7})[1]["id"]
        watcher = Stream(server.base, game_id)
        assert watcher.wait(lambda s: s.events)
        assert answer(server.base, game_id)[0] == 200
        os.kill(first, signal.SIGKILL)
        answered = [answer(server.base, game_id) for _ in range(3)]
        # A move in the dead child's hands is a 503 to try again; the others are played.
        assert all(status in (200, 503) for status, _ in answered)
        second = mover_of(server, old=first)
        assert answer(server.base, game_id)[0] == 200
        logged = call(server.base, "GET", f"/api/games/{game_id}")[1]
        total = 2 + sum(status == 200 for status, _ in answered)
        assert watcher.wait(lambda s: len(s.moves()) >= total)
        assert seqs(watcher) == list(range(1, len(seqs(watcher)) + 1))  # no gap, no repeat
        assert watcher.moves()[-1][1]["state"] == logged["state"]
        assert second in children(server.process.pid)
        assert "the moves' process ended" in server.output()
        watcher.close()


def test_replicas_hear_each_other_through_their_moves_processes(tmp_path, postgres):  # noqa: F811
    url = fresh_database(postgres)
    with serve(url, tmp_path / "a.log", "--move-process") as a, \
            serve(url, tmp_path / "b.log", "--move-process") as b:
        mover_of(a)
        first = mover_of(b)
        game_id = call(a.base, "POST", "/api/games",
                       {"game": "extremis", "players": ["ann", "bob"], "seed": 7})[1]["id"]
        on_b = Stream(b.base, game_id)
        assert on_b.wait(lambda s: s.events)
        assert answer(a.base, game_id)[0] == 200  # played by A's child ...
        assert on_b.wait(lambda s: seqs(s) == [1])  # ... heard by B's, passed to B's stream
        # B's child dies: B listens itself until a new child does; nothing is missed.
        os.kill(first, signal.SIGKILL)
        for _ in range(3):
            assert answer(a.base, game_id)[0] == 200
        assert on_b.wait(lambda s: len(s.moves()) >= 4)
        second = mover_of(b, old=first)
        assert answer(a.base, game_id)[0] == 200
        assert answer(b.base, game_id)[0] == 200
        assert on_b.wait(lambda s: len(s.moves()) >= 6)
        assert seqs(on_b) == [1, 2, 3, 4, 5, 6]  # no gap, no repeat
        assert on_b.moves()[-1][1]["state"] == \
            call(b.base, "GET", f"/api/games/{game_id}")[1]["state"]
        assert second in children(b.process.pid)
        on_b.close()


def test_a_relay_drops_the_notify_of_its_own_move(tmp_path):
    sent = []
    relay = Relay("postgresql://nobody@127.0.0.1:1/none", sent.append)
    relay.published("g1", 4, b"data")
    relay._noted("g1 4\ndata")  # its own move's NOTIFY, back
    relay._noted("g1 5\nmore")  # another replica's
    relay._noted("g1 seats")
    assert sent == [("event", "g1", 4, b"data", None), ("note", "g1 5\nmore"),
                    ("note", "g1 seats")]
    relay.close()


def test_what_crosses_to_the_moves_process_pickles(tmp_path):
    said = Said("ann", "butter", 3)
    assert pickle.loads(pickle.dumps(said)) == said
    sent = []
    relay = Relay(str(tmp_path / "g.sqlite3"), sent.append)
    relay.published("g1", 4, b"data", {"step": 1})
    relay.tell("g1", 5)
    assert sent == [("event", "g1", 4, b"data", {"step": 1}), ("tell", "g1", 5, False)]
    relay.close()
