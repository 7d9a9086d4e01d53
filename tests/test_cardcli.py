"""The card games on the command line: judge idiot, simulate, and card moves in stored games."""

import json

import pytest
from click.testing import CliRunner

import cli


def run(*args):
    return CliRunner().invoke(cli.main, list(args))


def test_judge_idiot_names_the_paragraph_and_the_consequence():
    result = run("judge", "idiot", "--pile", "K♠ 5♥", "--play", "A♦", "--json")
    verdict = json.loads(result.stdout)
    assert result.exit_code == 0 and verdict["valid"] is True
    assert verdict["paragraph"] == "§13" and "king's player picks up" in verdict["consequence"]
    text = run("judge", "idiot", "--pile", "K♠ 5♥", "--play", "A♦").output
    assert "§13" in text and "picks up" in text


@pytest.mark.parametrize("pile, play, code", [
    ("6h 5s 6d", "6c", "three_sixes"),
    ("-", "Q♠", "queen_on_empty"),
    ("", "qs", "queen_on_empty"),
    ("6h", "qh", "queen_on_six"),
])
def test_judge_idiot_refusals_exit_1(pile, play, code):
    result = run("judge", "idiot", "--pile", pile, "--play", play, "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["reasons"][0]["code"] == code


def test_bad_card_is_a_usage_error():
    result = run("judge", "idiot", "--pile", "", "--play", "Z9")
    assert result.exit_code == 2 and result.output.startswith("wordref: error: ")


@pytest.mark.parametrize("kind", ["idiot", "extincion"])
def test_simulate(kind):
    result = run("simulate", kind, "--games", "5", "--seed", "3", "--players", "3", "--json")
    data = json.loads(result.stdout)
    assert result.exit_code == 0 and data["games"] == 5 and data["finished"] == 5
    assert sum(data["seat_wins"]) >= 5 - (kind == "idiot")


def test_simulate_is_deterministic():
    first = run("simulate", "idiot", "--games", "3", "--seed", "9", "--json").stdout
    assert first == run("simulate", "idiot", "--games", "3", "--seed", "9", "--json").stdout


@pytest.mark.parametrize("kind", ["idiot", "extincion"])
def test_a_stored_card_game_moves_and_replays(tmp_path, kind):
    db = str(tmp_path / "g.sqlite3")
    made = json.loads(run("game", "new", kind, "--players", "ann,bob,cy", "--seed", "5",
                          "--db", db, "--json").stdout)
    game_id = made["id"]
    for _ in range(12):
        moves = json.loads(run("game", "moves", game_id, "--db", db, "--json").stdout)
        if not moves:
            break
        moved = run("game", "move", game_id, json.dumps(moves[0]), "--db", db, "--json")
        assert moved.exit_code == 0, moved.output
    replay = json.loads(run("game", "replay", game_id, "--db", db, "--json").stdout)
    assert replay["same"] is True and len(replay["replay"]) == 13
    refused = run("game", "move", game_id, '{"type": "play", "player": "nobody"}', "--db", db)
    assert refused.exit_code == 2 and len(refused.output.strip().splitlines()) == 1


def test_idiot_play_and_pickup_verbs(tmp_path):
    db = str(tmp_path / "g.sqlite3")
    game_id = json.loads(run("game", "new", "idiot", "--players", "ann,bob", "--seed", "2",
                             "--db", db, "--json").stdout)["id"]
    first = json.loads(run("game", "moves", game_id, "--db", db, "--json").stdout)[0]
    cards = " ".join(first["cards"])
    played = run("game", "play", game_id, "--player", "ann", "--cards", cards, "--db", db,
                 "--json")
    assert played.exit_code == 0, played.output
    assert json.loads(played.stdout)["state"]["pile"]
    picked = run("game", "pickup", game_id, "--player", "bob", "--db", db, "--json")
    assert picked.exit_code == 0, picked.output
    assert json.loads(picked.stdout)["state"]["pile"] == []
