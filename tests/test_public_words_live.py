"""The stumped check against a real `wordref serve`: a spectator's stream (its snapshot, each
move, a stream resumed from the log) and GET never hold it while the table has not asked for
it, the referee's view does, and the referee's check move makes it public from that move on
(docs/public.md). The same over two replicas sharing PostgreSQL, where the move reaches the
other replica's streams in its NOTIFY."""

import pytest

pytest.importorskip("uvicorn")
from livekit import Stream, call, serve  # noqa: E402
from pgkit import fresh_database, postgres  # noqa: E402,F401 (a fixture)

CHECK = {"any", "count", "forecast"}


def start(base: str) -> dict:
    """Start an In Extremis game whose first cards are searched (no tap on)."""
    for seed in range(40):
        status, made = call(base, "POST", "/api/games",
                            {"game": "extremis", "players": ["ann", "bob"], "seed": seed})
        assert status == 201, made
        if made["state"]["status"] == "playing":
            return made
    raise AssertionError("no game without a tap at the start")


def table(mover: str, watcher: str) -> None:
    """Moves posted to `mover`, watched by a spectator's streams on `watcher`."""
    made = start(mover)
    game_id, referee = made["id"], {"X-Referee-Token": made["token"]}
    path = f"/api/games/{game_id}"
    seat = call(mover, "POST", f"/api/rooms/{made['code']}/join", {"name": "ann"})[1]["token"]
    spectator = Stream(watcher, game_id)
    assert spectator.wait(lambda s: s.events)
    _, kind, snapshot = spectator.events[0]
    assert kind == "snapshot" and not CHECK & set(snapshot["state"])
    # A phone's wrong answer and a stumped call: the table sees neither count nor forecast.
    status, reply = call(mover, "POST", f"{path}/answer",
                         {"player": "ann", "answer": "qzxq", "round": made["state"]["round"]},
                         {"X-Seat-Token": seat})
    assert status == 200 and not CHECK & set(reply["state"])
    assert call(mover, "POST", f"{path}/stumped", {})[0] == 200
    assert spectator.wait(lambda s: len(s.moves()) == 2)
    for _, data in spectator.moves():
        assert not CHECK & set(data["state"]) and data["state"]["show_check"] is False
        assert all(e["suggestions"] == [] for e in data["events"] if e["type"] == "verdict")
    assert not CHECK & set(call(watcher, "GET", path)[1]["state"])
    assert not CHECK & set(call(watcher, "GET", path, headers={"X-Seat-Token": seat})[1]
                           ["state"])
    whole = call(watcher, "GET", path, headers=referee)[1]["state"]
    assert {"any", "count", "forecast"} <= set(whole)
    # The referee asks for the check: from that move on, the stream carries it.
    assert call(mover, "POST", f"{path}/check", {"show": True}, {"X-Seat-Token": seat})[0] == 403
    status, shown = call(mover, "POST", f"{path}/check", {"show": True}, referee)
    assert status == 200, shown
    assert spectator.wait(lambda s: len(s.moves()) == 3)
    seq, data = spectator.moves()[-1]
    assert seq == 3 and data["events"] == [{"type": "check", "show": True}]
    assert data["state"] == whole | {"show_check": True}
    assert call(watcher, "GET", path)[1]["state"] == data["state"]
    # A stream opened now starts with a snapshot that has it; one resumed from the start
    # reads the log again, each move's state as the table saw it then.
    fresh = Stream(watcher, game_id)
    assert fresh.wait(lambda s: s.events) and {"any", "count"} <= set(fresh.events[0][2]["state"])
    late = Stream(watcher, game_id, last_id=0)
    assert late.wait(lambda s: len(s.moves()) == 3)
    assert late.moves() == spectator.moves()
    # Hidden again: the next moves' states are the table's without it.
    assert call(mover, "POST", f"{path}/check", {"show": False}, referee)[0] == 200
    assert call(mover, "POST", f"{path}/stumped", {})[0] == 200
    assert spectator.wait(lambda s: len(s.moves()) == 5)
    assert all(not CHECK & set(d["state"]) for _, d in spectator.moves()[3:])
    for stream in (spectator, fresh, late):
        stream.close()


def test_a_spectator_never_streams_the_stumped_check_unasked(tmp_path):
    with serve(str(tmp_path / "g.sqlite3"), tmp_path / "server.log") as server:
        table(server.base, server.base)


def test_nor_on_another_replica_through_postgresql(tmp_path, postgres):  # noqa: F811
    url = fresh_database(postgres)
    with serve(url, tmp_path / "a.log") as a, serve(url, tmp_path / "b.log") as b:
        table(a.base, b.base)
