"""Rooms over HTTP: join codes, seats, seat tokens, private hands and who may move for whom."""

import sqlite3

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from solver.rooms import ALPHABET  # noqa: E402
from solver.service.app import create_app  # noqa: E402


@pytest.fixture
def db(tmp_path):
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db):
    return TestClient(create_app(str(db)), base_url="http://localhost")


def new_game(client, game="idiot", players=("ann", "bob", "cy"), seed=3):
    made = client.post("/api/games", json={"game": game, "players": list(players),
                                           "seed": seed})
    assert made.status_code == 201
    return made.json()


def join(client, code, name=None, **headers):
    return client.post(f"/api/rooms/{code}/join", json={} if name is None else {"name": name},
                       headers=headers)


def test_a_new_game_has_a_join_code_and_link(client):
    made = new_game(client)
    code = made["code"]
    assert len(code) == 4 and set(code) <= set(ALPHABET)
    assert made["join"] == f"/join/{code}"
    room = client.get(f"/api/games/{made['id']}/room").json()
    assert room["code"] == code and room["qr"].startswith("<svg") and "path" in room["qr"]
    assert client.get(made["join"]).headers["content-type"].startswith("text/html")
    described = client.get(f"/api/rooms/{code.lower()}").json()  # codes read in any case
    assert described["id"] == made["id"] and [s["taken"] for s in described["seats"]] == \
        [False, False, False]


def test_phones_take_seats_and_a_wrong_code_is_404(client):
    made = new_game(client)
    code = made["code"]
    ann = join(client, code, "ann")
    assert ann.status_code == 200
    assert ann.json()["id"] == made["id"] and ann.json()["seat"] == "ann"
    assert join(client, code, "ann").status_code == 409  # taken
    assert join(client, code).json()["seat"] == "bob"  # no name: the first free seat
    assert join(client, "AAAAA" if code != "AAAAA" else "CCCCC", "x").status_code == 404
    assert join(client, code, "zed").status_code == 409  # no seat left open for a new name
    assert join(client, code, "cy").status_code == 200
    assert join(client, code).status_code == 409  # full
    taken = client.get(f"/api/rooms/{code}").json()["seats"]
    assert all(s["taken"] for s in taken)


def test_a_new_name_takes_an_open_seat_before_the_first_move(client):
    made = new_game(client, "extremis", ["Ann", "Player 2", "Player 3"])
    zoe = join(client, made["code"], "Zoë")
    assert zoe.status_code == 200 and zoe.json()["seat"] == "Zoë"
    state = client.get(f"/api/games/{made['id']}").json()["state"]
    names = [p["name"] for p in state["players"]]
    assert names == ["Ann", "Zoë", "Player 3"]
    assert state["cards"] == made["state"]["cards"]  # the same deal, renamed
    assert join(client, made["code"], "zoë").status_code == 409  # a name is one player
    said = client.post(f"/api/games/{made['id']}/answer", json={"player": "Ann", "answer": "qq"})
    assert said.status_code == 200  # the first move
    assert join(client, made["code"], "Max").status_code == 409  # started
    assert join(client, made["code"], "Max",
                **{"X-Referee-Token": made["token"]}).status_code == 409  # no open seat now


def test_a_card_players_hand_and_moves_go_only_to_their_seat(client):
    made = new_game(client)
    game_id, code = made["id"], made["code"]
    ann = join(client, code, "ann").json()["token"]
    bob = join(client, code, "bob").json()["token"]
    turn = client.get(f"/api/games/{game_id}").json()["state"]["turn"]
    assert turn == "ann"
    assert client.get(f"/api/games/{game_id}/moves").status_code == 403
    assert client.get(f"/api/games/{game_id}/moves",
                      headers={"X-Seat-Token": "forged"}).status_code == 403
    mine = client.get(f"/api/games/{game_id}/moves", headers={"X-Seat-Token": ann}).json()
    assert mine and {m["player"] for m in mine} == {"ann"}
    assert client.get(f"/api/games/{game_id}/moves", headers={"X-Seat-Token": bob}).json() == []
    every = client.get(f"/api/games/{game_id}/moves",
                       headers={"X-Referee-Token": made["token"]}).json()
    assert every == mine  # only ann may act now
    hand = client.get(f"/api/games/{game_id}", params={"player": "ann"},
                      headers={"X-Seat-Token": ann})
    assert hand.status_code == 200 and hand.json()["state"]["hand"]
    for headers in ({}, {"X-Seat-Token": bob}):
        refused = client.get(f"/api/games/{game_id}", params={"player": "ann"}, headers=headers)
        assert refused.status_code == 403 and "error" in refused.json()
    table = client.get(f"/api/games/{game_id}").json()["state"]
    assert "hand" not in table  # the public view holds no hand


def test_a_held_seat_moves_only_with_its_token(client):
    made = new_game(client)
    game_id, code = made["id"], made["code"]
    ann = join(client, code, "ann").json()["token"]
    bob = join(client, code, "bob").json()["token"]
    move = client.get(f"/api/games/{game_id}/moves", headers={"X-Seat-Token": ann}).json()[0]
    assert client.post(f"/api/games/{game_id}/move", json=move).status_code == 403
    assert client.post(f"/api/games/{game_id}/move", json=move,
                       headers={"X-Seat-Token": bob}).status_code == 403
    played = client.post(f"/api/games/{game_id}/move", json=move,
                         headers={"X-Seat-Token": ann})
    assert played.status_code == 200
    # A seat nobody holds is still played hot-seat, without a token.
    free = new_game(client, seed=4)
    moves = client.get(f"/api/games/{free['id']}/moves",
                       headers={"X-Referee-Token": free["token"]}).json()
    assert client.post(f"/api/games/{free['id']}/move", json=moves[0]).status_code == 200


def test_word_game_answers_from_a_held_seat_need_its_token(client):
    made = new_game(client, "extremis", ["ann", "bob"], seed=5)
    ann = join(client, made["code"], "ann").json()["token"]
    said = {"player": "ann", "answer": "qqqq"}
    assert client.post(f"/api/games/{made['id']}/answer", json=said).status_code == 403
    wrong = client.post(f"/api/games/{made['id']}/answer", json=said,
                        headers={"X-Seat-Token": ann})
    assert wrong.status_code == 200  # its reasons, to its sender at once
    assert wrong.json()["verdict"]["valid"] is False and wrong.json()["verdict"]["reasons"]
    as_bob = client.post(f"/api/games/{made['id']}/answer", json={**said, "player": "bob"},
                         headers={"X-Seat-Token": ann})
    assert as_bob.status_code == 403


def test_the_referee_reseats_a_lost_phone_and_tokens_are_kept_hashed(client, db):
    made = new_game(client)
    first = join(client, made["code"], "ann").json()["token"]
    again = join(client, made["code"], "ann", **{"X-Referee-Token": made["token"]})
    assert again.status_code == 200
    second = again.json()["token"]
    assert second != first
    hand = f"/api/games/{made['id']}"
    assert client.get(hand, params={"player": "ann"},
                      headers={"X-Seat-Token": first}).status_code == 403
    assert client.get(hand, params={"player": "ann"},
                      headers={"X-Seat-Token": second}).status_code == 200
    kept = sqlite3.connect(db).execute("SELECT token FROM seats").fetchall()
    assert kept and all(second not in row[0] and first not in row[0] for row in kept)
