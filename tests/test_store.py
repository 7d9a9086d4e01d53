"""The games store: commits before verdicts, two writers at once, kill -9, undo and replay."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver import extremis as rules
from solver.errors import InputError
from solver.games import extremis as game
from solver.games.base import IllegalMove
from solver.lexicon import Lexicon
from solver.referee import Referee

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def store(tmp_path):
    opened = Referee.open(tmp_path / "games.sqlite3")
    yield opened
    opened.close()


def top_word(state) -> str | None:
    found = rules.solve(Lexicon.open("en"), game.in_play(state), 1, game.word_filter(state)).words
    return found[0] if found else None


def next_move(state) -> dict:
    """Return a legal move that keeps a game going: tap when a tap is on, else give up."""
    if state["status"] == "tap":
        return {"type": "tap", "player": state["players"][0]["name"]}
    if state["status"] == "over":
        return {"type": "undo"}
    return {"type": "stumped"}


def test_create_get_and_list(store):
    created, token = store.create("extremis", ["ann", "bob"], seed=3)
    assert len(created.id) == 8 and len(token) > 16
    assert store.get(created.id).state == created.state
    assert store.list()[0]["id"] == created.id
    assert store.check_token(created.id, token) and not store.check_token(created.id, "x")
    with pytest.raises(InputError, match="no game"):
        store.get("nope")


def test_a_refused_move_leaves_the_game_unchanged(store):
    created, _ = store.create("extremis", ["ann", "bob"], seed=3)
    with pytest.raises(IllegalMove):
        store.play(created.id, {"type": "answer", "player": "zed", "word": "x"})
    with pytest.raises(IllegalMove):
        store.play(created.id, {"type": "answer", "player": "ann", "word": "x", "round": 99})
    assert store.get(created.id).state == created.state and store.log(created.id) == []


def test_undo_is_logged_and_replay_gives_the_state(store):
    created, _ = store.create("extremis", ["ann", "bob", "cy"], seed=5)
    first = next_move(created.state)
    store.play(created.id, first)
    after_one = store.get(created.id).state
    second = next_move(after_one)
    store.play(created.id, second)
    game_, events = store.play(created.id, {"type": "undo"})
    assert events[0]["type"] == "undo" and game_.state == after_one
    assert [e["move"]["type"] for e in store.log(created.id)] == \
        [first["type"], second["type"], "undo"]
    assert store.replay(created.id)[-1][1] == game_.state
    store.play(created.id, {"type": "undo"})
    with pytest.raises(InputError, match="nothing to undo"):
        store.play(created.id, {"type": "undo"})


def test_a_whole_game_survives_reopening(tmp_path):
    path = tmp_path / "games.sqlite3"
    first = Referee.open(path)
    created, _ = first.create("extremis", ["ann", "bob"], seed=9)
    for _ in range(5):
        state = first.get(created.id).state
        word = top_word(state)
        move = ({"type": "answer", "player": "ann", "word": word, "round": state["round"]}
                if word else {"type": "stumped"})
        first.play(created.id, move)
    kept = first.get(created.id).state
    first.close()
    again = Referee.open(path)
    assert again.get(created.id).state == kept
    assert again.replay(created.id)[-1][1] == kept


def run_cli(*args, db):
    return subprocess.Popen([sys.executable, "-c", "import cli; cli.main()", *args, "--db",
                             str(db)], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_two_processes_answer_the_same_game_at_once(tmp_path):
    db = tmp_path / "games.sqlite3"
    store = Referee.open(db)
    created, _ = store.create("extremis", ["ann", "bob"], seed=4)
    state = created.state
    word = top_word(state)
    assert word
    both = [run_cli("game", "answer", created.id, "--player", name, "--round",
                    str(state["round"]), word, "--json", db=db) for name in ("ann", "bob")]
    results = []
    for p in both:  # communicate closes the pipes (not left to the garbage collector)
        out, err = p.communicate(timeout=120)
        results.append((p.returncode, out, err))
    codes = sorted(code for code, _, _ in results)
    assert codes == [0, 2], results  # one wins; the other's round is stale
    loser = next(err for code, _, err in results if code == 2)
    assert "stale_round" in loser
    final = store.get(created.id)
    assert final.state["round"] == state["round"] + 1
    assert len(store.log(created.id)) == 1
    assert store.replay(created.id)[-1][1] == final.state


def invoke(*args, input=None):
    return CliRunner().invoke(cli.main, list(args), input=input)


def test_game_commands_end_to_end(tmp_path):
    db = str(tmp_path / "g.sqlite3")
    made = invoke("game", "new", "extremis", "--players", "ann,bob", "--seed", "4", "--db", db,
                  "--json")
    data = json.loads(made.stdout)
    game_id, state = data["id"], data["state"]
    assert state["game"] == "extremis" and state["round"] == 1
    assert set(state["cards"]) == {"initial", "green", "red"} and data["token"]
    shown = json.loads(invoke("game", "show", game_id, "--db", db, "--json").stdout)
    assert shown == {"id": game_id, "state": state}
    word = top_word(Referee.open(db).get(game_id).state)
    answered = invoke("game", "answer", game_id, "--player", "ann", word, "--db", db, "--json")
    result = json.loads(answered.stdout)
    assert answered.exit_code == 0 and result["verdict"]["valid"] is True
    assert result["state"]["round"] == 2
    wrong = invoke("game", "answer", game_id, "--player", "bob", "qqqq", "--db", db)
    assert wrong.exit_code == 1 and "invalid" in wrong.output
    stale = invoke("game", "answer", game_id, "--player", "bob", word, "--round", "1",
                   "--db", db)
    assert stale.exit_code == 2 and "stale_round" in stale.output
    move = next_move(Referee.open(db).get(game_id).state)
    args = ["stumped"] if move["type"] == "stumped" else ["tap", "--player", move["player"]]
    moved = json.loads(invoke("game", args[0], game_id, *args[1:], "--db", db, "--json").stdout)
    assert moved["events"][0]["type"] in ("stumped", "claim")
    assert invoke("game", "undo", game_id, "--db", db).exit_code == 0
    listed = json.loads(invoke("game", "list", "--db", db, "--json").stdout)
    assert listed[0]["id"] == game_id and listed[0]["moves"] == 4
    replayed = json.loads(invoke("game", "replay", game_id, "--db", db, "--json").stdout)
    assert replayed["same"] is True
    for bad in (["game", "show", "nope"], ["game", "tap", game_id, "--player", "ann"],
                ["game", "answer", game_id, "--player", "zed", "x"],
                ["game", "overrule", game_id]):
        result = invoke(*bad, "--db", db)
        assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, bad
    assert json.loads(invoke("game", "show", game_id, "--db", db, "--json").stdout) \
        ["state"]["round"] == 2


def test_interactive_mode_through_its_prompt(tmp_path):
    db = str(tmp_path / "g.sqlite3")
    script = "help\nbob: zzzzzz\nhint\nhint 4\nstumped\nscore\nundo\nnonsense\nquit\n"
    result = invoke("play", "extremis", "--players", "ann,bob", "--seed", "6", "--db", db,
                    input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert 'ann says "butter"' in out and "stumped" in out
    assert "bob: zzzzzz: invalid" in out
    assert "fit" in out and "refused: not understood" in out
    assert "undone: stumped" in out and "wordref game resume" in out
    game_id = json.loads(invoke("game", "list", "--db", db, "--json").stdout)[0]["id"]
    resumed = invoke("game", "resume", game_id, "--db", db, input="score\nquit\n")
    assert resumed.exit_code == 0 and "cards in hand" in resumed.output
