"""Rooms in real browsers: the shared screen and phones, each a browser context of its own.

A phone joins by the code the shared screen shows, and plays a round of each word game from its
own answer box, while the shared screen follows live, without a reload; in a card game each
phone sees its own hand only, and the others' hands stay closed to it.
"""

from __future__ import annotations

import re
import urllib.parse

import pytest

from browserkit import DESKTOP, PHONE, answerable_seed, browser, get, post, server  # noqa: F401
from playwright.sync_api import expect  # noqa: E402
from test_browser import start_game  # noqa: E402


def shared_screen(browser, base: str, title: str, seed: int):  # noqa: F811
    table = browser.new_context(**DESKTOP).new_page()
    game_id = start_game(table, base, title, ["Ann", "Player 2"], seed)
    code = table.locator("#room-code")
    expect(code).to_have_text(re.compile(r"^[A-Z]{4,5}$"))
    expect(table.locator("#room .room-qr svg")).to_have_count(1)
    return table, game_id, code.inner_text()


def join(browser, base: str, code: str, name: str | None = None, seat: str | None = None):  # noqa: F811
    phone = browser.new_context(**PHONE).new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda err: errors.append(str(err)))
    phone.goto(f"{base}/join/{code}")
    expect(phone.locator("#join")).to_be_visible()
    if name:
        phone.locator("#join-name").fill(name)
        phone.get_by_role("button", name="Join").click()
    else:
        phone.locator(f"#free-seats button[data-seat='{seat}']").click()
    expect(phone.locator("#phone")).to_be_visible()
    expect(phone.locator("#me")).to_have_text(f"You are {name or seat}")
    return phone, errors


def answer(phone, text: str) -> None:
    box = phone.locator("#phone-text")
    box.fill(text)
    with phone.expect_response(lambda r: r.url.endswith("/answer")):
        box.press("Enter")
    expect(phone.locator("#phone")).not_to_have_attribute("data-busy", "true")


@pytest.mark.parametrize("game, title", [("extremis", "In Extremis"),
                                         ("redyellow", "Red Letter, Yellow Letter")])
def test_a_phone_joins_by_code_and_plays_a_round(server, browser, game, title):  # noqa: F811
    seed = 3 if game == "extremis" else answerable_seed(["Ann", "Player 2"])
    table, game_id, code = shared_screen(browser, server, title, seed)
    phone, errors = join(browser, server, code, name="Zoë")
    # The shared screen learns of the new player live: the seat is renamed, the phone listed.
    expect(table.locator("#room-seats")).to_contain_text("Zoë")
    expect(table.locator("#who")).to_contain_text("Zoë")
    expect(phone.locator(".phone-card")).not_to_have_count(0)

    # A wrong answer: its reasons go to the phone that sent it, at once.
    answer(phone, "qqqq")
    expect(phone.locator("#phone-verdict")).to_have_attribute("data-valid", "false")
    expect(phone.locator("#phone-verdict .reasons li")).not_to_have_count(0)

    round_before = table.locator("#play").get_attribute("data-round")
    state = get(f"{server}/api/games/{game_id}")["state"]
    answer(phone, solve_for(server, state))
    expect(phone.locator("#phone-verdict")).to_have_attribute("data-valid", "true")
    if game == "redyellow":  # the winner takes a card from the phone
        expect(table.locator("#play")).to_have_attribute("data-status", "choose")
        phone.get_by_role("button", name="Take the red card").click()
    # The shared screen moves on to the next round with no reload.
    expect(table.locator("#play")).not_to_have_attribute("data-round", round_before)
    after = get(f"{server}/api/games/{game_id}")["state"]
    expect(table.locator("#play")).to_have_attribute("data-round", str(after["round"]))
    assert not errors, errors
    table.context.close()
    phone.context.close()


def test_each_phone_sees_only_its_own_hand(server, browser):  # noqa: F811
    made = post(f"{server}/api/games", {"game": "idiot", "players": ["ann", "bob"], "seed": 3})
    game_id, referee = made["id"], {"X-Referee-Token": made["token"]}
    table = browser.new_context(**DESKTOP).new_page()
    table.goto(f"{server}/#game={game_id}")
    expect(table.locator("#room-code")).to_have_text(made["code"])
    ann, ann_errors = join(browser, server, made["code"], seat="ann")
    bob, bob_errors = join(browser, server, made["code"], seat="bob")
    hands = {name: get(f"{server}/api/games/{game_id}?player={name}", referee)["state"]["hand"]
             for name in ("ann", "bob")}
    assert set(hands["ann"]).isdisjoint(hands["bob"])
    for phone, name in ((ann, "ann"), (bob, "bob")):
        expect(phone.locator("#phone-hand li")).to_have_count(len(hands[name]))
        shown = phone.locator("#phone-hand li").all_inner_texts()
        assert sorted(shown) == sorted(hands[name])  # its own cards, none of the other's
    # The other seat's hand is closed to this phone's token, even asked for by hand.
    status = ann.evaluate("""async (id) => {
        const seat = JSON.parse(localStorage.getItem(`wordref:seat:${document.location
            .pathname.split('/').pop()}`));
        const r = await fetch(`/api/games/${id}?player=bob`,
                              { headers: { 'X-Seat-Token': seat.token } });
        return r.status; }""", game_id)
    assert status == 403
    # Ann's turn: only her phone offers moves; her move reaches the table and Bob live.
    expect(ann.locator("#phone-moves button")).not_to_have_count(0)
    expect(bob.locator("#phone-moves button")).to_have_count(0)
    expect(table.locator("#cardplay")).to_have_attribute("data-actor", "ann")
    with ann.expect_response(lambda r: r.url.endswith("/move")):
        ann.locator("#phone-moves button").first.click()
    after = get(f"{server}/api/games/{game_id}")["state"]
    assert after["step"] == 1
    turn = after["turn"]  # a 2 lets ann play again; anything else hands over to bob
    expect(table.locator("#cardplay")).to_have_attribute("data-actor", turn)
    expect(table.locator("#cardplay")).to_contain_text("1 card")  # the pile, live
    for phone, name in ((ann, "ann"), (bob, "bob")):
        expect(phone.locator("#phone")).to_have_attribute("data-seq", "1")
        expect(phone.locator("#phone-banner")).to_have_text(
            "Your turn" if turn == name else f"{turn} to play")
        moves = phone.locator("#phone-moves button")
        if turn == name:
            expect(moves).not_to_have_count(0)
        else:
            expect(moves).to_have_count(0)
    assert not ann_errors and not bob_errors, ann_errors + bob_errors
    for page in (table, ann, bob):
        page.context.close()


def solve_for(base: str, state: dict) -> str:
    """Return a valid answer to the cards in play (the referee's own solver over HTTP)."""
    cards = state["cards"]
    if state["game"] == "extremis":
        found = get(f"{base}/api/extremis/solve?{urllib.parse.urlencode({**cards, 'limit': 1})}")
    else:
        found = get(f"{base}/api/redyellow/solve?{urllib.parse.urlencode({**cards, 'limit': 1})}")
    assert found["words"], f"no answer for {cards}"
    return found["words"][0]


def test_a_bot_answers_live_in_a_room(server, browser):  # noqa: F811
    """No person moves: the bot's answer reaches the shared screen live, without a reload."""
    made = post(f"{server}/api/games", {"game": "extremis", "players": ["Ann"], "seed": 3,
                                        "bots": 1, "level": "expert"})
    table = browser.new_context(**DESKTOP).new_page()
    errors: list[str] = []
    table.on("pageerror", lambda err: errors.append(str(err)))
    table.goto(f"{server}/#game={made['id']}")
    expect(table.locator("#room-code")).to_have_text(made["code"])
    expect(table.locator("#play")).to_have_attribute("data-round", re.compile(r"^\d+$"))
    shown = table.locator("#play").get_attribute("data-round")
    # The expert answers every round in a few seconds ("do" first, after about 1.8 s): the
    # screen moves on by itself, round after round.
    expect(table.locator("#play")).not_to_have_attribute("data-round", shown, timeout=40_000)
    # Ann never moved: every move was the bot's, and it only ever claims cards.
    start = {p["name"]: p["cards"] for p in made["state"]["players"]}
    state = get(f"{server}/api/games/{made['id']}")["state"]
    held = {p["name"]: p["cards"] for p in state["players"]}
    assert held["bot-expert"] > start["bot-expert"] and held["Ann"] < start["Ann"]
    assert not errors, errors
    table.context.close()


def test_a_dropped_stream_says_reconnecting_in_the_one_connection_bar(server, browser):  # noqa: F811
    table, game_id, code = shared_screen(browser, server, "In Extremis", 3)
    phone = browser.new_context(**PHONE).new_page()
    phone.route("**/events*", lambda route: route.abort("connectionrefused"))
    phone.goto(f"{server}/join/{code}")
    phone.locator("#join-name").fill("Zoë")
    phone.get_by_role("button", name="Join").click()
    bar = phone.locator("#connection")
    expect(bar).to_have_text("Reconnecting…")
    expect(bar).to_have_class(re.compile(r"\blive\b"))
    expect(phone.locator("#live-bar")).to_have_count(0)  # one bar, not one per cause
    phone.unroute("**/events*")  # the stream's next try gets through
    expect(bar).to_be_hidden()
    expect(phone.locator("body")).to_have_attribute("data-live", "live")
    # The shared screen's stream was never down: its bar stayed hidden.
    expect(table.locator("#connection")).to_be_hidden()


def test_seats_left_without_a_name_stay_open_for_phones(server, browser):  # noqa: F811
    table = browser.new_context(**DESKTOP).new_page()
    game_id = start_game(table, server, "In Extremis", ["Ann", "", ""], 4)
    code = table.locator("#room-code")
    expect(code).to_have_text(re.compile(r"^[A-Z]{4,5}$"))
    seats = get(f"{server}/api/rooms/{code.inner_text()}")["seats"]
    assert [(s["name"], s["open"]) for s in seats] == \
        [("Ann", False), ("Player 2", True), ("Player 3", True)]
    phone, errors = join(browser, server, code.inner_text(), name="Zoë")
    expect(table.locator("#room-seats")).to_contain_text("Zoë")
    names = [p["name"] for p in get(f"{server}/api/games/{game_id}")["state"]["players"]]
    assert names == ["Ann", "Zoë", "Player 3"]
    assert errors == []


def test_the_shared_screen_hands_a_lost_phones_seat_to_a_new_one(server, browser):  # noqa: F811
    table = browser.new_context(**DESKTOP).new_page()
    start_game(table, server, "In Extremis", ["Ann", "Bob"], 6)
    code = table.locator("#room-code")
    expect(code).to_have_text(re.compile(r"^[A-Z]{4,5}$"))
    old, _ = join(browser, server, code.inner_text(), seat="Bob")
    button = table.locator("#room-reseat button[data-seat='Bob']")
    expect(button).to_have_text("New phone for Bob")  # the seat is taken: it can be handed on
    button.click()
    link = table.locator("#handover-link")
    expect(link).to_have_attribute("href", re.compile(r"/join/[A-Z]+#.*token="))
    new = browser.new_context(**PHONE).new_page()
    new.goto(link.get_attribute("href"))
    expect(new.locator("#phone")).to_be_visible()
    expect(new.locator("#me")).to_have_text("You are Bob")
    assert "token" not in new.url  # taken out of the address bar
    # The new phone plays from the seat; the old one's token no longer holds it.
    new.locator("#phone-text").fill("qq")
    with new.expect_response(lambda r: r.url.endswith("/answer")) as sent:
        new.locator("#phone-text").press("Enter")
    assert sent.value.status == 200
    old.locator("#phone-text").fill("qq")
    with old.expect_response(lambda r: r.url.endswith("/answer")) as refused:
        old.locator("#phone-text").press("Enter")
    assert refused.value.status == 403
