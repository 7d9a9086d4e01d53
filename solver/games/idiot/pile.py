"""The pile: what lies on it, what its top asks of the next play, and laying cards on it.

The pile is a list of entries, bottom to top; an entry is a list [card, player, rank, state]:

- rank is the card's rank, or for a joker the rank it acts as (§15), 0 once it has lost its
  function;
- state is LIVE (the card has its function), DEAD (no function: a ladder card (§8), a card of a
  response to 9s other than the last (§9), a 4 laid once the draw pile is empty (§4), a joker
  that lost its function) or TAIL (a joker under another joker of the same play: jokers played
  together act as one card, the top one, so a tail counts for nothing).

Entries are never changed in place: laying builds a new list, so states can share them.
`top_of` reads what matters from the top; `lay` adds a play and reports its effects; `read_pile`
turns a bare list of cards (as written on a command line) into entries.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import ACE, JACK, JOKER, KING, RANK, SUIT, colour

LIVE, DEAD, TAIL = 1, 0, 2

THREE_TABLE = frozenset({3, 6, 9, 12})
RED_LADDER = (8, 9, 11, 12, 13, 14)
BLACK_LADDER = (8, 7, 6, 5, 4, 3, 2)
# What a live top card of these ranks asks of the next play (§3, §7, §9, §11, §13).
DEMANDS = {3: "three", 7: "seven", 9: "nine", JACK: "jack", KING: "king"}


@dataclass(frozen=True, slots=True)
class Top:
    """What the next play meets: the visible top card (5s are windows) and the runs under it."""

    rank: int = 0             # 0: an empty table, or a joker that lost its function
    live: bool = False
    card: str | None = None
    owner: str | None = None  # who laid the visible top card (§13: whose king it is)
    nines: int = 0            # live 9s laid together on top: the next play owes twice as many
    sixes: int = 0            # 6s in a row on top; 5s do not break the run (§6)

    @property
    def demand(self) -> str | None:
        """Return "three", "seven", "nine", "jack" or "king" when the top card asks something."""
        return DEMANDS.get(self.rank) if self.live else None

    def follows_jack(self, card: str) -> bool:
        """Return whether `card` follows the top jack: its suit, or its colour for a joker-jack."""
        if RANK[self.card] == JOKER or RANK[card] == JOKER:
            return colour(card) == colour(self.card)
        return SUIT[card] == SUIT[self.card]


def top_of(pile: list) -> Top:
    """Return what the top of `pile` asks of the next play."""
    sixes, counting, visible = 0, True, -1
    for i in range(len(pile) - 1, -1, -1):
        _, _, rank, state = pile[i]
        if state == TAIL:
            continue
        if counting:
            if rank == 6:
                sixes += 1
            elif rank != 5:
                counting = False
        if visible < 0 and not (rank == 5 and state == LIVE):
            visible = i
        if visible >= 0 and not counting:
            break
    if visible < 0:
        return Top(sixes=sixes)
    card, owner, rank, state = pile[visible]
    live = state == LIVE
    nines = 0
    if rank == 9 and live:
        for j in range(visible, -1, -1):
            entry = pile[j]
            if entry[3] == TAIL:
                continue
            if entry[2] != 9 or entry[3] != LIVE:
                break
            nines += 1
    return Top(rank, live, card, owner, nines, sixes)


EMPTY = Top()


def acted_rank(base: int, jokers: int) -> int:
    """Return the rank `jokers` jokers laid together act as on `base` (§15).

    Each joker steps two ranks down, wrapping 2 -> A -> K (ace low); an empty table, or a joker
    of value 0, counts as a 2: "two below zero is king".
    """
    return (max(base, 2) - 2 - 2 * jokers) % 13 + 2


def kind_of(cards: list[str], top: Top) -> str | None:
    """Return how a play lays its cards: "plain", "jokers", "ladder", "response" or None (mixed)."""
    if top.demand == "nine":
        return "response"
    first = RANK[cards[0]]
    if all(RANK[c] == first for c in cards):
        return "jokers" if first == JOKER else "plain"
    return "ladder" if first == 8 else None


@dataclass(slots=True)
class Laid:
    """A play laid on the pile, and what it sets off."""

    pile: list
    burn: str | None = None          # "ten" or "four_of_a_kind": the pile goes out
    king_owner: str | None = None    # §13: an ace landed on this player's king
    ace_on_king: bool = False
    follow: bool = False             # §2: the player must lay one more card on the 2
    four: str | None = None          # §4: "red" or "black", a live 4 on top
    out_suits: str = ""              # §4 part 2: suits a red 4 lets its player play out
    acts_as: int | None = None       # §15: the rank the jokers act as


def lay(pile: list, top: Top, cards: list[str], player: str | None, kind: str,
        draw_empty: bool, in_place: bool = False) -> Laid:
    """Return the pile with `cards` laid by `player` on it, and what the play sets off.

    `top` is top_of(pile); the play must already be legal (check_play). The pile is copied
    unless `in_place`. Ladders and responses to 9s never burn on four of a kind: their cards
    have no function but the last (§8, §9).
    """
    new = pile if in_place else list(pile)
    laid = Laid(new)
    if kind == "jokers":
        acted = acted_rank(top.rank, len(cards))
        lost = acted == 4 and draw_empty      # the 4 it copies has stopped working (§4)
        rank = 0 if lost else acted
        laid.acts_as = rank
        new.extend([c, player, rank, TAIL] for c in cards[:-1])
        new.append([cards[-1], player, rank, DEAD if lost else LIVE])
    elif kind == "response":
        new.extend([c, player, RANK[c], DEAD] for c in cards[:-1])
        new.append([cards[-1], player, RANK[cards[-1]], LIVE])
    elif kind == "ladder":
        eights = leading_eights(cards)
        new.extend([c, player, 8, LIVE] for c in cards[:eights])
        new.extend([c, player, RANK[c], DEAD] for c in cards[eights:])
    else:
        rank = RANK[cards[0]]
        state = DEAD if rank == 4 and draw_empty else LIVE
        new.extend([c, player, rank, state] for c in cards)
    _effects(laid, top, cards, kind, draw_empty)
    return laid


def leading_eights(cards: list[str]) -> int:
    """Return how many 8s open a ladder play."""
    n = 0
    while n < len(cards) and RANK[cards[n]] == 8:
        n += 1
    return n


def _effects(laid: Laid, top: Top, cards: list[str], kind: str, draw_empty: bool) -> None:
    _, _, rank, state = laid.pile[-1]
    if rank == 10 and state == LIVE:
        laid.burn = "ten"
        return
    # Four of a kind is the pile's rule, not a card's function: four dead 4s burn too (§4).
    if kind in ("plain", "jokers") and _run(laid.pile) >= 4 and (rank != 4 or draw_empty):
        laid.burn = "four_of_a_kind"
        return
    if state != LIVE:
        return
    if rank == ACE and kind == "plain" and top.rank == KING and top.live:
        laid.ace_on_king, laid.king_owner = True, top.owner
    elif rank == 2:
        laid.follow = True
    elif rank == 4:
        card = cards[-1]
        laid.four = "red" if colour(card) == "r" else "black"
        if laid.four == "red":
            laid.out_suits = "hd" if RANK[card] == JOKER else SUIT[card]


def _run(pile: list) -> int:
    """Return how many cards of the top card's rank lie in a row on top (tails skipped)."""
    rank, count = pile[-1][2], 0
    if rank == 0:
        return 0
    for i in range(len(pile) - 1, -1, -1):
        entry = pile[i]
        if entry[3] == TAIL:
            continue
        if entry[2] != rank:
            break
        count += 1
    return count


def read_pile(cards: list[str], draw_empty: bool = False,
              by: list[str] | None = None) -> tuple[list, list[str]]:
    """Return (entries, burned cards) for a bare pile written bottom to top.

    A bare pile does not say how its cards were played, so it is read as plays of equal cards
    (runs of one rank, by one player when `by` names them), with the cards after live 9s read
    as the response when they fit (2n cards beating 9), and no ladders. A 10, four of a kind or
    an ace on a king clears what lies under it, as it would have in play.
    """
    pile: list = []
    gone: list[str] = []
    i, n, top = 0, len(cards), EMPTY
    while i < n:
        rank = RANK[cards[i]]
        # lay() reads the top only for jokers and aces, and a live 9 can only be seen through
        # the last play or 5s on it; skipping top_of elsewhere halves the time of a long pile.
        if rank in (JOKER, ACE) or (pile and pile[-1][2] in (5, 9)):
            top = top_of(pile) if pile else EMPTY
        else:
            top = EMPTY
        player = by[i] if by else None
        end, kind = i + 1, None
        if top.demand == "nine":
            end = i + 2 * top.nines
            if end <= n and all(RANK[c] >= 9 for c in cards[i:end]):
                kind = "response"
        if kind is None:
            end = i + 1
            while end < n and RANK[cards[end]] == rank and (not by or by[end] == player):
                end += 1
            kind = "jokers" if rank == JOKER else "plain"
        laid = lay(pile, top, cards[i:end], player, kind, draw_empty, in_place=True)
        if laid.burn or laid.ace_on_king:
            gone.extend(entry[0] for entry in pile)
            pile = []
        i = end
    return pile, gone
