"""Extreme Idiot: the whole-game engine (see base.py for the shape every engine shares).

Start with `new`, `judge` and `apply` here; what may go on what lives in rules.py, the pile and
its effects in pile.py, the cards in cards.py and the computer players in bots.py. The rulebook
is the Norwegian "Extreme Idiot" rules (its paragraphs are cited as §1 to §27);
docs/extreme-idiot.md gives every paragraph and every ruling. The rulings on the rulebook's gaps, in short:

- Deal (A1): three face-down cards, three face-up on them, three in hand; the first named
  player starts and play goes clockwise; hand first, then face-up, then face-down cards (A4).
- Higher means equal or higher, ace high (A2); an empty table and a 2 take anything but a
  queen (A8, §12); several cards of one rank go at once (A3), and no straights but ladders (§16).
- §2: the 2 goes on a 2 and on an empty table; a player unable to follow their 2 picks up
  (option unfollowed_two). A player who goes out on a 2 is out.
- §4: a black 4's card goes to an emptied face-up place first, else face up on a card given
  before, else a new face-down row; to a full opponent nothing goes, so the player picks another,
  and with every opponent full nothing is given. A red 4 plays out one face-up card of its suit
  (a red joker-4: ♥ or ♦), laid alone with its function (an 8 starts no ladder). Several 4s at
  once act once, by the top one.
- §5: a 5 is a window for what goes on it, but four 5s burn like any four of a kind.
- §8: a ladder is one play: the 8s, then each card the same rank or the next step; ladder cards
  have no function and never burn, the next player only matches or beats the last one; a
  laddered 6 still counts toward three 6s. A joker acting as an 8 starts no ladder.
- §9: n 9s ask exactly 2n cards at once, each 9 to A, of any ranks; a 5 neither counts nor
  passes the demand on, 2s and jokers do not beat 9; only the last card has a function (so a
  response burns only if it ends on a 10). A player on face-down cards cannot answer 9s.
- §11: after a jack the first card laid must follow its suit (the rest are equal cards on it).
- §13: an ace makes the visible king's player pick up, unless that player has gone out; the
  turn goes on from the ace's player.
- §15: a joker takes the rank as well as the function ("it becomes a 10"): a joker-6 counts for
  three 6s, a joker-K is its player's king, a joker-5 is a window. Jokers go only with jokers; a
  group acts as one card, of the colour of the top joker (a joker-jack asks for its colour). A
  joker that lost its function (a 4 after the draw pile) is a 0, which takes what an empty table
  takes. No joker ever goes on a king.
- §22: a late joiner sits last and takes the deal plus one face-down card from the draw pile.
- §23, §18, §21, §20: breaches the table reports are penalty moves: the offender picks up the
  pile; a late report (§25) is refused unless the breach is zero tolerance.
- §27: when every remaining player can play only queens (hand, or face-up cards once the hand
  is empty), those queens are put aside; players left without cards (and nothing to draw) go
  out. Option stalemate_repeats carries this to cycles: a position seen five times with nothing
  moving on for good puts held queens aside, or with none held ends the game.
"""

from __future__ import annotations

from ...verdict import Verdict
from ..base import IllegalMove, rng, without
from .apply import apply_move
from .cards import (RANK, deck, parse_card, parse_cards, show_card, show_cards,
                          show_rank)
from .judge import MOVES, PENALTIES, judge_move, may_pass, outable, targets
from .moves import plays
from .pile import top_of
from .rules import OPTIONS, REASON_CODES, asks, judge_play, resolve_options
from .table import DEAL, check_names, copy_state, seat, zone

__all__ = ["NAME", "OPTIONS", "REASON_CODES", "PENALTIES", "MOVES", "IllegalMove", "new",
           "judge", "apply", "legal_moves", "view", "public", "judge_play", "parse_card", "parse_cards",
           "show_card", "show_cards"]

NAME = "idiot"


def new(players, seed: int, options: dict | None = None) -> dict:
    """Return a new game: shuffled, dealt, the first named player on turn."""
    opts = resolve_options(options)
    cards = deck(opts["decks"])
    names = check_names(players, len(cards) // DEAL)
    state = {"game": NAME, "seed": seed, "step": 0, "options": opts, "players": names,
             "hands": {}, "up": {}, "down": {}, "draw": [], "pile": [], "burned": [],
             "aside": [], "turn": names[0], "pending": None, "out": [], "idiot": None,
             "over": False, "ended_by": None, "seen": {}, "repeats": 0}
    rng(state).shuffle(cards)
    for name in names:
        seat(state, name, cards)
    state["draw"] = cards
    return state


def judge(state: dict, move: dict) -> Verdict:
    """Return whether `move` is legal now, every rule it breaks, the paragraph and consequence."""
    return judge_move(state, move)[0]


def apply(state: dict, move: dict) -> tuple[dict, list[dict]]:
    """Return the state after `move` and its events; raise IllegalMove if judge() rejects it."""
    verdict, laid = judge_move(state, move)
    if not verdict.valid:
        raise IllegalMove(verdict)
    s = copy_state(state)
    events = apply_move(s, move, laid)
    s["step"] += 1
    return s, events


def legal_moves(state: dict) -> list[dict]:
    """Return the legal moves of the player on turn, one per distinct effect (moves.py).

    Joining (§22) and penalties are not listed: the table makes those.
    """
    if state["over"]:
        return []
    p, pending = state["turn"], state["pending"]
    kind = pending["kind"] if pending else None
    if kind == "give":
        return [{"type": "give", "player": p, "to": to, "card": card}
                for to in targets(state, p) for card in dict.fromkeys(state["hands"][p])]
    if kind == "play_out":
        return ([{"type": "play_out", "player": p, "card": card}
                 for card in dict.fromkeys(outable(state, p, pending["suits"]))]
                + [{"type": "pass", "player": p}])
    where, cards = zone(state, p)
    if where == "down":
        moves = [{"type": "flip", "player": p, "row": i}
                 for i, card in enumerate(state["down"][p]) if card is not None]
    else:
        moves = [{"type": "play", "player": p, "cards": play}
                 for play in plays(cards, top_of(state["pile"]))]
    can = bool(moves)
    if state["pile"] and (state["options"]["voluntary_pickup"] or not can):
        moves.append({"type": "pickup", "player": p})
    if may_pass(state, p, can):
        moves.append({"type": "pass", "player": p})
    return moves


def view(state: dict, player: str | None = None) -> dict:
    """Return the game as the table sees it; with `player`, also that player's hand and the
    cards they gave face down that still lie so ("given": to, row, card)."""
    top = top_of(state["pile"])
    pending = state["pending"]
    out = {
        "game": NAME, "step": state["step"], "turn": state["turn"],
        "pending": pending["kind"] if pending else None,
        "players": [{"name": p, "hand": len(state["hands"][p]),
                     "up": [show_card(c) if c else None for c in state["up"][p]],
                     "down": [c is not None for c in state["down"][p]],
                     "place": state["out"].index(p) + 1 if p in state["out"] else None}
                    for p in state["players"]],
        "pile": [show_card(entry[0]) for entry in state["pile"]],
        "top": show_card(top.card) if top.card else None,
        "asks": None if state["over"] else asks(top),
        "draw": len(state["draw"]), "burned": len(state["burned"]),
        "aside": [show_card(c) for c in state["aside"]],
        "out": list(state["out"]), "idiot": state["idiot"], "over": state["over"],
        "ended_by": state["ended_by"],
        "options": dict(state["options"]),
    }
    if top.card and RANK[top.card] == 0:        # a joker: say what it acts as (§15)
        out["top"] += f" (as {show_rank(top.rank)})" if top.rank else " (no function: 0)"
    if player is not None:
        hand = sorted(state["hands"][player], key=lambda c: (RANK[c], c))
        out["hand"] = [show_card(c) for c in hand]
        out["given"] = [{"to": g["to"], "row": g["row"], "card": show_card(g["card"])}
                        for g in state.get("given", []) if g["player"] == player
                        and state["down"][g["to"]][g["row"]] == g["card"]]
    return out


def public(move: dict, events: list[dict]) -> tuple[dict, list[dict]]:
    """Return `move` and its events as the whole table sees them (base.public_record).

    Cards are played, flipped and put aside face up, the pile is picked up and burned in
    sight, draws are counts: all public. A black 4's card given face down (§4 part 1) is not:
    face-down table cards are seen by no one, not even the player they lie before (§20 part
    3), so the card is named to its giver alone. The give move names it only where its event
    shows it (given face up, onto a card given before).
    """
    shown = [without(e, "card") if e.get("type") == "give" and e.get("face") != "up" else e
             for e in events]
    if move.get("type") == "give" and not any(e.get("type") == "give" and "card" in e
                                              for e in shown):
        move = without(move, "card")
    return move, shown
