"""The page as a table meets it: what players hit first, checked in Debian's Chromium.

The verdict stays beside the cards it judged, "who said it" is asked again after each answer,
the keyboard stays where the next key is typed, the cards are in view at 320 px with six
players, nothing a finger is asked to hit is under 44 x 44 px, a dark scheme under
prefers-color-scheme: dark, two columns on a laptop, and a bar that says when the referee cannot
be reached. Screenshots (phone 390 px, 320 px, laptop 1366 x 900, dark) go to $WORDREF_ARTIFACTS
(see browserkit).
"""

from __future__ import annotations

import random
import urllib.parse

from browserkit import (GREEN, PHONE, artifacts, browser, get, phone, post,  # noqa: F401
                        answerable_seed, fill_setup, server, shot)
from playwright.sync_api import expect  # noqa: E402

from solver.phrases import phrase_key  # noqa: E402

NARROW = {**PHONE, "viewport": {"width": 320, "height": 568}}
LAPTOP = {"viewport": {"width": 1366, "height": 900}}
TARGET = 44  # px, the smallest thing a finger is asked to hit
# What a finger or a pointer is asked to hit (radio buttons and tick boxes are hit through
# their labels, which are measured instead).
TARGETS = ("a, button, summary, select, input:not([type=radio]):not([type=checkbox]), "
           ".pick span, .tick label")


def start(page, base: str, game: str, players: list[str], seed: int) -> str:
    """Fill in the set-up form and start either kind of game; return the game's id."""
    fill_setup(page, base, game, players, seed)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#play, #cardplay").locator("visible=true")).to_have_count(1)
    page.wait_for_url("**#game=*")
    return page.url.split("#game=")[1]


def settled(page, section: str = "#play") -> None:
    expect(page.locator(section)).not_to_have_attribute("data-busy", "true")


def state_of(base: str, game_id: str) -> dict:
    return get(f"{base}/api/games/{game_id}")["state"]


def word_for(base: str, state: dict) -> str:
    cards = state["cards"]
    if state["game"] == "extremis":
        params = {"initial": cards["initial"], "green": cards["green"], "red": cards["red"]}
        return get(f"{base}/api/extremis/solve?{urllib.parse.urlencode(params)}")["words"][0]
    found = get(f"{base}/api/redyellow/solve?{urllib.parse.urlencode({**cards, 'limit': 0})}")
    return next(w for w in found["words"] if phrase_key(w) not in state["used"])  # its keys


def letters(page, box: str) -> list[str]:
    return page.locator(f"{box} .card-letter").all_inner_texts()


def answer(page, player: str | None, text: str) -> None:
    if player:
        page.locator("#who").get_by_text(player, exact=True).click()
    box = page.locator("#answer")
    box.fill(text)
    with page.expect_response(lambda r: r.url.endswith("/answer")):
        box.press("Enter")
    settled(page)


def small_targets(page) -> list[dict]:
    """Every visible control in the play areas, header and footer under 44 x 44 px."""
    return page.evaluate("""(selector) => {
      const areas = document.querySelectorAll("main section:not([hidden]), .top, .foot");
      const small = [];
      for (const area of areas) {
        for (const e of area.querySelectorAll(selector)) {
          if (e.closest("[hidden], .visually-hidden")) continue;
          const r = e.getBoundingClientRect();
          if (!r.width || !r.height || getComputedStyle(e).visibility === "hidden") continue;
          if (r.width < 44 - 0.5 || r.height < 44 - 0.5) {
            small.push({ what: e.outerHTML.slice(0, 90), w: Math.round(r.width),
              h: Math.round(r.height) });
          }
        }
      }
      return small;
    }""", TARGETS)


# The verdict, who said it, the stumped check ----------------------------------------------------

def test_the_verdict_stays_with_the_cards_it_judged(server, phone):
    page = phone
    game_id = start(page, server, "In Extremis", ["Ann", "Bob", "Cy"], seed=7)
    expect(page.locator("#tap")).to_be_disabled()  # no letter is both green and red
    expect(page.locator("#check")).to_be_hidden()  # the count would give the game away
    before = state_of(server, game_id)
    judged = letters(page, "#cards")

    # Each press of Hint says something new, up to the last level.
    hints = []
    while not hints or "(the last hint)" not in hints[-1]:
        with page.expect_response(lambda r: "/api/extremis/hint?" in r.url):
            page.get_by_role("button", name="Hint").click()
        expect(page.locator("#hint-text")).not_to_have_text(hints[-1] if hints else "")
        hints.append(page.locator("#hint-text").inner_text())
        assert len(hints) <= 4
    said = [h.split(": ", 1)[1] for h in hints]
    assert len(set(said)) == len(said), hints

    answer(page, "Bob", word_for(server, before))
    verdict = page.locator("#verdict")
    expect(verdict).to_have_attribute("data-valid", "true")
    # The cards changed at once; the verdict shows the ones it judged, and their round.
    assert state_of(server, game_id)["round"] != before["round"]
    expect(verdict.locator(".judged")).to_have_attribute("data-round", str(before["round"]))
    assert letters(page, "#verdict .judged") == judged
    expect(verdict.locator(".verdict-answer")).to_contain_text("Bob")
    page.screenshot(path=shot("table-phone-verdict.png"), full_page=True)

    # Nobody is credited with the next answer until someone is picked again.
    expect(page.locator("#who input:checked")).to_have_count(0)
    page.locator("#answer").fill("whatever")
    page.locator("#answer").press("Enter")
    expect(page.locator("#who-note")).to_contain_text("Who said it?")
    expect(verdict).to_have_attribute("data-valid", "true")  # nothing was sent

    # A wrong word leaves the cards as they were: no second set of cards in the verdict.
    answer(page, "Cy", "qqxzq")
    expect(verdict).to_have_attribute("data-valid", "false")
    expect(verdict.locator(".judged")).to_have_count(0)

    # The stumped check is the referee's setting, kept by the game: it stays after a reload.
    page.get_by_text("Referee token and settings").click()
    with page.expect_response(lambda r: r.url.endswith("/check")):
        page.locator("#show-check").check()
    expect(page.locator("#check")).to_contain_text("fit")
    page.reload()
    expect(page.locator("#check")).to_be_visible()
    expect(page.locator("#show-check")).to_be_checked()


def test_the_stumped_check_reaches_every_screen_only_when_the_table_asks(server, browser):
    """The set-up form's tick starts a game with the check shown; the referee's screen turns it
    off and on, and a second screen of the same game without the token follows live, without
    the check's fields while it is off, and cannot change it (docs/public.md)."""
    table, other = browser.new_context(**PHONE), browser.new_context(**PHONE)
    try:
        page = table.new_page()
        fill_setup(page, server, "In Extremis", ["Ann", "Bob"], 7)
        page.locator("#setup-show-check").check()
        page.get_by_role("button", name="Start the game").click()
        page.wait_for_url("**#game=*")
        game_id = page.url.split("#game=")[1]
        expect(page.locator("#check")).to_be_visible()
        assert state_of(server, game_id)["show_check"] is True
        screen = other.new_page()
        streamed = []
        screen.on("response", lambda r: streamed.append(r.url) if "/events" in r.url else None)
        screen.goto(f"{server}/#game={game_id}")
        expect(screen.locator("#check")).to_be_visible()
        expect(screen.locator("#check")).to_contain_text("fit")

        page.get_by_text("Referee token and settings").click()
        with page.expect_response(lambda r: r.url.endswith("/check")):
            page.locator("#show-check").uncheck()
        expect(page.locator("#check")).to_be_hidden()
        expect(screen.locator("#check")).to_be_hidden()  # live, from the stream
        expect(screen.locator("#show-check")).not_to_be_checked()
        assert streamed  # the second screen follows the game's live stream
        assert not {"any", "count", "forecast"} & set(state_of(server, game_id))

        # The screen without the token cannot change it: refused, and the tick goes back.
        screen.get_by_text("Referee token and settings").click()
        with screen.expect_response(lambda r: r.url.endswith("/check")) as refused:
            screen.locator("#show-check").click()
        assert refused.value.status == 403
        expect(screen.locator("#verdict")).to_contain_text("Referee token")
        expect(screen.locator("#show-check")).not_to_be_checked()
        expect(screen.locator("#check")).to_be_hidden()

        with page.expect_response(lambda r: r.url.endswith("/check")):
            page.locator("#show-check").check()
        expect(screen.locator("#check")).to_be_visible()
        expect(screen.locator("#show-check")).to_be_checked()
    finally:
        table.close()
        other.close()


def test_the_keyboard_stays_where_the_next_key_goes(server, browser):
    page = browser.new_page(**LAPTOP)
    try:
        players = ["Ann", "Bob", "Cy"]
        game_id = start(page, server, "Red Letter, Yellow Letter", players,
                        seed=answerable_seed(players))
        expect(page.locator("#answer")).to_be_focused()
        expect(page.locator("#tap")).to_be_hidden()
        page.keyboard.press("Alt+3")
        expect(page.locator("#who-2")).to_be_checked()
        expect(page.locator("#answer")).to_be_focused()  # typing goes on in the answer box

        state = state_of(server, game_id)
        page.keyboard.type(word_for(server, state))
        with page.expect_response(lambda r: r.url.endswith("/answer")):
            page.keyboard.press("Enter")
        settled(page)
        expect(page.locator("#verdict")).to_have_attribute("data-valid", "true")
        # Cy won the round: the keyboard is on the first card Cy may take.
        focused = page.locator(":focus")
        expect(focused).to_have_class("take take-red")
        with page.expect_response(lambda r: r.url.endswith("/take")):
            page.keyboard.press("Enter")
        settled(page)
        expect(page.locator("#answer")).to_be_focused()
        page.screenshot(path=shot("table-laptop-redyellow.png"))
    finally:
        page.close()


# Screens at the table's sizes ------------------------------------------------------------------

def test_a_narrow_phone_opens_on_the_cards(server, browser):
    context = browser.new_context(**NARROW)
    page = context.new_page()
    try:
        start(page, server, "In Extremis", ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"], seed=2)
        cards = page.locator("#cards .card")
        assert cards.count() >= 6  # each player's first card is on the table, and the initial
        assert page.evaluate("scrollY") == 0
        height = NARROW["viewport"]["height"]
        for box in [c.bounding_box() for c in cards.all()]:
            assert box["y"] >= 0 and box["y"] + box["height"] <= height, box
        # Each caption says what its colour means, whole.
        captions = page.locator("#cards .card-caption").evaluate_all(
            "cs => cs.map(c => [c.textContent, c.scrollWidth <= c.clientWidth])")
        assert {text for text, _ in captions} <= {"initial", "with", "without"}
        assert all(whole for _, whole in captions), captions
        page.screenshot(path=shot("table-320-open.png"))
        page.screenshot(path=shot("table-320-full.png"), full_page=True)

        start(page, server, "Red Letter, Yellow Letter",
              ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"], seed=2)
        for box in [c.bounding_box() for c in page.locator("#cards .card").all()]:
            assert box["y"] + box["height"] <= height, box
        page.screenshot(path=shot("table-320-redyellow.png"))
    finally:
        context.close()


def test_a_laptop_uses_the_width(server, browser):
    page = browser.new_page(**LAPTOP)
    try:
        start(page, server, "In Extremis", ["Ann", "Bob"], seed=7)
        widths = [c.bounding_box()["width"] for c in page.locator("#cards .card").all()]
        assert min(widths) > 180, widths  # across a room, not 120 px
        table = page.locator("#play .play-table").bounding_box()
        talk = page.locator("#play .play-talk").bounding_box()
        assert talk["x"] >= table["x"] + table["width"]  # side by side
        assert talk["y"] < table["y"] + table["height"]
        page.screenshot(path=shot("table-laptop.png"))
    finally:
        page.close()


def test_the_dark_scheme(server, browser):
    context = browser.new_context(**PHONE, color_scheme="dark")
    page = context.new_page()
    try:
        game_id = start(page, server, "In Extremis", ["Ann", "Bob"], seed=7)
        style = page.evaluate("""() => { const s = getComputedStyle(document.body);
            return [s.backgroundColor, s.color]; }""")
        assert style == ["rgb(18, 18, 18)", "rgb(236, 236, 236)"], style
        # The cards keep their own colours, and white letters.
        initial = page.locator("#cards .card.initial").evaluate(
            "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color]")
        assert initial == [GREEN, "rgb(255, 255, 255)"]
        answer(page, "Ann", word_for(server, state_of(server, game_id)))
        expect(page.locator("#verdict")).to_have_attribute("data-valid", "true")
        page.screenshot(path=shot("table-dark.png"), full_page=True)
    finally:
        context.close()
    light = browser.new_page(**PHONE, color_scheme="light")
    try:
        light.goto(server + "/")
        assert light.evaluate("getComputedStyle(document.body).backgroundColor") \
            == "rgb(255, 255, 255)"
    finally:
        light.close()


def test_nothing_a_finger_hits_is_under_44_px(server, phone):
    page = phone
    page.goto(server + "/")
    expect(page.locator(".intro")).to_contain_text("How a round goes")
    page.get_by_text("Options").click()
    assert small_targets(page) == []
    # The word games come first, the card games' judge link after the form.
    assert page.locator("input[name=game]").first.get_attribute("value") == "extremis"
    assert page.evaluate("""() => document.getElementById('start').compareDocumentPosition(
        document.getElementById('to-judge')) & Node.DOCUMENT_POSITION_FOLLOWING""")

    game_id = start(page, server, "In Extremis", ["Ann", "Bob"], seed=7)
    word = word_for(server, state_of(server, game_id))
    answer(page, "Ann", word[:-1] + "q" + word[-1])  # a typo: suggested words to tap
    expect(page.locator("#verdict .suggestion").first).to_be_visible()
    page.get_by_text("Referee token and settings").click()
    page.get_by_role("button", name="Stumped?").click()  # words fit: it asks first
    expect(page.locator("#stumped-ask")).to_be_visible()
    assert small_targets(page) == []
    page.screenshot(path=shot("table-phone-targets.png"), full_page=True)

    start(page, server, "Extreme Idiot", ["Ann", "Bob"], seed=4)
    page.get_by_role("button", name="Show my hand").click()
    expect(page.locator("#moves button.move").first).to_be_visible()
    assert small_targets(page) == []
    # A move from the bottom of the list: the next player's line comes back into view.
    page.locator("#moves button.move").last.scroll_into_view_if_needed()
    with page.expect_response(lambda r: r.url.endswith("/move")):
        page.locator("#moves button.move").last.click()
    settled(page, "#cardplay")
    if page.locator("#show-hand").is_visible():
        line = page.locator("#seat-line").bounding_box()
        assert 0 <= line["y"] and line["y"] + line["height"] <= PHONE["viewport"]["height"]
        expect(page.locator("#seat-line")).to_contain_text("take the phone")

    page.goto(server + "/#judge")
    expect(page.locator("#judge")).to_be_visible()
    assert small_targets(page) == []


def test_the_page_says_when_the_referee_cannot_be_reached(server, phone):
    page = phone
    start(page, server, "In Extremis", ["Ann", "Bob"], seed=7)
    down = lambda route: route.abort("connectionrefused")  # noqa: E731
    page.route("**/api/games/**", down)
    page.route("**/healthz", down)
    page.locator("#who").get_by_text("Ann", exact=True).click()
    page.locator("#answer").fill("attic")
    page.locator("#answer").press("Enter")
    bar = page.locator("#connection")
    expect(bar).to_contain_text("Cannot reach the referee")
    expect(bar).to_contain_text("Trying again in")
    expect(page.locator("#verdict .verdict-head")).to_have_text("Not sent")
    expect(page.locator("#answer")).to_have_value("attic")  # what was typed is kept
    page.screenshot(path=shot("table-phone-offline.png"))

    with page.expect_request("**/healthz"):  # "Try now" asks at once (still down here)
        page.get_by_role("button", name="Try now").click()
    expect(bar).to_contain_text("Cannot reach the referee")
    page.unroute("**/api/games/**")
    page.unroute("**/healthz")
    # Once it is back, "Try now" or the page's own next try (2, 4, 8, then 15 s) finds it: on a
    # busy machine the timer may win the race with the click, which then finds no button.
    page.evaluate("document.getElementById('retry')?.click()")
    expect(bar).to_have_text("Connected to the referee again.", timeout=20_000)  # the message alone
    expect(page.locator("#answer")).to_have_value("attic")


def test_a_five_on_the_pile_says_it_is_a_window(server, phone):
    """Extreme Idiot: under a 5 (a window, §5) the card that counts is named, and why."""
    rng = random.Random(1)
    for seed in range(40):
        made = post(f"{server}/api/games", {"game": "idiot", "players": ["Ann", "Bob"],
                                            "seed": seed})
        for _ in range(200):
            state = state_of(server, made["id"])
            if state["over"]:
                break
            if state["pile"] and state["pile"][-1].startswith("5") and state["top"] \
                    and not state["top"].startswith("5"):
                page = phone
                page.goto(f"{server}/#game={made['id']}")
                expect(page.locator(".pile .window")).to_contain_text(
                    f"{state['pile'][-1]} on top: a 5 is a window (§5)")
                expect(page.locator(".pile-top .label")).to_have_text("The card to play on")
                expect(page.locator(".pile-top .pcard")).to_have_attribute(
                    "data-card", state["top"])
                return
            moves = get(f"{server}/api/games/{made['id']}/moves",
                        {"X-Referee-Token": made["token"]})  # legal moves are private
            fives = [m for m in moves if m["type"] == "play"
                     and any(c.startswith("5") for c in m["cards"])]
            post(f"{server}/api/games/{made['id']}/move", fives[0] if fives else rng.choice(moves))
    raise AssertionError("no game of forty put a 5 on another card")
