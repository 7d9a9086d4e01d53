"""The web page, driven like a person at the table: the real server, Debian's Chromium, two games.

Each game is set up, played and finished by typing and clicking in the page; the test only asks
the API (in Python) for a valid answer to the cards it reads off the page. Screenshots go to
$WORDREF_ARTIFACTS (see browserkit).
"""

from __future__ import annotations

import re
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from browserkit import (DESKTOP, GREEN, PHONE, RED, artifacts, browser, get,  # noqa: F401
                        fill_setup, phone, server, shot)
from playwright.sync_api import expect  # noqa: E402

from solver.phrases import phrase_key  # noqa: E402

MOST_MOVES, MOST_SECONDS = 80, 60  # bounds on playing a game to its end


def screenshot(page, name: str, size: dict | None = None) -> None:
    if size:
        page.set_viewport_size(size)
    page.screenshot(path=shot(name), full_page=True)
    if size:
        page.set_viewport_size(PHONE["viewport"])


# Playing like a person ------------------------------------------------------------------------

def start_game(page, base: str, game: str, players: list[str], seed: int) -> str:
    """Fill in the set-up form and start; return the game's id (from the address)."""
    fill_setup(page, base, game, players, seed, typed=True)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#play")).to_be_visible()
    expect(page).to_have_url(re.compile(r"#game=\w+"))
    return page.url.split("#game=")[1]


def settled(page) -> None:
    """Wait until the page has shown the outcome of its last move."""
    expect(page.locator("#play")).not_to_have_attribute("data-busy", "true")


def say(page, player: str, answer: str) -> None:
    """Pick who said it, type the answer, press Enter, and wait for the verdict."""
    page.locator("#who").get_by_text(player, exact=True).click()
    box = page.locator("#answer")
    box.fill("")
    box.press_sequentially(answer)
    with page.expect_response(lambda r: r.url.endswith("/answer")):
        box.press("Enter")
    settled(page)


def status(page) -> str:
    return page.locator("#play").get_attribute("data-status")


def round_of(page) -> str:
    return page.locator("#play").get_attribute("data-round")


def click_and_wait(page, locator, path_end: str) -> None:
    with page.expect_response(lambda r: r.url.endswith(path_end)):
        locator.click()
    settled(page)


def verdict_colour(page) -> str:
    return page.locator("#verdict").evaluate("e => getComputedStyle(e).backgroundColor")


def referee_state(page, base: str, game_id: str) -> dict:
    """The game as its referee sees it, with the token the page kept: the stumped check too
    (the table sees it only when it asked for it, docs/public.md)."""
    token = page.evaluate("id => JSON.parse(localStorage.getItem(`wordref:token:${id}`))",
                          game_id)
    return get(f"{base}/api/games/{game_id}", {"X-Referee-Token": token})["state"]


def nothing_fits(page, base: str, game_id: str) -> bool:
    """Whether no answer fits the cards in play."""
    return referee_state(page, base, game_id).get("any") is False


def stumped(page, base: str, game_id: str) -> None:
    """Press Stumped?, and say yes when the page asks: always while the table does not see
    the stumped check, else while answers fit."""
    state = referee_state(page, base, game_id)
    asks = not state["show_check"] or state.get("any") is True
    with page.expect_response(lambda r: r.url.endswith("/stumped")):
        page.get_by_role("button", name="Stumped?").click()
        if asks:
            page.get_by_role("button", name="Yes, we are stumped").click()
        else:
            expect(page.locator("#stumped-ask")).to_be_hidden()
    settled(page)


def extremis_cards(page) -> dict:
    letters = lambda sel: "".join(page.locator(f"#cards {sel} .card-letter").all_inner_texts())
    return {"initial": letters(".card.initial").lower(),
            "green": letters(".card.green:not(.initial)").lower(),
            "red": letters(".card.red").lower()}


def extremis_word(base: str, cards: dict) -> str:
    found = get(f"{base}/api/extremis/solve?{urllib.parse.urlencode({**cards, 'limit': 1})}")
    assert found["words"], f"no word for {cards}"
    return found["words"][0]


def hand(page, player: str) -> int:
    return int(page.locator(f"#score tr[data-player='{player}'] td.num").inner_text())


def redyellow_cards(page) -> dict:
    return {"thing": page.locator("#cards .card.thing .card-text").inner_text(),
            "yellow": page.locator("#cards .card.yellow .card-letter").inner_text().lower(),
            "red": page.locator("#cards .card.red .card-letter").inner_text().lower()}


def redyellow_answer(base: str, game_id: str, cards: dict) -> str | None:
    """Return an answer not yet given for this Thing, or None."""
    used = get(f"{base}/api/games/{game_id}")["state"]["used"]  # this Thing's, as keys
    found = get(f"{base}/api/redyellow/solve?{urllib.parse.urlencode({**cards, 'limit': 0})}")
    fresh = [w for w in found["words"] if phrase_key(w) not in used]  # as the game keeps them
    return fresh[0] if fresh else None


def redyellow_answerable(page, base: str, game_id: str) -> str:
    """Return an answer to the cards on the table; while there is none, the table is stumped
    (which deal has one depends on the seed and on the category packs)."""
    for _ in range(20):
        answer = redyellow_answer(base, game_id, redyellow_cards(page))
        if answer:
            return answer
        stumped(page, base, game_id)
    pytest.fail("twenty Things in a row without an answer")


def redyellow_win(page, base: str, game_id: str) -> None:
    """Ann gives a valid answer; while there is none to give, the table is stumped."""
    say(page, "Ann", redyellow_answerable(page, base, game_id))
    expect(page.locator("#verdict")).to_have_attribute("data-valid", "true")


# The games ------------------------------------------------------------------------------------

def test_in_extremis_is_refereed_through_the_page(server, phone):
    page = phone
    game_id = start_game(page, server, "In Extremis", ["Ann", "Bob"], seed=7)
    assert status(page) == "playing"
    expect(page.locator("#cards .card.initial")).to_have_count(1)
    expect(page.locator("#table-line")).to_contain_text("flips left")

    # A valid word wins the cards on the table: green verdict, more cards in Ann's hand.
    before = hand(page, "Ann")
    word = extremis_word(server, extremis_cards(page))
    say(page, "Ann", word)
    expect(page.locator("#verdict")).to_have_attribute("data-valid", "true")
    expect(page.locator("#verdict .verdict-head")).to_have_text("Valid")
    assert verdict_colour(page) == GREEN
    assert hand(page, "Ann") > before
    expect(page.locator("#news")).to_contain_text("Ann claims")

    # A wrong word: red, with every reason.
    cards = extremis_cards(page)
    say(page, "Bob", cards["initial"] + "qqxzq")
    expect(page.locator("#verdict")).to_have_attribute("data-valid", "false")
    assert verdict_colour(page) == RED
    expect(page.locator("#verdict .reasons li").first).to_be_visible()
    screenshot(page, "extremis-phone-verdict.png")

    # Hints go one level further for the same cards.
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("#hint-text")).to_contain_text("Hint 1 of 4")
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("#hint-text")).to_contain_text("Hint 2 of 4")
    expect(page.locator("#hint-text")).to_contain_text("looks like")

    # Stumped? asks first, in words that tell nothing while the table has not asked for the
    # stumped check (here words fit): "Keep looking" flips nothing.
    assert status(page) == "playing" and not nothing_fits(page, server, game_id)
    expect(page.locator("#table-line")).to_contain_text("2 flips left")
    page.get_by_role("button", name="Stumped?").click()
    expect(page.locator("#stumped-ask")).to_contain_text("Give up and flip a card?")
    expect(page.locator("#stumped-ask")).not_to_contain_text("fit")
    page.get_by_role("button", name="Keep looking").click()
    expect(page.locator("#stumped-ask")).to_be_hidden()
    expect(page.locator("#table-line")).to_contain_text("2 flips left")

    # Stumped, said yes to: the referee says what there was, then a card flips (one flip fewer).
    stumped(page, server, game_id)
    expect(page.locator("#verdict .stumped-line")).to_contain_text(
        re.compile(r"There (were|was)"))
    expect(page.locator("#news .flip")).to_contain_text("card flips to")
    expect(page.locator("#cards .card.flipped")).to_have_count(1)
    expect(page.locator("#table-line")).to_contain_text("1 flip left")
    screenshot(page, "extremis-phone-flip.png")

    # Undo (with the referee token the page kept) takes the flip back.
    click_and_wait(page, page.get_by_role("button", name="Undo"), "/undo")
    expect(page.locator("#news")).to_contain_text("Undone: the stumped call")
    expect(page.locator("#table-line")).to_contain_text("2 flips left")
    expect(page.locator("#check")).to_be_hidden()

    # The referee shows the stumped check to the table: then Stumped? asks only while words
    # fit, and says so.
    page.get_by_text("Referee token and settings").click()
    click_and_wait(page, page.locator("#show-check"), "/check")
    expect(page.locator("#check")).to_be_visible()
    expect(page.locator("#check")).to_contain_text("fit")
    expect(page.locator("#news")).to_contain_text("The stumped check is shown to the table")
    page.get_by_role("button", name="Stumped?").click()
    expect(page.locator("#stumped-ask")).to_contain_text("Words still fit")
    page.get_by_role("button", name="Keep looking").click()

    # Play on: Ann finds the commonest word each round, until Bob runs out of cards.
    started = time.monotonic()
    for _ in range(MOST_MOVES):
        if status(page) == "over" or time.monotonic() - started > MOST_SECONDS:
            break
        if status(page) == "tap":
            expect(page.locator("#banner")).to_contain_text("TAP!")
            click_and_wait(page, page.get_by_role("button", name="Ann tapped"), "/tap")
        elif nothing_fits(page, server, game_id):
            stumped(page, server, game_id)
        else:
            round_before = round_of(page)
            say(page, "Ann", extremis_word(server, extremis_cards(page)))
            expect(page.locator("#verdict")).to_have_attribute("data-valid", "true")
            assert round_of(page) != round_before or status(page) == "over"
    assert status(page) == "over"
    expect(page.locator("#winner")).to_have_text("Ann wins!")
    expect(page.locator("#score .badge.win")).to_have_count(1)
    expect(page.locator("#answer")).to_be_disabled()
    screenshot(page, "extremis-phone-over.png")
    screenshot(page, "extremis-desktop-over.png", DESKTOP["viewport"])


def test_red_letter_yellow_letter_is_refereed_through_the_page(server, phone):
    page = phone
    odd_name = "<b>Cem</b>"  # names are shown as typed, never as markup
    page.goto(server + "/")
    page.get_by_text("Red Letter, Yellow Letter", exact=True).click()
    expect(page.locator("#lang")).to_be_disabled()
    expect(page.locator("#lang")).to_have_value("en")
    game_id = start_game(page, server, "Red Letter, Yellow Letter", ["Ann", "Bob", odd_name],
                         seed=3)
    assert status(page) == "playing"
    expect(page.locator("#score")).to_contain_text(odd_name)
    assert page.locator("#score b").count() == 0

    # A valid answer wins the round; Ann then takes the yellow card.
    redyellow_win(page, server, game_id)
    assert verdict_colour(page) == GREEN
    assert status(page) == "choose"
    expect(page.locator("#banner")).to_contain_text("Ann wins the round")
    yellow = redyellow_cards(page)["yellow"].upper()
    click_and_wait(page, page.locator("#banner button[data-card=yellow]"), "/take")
    ann = page.locator("#score tr[data-player='Ann']")
    expect(ann.locator("td.yellow")).to_have_attribute("data-count", "1")
    expect(ann.locator("td.yellow .held")).to_have_text(yellow)
    expect(ann.locator("td.total")).to_have_text("1")

    # A wrong answer, said by the player with the odd name: red, with reasons (on a deal that
    # has answers, for the hints and the stumped check below).
    redyellow_answerable(page, server, game_id)
    say(page, odd_name, "Zzzz qqq")
    expect(page.locator("#verdict")).to_have_attribute("data-valid", "false")
    assert verdict_colour(page) == RED
    expect(page.locator("#verdict .verdict-answer")).to_contain_text(odd_name)
    expect(page.locator("#verdict .reasons li").first).to_be_visible()
    screenshot(page, "redyellow-phone-verdict.png")

    page.get_by_role("button", name="Hint").click()
    expect(page.locator("#hint-text")).to_contain_text("Hint 1 of 4")
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("#hint-text")).to_contain_text("Hint 2 of 4")

    # Stumped: what there was, beside the Thing it was about, then a new Thing (a new round).
    round_before, thing = round_of(page), redyellow_cards(page)["thing"]
    stumped(page, server, game_id)
    expect(page.locator("#verdict .stumped-line")).to_contain_text(
        re.compile(r"There (were|was)"))
    expect(page.locator("#verdict .judged .card-text")).to_have_text(thing)
    assert round_of(page) != round_before
    expect(page.locator("#hint-text")).to_have_text("")

    # Play on: Ann answers each round and takes the first card she may, up to nine cards.
    started = time.monotonic()
    for _ in range(MOST_MOVES):
        if status(page) == "over" or time.monotonic() - started > MOST_SECONDS:
            break
        if status(page) == "choose":
            take = page.locator("#banner button.take:enabled").first
            click_and_wait(page, take, "/take")
        else:
            redyellow_win(page, server, game_id)
    assert status(page) == "over"
    expect(page.locator("#winner")).to_have_text("Ann wins!")
    expect(ann.locator("td.total")).to_have_text("9")
    screenshot(page, "redyellow-phone-over.png")
    screenshot(page, "redyellow-desktop-over.png", DESKTOP["viewport"])


def test_a_game_resumes_from_its_address_and_refusals_are_shown(server, browser):
    page = browser.new_page(**DESKTOP)
    try:
        page.goto(server + "/")
        game_id = start_game(page, server, "In Extremis", ["Ann", "Bob"], seed=7)
        cards = extremis_cards(page)

        # Another phone opens the game from its address, without the referee token, and
        # without the live stream (which would show it the new cards before Bob speaks).
        other = browser.new_page(**PHONE)
        other.route("**/events*", lambda route: route.abort())
        other.goto(f"{server}/#game={game_id}")
        expect(other.locator("#play")).to_be_visible()
        assert extremis_cards(other) == cards
        expect(other.get_by_role("button", name="Undo")).to_be_disabled()

        # The first phone moves on; the second's answer is for stale cards: refused, then synced.
        say(page, "Ann", extremis_word(server, cards))
        say(other, "Bob", extremis_word(server, cards))
        expect(other.locator("#verdict")).to_have_attribute("data-valid", "refused")
        expect(other.locator("#verdict .refusal")).to_contain_text("cards changed")
        expect(other.locator("#play")).to_have_attribute("data-round", round_of(page))
        other.close()
    finally:
        page.close()
