"""The web page for the card games, driven like a table passing a phone round: the real server,
Debian's Chromium.

A play of Extreme Idiot is judged by typing the pile and the play; whole games of Extreme Idiot
and ¡Extinción! are played by showing the hand of the player to act and clicking one of their
moves. The test asks the API (in Python) only to check what the page shows against the game's
state. Screenshots go to $WORDREF_ARTIFACTS
(see browserkit).
"""

from __future__ import annotations

import random
import re
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from browserkit import (artifacts, shot, DESKTOP, GREEN, PHONE, RED, browser, get,  # noqa: F401
                        fill_setup, phone, post, server)
from playwright.sync_api import expect  # noqa: E402

MOVES_IN_THE_PAGE = 20          # moves clicked in each game
MOST_API_MOVES = 3000           # bound on finishing a game through the API
MOST_SECONDS = 40               # bound on each game's clicking


def screenshot(page, name: str, at: str | None = None, size: dict | None = None) -> None:
    """Save what the screen shows, scrolled to the element `at` (a selector); the whole page
    when the screen is a desktop's."""
    if size:
        page.set_viewport_size(size)
    if at:
        page.locator(at).evaluate("e => e.scrollIntoView({block: 'start'})")
    page.screenshot(path=shot(name), full_page=bool(size))
    if size:
        page.set_viewport_size(PHONE["viewport"])


# Judging one play ------------------------------------------------------------------------------

def judge(page) -> None:
    """Press Enter in the play box and wait for the verdict."""
    with page.expect_response(lambda r: "/api/idiot/judge?" in r.url):
        page.locator("#judge-play").press("Enter")


def verdict(page):
    return page.locator("#judge-verdict")


def verdict_colour(page) -> str:
    return verdict(page).evaluate("e => getComputedStyle(e).backgroundColor")


def test_an_idiot_play_is_judged_through_the_page(server, phone):
    page = phone
    page.goto(server + "/")
    page.get_by_role("link", name=re.compile("Judge a play")).click()
    expect(page.locator("#judge")).to_be_visible()
    expect(page).to_have_url(re.compile("#judge$"))

    # The pile and the play typed with the suit buttons, as on a phone without ♠ or ♥ keys.
    pile, play = page.locator("#judge-pile"), page.locator("#judge-play")
    pile.press_sequentially("K")
    page.get_by_role("button", name="♠ spades").click()
    pile.press_sequentially(" 5")
    page.get_by_role("button", name="♥ hearts").click()
    expect(pile).to_have_value("K♠ 5♥")
    play.click()
    play.press_sequentially("A")
    page.get_by_role("button", name="♦ diamonds").click()
    expect(play).to_have_value("A♦")

    # An ace on a king, through a 5: legal, and the king's player picks up (§13).
    judge(page)
    expect(verdict(page)).to_have_attribute("data-valid", "true")
    expect(verdict(page).locator(".verdict-head")).to_have_text("Legal")
    assert verdict_colour(page) == GREEN
    expect(verdict(page).locator(".paragraph-number")).to_have_text("§13")
    expect(verdict(page).locator(".consequence")).to_contain_text(
        "The king's player picks up the pile")
    screenshot(page, "idiot-judge-phone-legal.png", "#judge-play")

    # A queen on the king, typed in ASCII: illegal, with the reason, the rule and the penalty.
    pile.fill("ks 5h")
    play.fill("qd")
    judge(page)
    expect(verdict(page)).to_have_attribute("data-valid", "false")
    expect(verdict(page).locator(".verdict-head")).to_have_text("Illegal")
    assert verdict_colour(page) == RED
    reason = verdict(page).locator(".reasons li[data-code=demand_king]")
    expect(reason).to_contain_text("§13: only a king, an ace or a 5 goes on a king")
    expect(verdict(page).locator(".paragraph-number")).to_have_text("§13")
    expect(verdict(page).locator(".consequence")).to_contain_text("picks up the pile")
    expect(verdict(page).locator(".zero")).to_be_visible()
    screenshot(page, "idiot-judge-phone-illegal.png", "#judge-verdict")

    # A joker from its button on an empty table; laid on the pile, a 10 then burns it.
    pile.fill("")
    play.fill("")
    page.get_by_role("button", name="red joker").click()
    expect(play).to_have_value("red joker ")
    judge(page)
    expect(verdict(page)).to_have_attribute("data-valid", "true")
    expect(verdict(page).locator(".paragraph-number")).to_have_text("§15")
    page.get_by_role("button", name="Lay it on the pile").click()
    expect(pile).to_have_value("red joker")
    expect(play).to_have_value("")
    expect(verdict(page)).to_be_empty()
    play.press_sequentially("10h")
    judge(page)
    expect(verdict(page)).to_have_attribute("data-valid", "false")  # only K, A or 5 on a king
    expect(verdict(page).locator(".reasons li")).to_have_count(1)

    # What is not a card is said so, in the page's words.
    play.fill("zz")
    judge(page)
    expect(verdict(page)).to_have_attribute("data-valid", "refused")
    expect(verdict(page).locator(".refusal")).to_contain_text("'zz' is not a card")


# Whole games, hot-seat -------------------------------------------------------------------------

def start_card_game(page, base: str, game: str, players: list[str], seed: int,
                    shot: str | None = None) -> str:
    """Fill in the set-up form for a card game and start; return the game's id."""
    fill_setup(page, base, game, players, seed)
    expect(page.locator("#lang")).to_be_hidden()  # a card game has no language
    if shot:
        screenshot(page, shot, "#setup-heading")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#cardplay")).to_be_visible()
    expect(page).to_have_url(re.compile(r"#game=\w+"))
    return page.url.split("#game=")[1]


def state_of(base: str, game_id: str, player: str | None = None, page=None) -> dict:
    """Return the game's state; a player's hand needs the referee token the page kept."""
    query = f"?{urllib.parse.urlencode({'player': player})}" if player else ""
    token = page.evaluate(f"localStorage.getItem('wordref:token:{game_id}')") if page else None
    headers = {"X-Referee-Token": token.strip('"')} if token else {}
    return get(f"{base}/api/games/{game_id}{query}", headers)["state"]


def actor(state: dict) -> str | None:
    if state["game"] == "idiot":
        return None if state["over"] else state["turn"]
    return state["to_act"]


def settled(page) -> None:
    """Wait until the page has shown the outcome of its last request."""
    expect(page.locator("#cardplay")).not_to_have_attribute("data-busy", "true")


def show_hand(page, player: str) -> None:
    """Show the hand of the player to act (still shown when they act again: a burn, a 2)."""
    if page.locator("#hand-box").is_hidden():
        expect(page.locator("#seat-line")).to_contain_text(player)
        page.get_by_role("button", name="Show my hand").click()
        settled(page)
    expect(page.locator("#hand-heading")).to_have_text(f"{player}'s hand")


def click_move(page, button) -> str:
    """Click a move's button (opening its folded list first); return its label."""
    fold = button.locator("xpath=ancestor::details")
    if fold.count() and not fold.evaluate("d => d.open"):
        fold.locator("summary").click()
    label = button.inner_text()
    with page.expect_response(lambda r: r.url.endswith("/move")):
        button.click()
    settled(page)
    return label


def check_turn_passed(page, base: str, game_id: str, player: str) -> dict:
    """After a move: the page shows the new player to act, and hides the hand if it changed."""
    state = state_of(base, game_id)
    now = actor(state)
    expect(page.locator("#cardplay")).to_have_attribute("data-actor", now or "")
    expect(page.locator("#card-news .latest").first).to_be_visible()
    if now != player:
        expect(page.locator("#hand-box")).to_be_hidden()
        expect(page.locator("#hand .pcard, #hand .dino")).to_have_count(0)
    return state


def idiot_choice(page, rng: random.Random):
    """Mostly lay cards, at times pick up; a seeded choice among the buttons shown."""
    plays = page.locator("#moves button.move[data-type=play], #moves button.move[data-type=flip]")
    if plays.count() and rng.random() < 0.85:
        return plays.nth(rng.randrange(plays.count()))
    buttons = page.locator("#moves button.move")
    return buttons.nth(rng.randrange(buttons.count()))


def test_extreme_idiot_is_played_hot_seat_through_the_page(server, phone):
    page = phone
    game_id = start_card_game(page, server, "Extreme Idiot", ["Ann", "Bob", "<i>Cy</i>"],
                              seed=11, shot="idiot-phone-setup.png")
    state = state_of(server, game_id)
    expect(page.locator("#card-banner .banner-head")).to_have_text("Ann to play")
    expect(page.locator("#card-players li[data-player]")).to_have_count(3)
    assert page.locator("#card-players i").count() == 0  # names are text, never markup
    cy = page.locator("#card-players li[data-player='<i>Cy</i>']")
    expect(cy.locator(".seat-counts")).to_have_text("3 cards in hand · 3 face down")
    up = [c for c in state["players"][2]["up"] if c]
    expect(cy.locator(".table-cards .pcard:not(.back)")).to_have_count(len(up))

    rng = random.Random(5)
    started = time.monotonic()
    for step in range(MOVES_IN_THE_PAGE):
        if time.monotonic() - started > MOST_SECONDS or actor(state) is None:
            break
        player = actor(state)
        show_hand(page, player)
        hand = state_of(server, game_id, player, page)["hand"]
        shown = page.locator("#hand .pcard").evaluate_all(
            "cards => cards.map(c => c.dataset.card)")
        assert shown == hand
        if step == 2:
            screenshot(page, "idiot-phone-hand.png", "#cardplay")
        click_move(page, idiot_choice(page, rng))
        state = check_turn_passed(page, server, game_id, player)
        # The pile on the page is the game's pile, bottom to top.
        pile = page.locator("#card-centre .pile-cards .pcard").evaluate_all(
            "cards => cards.map(c => c.dataset.card)")
        assert pile == state["pile"]
        expect(page.locator("#card-centre .counts")).to_contain_text(f"Draw pile {state['draw']}")
    assert state["step"] >= 10
    screenshot(page, "idiot-phone-table.png", "#card-news")

    # Undo, with the referee token the page kept, takes the last move back.
    step_before = state["step"]
    with page.expect_response(lambda r: r.url.endswith("/undo")):
        page.get_by_role("button", name="Undo").click()
    settled(page)
    expect(page.locator("#card-news .latest")).to_contain_text("Undone:")
    assert state_of(server, game_id)["step"] == step_before - 1
    expect(page.locator("#cardplay")).to_have_attribute(
        "data-actor", actor(state_of(server, game_id)))
    screenshot(page, "idiot-desktop.png", size=DESKTOP["viewport"])


def extincion_choice(page):
    """Rescue when possible, else play a card, else whatever comes first (a discard last)."""
    for kind in ("rescue", "play", "choose", "respond", "draw", "pass", "discard"):
        buttons = page.locator(f"#moves button.move[data-type={kind}]")
        if buttons.count():
            return buttons.first
    pytest.fail("the player to act has no move button")


def test_extincion_is_played_hot_seat_through_the_page(server, phone):
    page = phone
    game_id = start_card_game(page, server, "¡Extinción!", ["Ann", "Bob", "Cy"], seed=7)
    state = state_of(server, game_id)
    expect(page.locator("#counter")).to_have_text(f"Extinctions 0 of {state['end_at']}")
    expect(page.locator("#card-centre .env")).to_have_count(len(state["display"]))
    first = state["display"][0]
    expect(page.locator(f"#card-centre .env[data-env='{first['id']}'] .diet")).to_have_count(
        len(first["needs"]))

    started = time.monotonic()
    labels = []
    for step in range(MOVES_IN_THE_PAGE):
        if time.monotonic() - started > MOST_SECONDS or actor(state) is None:
            break
        player = actor(state)
        show_hand(page, player)
        hand = state_of(server, game_id, player, page)["hand"]
        expect(page.locator("#hand .dino")).to_have_count(len(hand))
        if step == 1:
            screenshot(page, "extincion-phone-hand.png", "#seat")
        labels.append(click_move(page, extincion_choice(page)))
        state = check_turn_passed(page, server, game_id, player)
        # Each territory on the page is the game's, and the counter too.
        for name, seat in state["table"].items():
            row = page.locator(f"#card-players li[data-player='{name}']")
            expect(row.locator(".dino")).to_have_count(len(seat["territory"]))
            expect(row.locator(".seat-counts")).to_contain_text(f"{seat['rescued']} rescued")
        expect(page.locator("#counter")).to_have_text(
            f"Extinctions {state['counter']} of {state['end_at']}")
    assert len(labels) >= 10
    assert all("card " not in label for label in labels), labels  # every card named
    assert any(label.startswith("Play ") for label in labels), labels
    screenshot(page, "extincion-phone-table.png", "#cardplay")
    screenshot(page, "extincion-phone-territories.png", "#card-news")


# Finished games --------------------------------------------------------------------------------

def finish_through_the_api(base: str, game: str, players: list[str], seed: int) -> str:
    """Play a game to its end with seeded random legal moves; return its id."""
    made = post(f"{base}/api/games", {"game": game, "players": players, "seed": seed})
    game_id, referee = made["id"], {"X-Referee-Token": made["token"]}
    rng = random.Random(seed)
    for _ in range(MOST_API_MOVES):
        moves = get(f"{base}/api/games/{game_id}/moves", referee)
        if not moves:
            return game_id
        post(f"{base}/api/games/{game_id}/move", rng.choice(moves))
    pytest.fail(f"the {game} game did not end in {MOST_API_MOVES} moves")


def test_a_finished_card_game_shows_its_result(server, phone):
    page = phone
    game_id = finish_through_the_api(server, "idiot", ["Ann", "Bob"], seed=3)
    state = state_of(server, game_id)
    page.goto(f"{server}/#game={game_id}")
    expect(page.locator("#card-result")).to_have_text(f"{state['idiot']} is the idiot")
    expect(page.locator("#card-banner")).to_contain_text("Out in order: 1.")
    expect(page.locator("#seat")).to_be_hidden()
    expect(page.locator(f"#card-players li[data-player='{state['idiot']}'] .badge.idiot")) \
        .to_have_count(1)
    screenshot(page, "idiot-phone-over.png", "#cardplay")

    game_id = finish_through_the_api(server, "extincion", ["Ann", "Bob"], seed=3)
    result = state_of(server, game_id)["result"]
    page.goto(f"{server}/#game={game_id}")
    expect(page.locator("#card-result")).to_contain_text(result["winners"][0])
    expect(page.locator("#card-banner")).to_contain_text(
        f"Dinosaurs rescued: Ann {result['scores']['Ann']}, Bob {result['scores']['Bob']}.")
    expect(page.locator("#card-players .badge.win")).to_have_count(len(result["winners"]))
    expect(page.locator("#seat")).to_be_hidden()
    screenshot(page, "extincion-phone-over.png", "#cardplay")
