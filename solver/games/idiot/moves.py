"""The legal plays from a player's cards, one play for each distinct effect.

Plays that differ only in which same-rank cards lie under the top card do the same thing, so
one stands for them all: a play is listed by the ranks it lays, in order, and its top card where
the suit matters (a jack's suit, a 4's or an 8's colour, a joker's colour). After a jack the card
laid first must follow suit, so a card that does is put first.
"""

from __future__ import annotations

from .cards import JACK, JOKER, RANK, SUITS, colour
from .pile import BLACK_LADDER, RED_LADDER, Top
from .rules import check_play

# Ranks whose top card's suit changes what a play does.
_SUITED = frozenset({4, 8, JACK, JOKER})
_ORDER = {s: i for i, s in enumerate(SUITS + "rb")}
_BEATS_NINE = (9, 10, JACK, 12, 13, 14)


def can_play(zone: list[str], top: Top) -> bool:
    """Return whether any play from `zone` is legal on `top` (one card decides, but for 9s)."""
    if top.demand == "nine":
        return sum(RANK[c] >= 9 for c in zone) >= 2 * top.nines
    return any(not check_play(top, [c]) for c in set(zone))


def plays(zone: list[str], top: Top) -> list[list[str]]:
    """Return one legal play (bottom to top) for each distinct effect open to `zone`."""
    groups = _by_rank(zone)
    if top.demand == "nine":
        return _responses(groups, top.nines)
    found: list[list[str]] = []
    for rank, cards in groups.items():
        # Off a jack, one card of a rank that may not go alone rules out the whole rank.
        if top.demand != "jack" and check_play(top, cards[:1]):
            continue
        for play in _same_rank(rank, cards, top):
            if not check_play(top, play):
                found.append(play)
                if rank == 8:
                    found.extend(_ladders(play, groups))
    return found


def _by_rank(zone: list[str]) -> dict[int, list[str]]:
    groups: dict[int, list[str]] = {}
    for card in sorted(zone, key=lambda c: (RANK[c], _ORDER[c[-1]])):
        groups.setdefault(RANK[card], []).append(card)
    return groups


def _same_rank(rank: int, cards: list[str], top: Top):
    """Yield the plays of 1 to all of `cards`, once per top card that matters."""
    suited = rank in _SUITED or top.demand == "jack"
    tops = list(dict.fromkeys(cards)) if suited else [cards[-1]]
    for size in range(1, len(cards) + 1):
        for last in tops:
            rest = list(cards)
            rest.remove(last)
            if top.demand == "jack":
                rest.sort(key=lambda c: not top.follows_jack(c))
            yield rest[:size - 1] + [last]


def _ladders(eights: list[str], groups: dict[int, list[str]]) -> list[list[str]]:
    """Return every ladder that may follow the legal 8s `eights` (§8)."""
    steps = (RED_LADDER if colour(eights[-1]) == "r" else BLACK_LADDER)[1:]
    found: list[list[str]] = []

    def extend(ladder: list[str], at: int) -> None:
        if at == len(steps) or steps[at] not in groups:
            return
        cards = groups[steps[at]]
        most = min(len(cards), 2) if steps[at] == 6 else len(cards)   # never three 6s (§6)
        for size in range(1, most + 1):
            longer = ladder + cards[:size]
            found.append(longer)
            extend(longer, at + 1)

    extend(list(eights), 0)
    return found


def _responses(groups: dict[int, list[str]], nines: int) -> list[list[str]]:
    """Return the answers to `nines` 9s: 2n cards beating 9, once per last card (§9)."""
    ranks = [r for r in _BEATS_NINE if r in groups]
    found: list[list[str]] = []

    def counts(at: int, left: int, chosen: list[tuple[int, int]]) -> None:
        if left == 0:
            found.extend(_with_each_last(groups, chosen))
            return
        if at == len(ranks):
            return
        rank = ranks[at]
        for n in range(min(left, len(groups[rank])), -1, -1):
            counts(at + 1, left - n, chosen + [(rank, n)] if n else chosen)

    counts(0, 2 * nines, [])
    return found


def _with_each_last(groups: dict[int, list[str]], chosen: list[tuple[int, int]]):
    """Yield the response of `chosen` (rank, count) pairs once per last card that matters."""
    for rank, n in chosen:
        cards = groups[rank]
        for last in (dict.fromkeys(cards) if rank == JACK else [cards[0]]):
            rest = list(cards)
            rest.remove(last)
            under = [c for r, m in chosen if r != rank for c in groups[r][:m]]
            yield under + rest[:n - 1] + [last]
