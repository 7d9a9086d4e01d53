"""The games database under a long judgement and after damage.

A move is judged before its write transaction (solver/referee.py), and what only reads opens
the file read-only (solver/store.py): so a judgement that takes long in one process never makes
another process's `game show`, or a move on another game, wait for the write lock. A damaged
database is never written over: every command says, in one line, what to do.
"""

import json
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.referee import Referee
from solver.store import Store

ROOT = Path(__file__).resolve().parent.parent


def run(*args):
    return CliRunner().invoke(cli.main, [str(a) for a in args])


SLOW_JUDGE = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from solver.games import engine
    from solver.referee import Referee

    db, game_id, judging, done = sys.argv[1:5]

    class Slow:
        # The game's own engine, whose judging waits (as a long answer once did) until told.
        def __init__(self, real):
            self.real = real
        def __getattr__(self, name):
            return getattr(self.real, name)
        def apply(self, state, move):
            Path(judging).touch()
            stop = time.monotonic() + 20
            while not Path(done).exists() and time.monotonic() < stop:
                time.sleep(0.02)
            return self.real.apply(state, move)

    referee = Referee(Referee.open(db).store, engines=lambda name: Slow(engine(name)))
    referee.play(game_id, {"type": "stumped"})
    print("moved")
""")


def test_a_long_judgement_blocks_no_other_process(tmp_path):
    db = tmp_path / "games.sqlite3"
    referee = Referee.open(db)
    slow, other = (referee.create("extremis", ["ann", "bob"], seed)[0].id for seed in (1, 2))
    referee.close()
    judging, done = tmp_path / "judging", tmp_path / "done"
    judge = subprocess.Popen([sys.executable, "-c", SLOW_JUDGE, str(db), slow, str(judging),
                              str(done)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        stop = time.monotonic() + 60
        while not judging.exists():
            assert judge.poll() is None and time.monotonic() < stop, "the judge did not start"
            time.sleep(0.02)
        # The other process is in the middle of its judgement: these must not wait for it.
        shown = run("game", "show", slow, "--db", db, "--json")
        assert shown.exit_code == 0, shown.output
        moved = run("game", "stumped", other, "--db", db, "--json")
        assert moved.exit_code == 0, moved.output
        assert not done.exists() and judge.poll() is None, "the judgement was still going on"
    finally:
        done.touch()
        out, _ = judge.communicate(timeout=60)
    assert out.strip() == "moved"
    assert [len(Referee.open(db).log(g)) for g in (slow, other)] == [1, 1]


def test_reading_commands_take_no_lock(tmp_path):
    """A writer holding the write lock does not stop show, list, replay or moves."""
    db = tmp_path / "games.sqlite3"
    referee = Referee.open(db)
    game_id = referee.create("idiot", ["ann", "bob"], 1)[0].id
    holder = Store(db)
    holder.db.execute("BEGIN IMMEDIATE")
    try:
        for verb in (["game", "show", game_id], ["game", "list"], ["game", "replay", game_id],
                     ["game", "moves", game_id]):
            result = run(*verb, "--db", db)
            assert result.exit_code == 0, (verb, result.output)
    finally:
        holder.db.execute("ROLLBACK")


def test_a_read_only_open_writes_nothing(tmp_path):
    db = tmp_path / "games.sqlite3"
    assert run("game", "list", "--db", db).exit_code == 0
    assert not db.exists()  # nothing made for a look
    Referee.open(db).create("extremis", ["ann", "bob"], 1)
    before = db.read_bytes()
    assert Store(db, readonly=True).list()[0]["game"] == "extremis"
    assert db.read_bytes() == before


@pytest.mark.parametrize("damage", ["garbage", "truncated", "flipped"])
def test_a_damaged_database_is_never_overwritten(tmp_path, damage):
    db = tmp_path / "games.sqlite3"
    referee = Referee.open(db)
    game_id = referee.create("idiot", ["ann", "bob"], 1)[0].id
    referee.close()
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    data = bytearray(db.read_bytes())
    if damage == "garbage":
        data[:100] = b"\xff" * 100           # the header: not a database any more
    elif damage == "truncated":
        data = data[:len(data) // 3 + 7]
    else:
        for at in range(100, len(data), 97):  # every page hit
            data[at] ^= 0x5A
    db.write_bytes(bytes(data))
    damaged = db.read_bytes()
    for verb in (["game", "show", game_id], ["game", "list"], ["game", "replay", game_id],
                 ["game", "new", "idiot", "--players", "a,b"],
                 ["game", "move", game_id, '{"type": "pickup", "player": "ann"}']):
        result = CliRunner().invoke(cli.main, [*verb, "--db", str(db)])
        assert result.exception is None or isinstance(result.exception, SystemExit), \
            (verb, repr(result.exception))
        assert result.exit_code in (0, 2), (verb, result.output)
        if result.exit_code == 2:
            lines = result.stderr.splitlines()
            assert len(lines) == 1 and "wordref: error: " in lines[0], (verb, result.stderr)
            assert str(db) in lines[0]
        assert db.read_bytes() == damaged, f"{verb} wrote over the damaged database"


def test_damaged_json_in_any_stored_column_is_one_line(tmp_path):
    import sqlite3

    db = tmp_path / "games.sqlite3"
    referee = Referee.open(db)
    game_id = referee.create("extremis", ["ann", "bob"], 1)[0].id
    referee.play(game_id, {"type": "stumped"})
    referee.close()
    for table, column in (("games", "players"), ("games", "options"), ("games", "state"),
                          ("moves", "move"), ("moves", "events")):
        with sqlite3.connect(db) as raw:
            good = raw.execute(f"SELECT {column} FROM {table}").fetchone()[0]
            raw.execute(f"UPDATE {table} SET {column} = ?", (good[:-3] + "\x7f",))
        for verb in ("show", "replay"):
            result = run("game", verb, game_id, "--db", db)
            lines = result.stderr.splitlines()
            if result.exit_code != 0:
                assert result.exit_code == 2 and len(lines) == 1 and "damaged" in lines[0], \
                    (table, column, verb, result.stderr, repr(result.exception))
        with sqlite3.connect(db) as raw:
            raw.execute(f"UPDATE {table} SET {column} = ?", (good,))
        assert json.loads(run("game", "show", game_id, "--db", db, "--json").stdout)["id"]
