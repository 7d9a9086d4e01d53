"""Bad input on the command line: one error line and the documented exit code, never a traceback.

Each case here was a traceback or a wrong exit code once (undecodable batch lines, huge answers,
numbers and names too large for the layers below, files that cannot be written).
"""

import json
import os
import sqlite3

import pytest
from click.testing import CliRunner

import cli
from solver.verdict import MAX_TEXT


def run(*args, input=None, env=None):
    result = CliRunner().invoke(cli.main, list(args), input=input, env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    return result


def error_line(result) -> str:
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("wordref: error: "), result.stderr
    return lines[0]


# Batch files ------------------------------------------------------------------------------------

def test_undecodable_batch_lines_get_error_lines_and_the_rest_are_answered(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"garbage\n\xff\xfe\n\x00\nB UTT X\n")
    result = run("any", "extremis", "--batch", str(bad))
    lines = result.stdout.splitlines()
    assert len(lines) == 4 and lines[3] == "yes"
    assert lines[1] == "error: line 2 is not UTF-8 (byte 1)"
    assert all(line.startswith("error: ") for line in lines[:3])
    assert result.exit_code == 2


def test_undecodable_batch_lines_in_json(tmp_path):
    result = run("judge", "extremis", "--batch", "-", "--json",
                 input=b"B UTT X butter\nB UTT X \xe9t\xe9\n")
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert answers[0]["valid"] is True and answers[1] == {"error": answers[1]["error"], "line": 2}
    assert result.exit_code == 2


def test_a_byte_order_mark_is_not_part_of_the_first_line():
    result = run("any", "extremis", "--batch", "-", input="\ufeffB UTT X\n".encode())
    assert (result.stdout, result.exit_code) == ("yes\n", 0)


@pytest.mark.parametrize("verb, lines, code", [
    ("judge", "B UTT X butter\nB UTT X butter\n", 0),
    ("judge", "B UTT X bitter\nB UTT X boxer\n", 1),     # every answer invalid
    ("judge", "B UTT X butter\nB UTT X bitter\n", 1),
    ("any", "B UTT X\n", 0),
    ("any", "Q Z U\n", 1),                                 # no
    ("any", "B UT T\n", 3),                                # a tap: no search made
    ("any", "B UT T\nQ Z U\n", 1),                         # a definite no outweighs a tap
    ("any", "Q Z U\nnonsense\n", 2),                       # a line that cannot be read
])
def test_batch_exit_codes(verb, lines, code):
    assert run(verb, "extremis", "--batch", "-", input=lines).exit_code == code


def test_redyellow_batch_exit_codes():
    assert run("any", "redyellow", "--batch", "-", input="rivers\tQ\tU\n").exit_code == 1
    assert run("any", "redyellow", "--batch", "-", input="rivers\tN\tN\n").exit_code == 3


# Long answers -----------------------------------------------------------------------------------

@pytest.mark.parametrize("game, cards", [("extremis", ["-i", "b"]),
                                         ("redyellow", ["-t", "rivers", "-y", "n", "-r", "x"])])
def test_an_answer_over_the_limit_is_invalid_input_before_any_search(game, cards):
    result = run("judge", game, *cards, "--json", "b" * (MAX_TEXT + 1), "b" * MAX_TEXT)
    long, limit = json.loads(result.stdout)
    assert [r["code"] for r in long["reasons"]] == ["invalid_input"]
    assert long["suggestions"] == [] and len(long["answer"]) == MAX_TEXT
    assert "invalid_input" not in [r["code"] for r in limit["reasons"]]
    assert result.exit_code == 1


def test_a_megabyte_answer_line_is_refused_at_once():
    line = "B UTT X " + "b" * 1_000_000 + "\n"
    result = run("judge", "extremis", "--batch", "-", input=line)
    assert result.stdout.endswith(f"invalid: an answer is at most {MAX_TEXT} characters\n")
    assert result.exit_code == 1


def test_a_long_answer_in_a_game_is_invalid(tmp_path):
    db = str(tmp_path / "g.db")
    made = json.loads(run("game", "new", "extremis", "--players", "a,b", "--seed", "1",
                          "--db", db, "--json").stdout)
    said = run("game", "answer", made["id"], "--player", "a", "e" * 60_000, "--db", db, "--json")
    verdict = json.loads(said.stdout)["verdict"]
    assert [r["code"] for r in verdict["reasons"]] == ["invalid_input"]


# Usage errors that were tracebacks -------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["solve", "extremis", "--lang", "B" * 300, "-i", "B"],
    ["solve", "extremis", "--lang", "../built/en", "-i", "B"],
    ["solve", "extremis", "--lang", "categories", "-i", "B"],
    ["solve", "extremis", "--lang", "e\x00n", "-i", "B"],
    ["game", "new", "extremis", "--players", "a,b", "--seed", str(2**64)],
    ["game", "new", "extremis", "--players", "a,b", "-o", "cards=7"],
    ["game", "new", "extremis", "--players", "a,b", "-o", "tier=7"],
    ["game", "new", "redyellow", "--players", "a,b", "-o", "decks=7"],
    ["game", "new", "extincion", "--players", "a,b", "-o", "skills=[]"],
    ["game", "new", "extincion", "--players", "a,b", "-o", "deck=7"],
    ["game", "show", "\udcff"],
    ["game", "show", "x" * 10_000],
    ["lexicon", "build", "--source", "wordfreq", "--lang", "it", "--output", "/proc/nope/x.wrl"],
])
def test_usage_errors_are_one_line(tmp_path, args):
    result = run(*args, env={"WORDREF_DB": str(tmp_path / "g.db"),
                             "WORDREF_HOME": str(tmp_path / "home")})
    assert result.exit_code == 2, result.output
    error_line(result)


@pytest.mark.parametrize("move", [
    {"type": "pickup", "player": ["x"]},
    {"type": "pickup", "player": {}},
    {"type": "play", "player": "ann", "cards": True},
    {"type": "play", "player": "ann", "cards": [[]]},
    {"type": "give", "player": "ann", "to": "bob", "card": []},
    {"type": "flip", "player": "ann", "row": "1"},
    {"type": "flip", "player": "ann", "row": 10**30},
    {"type": "play", "player": "ann", "cards": ["9s"] * 10_000},
])
@pytest.mark.parametrize("kind", ["idiot", "extincion", "extremis"])
def test_moves_of_the_wrong_shape_are_one_line(tmp_path, kind, move):
    db = str(tmp_path / "g.db")
    made = json.loads(run("game", "new", kind, "--players", "ann,bob", "--seed", "1", "--db", db,
                          "--json").stdout)
    result = run("game", "move", made["id"], json.dumps(move), "--db", db)
    assert result.exit_code == 2
    error_line(result)


def test_empty_db_is_a_usage_error():
    result = run("game", "list", "--db", "")
    assert result.exit_code == 2 and "--db" in error_line(result)


def test_a_db_under_a_file_is_one_line(tmp_path):
    (tmp_path / "afile").write_text("")
    result = run("game", "new", "idiot", "--players", "a,b", "--db",
                 str(tmp_path / "afile" / "g.db"))
    assert result.exit_code == 2
    assert "afile" in error_line(result)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_home_is_one_line(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    home.chmod(0o500)
    try:
        for args in (["game", "new", "idiot", "--players", "a,b"], ["play", "extremis",
                                                                  "--players", "a,b"]):
            result = run(*args, env={"WORDREF_HOME": str(home / "sub"), "WORDREF_DB": ""})
            assert result.exit_code == 2
            error_line(result)
        assert run("game", "list", env={"WORDREF_HOME": str(home / "sub"),
                                        "WORDREF_DB": ""}).exit_code == 0
    finally:
        home.chmod(0o700)


def test_a_directory_that_cannot_be_created_is_one_line(tmp_path, monkeypatch):
    """As root cannot be kept out by permissions, a path under /proc stands in for them."""
    result = run("game", "new", "idiot", "--players", "a,b",
                 env={"WORDREF_HOME": "/proc/nope", "WORDREF_DB": ""})
    assert result.exit_code == 2
    assert "/proc/nope" in error_line(result)
    assert run("game", "list", env={"WORDREF_HOME": "/proc/nope", "WORDREF_DB": ""}).stdout == ""


def test_a_stored_game_with_damaged_json_is_one_line(tmp_path):
    db = tmp_path / "g.db"
    made = json.loads(run("game", "new", "idiot", "--players", "ann,bob", "--seed", "1",
                          "--db", str(db), "--json").stdout)
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE games SET state = substr(state, 1, 40) || '\x01' || substr(state, 42)")
    for verb in ("show", "replay", "moves"):
        result = run("game", verb, made["id"], "--db", str(db))
        assert result.exit_code == 2
        assert "damaged" in error_line(result)


@pytest.mark.parametrize("args", [
    ["game", "new", "extremis", "--players", "a,b"],
    ["simulate", "extincion", "--games", "1"],
    ["analyze", "deck", "extremis"],
])
def test_a_deck_file_that_is_not_utf8_is_one_line(tmp_path, args):
    deck = tmp_path / "deck.yaml"
    deck.write_bytes(b"red: [a]\n\xff\xfe\n")
    result = run(*args, "--deck", str(deck), env={"WORDREF_DB": str(tmp_path / "g.db")})
    assert result.exit_code == 2
    assert "not UTF-8" in error_line(result)


@pytest.mark.parametrize("args", [["game", "new", "redyellow", "--players", "a,b"],
                                  ["things", "river"]])
def test_a_categories_path_with_a_nul_is_one_line(tmp_path, args):
    result = run(*args, "--categories", "pack\x00.yaml",
                 env={"WORDREF_DB": str(tmp_path / "g.db")})
    assert result.exit_code == 2
    error_line(result)


@pytest.mark.parametrize("bots", [[], ["--bots", "1"]])
def test_bytes_typed_at_the_table_that_are_not_utf8_are_one_line(tmp_path, bots):
    db = str(tmp_path / "g.db")
    made = json.loads(run("game", "new", "extremis", "--players", "ann,bob", *bots, "--seed",
                          "1", "--db", db, "--json").stdout)
    result = run("game", "resume", made["id"], "--db", db, input=b"\x80\n")
    assert result.exit_code == 2
    assert "not UTF-8" in result.stderr.splitlines()[-1]
    assert run("game", "show", made["id"], "--db", db).exit_code == 0  # the game is kept


@pytest.mark.parametrize("game", ["idiot", "extincion"])
def test_an_answer_typed_at_a_card_table_is_refused_and_play_goes_on(tmp_path, game):
    db = str(tmp_path / "g.db")
    made = json.loads(run("game", "new", game, "--players", "ann,bob", "--seed", "1",
                          "--db", db, "--json").stdout)
    for typed in (b":\n", b"ann: hello\n"):
        result = run("game", "resume", made["id"], "--db", db, input=typed)
        assert result.exit_code == 0, result.stderr
        assert f"refused: game {made['id']} is {game}: it takes plays, not answers" in \
            result.stdout


def test_a_usage_error_after_a_batch_file_leaves_no_file_open(tmp_path):
    import gc
    import warnings

    batch = tmp_path / "q.txt"
    batch.write_text("B UTT X\n", encoding="utf-8")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = run("any", "extremis", "--batch", str(batch), "--tier", "nope")
        gc.collect()
    assert result.exit_code == 2
    assert not [w for w in caught if issubclass(w.category, ResourceWarning)], caught
    answered = run("any", "extremis", "--batch", str(batch))
    assert answered.exit_code in (0, 1) and answered.stdout
