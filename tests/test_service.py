"""The HTTP service: the CLI's contract over HTTP, games with referee tokens, 4xx for bad input."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.errors import InputError

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from solver.lexicon import available_codes  # noqa: E402
from solver.service.app import create_app  # noqa: E402
from solver.service.words import Languages, open_language  # noqa: E402


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "games.sqlite3")


def patient_app(db):
    """Return the app, waiting for a language's first build instead of answering 503."""
    return create_app(db, languages=Languages(available_codes(), open_language, wait=300))


@pytest.fixture
def client(db):
    return TestClient(patient_app(db), base_url="http://localhost")


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


@pytest.mark.parametrize("verb, params, args", [*EXTREMIS, (
    "judge", {"initial": "b", "green": "utt", "red": "x", "answer": ["butter", "bütter", "b"]},
    ["-i", "b", "-g", "utt", "-r", "x", "butter", "bütter", "b"])])
def test_word_verbs_send_the_bytes_json_dumps_would(client, verb, params, args):
    # The service encodes with a C encoder of its own (reply.py): byte for byte what
    # json.dumps(..., ensure_ascii=False) makes of the CLI's answer, key order and floats alike.
    response = client.get(f"/api/extremis/{verb}", params=params)
    assert response.content == json.dumps(cli_json(verb, "extremis", *args),
                                           ensure_ascii=False).encode()


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
    assert client.post(f"/api/games/{game_id}/undo", json={},
                       headers={"X-Referee-Token": "guess"}).status_code == 403
    undone = client.post(f"/api/games/{game_id}/undo", json={},
                         headers={"X-Referee-Token": token})
    assert undone.status_code == 200


def test_a_game_survives_a_server_restart(db):
    first = TestClient(patient_app(db), base_url="http://localhost")
    made = first.post("/api/games", json={"game": "extremis", "players": ["ann", "bob"],
                                          "seed": 8}).json()
    first.post(f"/api/games/{made['id']}/stumped", json={})
    kept = first.get(f"/api/games/{made['id']}").json()
    again = TestClient(patient_app(db), base_url="http://localhost")
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
        assert client.post(f"/api/games/{made['id']}/stumped", json={}).status_code == 200


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
    # A card game's legal moves are private: the referee token (hot-seat) sees them all.
    assert client.get(f"/api/games/{made['id']}/moves").status_code == 403
    moves = client.get(f"/api/games/{made['id']}/moves",
                       headers={"X-Referee-Token": made["token"]}).json()
    assert moves and moves[0]["type"] == "play"
    played = client.post(f"/api/games/{made['id']}/move", json=moves[0])
    assert played.status_code == 200 and played.json()["state"]["pile"]
    refused = client.post(f"/api/games/{made['id']}/move", json={"type": "play",
                                                                  "player": "zed",
                                                                  "cards": ["5h"]})
    assert refused.status_code == 409
    assert client.post(f"/api/games/{made['id']}/move", json={"type": "undo"}).status_code == 422
    judged = client.get("/api/idiot/judge", params={"pile": "K♠ 5♥", "play": "A♦"}).json()
    assert judged["valid"] is True and judged["paragraph"] == "§13"
    assert client.get("/api/idiot/judge", params={"pile": "", "play": "Z9"}).status_code == 400
    extincion = client.post("/api/games", json={"game": "extincion", "players": ["a", "b"],
                                                "seed": 1})
    assert extincion.status_code == 201


# Hostile input (issue 13) ---------------------------------------------------------------------

@pytest.mark.parametrize("game, move", [
    ("idiot", {"type": "pickup", "player": ["x"]}),
    ("idiot", {"type": "pickup", "player": {}}),
    ("idiot", {"type": "play_out", "player": "ann", "card": []}),
    ("idiot", {"type": "play", "player": "ann", "cards": True}),
    ("idiot", {"type": "flip", "player": "ann", "row": "1"}),
    ("idiot", {"type": "play", "player": "ann", "card": 17}),       # another game's move
    ("extincion", {"type": "play", "player": "a", "card": "17"}),
    ("extincion", {"type": "discard", "player": "a", "cards": [True]}),
    ("extremis", {"type": "answer", "player": "ann", "word": 7}),
    ("extremis", {"type": "take", "player": "ann", "card": "red"}),
])
def test_a_move_of_the_wrong_shape_is_a_422_before_any_engine_sees_it(client, game, move):
    players = ["a", "b"] if game == "extincion" else ["ann", "bob"]
    made = client.post("/api/games", json={"game": game, "players": players, "seed": 1}).json()
    before = client.get(f"/api/games/{made['id']}").json()
    response = client.post(f"/api/games/{made['id']}/move", json=move)
    assert response.status_code == 422, response.text
    assert response.json()["error"]
    assert client.get(f"/api/games/{made['id']}").json() == before


@pytest.mark.parametrize("body", [
    {"game": "extincion", "players": ["a", "b"], "options": {"skills": []}},
    {"game": "extincion", "players": ["a", "b"], "options": {"beginner": "yes"}},
    {"game": "extincion", "players": ["a", "b"], "options": {"deck": "/etc/passwd"}},
    {"game": "idiot", "players": ["a", "b"], "options": {"decks": 7}},
    {"game": "idiot", "players": ["a", "b"], "options": {"stalemate_repeats": True}},
    {"game": "idiot", "players": ["a", "b"], "options": {"nope": 1}},
])
def test_options_of_the_wrong_shape_are_a_422(client, body):
    response = client.post("/api/games", json=body)
    assert response.status_code == 422 and response.json()["error"]


@pytest.mark.parametrize("lang", ["categories", "../built/en", "../../../x", "/etc/passwd",
                                  "en/../en", "EN", ""])
def test_a_language_is_a_name_from_the_list_never_a_path(client, lang):
    for response in (client.get("/api/extremis/any", params={"initial": "b", "lang": lang}),
                     client.post("/api/games", json={"game": "extremis", "lang": lang,
                                                     "players": ["ann", "bob"]})):
        assert response.status_code == 400, response.text
        message = response.json()["error"]
        assert "available" in message and "/" not in message.replace(lang, "")


def test_no_answer_names_a_server_directory(client):
    from solver.service import reply

    root = reply.SERVER_DIRS[-1]
    assert reply.scrub(f"cannot read {root}/built/x.wrl") == "cannot read …/built/x.wrl"
    bodies = [client.get("/api/lexicons").text,
              client.get("/api/extremis/any", params={"initial": "b", "lang": "../x"}).text]
    for folder in reply.SERVER_DIRS:
        assert all(folder not in body for body in bodies)


@pytest.mark.parametrize("host, served", [
    ("localhost", True), ("localhost:8080", True), ("127.0.0.1:8080", True),
    ("192.168.1.20:8080", True), ("[::1]:8080", True), ("referee.lan", True),
    ("evil.example", False), ("evil.example:8080", False), ("localhost.evil.example", False),
    ("[::1", False), ("127.0.0.1:80:80", False),
])
def test_the_host_header_names_this_server(db, host, served):
    client = TestClient(create_app(db, hosts=["referee.lan"]), base_url="http://localhost")
    response = client.get("/healthz", headers={"Host": host})
    assert (response.status_code == 200) is served, response.text
    if not served:
        assert response.status_code == 400 and "--allow-host" in response.json()["error"]


def test_serve_passes_its_host_names_to_the_app(db, monkeypatch):
    from solver.service.app import app_from_environment

    monkeypatch.setenv("WORDREF_DB", db)
    monkeypatch.setenv("WORDREF_ALLOW_HOSTS", "referee.lan,table.local")
    client = TestClient(app_from_environment(), base_url="http://referee.lan")
    assert client.get("/healthz").status_code == 200
    assert client.get("/healthz", headers={"Host": "evil.example"}).status_code == 400
    result = CliRunner().invoke(cli.main, ["serve", "--help"])
    assert "--allow-host" in result.output


def test_a_served_process_hands_the_gil_over_quickly(db, monkeypatch):
    import sys

    from solver.service.app import SWITCH_INTERVAL, app_from_environment

    monkeypatch.setenv("WORDREF_DB", db)
    old = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.005)  # CPython's default
        app_from_environment()
        assert sys.getswitchinterval() == pytest.approx(SWITCH_INTERVAL)
    finally:
        sys.setswitchinterval(old)


@pytest.mark.parametrize("how", [
    {},                                                             # no body at all
    {"content": b""},
    {"data": {"player": "ann"}},                                    # a cross-site form
    {"content": b'{"player": "ann"}', "headers": {"Content-Type": "text/plain"}},
    {"content": b'{"player": "ann"}',
     "headers": {"Content-Type": "application/x-www-form-urlencoded"}},
])
def test_a_state_change_needs_a_json_body(client, how):
    made = client.post("/api/games", json={"game": "extremis", "players": ["ann", "bob"],
                                           "seed": 4}).json()
    before = client.get(f"/api/games/{made['id']}").json()
    for verb in ("stumped", "tap", "undo"):
        response = client.post(f"/api/games/{made['id']}/{verb}", **how)
        assert response.status_code in (400, 415), (verb, response.text)
        assert response.json()["error"]
    assert client.get(f"/api/games/{made['id']}").json() == before
    assert client.post(f"/api/games/{made['id']}/stumped", json={}).status_code == 200


def test_a_language_still_building_answers_503_with_retry_after(db):
    import threading

    release = threading.Event()
    languages = Languages(available_codes(), lambda code: release.wait(30), wait=0.05)
    client = TestClient(create_app(db, languages=languages), base_url="http://localhost")
    response = client.get("/api/extremis/any", params={"initial": "b", "lang": "fr"})
    assert response.status_code == 503 and response.headers["retry-after"].isdigit()
    assert "warming up" in response.json()["error"]
    assert client.get("/healthz").status_code == 200
    release.set()
    for _ in range(100):
        response = client.get("/api/extremis/any", params={"initial": "b", "lang": "fr"})
        if response.status_code == 200:
            break
    assert response.status_code == 200 and response.json()["any"] is True


def test_query_strings_are_read_like_starlette_reads_them():
    from urllib.parse import parse_qsl, urlencode

    from solver.service.words import EXTREMIS_PARAMS, read_query

    raw = urlencode([("initial", "ø"), ("green", "a b+c"), ("answer", "x&y"),
                     ("answer", "%"), ("limit", "7"), ("unknown", "1")])
    q = read_query(raw.encode(), EXTREMIS_PARAMS)
    expected = dict(parse_qsl(raw))
    assert (q["initial"], q["green"], q["limit"]) == (expected["initial"], expected["green"], 7)
    assert q["answer"] == ["x&y", "%"] and q["lang"] == "en" and q["conjugated"] is None
    for bad in (b"initial=%ff", b"limit=1_0", b"limit=--5", b"limit=%D9%A1"):
        with pytest.raises(InputError):
            read_query(bad, EXTREMIS_PARAMS)


def test_a_red_yellow_game_takes_the_tables_own_things(client):
    ours = [{"name": "Our cats", "members": ["Felix", "Mittens", "Salem"]}]
    made = client.post("/api/games", json={"game": "redyellow", "players": ["ann", "bob"],
                                           "seed": 2, "categories": ours})
    assert made.status_code == 201
    bad = client.post("/api/games", json={"game": "redyellow", "players": ["ann", "bob"],
                                          "categories": [{"name": "x", "synsets": ["cat.n.01"]}]})
    assert bad.status_code == 400 and "WordNet" in bad.json()["error"]
    other = client.post("/api/games", json={"game": "extremis", "players": ["ann", "bob"],
                                            "categories": ours})
    assert other.status_code == 400


def test_a_red_yellow_game_takes_the_tables_pack_as_yaml_text(client):
    """The page's set-up form sends the pack's YAML as typed; mistakes are one line."""
    pack = "categories:\n  - name: Our cats\n    members: [Felix, Mittens, Salem]\n"
    made = client.post("/api/games", json={"game": "redyellow", "players": ["ann", "bob"],
                                           "seed": 2, "categories": pack})
    assert made.status_code == 201
    for text, said in [("- name: [Our cats\n", "not valid YAML at line 2"),
                       ("just words", "expected a list of categories"),
                       ("- name: Our cats\n  synsets: [cat.n.01]\n", "WordNet"),
                       ("- name: Our cats\n", "list some members")]:
        bad = client.post("/api/games", json={"game": "redyellow", "players": ["ann", "bob"],
                                              "categories": text})
        message = bad.json()["error"]
        assert bad.status_code == 400 and said in message and "\n" not in message, message
        assert message.startswith("the table's categories")
    blank = client.post("/api/games", json={"game": "redyellow", "players": ["ann", "bob"],
                                            "categories": "  \n"})
    assert blank.status_code == 201  # an empty text area is no pack


def test_a_language_that_cannot_be_built_answers_503_and_is_tried_again_later(db, monkeypatch):
    from solver.errors import LexiconError
    from solver.service import words

    tries = []

    def cannot(code):
        tries.append(code)
        raise LexiconError(f"cannot write {Path.home() / '.cache'}/fr.wrl: read-only")

    languages = Languages(available_codes(), cannot, wait=5)
    client = TestClient(create_app(db, languages=languages), base_url="http://localhost")
    for _ in range(3):
        response = client.get("/api/extremis/any", params={"initial": "b", "lang": "fr"})
        assert response.status_code == 503 and response.headers["retry-after"] == "30"
        assert "cannot be opened" in response.json()["error"]
        assert str(Path.home()) not in response.json()["error"]
    assert tries == ["fr"]  # once, not once a request
    monkeypatch.setattr(words, "FAILED_RETRY", -1)
    client.get("/api/extremis/any", params={"initial": "b", "lang": "fr"})
    assert tries == ["fr", "fr"]


def test_the_word_routes_read_a_tables_own_things(client):
    import json

    ours = json.dumps([{"name": "Our cats", "members": ["Felix", "Mittens", "Salem"]}])
    got = client.get("/api/redyellow/judge", params={"thing": "our cats", "yellow": "f",
                                                     "red": "q", "answer": "Felix",
                                                     "categories": ours})
    assert got.status_code == 200 and got.json()[0]["valid"] is True
    assert got.json()[0]["reading"]["parts"][0]["table"] is True
    found = client.get("/api/redyellow/solve", params={"thing": "our cats", "yellow": "m",
                                                       "red": "q", "categories": ours}).json()
    assert found["words"] == ["Mittens"]
    for bad in ("not json", '{"a": 1}', '[{"name": "x", "synsets": ["cat.n.01"]}]',
                "/etc/passwd"):
        got = client.get("/api/redyellow/any", params={"thing": "x", "yellow": "f", "red": "q",
                                                       "categories": bad})
        assert got.status_code == 400 and got.json()["error"]
