"""Extreme Idiot cards: canonical ids, the ways people write them, and the deck.

A card id is ASCII: rank then suit, "10h", "qs", "2c", "ad"; the jokers are "jr" (red) and
"jb" (black). People may write "10♥", "Q♠", "T♥", "11♦" (the rulebook numbers the court cards
11 to 14), "red joker" or "black joker"; `parse_card` turns any of these into an id and
`show_card` turns an id back into "10♥" or "red joker".
"""

from __future__ import annotations

import re

from ...errors import InputError

JOKER = 0
JACK, QUEEN, KING, ACE = 11, 12, 13, 14

RANK_NAMES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
              JACK: "j", QUEEN: "q", KING: "k", ACE: "a"}
SUITS = "shdc"
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
RED_SUITS = frozenset("hd")
JOKERS = ("jr", "jb")

# id -> (rank, suit); a joker's "suit" is its colour, "r" or "b".
CARDS: dict[str, tuple[int, str]] = {
    RANK_NAMES[rank] + suit: (rank, suit) for rank in RANK_NAMES for suit in SUITS}
CARDS["jr"] = (JOKER, "r")
CARDS["jb"] = (JOKER, "b")
RANK = {card: rank for card, (rank, _) in CARDS.items()}
SUIT = {card: suit for card, (_, suit) in CARDS.items()}

# How a rank or suit may be written, once the text is lower-cased.
_RANK_WORDS = {name: rank for rank, name in RANK_NAMES.items()}
_RANK_WORDS.update({"t": 10, "1": ACE, "11": JACK, "12": QUEEN, "13": KING, "14": ACE})
_SUIT_WORDS = {"s": "s", "h": "h", "d": "d", "c": "c",
               "♠": "s", "♤": "s", "♥": "h", "♡": "h", "♦": "d", "♢": "d", "♣": "c", "♧": "c"}
_JOKER_WORDS = {"jr": "jr", "jb": "jb", "redjoker": "jr", "blackjoker": "jb",
                "jokerred": "jr", "jokerblack": "jb", "rj": "jr", "bj": "jb"}
_NONE = {"", "-"}
# "red joker" holds a space, so a list is split on words, keeping such pairs together.
_TOKEN = re.compile(r"(?:red|black)\s+joker|joker\s+(?:red|black)|[^\s,;]+", re.IGNORECASE)


def colour(card: str) -> str:
    """Return "r" for a red card (♥, ♦, red joker) and "b" for a black one."""
    suit = SUIT[card]
    return "r" if suit in RED_SUITS or suit == "r" else "b"


def parse_card(text: str) -> str:
    """Return the id of the card written as `text` ("10♥", "qs", "red joker"); raise InputError."""
    key = "".join(text.split()).lower().replace("\ufe0f", "")
    if key in _JOKER_WORDS:
        return _JOKER_WORDS[key]
    for rank_text, suit_text in ((key[:-1], key[-1:]), (key[1:], key[:1])):
        rank, suit = _RANK_WORDS.get(rank_text), _SUIT_WORDS.get(suit_text)
        if rank is not None and suit is not None:
            return RANK_NAMES[rank] + suit
    hint = ("say which joker: red joker (jr) or black joker (jb)" if key == "joker"
            else "write a rank and a suit, like 10♥, Q♠, 10h, qs, or red joker (jr)")
    raise InputError(f"{text.strip()!r} is not a card: {hint}")


def parse_cards(text: str | None) -> list[str]:
    """Return the ids of the cards in `text`, bottom to top; "", "-" or None is no card."""
    if text is None or text.strip() in _NONE:
        return []
    return [parse_card(token) for token in _TOKEN.findall(text)]


def show_card(card: str) -> str:
    """Return the card as people write it: "10♥", "Q♠", "red joker"."""
    if card == "jr":
        return "red joker"
    if card == "jb":
        return "black joker"
    rank, suit = CARDS[card]
    return RANK_NAMES[rank].upper() + SUIT_SYMBOLS[suit]


def show_cards(cards: list[str]) -> str:
    """Return the cards as people write them, separated by spaces ("-" for none)."""
    return " ".join(show_card(c) for c in cards) or "-"


def show_rank(rank: int) -> str:
    """Return a rank as people say it: "10", "Q", "A"; 0 is "0" (a joker without function)."""
    return RANK_NAMES[rank].upper() if rank in RANK_NAMES else str(rank)


def deck(decks: int = 1) -> list[str]:
    """Return the ids of `decks` standard 52-card decks, each with a red and a black joker."""
    one = [RANK_NAMES[rank] + suit for suit in SUITS for rank in RANK_NAMES] + list(JOKERS)
    return one * decks
