"""Live streams against real `wordref serve` processes: SQLite, and replicas on PostgreSQL.

Every check is what a screen at the table sees: a move made anywhere reaches every stream of
its game, numbered by the log; a stream resumed by Last-Event-ID gets each later move once.
"""

import json
import os
import signal
import subprocess
import sys

import pytest

pytest.importorskip("uvicorn")
from livekit import ROOT, Stream, call, serve  # noqa: E402
from pgkit import fresh_database, postgres  # noqa: E402,F401 (a fixture)


def start(base: str, game="extremis", players=("ann", "bob", "cy"), seed=5) -> dict:
    status, made = call(base, "POST", "/api/games", {"game": game, "players": list(players),
                                                      "seed": seed})
    assert status == 201
    return made


def give_up(base: str, game_id: str) -> int:
    """Make one move that every In Extremis state takes (stumped, or a tap); return its seq."""
    state = call(base, "GET", f"/api/games/{game_id}")[1]["state"]
    if state["status"] == "tap":
        status, out = call(base, "POST", f"/api/games/{game_id}/tap",
                           {"player": state["players"][0]["name"]})
    else:
        status, out = call(base, "POST", f"/api/games/{game_id}/answer",
                           {"player": "ann", "answer": "qq", "round": state["round"]})
    assert status == 200, out
    return out["state"]


def seqs(stream: Stream) -> list[int]:
    return [i for i, _ in stream.moves()]


def test_moves_stream_live_in_order_and_resume_by_last_event_id(tmp_path):
    with serve(str(tmp_path / "g.sqlite3"), tmp_path / "server.log") as server:
        made = start(server.base)
        game_id = made["id"]
        watcher = Stream(server.base, game_id)
        assert watcher.wait(lambda s: s.events)
        first_id, kind, snapshot = watcher.events[0]
        assert (first_id, kind, snapshot["seq"]) == (0, "snapshot", 0)
        assert snapshot["state"]["cards"] == made["state"]["cards"]
        for _ in range(3):
            give_up(server.base, game_id)
        assert watcher.wait(lambda s: len(s.moves()) == 3)
        assert seqs(watcher) == [1, 2, 3]
        _, last = watcher.moves()[-1]
        assert last["state"] == call(server.base, "GET", f"/api/games/{game_id}")[1]["state"]
        assert last["seq"] == 3 and last["move"]["type"] and "events" in last
        # A screen that saw move 1 comes back: moves 2 and 3, then live, never a repeat.
        resumed = Stream(server.base, game_id, last_id=1)
        assert resumed.wait(lambda s: len(s.moves()) == 2)
        assert seqs(resumed) == [2, 3] and resumed.moves()[1][1] == watcher.moves()[2][1]
        give_up(server.base, game_id)
        assert resumed.wait(lambda s: seqs(s) == [2, 3, 4])
        assert watcher.wait(lambda s: seqs(s) == [1, 2, 3, 4])
        # The same by ?after=, for pages that open a new EventSource themselves.
        status, _ = call(server.base, "GET", "/api/games/nope/events")
        assert status == 404
        for stream in (watcher, resumed):
            stream.close()


def test_a_move_made_by_another_process_reaches_the_stream(tmp_path):
    db = str(tmp_path / "g.sqlite3")
    with serve(db, tmp_path / "server.log") as server:
        made = start(server.base)
        watcher = Stream(server.base, made["id"])
        assert watcher.wait(lambda s: s.events)
        cli = subprocess.run([sys.executable, "-c", "import cli; cli.main()", "game",
                              "answer", made["id"], "--player", "bob", "qq", "--db", db,
                              "--json"], cwd=ROOT,
                             capture_output=True, text=True)
        assert cli.returncode == 1, cli.stderr  # judged, not valid: a move all the same
        assert watcher.wait(lambda s: seqs(s) == [1])
        assert watcher.moves()[0][1]["move"]["player"] == "bob"
        watcher.close()


def test_joining_sends_the_seats_to_the_shared_screen(tmp_path):
    with serve(str(tmp_path / "g.sqlite3"), tmp_path / "server.log") as server:
        made = start(server.base, players=("Ann", "Player 2"))
        table = Stream(server.base, made["id"])
        assert table.wait(lambda s: s.events)
        status, seat = call(server.base, "POST", f"/api/rooms/{made['code']}/join",
                            {"name": "Zoë"})
        assert status == 200 and seat["seat"] == "Zoë"
        assert table.wait(lambda s: len(s.events) == 2)
        got_id, kind, data = table.events[1]
        assert got_id is None and kind == "snapshot"  # no move: no number
        assert [p["name"] for p in data["state"]["players"]] == ["Ann", "Zoë"]
        assert {"name": "Zoë", "taken": True} in data["seats"]
        table.close()


def test_replicas_share_moves_live_and_survive_a_kill_9(tmp_path, postgres):  # noqa: F811
    url = fresh_database(postgres)
    with serve(url, tmp_path / "a.log") as a, serve(url, tmp_path / "b.log") as b:
        made = start(a.base)
        game_id = made["id"]
        on_b = Stream(b.base, game_id)
        assert on_b.wait(lambda s: s.events)
        give_up(a.base, game_id)  # posted to A ...
        assert on_b.wait(lambda s: seqs(s) == [1])  # ... seen live on B
        assert on_b.moves()[0][1]["state"] == \
            call(b.base, "GET", f"/api/games/{game_id}")[1]["state"]
        # Clients streaming from A; A dies; they come back on B from the last id they saw.
        on_a = [Stream(a.base, game_id, last_id=1) for _ in range(3)]
        give_up(b.base, game_id)
        assert all(s.wait(lambda s: seqs(s) == [2]) for s in on_a)
        os.kill(a.process.pid, signal.SIGKILL)
        a.process.wait()
        assert all(s.wait(lambda s: s.closed) for s in on_a)
        for _ in range(3):  # moves go on meanwhile, on B
            give_up(b.base, game_id)
        back = [Stream(b.base, game_id, last_id=seqs(s)[-1]) for s in on_a]
        for old, new in zip(on_a, back):
            assert new.wait(lambda s: len(s.moves()) == 3)
            assert seqs(old) + seqs(new) == [2, 3, 4, 5]  # no gap, no repeat
        assert on_b.wait(lambda s: seqs(s) == [1, 2, 3, 4, 5])
        final = call(b.base, "GET", f"/api/games/{game_id}")[1]["state"]
        assert back[0].moves()[-1][1]["state"] == final == on_b.moves()[-1][1]["state"]
        for stream in [on_b, *on_a, *back]:
            stream.close()


def test_wordref_serve_takes_a_postgresql_url(tmp_path, postgres):  # noqa: F811
    url = fresh_database(postgres)
    with serve(url, tmp_path / "s.log") as server:
        made = start(server.base, game="idiot", players=("ann", "bob"))
    import psycopg
    with psycopg.connect(url) as conn:
        stored = conn.execute("SELECT game FROM games WHERE id = %s", (made["id"],)).fetchone()
        code = conn.execute("SELECT code FROM rooms WHERE game_id = %s",
                            (made["id"],)).fetchone()
    assert stored == ("idiot",) and code == (made["code"],)
    assert json.dumps(made["state"])  # the answer carried the state


def test_a_batch_of_moves_read_on_from_a_known_state_equals_the_replay(tmp_path):
    from solver.referee import Referee
    from solver.service.live import Hub
    from test_store import next_move

    db = str(tmp_path / "g.sqlite3")
    referee = Referee.open(db)
    made, _ = referee.create("extremis", ["ann", "bob", "cy"], seed=2)
    for _ in range(4):
        referee.play(made.id, next_move(referee.get(made.id).state))
    after_one = referee.replay(made.id)[1][1]
    hub = Hub(db)
    on_from = hub._events(made.id, 1, None, after_one)  # moves 2 to 4, from the state after 1
    replayed = hub._events(made.id, 1)  # the same, replayed from the seed
    assert [s for s, _, _ in on_from] == [2, 3, 4]
    assert [(s, state, data) for s, state, data in on_from] == replayed
    assert on_from[-1][1] == referee.get(made.id).state


def heralded_moves(db: str, count: int):
    """Return a Hub on `db` listening to a new game, and `count` moves made with its herald:
    [(seq, the herald's event, the state after)]."""
    from solver.referee import Referee
    from solver.service.live import Channel, Hub
    from test_store import next_move

    referee = Referee.open(db)
    made, _ = referee.create("extremis", ["ann", "bob", "cy"], seed=3)
    hub = Hub(db)
    hub.channels[made.id] = Channel(made.id)  # a stream here: the herald speaks
    out, told = [], []

    def herald(*args):
        told.append(hub.herald(*args))
        return told[-1]

    for _ in range(count):
        done = referee.play(made.id, next_move(referee.get(made.id).state), herald=herald)
        out.append((done.game.seq, told[-1], done.game.state))
    del hub.channels[made.id]
    return hub, made.id, out


def test_the_herald_writes_the_event_the_log_gives(tmp_path):
    hub, game_id, moves = heralded_moves(str(tmp_path / "g.sqlite3"), 3)
    assert [s for s, _, _ in moves] == [1, 2, 3]
    # Told by the committing process or read back from the log: the same bytes.
    read = hub._events(game_id, 0)
    assert [(s, n.encode()) for s, n, _ in moves] == [(s, d) for s, _, d in read]
    hub.close()


def test_a_move_heard_after_a_gap_is_read_from_the_log_in_order(tmp_path):
    import asyncio

    hub, game_id, moves = heralded_moves(str(tmp_path / "g.sqlite3"), 4)

    async def listen():
        channel = await hub.join(game_id)
        assert channel.seq == 4
        channel.seq, channel.state = 1, None  # as if moves 2 to 4 were still on their way
        channel.recent.clear()
        seq, notice, state = moves[3]
        hub.heard(game_id, seq, notice.encode(), state)  # 4 before 2 and 3
        assert not channel.recent  # not passed on over the gap
        await asyncio.wait_for(channel.wait(), 10)
        for seq, notice, state in moves:  # late and repeated: dropped
            hub.heard(game_id, seq, notice.encode(), state)
        got = list(channel.recent)
        hub.leave(channel)
        return got

    got = asyncio.run(listen())
    hub.close()
    assert got == [(s, n.encode()) for s, n, _ in moves[1:]]


def test_the_notify_carries_the_event_when_it_fits(postgres):  # noqa: F811
    from solver.pgstore import CHANNEL, NOTICE_MAX, connect
    from solver.referee import Referee
    from test_store import next_move

    url = fresh_database(postgres)
    listener = connect(url)
    listener.execute(f"LISTEN {CHANNEL}")
    referee = Referee.open(url)
    made, _ = referee.create("extremis", ["ann", "bob"], seed=1)
    told = ["id: 1\ndata: {\"é\": 1}\n\n", "x" * NOTICE_MAX]
    for text in told:
        referee.play(made.id, next_move(referee.get(made.id).state),
                     herald=lambda game, at, move, events, state, text=text: text)
    heard = [n.payload for n in listener.notifies(timeout=5, stop_after=2)]
    listener.close()
    referee.store.close()  # not left to the garbage collector (warnings fail the suite)
    assert heard == [f"{made.id} 1\n{told[0]}", f"{made.id} 2"]  # too long: the number only
