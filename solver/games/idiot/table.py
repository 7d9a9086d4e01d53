"""The table of an Extreme Idiot game: the deal, where each player plays from, the draw.

A state (see idiot.py) keeps, per player, a hand and rows on the table: `up[p][i]` and
`down[p][i]` are the face-up and face-down cards of row i, None once played. These helpers read
and change a state that the caller has already copied.
"""

from __future__ import annotations

from collections import Counter

from ...errors import InputError
from .cards import QUEEN, RANK

HAND = 3            # draw up to three while the draw pile lasts (§1)
ROWS = 3            # rows dealt to each player (A1)
MAX_ROWS = 4        # black 4s may add a fourth row, no more (§4 part 1)
DEAL = 2 * ROWS + HAND


def check_names(players, max_players: int) -> list[str]:
    """Return the player names as a list; raise InputError unless 2..max distinct names."""
    names = [str(p).strip() for p in players]
    if any(not n for n in names):
        raise InputError("a player needs a name")
    if len(set(names)) != len(names):
        raise InputError("two players have the same name")
    if not 2 <= len(names) <= max_players:
        raise InputError(f"Extreme Idiot takes 2 to {max_players} players with this deck, "
                         f"not {len(names)}")
    return names


def seat(state: dict, player: str, cards: list[str], extra_down: int = 0) -> None:
    """Deal `player` three rows and a hand from the end of `cards` (plus extra face-down rows)."""
    down = [cards.pop() for _ in range(min(ROWS, len(cards)))]
    up = [cards.pop() for _ in range(min(ROWS, len(cards)))]
    up += [None] * (len(down) - len(up))
    hand = [cards.pop() for _ in range(min(HAND, len(cards)))]
    for _ in range(min(extra_down, len(cards))):
        down.append(cards.pop())
        up.append(None)
    state["down"][player], state["up"][player], state["hands"][player] = down, up, hand


def copy_state(state: dict) -> dict:
    """Return a copy of `state` that can be changed without touching the original."""
    out = dict(state)
    for key in ("players", "draw", "pile", "burned", "aside", "out"):
        out[key] = list(state[key])
    for key in ("hands", "up", "down"):
        out[key] = {p: list(cards) for p, cards in state[key].items()}
    out["pending"] = dict(state["pending"]) if state["pending"] else None
    return out   # "seen" and "given" are replaced, never changed in place (apply.py)


def zone(state: dict, player: str) -> tuple[str | None, list[str]]:
    """Return where `player` plays from now (A4): ("hand"|"up"|"down"|None, those cards)."""
    hand = state["hands"][player]
    if hand:
        return "hand", hand
    up = [c for c in state["up"][player] if c is not None]
    if up:
        return "up", up
    down = [c for c in state["down"][player] if c is not None]
    return ("down", down) if down else (None, [])


def holds(cards: list[str], among: list[str]) -> bool:
    """Return whether `among` holds every card of `cards`, counting repeats (double deck)."""
    need, have = Counter(cards), Counter(among)
    return all(have[c] >= n for c, n in need.items())


def take_up(state: dict, player: str, cards: list[str]) -> None:
    """Remove `cards` from the player's face-up places."""
    up = state["up"][player]
    for card in cards:
        up[up.index(card)] = None


def remove(hand: list[str], cards: list[str]) -> None:
    """Remove `cards` from `hand`."""
    for card in cards:
        hand.remove(card)


def draw(state: dict, player: str, events: list) -> None:
    """Fill the player's hand up to three from the draw pile while it lasts (§1)."""
    hand, pile = state["hands"][player], state["draw"]
    n = 0
    while len(hand) < HAND and pile:
        hand.append(pile.pop())
        n += 1
    if n:
        events.append({"type": "draw", "player": player, "count": n})


def is_done(state: dict, player: str) -> bool:
    """Return whether the player has no card left, in hand or on the table, and none to draw."""
    return (not state["hands"][player] and not state["draw"]
            and all(c is None for c in state["up"][player])
            and all(c is None for c in state["down"][player]))


def active(state: dict) -> list[str]:
    """Return the players still in the game, in seat order."""
    out = state["out"]
    return [p for p in state["players"] if p not in out]


def after(state: dict, player: str) -> str:
    """Return the next player still in the game after `player`, clockwise (A7)."""
    players, out = state["players"], state["out"]
    at = players.index(player)
    for step in range(1, len(players) + 1):
        nxt = players[(at + step) % len(players)]
        if nxt not in out:
            return nxt
    return player


def place_for(state: dict, target: str) -> int | None:
    """Return where a black 4's card goes at `target` (§4): a row index, -1 new row, None full.

    An emptied face-up place, or a face-down card given before, takes the card face up; else a
    new row starts face down while the player has fewer than four rows.
    """
    up, down = state["up"][target], state["down"][target]
    for i, card in enumerate(down):
        if card is not None and up[i] is None:
            return i
    rows = sum(1 for u, d in zip(up, down) if u is not None or d is not None)
    return -1 if rows < MAX_ROWS else None


def queens_only(state: dict, player: str) -> bool:
    """Return whether every card the player can play now is a queen (§27)."""
    where, cards = zone(state, player)
    return where in ("hand", "up") and all(RANK[c] == QUEEN for c in cards)


def put_queens_aside(state: dict, player: str) -> list[str]:
    """Remove the player's queens from hand and face-up places; return them."""
    hand = state["hands"][player]
    gone = [c for c in hand if RANK[c] == QUEEN]
    hand[:] = [c for c in hand if RANK[c] != QUEEN]
    up = state["up"][player]
    for i, card in enumerate(up):
        if card is not None and RANK[card] == QUEEN:
            gone.append(card)
            up[i] = None
    return gone
