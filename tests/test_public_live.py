"""A card given face down, against a real `wordref serve`: the live stream and the public view
never name it, the giver's own reply and seat do, and the receiver's seat does not see it
either (Extreme Idiot §4 part 1, §20 part 3)."""

import json

import pytest

pytest.importorskip("uvicorn")
from livekit import Stream, call, serve  # noqa: E402

from solver.games.idiot.cards import show_card  # noqa: E402
from test_public import moves_to_a_face_down_give  # noqa: E402

PLAYERS = ["ann", "bob", "cy"]


def names_card(data, card: str) -> bool:
    text = json.dumps(data, ensure_ascii=False)
    return f'"{card}"' in text or show_card(card) in text


def test_a_stream_without_a_seat_token_never_sees_the_given_card(tmp_path):
    seed, moves = moves_to_a_face_down_give()
    give = moves[-1]
    card, giver, receiver = give["card"], give["player"], give["to"]
    with serve(str(tmp_path / "g.sqlite3"), tmp_path / "server.log") as server:
        status, made = call(server.base, "POST", "/api/games",
                            {"game": "idiot", "players": PLAYERS, "seed": seed})
        assert status == 201
        game_id = made["id"]
        tokens = {p: call(server.base, "POST", f"/api/rooms/{made['code']}/join",
                          {"name": p})[1]["token"] for p in PLAYERS}
        table = Stream(server.base, game_id)
        assert table.wait(lambda s: s.events)
        for move in moves:
            status, reply = call(server.base, "POST", f"/api/games/{game_id}/move", move,
                                 {"X-Seat-Token": tokens[move["player"]]})
            assert status == 200, reply
        # The giver's own reply names the card: it is the giver's to know.
        given = next(e for e in reply["events"] if e["type"] == "give")
        assert given["card"] == card and given["face"] == "down"
        assert not names_card(reply["state"], card)
        # The stream, which takes no token, tells the give without the card.
        assert table.wait(lambda s: len(s.moves()) == len(moves))
        seq, told = table.moves()[-1]
        assert seq == len(moves) and told["move"]["type"] == "give"
        assert not names_card(told, card)
        assert {"type": "give", "player": giver, "to": receiver, "face": "down"} in \
            told["events"]
        # Neither the public view nor the receiver's own seat shows it.
        assert not names_card(call(server.base, "GET", f"/api/games/{game_id}")[1], card)
        status, mine = call(server.base, "GET", f"/api/games/{game_id}?player={receiver}",
                            headers={"X-Seat-Token": tokens[receiver]})
        assert status == 200 and "hand" in mine["state"] and not names_card(mine, card)
        # The giver's own seat does: what they gave, to whom, where.
        status, theirs = call(server.base, "GET", f"/api/games/{game_id}?player={giver}",
                              headers={"X-Seat-Token": tokens[giver]})
        assert status == 200 and [(g["to"], g["card"]) for g in theirs["state"]["given"]] == \
            [(receiver, show_card(card))]
        # Taking the give back (the referee's undo) does not name it on the stream either.
        status, undone = call(server.base, "POST", f"/api/games/{game_id}/undo", {},
                              {"X-Referee-Token": made["token"]})
        assert status == 200, undone
        assert table.wait(lambda s: len(s.moves()) == len(moves) + 1)
        _, told = table.moves()[-1]
        assert told["events"][0]["type"] == "undo" and not names_card(told, card)
        # A stream opened afterwards reads the same moves from the log: the same public form.
        late = Stream(server.base, game_id, last_id=0)
        assert late.wait(lambda s: len(s.moves()) == len(moves) + 1)
        assert late.moves() == table.moves()
        # The card is back in the giver's hand, seen by that seat alone.
        status, back = call(server.base, "GET", f"/api/games/{game_id}?player={giver}",
                            headers={"X-Seat-Token": tokens[giver]})
        assert status == 200 and show_card(card) in back["state"]["hand"]
        assert back["state"]["given"] == []
        for stream in (table, late):
            stream.close()
