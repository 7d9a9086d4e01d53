"""The HTTP service: the CLI's contract over HTTP, games with referee tokens, 4xx for bad input."""

import json

import pytest
from click.testing import CliRunner

import cli

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from solver.service.app import create_app  # noqa: E402


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "games.sqlite3")


@pytest.fixture
def client(db):
    return TestClient(create_app(db))


def cli_json(*args):
    result = CliRunner().invoke(cli.main, [*args, "--json"])
    return json.loads(result.stdout)


EXTREMIS = [
    ("solve", {"initial": "b", "green": "utt", "red": "x"}, ["-i", "b", "-g", "utt", "-r", "x"]),
    ("solve", {"initial": "b", "green": "utt", "red": "x", "limit": "0"},
     ["-i", "b", "-g", "utt", "-r", "x", "--limit", "0"]),
    ("any", {"initial": "q", "green": "z", "red": "u"}, ["-i", "q", "-g", "z", "-r", "u"]),
    ("any", {"initial": "b", "green": "ut", "red": "t"}, ["-i", "b", "-g", "ut", "-r", "t"]),
    ("hint", {"initial": "b", "green": "utt", "level": "3"},
     ["-i", "b", "-g", "utt", "--level", "3"]),
    ("solve", {"initial": "m", "green": "ng", "lang": "fr"}, ["-i", "m", "-g", "ng", "--lang", "fr"]),
    ("any", {"initial": "ø", "lang": "nb", "tier": "common"},
     ["-i", "ø", "--lang", "nb", "--tier", "common"]),
]


@pytest.mark.parametrize("verb, params, args", EXTREMIS)
def test_extremis_verbs_answer_exactly_the_cli_json(client, verb, params, args):
    response = client.get(f"/api/extremis/{verb}", params=params)
    assert response.status_code == 200
    assert response.json() == cli_json(verb, "extremis", *args)


def test_judge_takes_several_answers(client):
    response = client.get("/api/extremis/judge", params={
        "initial": "b", "green": "utt", "red": "x", "answer": ["butter", "bitter"]})
    assert response.json() == cli_json("judge", "extremis", "-i", "b", "-g", "utt", "-r", "x",
                                       "butter", "bitter")
    assert [v["valid"] for v in response.json()] == [True, False]


@pytest.mark.parametrize("verb, params, args", [
    ("solve", {"thing": "rivers", "yellow": "n", "red": "r"}, ["-t", "rivers", "-y", "n", "-r", "r"]),
    ("any", {"thing": "pizza toppings", "yellow": "h", "red": "l"},
     ["-t", "pizza toppings", "-y", "h", "-r", "l"]),
    ("hint", {"thing": "fruits", "yellow": "a", "red": "x", "level": "2"},
     ["-t", "fruits", "-y", "a", "-r", "x", "--level", "2"]),
])
def test_redyellow_verbs_answer_exactly_the_cli_json(client, verb, params, args):
    response = client.get(f"/api/redyellow/{verb}", params=params)
    assert response.status_code == 200
    assert response.json() == cli_json(verb, "redyellow", *args)


def test_redyellow_judge_with_used(client):
    response = client.get("/api/redyellow/judge", params={
        "thing": "fruits", "yellow": "a", "red": "x", "answer": ["apple", "apricot"],
        "used": "apple"})
    assert response.json() == cli_json("judge", "redyellow", "-t", "fruits", "-y", "a", "-r", "x",
                                       "--used", "apple", "apple", "apricot")
    assert response.json()[0]["reasons"][0]["code"] == "already_used"


@pytest.mark.parametrize("path, params, status", [
    ("/api/extremis/solve", {"initial": "9"}, 400),
    ("/api/extremis/solve", {}, 400),
    ("/api/extremis/solve", {"initial": "b", "lang": "zz"}, 400),
    ("/api/extremis/solve", {"initial": "b", "limit": "-1"}, 400),
    ("/api/extremis/judge", {"initial": "b"}, 400),
    ("/api/extremis/judge", {"initial": "b", "answer": "x" * 201}, 400),
    ("/api/extremis/frobnicate", {"initial": "b"}, 404),
    ("/api/redyellow/any", {"thing": "rivers", "yellow": "", "red": "x"}, 400),
    ("/api/redyellow/any", {"thing": "r" * 201, "yellow": "a", "red": "x"}, 400),
    ("/api/redyellow/any", {"thing": "rivers", "yellow": "a", "red": "x", "lang": "fr"}, 400),
    ("/api/things", {"query": "q" * 300}, 422),
])
def test_bad_input_is_a_4xx_with_a_json_message(client, path, params, status):
    response = client.get(path, params=params)
    assert response.status_code == status
    assert response.json()["error"]


def test_health_lexicons_things_and_schema(client):
    assert client.get("/healthz").json()["ok"] is True
    codes = {d["code"] for d in client.get("/api/lexicons").json()}
    assert {"en", "fr", "es", "de", "nb"} <= codes
    things = client.get("/api/things", params={"query": "river"}).json()
    assert any(t["id"] == "rivers" for t in things)
    schema = client.get("/openapi.json").json()
    assert "/api/extremis/{verb}" in schema["paths"] and "/api/games" in schema["paths"]


def test_a_game_over_http(client):
    made = client.post("/api/games", json={"game": "extremis", "players": ["ann", "bob"],
                                           "seed": 4})
    assert made.status_code == 201
    game_id, token, state = made.json()["id"], made.json()["token"], made.json()["state"]
    assert client.get(f"/api/games/{game_id}").json() == {"id": game_id, "state": state}
    answer = client.post(f"/api/games/{game_id}/answer",
                         json={"player": "ann", "answer": "qqqq", "round": state["round"]})
    assert answer.status_code == 200 and answer.json()["verdict"]["valid"] is False
    stale = client.post(f"/api/games/{game_id}/answer",
                        json={"player": "ann", "answer": "x", "round": state["round"] + 5})
    assert stale.status_code == 409 and stale.json()["code"] == "stale_round"
    wrong_tap = client.post(f"/api/games/{game_id}/tap", json={"player": "ann"})
    assert wrong_tap.status_code in (200, 409)
    # Overrule and undo need the referee token; the game id alone is not enough.
    assert client.post(f"/api/games/{game_id}/overrule", json={"accept": True}).status_code == 403
    assert client.post(f"/api/games/{game_id}/undo",
                       headers={"X-Referee-Token": "guess"}).status_code == 403
    undone = client.post(f"/api/games/{game_id}/undo", headers={"X-Referee-Token": token})
    assert undone.status_code == 200


def test_a_game_survives_a_server_restart(db):
    first = TestClient(create_app(db))
    made = first.post("/api/games", json={"game": "extremis", "players": ["ann", "bob"],
                                          "seed": 8}).json()
    first.post(f"/api/games/{made['id']}/stumped")
    kept = first.get(f"/api/games/{made['id']}").json()
    again = TestClient(create_app(db))
    assert again.get(f"/api/games/{made['id']}").json() == kept


def test_red_yellow_game_over_http(client):
    made = client.post("/api/games", json={"game": "redyellow", "players": ["ann", "bob"],
                                           "seed": 2}).json()
    state = made["state"]
    assert set(state["cards"]) == {"thing", "yellow", "red"}
    found = client.get("/api/redyellow/solve", params={**state["cards"], "limit": 1}).json()
    if found["count"]:
        won = client.post(f"/api/games/{made['id']}/answer",
                          json={"player": "bob", "answer": found["words"][0],
                                "round": state["round"]}).json()
        assert won["verdict"]["valid"] is True and won["state"]["status"] == "choose"
        took = client.post(f"/api/games/{made['id']}/take", json={"player": "bob",
                                                                  "card": "thing"})
        assert took.status_code == 200 and took.json()["state"]["players"][1]["cards"] == 1
    else:
        assert client.post(f"/api/games/{made['id']}/stumped").status_code == 200


@pytest.mark.parametrize("body, status", [
    ({"game": "chess", "players": ["a", "b"]}, 422),
    ({"game": "extremis", "players": ["a"]}, 400),
    ({"game": "extremis", "players": ["a", "a"]}, 400),
    ({"game": "extremis"}, 422),
])
def test_bad_games_are_4xx(client, body, status):
    assert client.post("/api/games", json=body).status_code == status


def test_bodies_over_the_limit(client):
    response = client.post("/api/games", content=b"{" + b" " * 70_000 + b"}",
                           headers={"content-type": "application/json"})
    assert response.status_code == 413


def test_the_page_is_served(client):
    page = client.get("/")
    assert page.status_code == 200 and "<html" in page.text.lower()
    assert client.get("/static/main.js").status_code == 200
    assert client.get("/static/../app.py").status_code == 404


def test_card_games_over_http(client):
    made = client.post("/api/games", json={"game": "idiot", "players": ["ann", "bob"],
                                           "seed": 3}).json()
    moves = client.get(f"/api/games/{made['id']}/moves").json()
    assert moves and moves[0]["type"] == "play"
    played = client.post(f"/api/games/{made['id']}/move", json=moves[0])
    assert played.status_code == 200 and played.json()["state"]["pile"]
    refused = client.post(f"/api/games/{made['id']}/move", json={"type": "play",
                                                                  "player": "zed"})
    assert refused.status_code == 409
    assert client.post(f"/api/games/{made['id']}/move", json={"type": "undo"}).status_code == 400
    judged = client.get("/api/idiot/judge", params={"pile": "K♠ 5♥", "play": "A♦"}).json()
    assert judged["valid"] is True and judged["paragraph"] == "§13"
    assert client.get("/api/idiot/judge", params={"pile": "", "play": "Z9"}).status_code == 400
    extincion = client.post("/api/games", json={"game": "extincion", "players": ["a", "b"],
                                                "seed": 1})
    assert extincion.status_code == 201
