"""The games store's contract, run against both back ends: SQLite and PostgreSQL.

Each test takes `target` (a SQLite path or a postgresql:// URL) and opens stores with
open_store, as the CLI and the service do.
"""

import os
import signal
import subprocess
import sys
import textwrap
import time
import threading
from pathlib import Path

import pytest

from pgkit import fresh_database, postgres  # noqa: F401 (a fixture)
from solver.errors import InputError
from solver.pgstore import redact
from solver.referee import Referee
from solver.store import Conflict, NoGame, open_store
from test_store import next_move, top_word

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request, tmp_path):
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    return fresh_database(request.getfixturevalue("postgres"))


@pytest.fixture
def opened():
    """open_store for one test: every store opened is closed after it (a PostgreSQL
    connection left to the garbage collector is a ResourceWarning, and warnings fail)."""
    stores = []

    def open_(target):
        stores.append(open_store(target))
        return stores[-1]

    yield open_
    for store in stores:
        store.close()


def test_insert_get_list_and_tokens(target, opened):
    store = opened(target)
    made, token = store.insert("extremis", ["ann", "bob"], 7, {"lang": "en"}, {"x": [1, "é"]},
                               "playing")
    again = opened(target).get(made.id)
    assert (again.game, again.players, again.seed, again.options, again.state, again.seq) == \
        ("extremis", ["ann", "bob"], 7, {"lang": "en"}, {"x": [1, "é"]}, 0)
    assert again.token_hash == made.token_hash and token not in again.token_hash
    listed = store.list()
    assert [g["id"] for g in listed] == [made.id] and listed[0]["moves"] == 0
    with pytest.raises(NoGame):
        store.get("nope")
    with pytest.raises(NoGame):
        store.log("nope")


def test_append_numbers_moves_and_refuses_a_second_writer(target, opened):
    store, other = opened(target), opened(target)
    made, _ = store.insert("extremis", ["ann"], 1, {}, {"n": 0}, "playing")
    read_by_both = store.get(made.id)
    after = store.append(read_by_both, {"type": "a"}, [{"e": 1}], {"n": 1}, "playing")
    assert after.seq == 1 and after.state == {"n": 1}
    with pytest.raises(Conflict):
        other.append(read_by_both, {"type": "b"}, [], {"n": 99}, "playing")
    kept = other.get(made.id)
    assert kept.state == {"n": 1} and kept.seq == 1  # the refused move wrote nothing
    store.append(kept, {"type": "c"}, [], {"n": 2}, "over")
    log = other.log(made.id)
    assert [(e["seq"], e["move"]["type"]) for e in log] == [(1, "a"), (2, "c")]
    assert log[0]["events"] == [{"e": 1}]
    assert other.list()[0]["status"] == "over" and other.list()[0]["moves"] == 2


def test_what_a_move_keeps_reads_back_as_it_was(target, opened):
    """A move's columns are written by orjson, and by json where orjson refuses the value:
    an answer holding a lone surrogate (JSON text may escape one), a number past 64 bits,
    non-ASCII text; a game written before (json.dumps's spacing) still reads."""
    store = opened(target)
    made, _ = store.insert("extremis", ["ann"], 1, {"lang": "en"}, {"n": 0, "é": "ß"},
                           "playing")
    assert opened(target).get(made.id).state == {"n": 0, "é": "ß"}
    odd = {"type": "answer", "player": "ann", "word": "ab\ud800c", "round": None}
    huge = [{"type": "verdict", "count": 2**70}]
    store.append(store.get(made.id), odd, huge, {"n": 1, "word": "żółw 🦎"}, "playing")
    store.append(store.get(made.id), {"type": "tap", "player": "ann"}, [{"n": 1.5}],
                 {"n": 2, "last": odd["word"]}, "playing")
    again = opened(target)
    assert again.get(made.id).state == {"n": 2, "last": "ab\ud800c"}
    log = again.log(made.id)
    assert log[0]["move"] == odd and log[0]["events"] == huge
    assert log[1]["events"] == [{"n": 1.5}]


def test_many_writers_at_once_each_number_taken_once(target, opened):
    made, _ = opened(target).insert("extremis", ["ann"], 1, {}, {"n": 0}, "playing")
    won: list[int] = []
    lock = threading.Lock()

    def writer():
        store = opened(target)
        for _ in range(15):
            while True:
                game = store.get(made.id)
                try:
                    store.append(game, {"type": "inc"}, [], {"n": game.state["n"] + 1},
                                 "playing")
                    with lock:
                        won.append(game.seq + 1)
                    break
                except Conflict:
                    continue

    threads = [threading.Thread(target=writer) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    final = opened(target).get(made.id)
    assert sorted(won) == list(range(1, 61)) and final.seq == 60 and final.state["n"] == 60


def test_the_referee_plays_undoes_and_replays_on_either_back_end(target, opened):
    referee = Referee(opened(target))
    made, token = referee.create("extremis", ["ann", "bob", "cy"], seed=5)
    assert referee.check_token(made.id, token) and not referee.check_token(made.id, "x")
    first = next_move(made.state)
    referee.play(made.id, first)
    after_one = referee.get(made.id).state
    referee.play(made.id, next_move(after_one))
    undone = referee.play(made.id, {"type": "undo"})
    assert undone.game.state == after_one
    assert Referee(opened(target)).replay(made.id)[-1][1] == undone.game.state


def test_a_stale_answer_is_refused(target, opened):
    one, two = Referee(opened(target)), Referee(opened(target))
    made, _ = one.create("extremis", ["ann", "bob"], seed=4)
    word = top_word(made.state)
    assert word
    won = one.answer(made.id, "ann", word, made.state["round"])
    assert won.verdict["valid"]
    from solver.games.base import IllegalMove
    with pytest.raises(IllegalMove) as refused:
        two.answer(made.id, "bob", word, made.state["round"])
    assert "stale_round" in refused.value.verdict.codes
    assert len(two.log(made.id)) == 1


MOVER = textwrap.dedent("""
    import sys
    from solver.referee import Referee
    from test_store import next_move
    store = Referee.open(sys.argv[1])
    game_id = sys.argv[2]
    while True:
        outcome = store.play(game_id, next_move(store.get(game_id).state))
        print(outcome.game.seq, flush=True)
""")


def test_kill_9_loses_nothing_acknowledged(target, opened):
    """Kill a process in the middle of its moves: every move it acknowledged is kept."""
    referee = Referee(opened(target))
    made, _ = referee.create("extremis", ["ann", "bob", "cy"], seed=2)
    acknowledged = 0
    with subprocess.Popen([sys.executable, "-c", MOVER, target, made.id], cwd=ROOT,
                          stdout=subprocess.PIPE, text=True,
                          env={**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'tests'}"}) as mover:
        deadline = time.time() + 60
        while acknowledged < 25 and time.time() < deadline:
            line = mover.stdout.readline()
            if not line:
                break
            acknowledged = int(line)
        os.kill(mover.pid, signal.SIGKILL)
    # (leaving the with block waited for it and closed its pipe)
    assert acknowledged >= 25
    reopened = Referee(opened(target))
    assert len(reopened.log(made.id)) >= acknowledged
    # The state is whole: replaying the log from the seed gives it exactly.
    assert reopened.replay(made.id)[-1][1] == reopened.get(made.id).state
    reopened.play(made.id, {"type": "undo"})  # and the game goes on


def test_open_store_tells_the_back_ends_apart(tmp_path, postgres, opened):  # noqa: F811
    assert type(opened(str(tmp_path / "a.sqlite3"))).__name__ == "Store"
    assert type(opened(fresh_database(postgres))).__name__ == "PgStore"
    port = postgres.rsplit(":", 1)[1].split("/")[0]
    with pytest.raises(InputError, match="cannot use the games database"):
        open_store(f"postgresql://postgres@127.0.0.1:{port}/no_such_database")


def test_passwords_stay_out_of_messages():
    assert redact("postgresql://ann:secret@db:5432/x") == "postgresql://ann:***@db:5432/x"
    assert redact("postgresql://ann@db/x") == "postgresql://ann@db/x"
