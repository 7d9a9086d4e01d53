"""What the whole table sees of a word game holds no stumped check unless the table asked for it.

docs/public.md: the stumped check (does any answer fit? how many? In Extremis' forecast of
which flip first allows a word) is the referee's; a seat, a spectator and every shared screen
see it only while the game's setting `show_check` is on. Bot games of both word games are
played with the setting off, on, and changed midway by the referee's move, with wrong answers
and overrules mixed in; after every move the public move, events and view are checked:

- the referee's view always has the check while a search is on, and the table's view is the
  referee's without it (setting off) or the same (setting on);
- an oracle from the states, not from the redaction code: the table's view stays the same when
  every card side nobody has seen (the hands, the draw pile, the hidden side of each card yet
  to flip, the decks under the cards on display) is replaced, unless the table asked for the
  forecast, which reads those sides.

Then the HTTP service, through FastAPI's test client: who gets the check from GET and from a
move's reply, the referee's check move, and the option at creation. The live stream against a
real server is tests/test_public_words_live.py.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.games import extremis as E
from solver.games import redyellow as R
from solver.games.base import IllegalMove, check_shown, public_record
from solver.games.wordbots import WordBot, table_move

ENGINES = {"extremis": E, "redyellow": R}
# The fields the referee's view adds while the table has not asked for the check.
CHECK = ("any", "count", "forecast")
MAX_MOVES = 60
LETTERS = "abcdefghijklmnopqrstuvwxyz"
GAMES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def table_moves(kind: str, seed: int, players: int, show: bool, toggles: bool):
    """Yield (state, move, events, state after) of a bot game of `kind`, the setting starting
    at `show`; with `toggles`, the referee changes it now and then."""
    module = ENGINES[kind]
    names = [f"p{i + 1}" for i in range(players)]
    bots = [WordBot(name, "expert" if i % 2 else "regular", seed) for i, name in enumerate(names)]
    state = module.new(names, seed, {"show_check": True} if show else {})
    rng = random.Random(seed)
    for _ in range(MAX_MOVES):
        if state["status"] == "over":
            return
        move = table_move_or_noise(kind, state, rng, bots, names, toggles)
        try:
            after, events = module.apply(state, move)
        except IllegalMove:
            continue
        yield state, move, events, after
        state = after


def table_move_or_noise(kind, state, rng, bots, names, toggles) -> dict:
    """Return what a table might do now: mostly the fastest bot's move; sometimes a wrong
    answer (In Extremis: suggestions for its sender), an overrule, a stumped call, or the
    referee's check move."""
    roll = rng.random()
    if toggles and roll < 0.12:
        return {"type": "check", "show": not check_shown(state)}
    if roll < 0.32 and state["status"] == "playing":
        view = ENGINES[kind].view(state)
        start = view["cards"]["initial"] if kind == "extremis" else view["cards"]["yellow"]
        said = start + "".join(rng.choice(LETTERS) for _ in range(rng.randint(2, 5)))
        field = "word" if kind == "extremis" else "answer"
        return {"type": "answer", "player": rng.choice(names), field: said,
                "round": state["round"]}
    if roll < 0.40 and state["last"] is not None:
        return {"type": "overrule", "accept": rng.random() < 0.5}
    if roll < 0.48:
        return {"type": "stumped"}
    decision = table_move(state, bots)
    return decision.move if decision is not None else {"type": "stumped"}


def scrambled(kind: str, state: dict, rng: random.Random) -> dict:
    """Return `state` with every card side nobody at the table has seen replaced."""
    s = copy.deepcopy(state)
    if kind == "redyellow":
        for deck in s["decks"].values():
            rest = deck[1:]
            rng.shuffle(rest)
            deck[1:] = rest
        s["decks"]["red"][1:] = [rng.choice(LETTERS) for _ in s["decks"]["red"][1:]]
        s["decks"]["yellow"][1:] = [rng.choice(LETTERS) for _ in s["decks"]["yellow"][1:]]
        return s
    for card in [c for p in s["players"] for c in p["hand"]] + s["draw"]:
        card.update(green=rng.choice(LETTERS), red=rng.choice(LETTERS),
                    up=rng.choice(("green", "red")))
    order = E._flip_order(s)
    for k in range(s["flipped"], len(order)):  # the tops still to flip: one side seen
        top = s["stacks"][order[k]][-1]
        top["red" if top["up"] == "green" else "green"] = rng.choice(LETTERS)
    return s


def check_what_the_table_sees(kind: str, move: dict, events: list, after: dict,
                              rng: random.Random) -> bool:
    """Assert the rule of docs/public.md on one move; return whether the table's view would
    have told something of the unseen card sides had it shown the referee's view."""
    module = ENGINES[kind]
    shown = check_shown(after)
    table, whole = module.view(after), module.referee_view(after)
    assert table["show_check"] is shown
    if after["status"] == "playing":
        assert {"any", "count"} <= set(whole)
        assert "forecast" in whole or kind == "redyellow"
    if shown:
        assert table == whole
    else:
        assert not set(CHECK) & set(table), (move, table)
        assert table == {k: v for k, v in whole.items() if k not in CHECK}
    _, public_events = public_record(module, move, events)
    for event in public_events:
        if event["type"] == "verdict":
            assert event["suggestions"] == [] and "stumped" not in event and "note" not in event
        if event["type"] == "check":
            assert event == {"type": "check", "show": move["show"]} and shown is move["show"]
    other = scrambled(kind, after, rng)
    assert module.view(other) == table or shown, (move, table, module.view(other))
    return module.referee_view(other) != whole


@GAMES
@given(kind=st.sampled_from(sorted(ENGINES)), seed=st.integers(0, 2**32),
       players=st.integers(2, 4), show=st.booleans(), toggles=st.booleans())
def test_no_public_view_or_record_of_a_word_game_tells_the_stumped_check_unasked(
        kind, seed, players, show, toggles):
    rng = random.Random(seed)
    for _, move, events, after in table_moves(kind, seed, players, show, toggles):
        check_what_the_table_sees(kind, move, events, after, rng)


def test_the_games_checked_tell_unseen_sides_to_the_referee_and_change_the_setting():
    """The property above is about something: the referee's forecast reads card sides nobody
    has seen (so the scrambled oracle has teeth), answers are judged wrong and suggested to,
    and the check move turns the setting both ways."""
    told = suggested = 0
    kinds: set = set()
    for seed in range(8):
        rng = random.Random(seed)
        for _, move, events, after in table_moves("extremis", seed, 3, False, True):
            told += check_what_the_table_sees("extremis", move, events, after, rng)
            suggested += any(e["type"] == "verdict" and e["suggestions"] for e in events)
            kinds.add((move["type"], move.get("show")))
    assert told >= 3 and suggested >= 3, (told, suggested)
    assert {("check", True), ("check", False)} <= kinds


def test_the_check_move_changes_the_setting_and_replays():
    state = E.new(["ann", "bob"], 5)
    assert "show_check" not in state["options"] and E.view(state)["show_check"] is False
    on, events = E.apply(state, {"type": "check", "show": True})
    assert events == [{"type": "check", "show": True}] and on["step"] == state["step"] + 1
    assert E.view(on) == E.referee_view(on) and "any" in E.view(on)
    assert {k: v for k, v in on.items() if k not in ("step", "options")} == \
        {k: v for k, v in state.items() if k not in ("step", "options")}  # nothing else moved
    off, _ = E.apply(on, {"type": "check", "show": False})
    assert not set(CHECK) & set(E.view(off))


# Red Letter, Yellow Letter's verdicts -----------------------------------------------------------

def nothing_fits() -> dict:
    from test_game_redyellow import staged

    state = staged("Rivers", "q", "u")
    assert R.referee_view(state)["any"] is False
    return state


def test_a_verdict_while_nothing_fits_does_not_say_so_to_the_table():
    """The game's verdict leaves the check to the view; a game logged before, whose verdicts
    said "nothing fits these cards: discard the Thing" on every screen, is shown without it."""
    state = nothing_fits()
    move = {"type": "answer", "player": "ann", "answer": "Quebec", "round": state["round"]}
    _, events = R.apply(state, move)
    assert events[0]["type"] == "verdict" and not events[0]["valid"]
    assert "stumped" not in events[0] and "note" not in events[0]
    old = R.rules.judge(R._cats(state), R.on_display(state), "Quebec", [])  # as logged before
    logged = [{"type": "verdict", "player": "ann", **old.to_json()}]
    assert logged[0]["stumped"] is True and "nothing fits" in logged[0]["note"]
    shown = public_record(R, move, logged)[1][0]
    assert shown == {k: v for k, v in logged[0].items() if k not in ("stumped", "note")}


def test_the_table_still_reads_how_the_thing_is_read():
    """How wordref reads the Thing is public (the verdicts say it too): without the check the
    view keeps it, and it is the referee's reading."""
    state = nothing_fits()
    table, whole = R.view(state), R.referee_view(state)
    assert table["category"] == whole["category"] and table["category"]["name"]
    unknown = dict(state, decks={**state["decks"], "thing": ["Things that make you blink"]})
    assert R.view(unknown).get("search") == R.referee_view(unknown).get("search")


# Stored games -----------------------------------------------------------------------------------

def test_a_game_stored_without_the_setting_replays_as_it_was(tmp_path):
    """Games stored before the option have none: their views keep the check to the referee,
    and replays (with check moves, and an undo of one) give the stored state again."""
    from solver.referee import Referee

    referee = Referee.open(str(tmp_path / "g.sqlite3"))
    game, _ = referee.create("extremis", ["ann", "bob"], 11)
    assert "show_check" not in game.options and "show_check" not in game.state["options"]
    before = referee.view(game)["state"]
    assert not set(CHECK) & set(before) and "any" in referee.view(game, referee=True)["state"]
    referee.play(game.id, {"type": "stumped"})
    referee.play(game.id, {"type": "check", "show": True})
    shown = referee.get(game.id)
    assert referee.view(shown)["state"]["show_check"] is True
    assert referee.replay(game.id)[-1][1] == shown.state
    referee.play(game.id, {"type": "undo"})
    undone = referee.get(game.id)
    assert "show_check" not in undone.state["options"]
    assert referee.replay(game.id)[-1][1] == undone.state
    assert [e["move"]["type"] for e in referee.log(game.id)] == ["stumped", "check", "undo"]
    referee.close()


# Over HTTP ------------------------------------------------------------------------------------

@pytest.fixture
def client(tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from solver.service.app import create_app

    return TestClient(create_app(str(tmp_path / "g.sqlite3")), base_url="http://localhost")


def playing_game(client, game="extremis", options=None) -> dict:
    """Start a game whose cards are being searched (no tap on); return its answer."""
    for seed in range(40):
        body = {"game": game, "players": ["ann", "bob"], "seed": seed}
        made = client.post("/api/games", json={**body, **({"options": options} if options
                                                         else {})})
        assert made.status_code == 201, made.text
        if made.json()["state"]["status"] == "playing":
            return made.json()
    raise AssertionError("no game without a tap at the start")


def told(state: dict) -> set:
    return set(CHECK) & set(state)


@pytest.mark.parametrize("game", ["extremis", "redyellow"])
def test_over_http_the_check_goes_to_the_referee_token_alone_until_the_table_asks(client, game):
    made = playing_game(client, game)
    path, referee = f"/api/games/{made['id']}", {"X-Referee-Token": made["token"]}
    seat = client.post(f"/api/rooms/{made['code']}/join", json={"name": "ann"}).json()["token"]
    assert not told(made["state"]) and made["state"]["show_check"] is False
    assert not told(client.get(path).json()["state"])
    assert not told(client.get(path, headers={"X-Seat-Token": seat}).json()["state"])
    assert {"any", "count"} <= told(client.get(path, headers=referee).json()["state"])
    # A phone's answer: its reply has its own verdict, and no check.
    field = "word" if game == "extremis" else "answer"
    said = client.post(f"{path}/answer", headers={"X-Seat-Token": seat},
                       json={"player": "ann", "answer": "zzqx", "round": made["state"]["round"]})
    assert said.status_code == 200 and not told(said.json()["state"]), said.text
    assert client.get(f"{path}").json()["state"]["last"][field] == "zzqx"
    # Only the referee changes the setting; then every screen sees the check.
    for headers in ({}, {"X-Seat-Token": seat}):
        refused = client.post(f"{path}/check", json={"show": True}, headers=headers)
        assert refused.status_code == 403 and "referee token" in refused.json()["error"]
    assert client.post(f"{path}/move", json={"type": "check", "show": True}).status_code == 422
    shown = client.post(f"{path}/check", json={"show": True}, headers=referee)
    assert shown.status_code == 200 and shown.json()["events"] == [{"type": "check",
                                                                     "show": True}]
    assert shown.json()["state"]["show_check"] is True
    for headers in ({}, {"X-Seat-Token": seat}):
        state = client.get(path, headers=headers).json()["state"]
        assert state == client.get(path, headers=referee).json()["state"]
        assert {"any", "count"} <= told(state)
    # The referee's undo takes the setting back; the log keeps both moves.
    undone = client.post(f"{path}/undo", json={}, headers=referee)
    assert undone.status_code == 200 and {"any", "count"} <= told(undone.json()["state"])
    assert undone.json()["state"]["show_check"] is False
    assert not told(client.get(path).json()["state"])


def test_over_http_a_game_may_start_with_the_check_shown(client):
    made = playing_game(client, options={"show_check": True})
    assert made["state"]["show_check"] is True and {"any", "count", "forecast"} <= \
        told(made["state"])
    assert told(client.get(f"/api/games/{made['id']}").json()["state"]) >= {"any", "count"}
    body = {"game": "extremis", "players": ["ann", "bob"]}
    refused = client.post("/api/games", json={**body, "options": {"show_check": "yes"}})
    assert refused.status_code == 422 and "show_check" in refused.json()["error"]
    other = client.post("/api/games", json={**body, "options": {"tier": "common"}})
    assert other.status_code == 422
    cards = client.post("/api/games", json={"game": "idiot", "players": ["ann", "bob"]}).json()
    check = client.post(f"/api/games/{cards['id']}/check", json={"show": True},
                        headers={"X-Referee-Token": cards["token"]})
    assert check.status_code == 422 and "not a move of Extreme Idiot" in check.json()["error"]


def test_wordref_game_check_and_show_all(tmp_path):
    from click.testing import CliRunner

    import cli

    def run(*args, code=0):
        result = CliRunner().invoke(cli.main, [*args, "--db", str(tmp_path / "g.sqlite3")])
        assert result.exit_code == code, result.output
        return result.output

    game_id = json.loads(run("game", "new", "redyellow", "--players", "ann,bob", "--seed",
                             "3", "--json"))["id"]
    assert not told(json.loads(run("game", "show", game_id, "--json"))["state"])
    assert "the stumped check is hidden" in run("game", "show", game_id)
    assert {"any", "count"} <= told(json.loads(run("game", "show", game_id, "--json",
                                                   "--all"))["state"])
    assert "say --show or --hide" in run("game", "check", game_id, code=2)
    assert "the stumped check is shown to the table" in run("game", "check", game_id, "--show")
    assert "answers exist" in run("game", "show", game_id)
    replay = json.loads(run("game", "replay", game_id, "--json"))
    assert replay["same"] and [s["state"]["show_check"] for s in replay["replay"]] == \
        [False, True]
    assert not told(replay["replay"][0]["state"])
    whole = json.loads(run("game", "replay", game_id, "--json", "--all"))
    assert told(whole["replay"][0]["state"]) >= {"any", "count"}
    shown = json.loads(run("game", "new", "extremis", "--players", "ann,bob", "--seed", "7",
                           "--option", "show_check=true", "--json"))["state"]
    assert shown["show_check"] is True and "any" in shown
