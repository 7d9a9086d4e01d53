"""Computer players in a live room: a bot's answer lands through the app's move path when its
reaction time has passed, and a person's move first makes it stale."""

import time

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from solver.service.app import create_app  # noqa: E402


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "games.sqlite3")


@pytest.fixture
def client(db):
    return TestClient(create_app(db), base_url="http://localhost")


def wait_for_move(client, game_id: str, after: int, limit: float = 40.0) -> dict:
    started = time.monotonic()
    while time.monotonic() - started < limit:
        state = client.get(f"/api/games/{game_id}").json()["state"]
        if state["round"] > after:
            return state
        time.sleep(0.2)
    raise AssertionError(f"no move in {limit} s")


def test_a_bot_answers_by_itself_in_a_room(client, db):
    # Seed 3: the expert's commonest word for the first deal is "do", said in about 1.8 s.
    made = client.post("/api/games", json={"game": "extremis", "players": ["ann"], "seed": 3,
                                           "bots": 1, "level": "expert"})
    assert made.status_code == 201, made.text
    body = made.json()
    assert [p["name"] for p in body["state"]["players"]] == ["ann", "bot-expert"]
    assert body["code"]  # a room like any other
    wait_for_move(client, body["id"], body["state"]["round"])
    from solver.referee import Referee

    referee = Referee.open(db)
    first = referee.log(body["id"])[0]["move"]
    referee.close()
    assert first == {"type": "answer", "player": "bot-expert", "word": "do", "round": 1}


def test_bots_are_for_the_word_games_and_levels_are_checked(client):
    for body in ({"game": "idiot", "players": ["ann", "bob"], "bots": 1},
                 {"game": "extremis", "players": ["ann"], "bots": 1, "level": "wizard"}):
        refused = client.post("/api/games", json=body)
        assert refused.status_code == 400, refused.text
