"""Cards as people write them: "10♥", "Q♠", "10h", "qs", "red joker", "jr"."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.errors import InputError
from solver.games.idiot import parse_card, parse_cards, show_card
from solver.games.idiot.cards import CARDS, deck, show_cards


@pytest.mark.parametrize("text, card", [
    ("10♥", "10h"), ("10h", "10h"), ("10H", "10h"), ("T♥", "10h"), ("♥10", "10h"),
    ("Q♠", "qs"), ("qs", "qs"), ("12♠", "qs"), ("J♦", "jd"), ("11♦", "jd"), ("A♣", "ac"),
    ("1♣", "ac"), ("14c", "ac"), ("K♡", "kh"), ("2♢", "2d"), ("red joker", "jr"),
    ("Black Joker", "jb"), ("jr", "jr"), ("JB", "jb"), (" 7♣ ", "7c"), ("Q♠\ufe0f", "qs")])
def test_parse_card(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text, cards", [
    ("K♠ 5♥", ["ks", "5h"]), ("9♠ 9♣", ["9s", "9c"]), ("10h,qs", ["10h", "qs"]),
    ("8♥ red joker black joker", ["8h", "jr", "jb"]), ("", []), ("-", []), (None, []),
    ("  ", [])])
def test_parse_cards(text, cards):
    assert parse_cards(text) == cards


@pytest.mark.parametrize("bad", ["1x", "joker", "11", "♠", "10", "queen", "Zh", "jx"])
def test_a_bad_card_name_is_one_clear_line(bad):
    with pytest.raises(InputError) as err:
        parse_card(bad)
    message = str(err.value)
    assert "\n" not in message and "is not a card" in message
    if bad == "joker":
        assert "red joker (jr) or black joker (jb)" in message


def test_show_card():
    assert show_card("10h") == "10♥"
    assert show_card("qs") == "Q♠"
    assert show_card("jr") == "red joker"
    assert show_card("jb") == "black joker"
    assert show_cards([]) == "-"


@given(st.lists(st.sampled_from(sorted(CARDS)), max_size=12))
def test_written_cards_read_back(cards):
    assert parse_cards(show_cards(cards)) == cards
    assert parse_cards(" ".join(cards)) == cards


def test_the_decks():
    one = deck(1)
    assert len(one) == 54 and len(set(one)) == 54
    assert Counter(one)["jr"] == 1 and Counter(one)["jb"] == 1
    two = Counter(deck(2))
    assert sum(two.values()) == 108 and set(two.values()) == {2}
