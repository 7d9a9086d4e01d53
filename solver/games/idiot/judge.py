"""Judging one move of an Extreme Idiot game: legal or not, which paragraph, what follows.

`judge_move(state, move)` returns (verdict, laid): laid is the play on the pile when the move
lays cards legally, so that applying it does not lay them twice.
"""

from __future__ import annotations

from ...verdict import Verdict
from .cards import CARDS, SUIT, parse_card, show_card, show_cards
from .moves import can_play
from .pile import Laid, top_of
from .rules import as_cards, play_verdict, reason
from .table import active, after, holds, place_for, zone

MOVES = ("play", "pickup", "pass", "flip", "give", "play_out", "join", "penalty")

# Breaches the table reports as {"type": "penalty", "player": P, "rule": R}, and the paragraph
# that punishes each. All cost the pile but "peeked", which replaces each face-down card seen by
# two from the discard pile (§20 part 3).
PENALTIES = {
    "three_sixes": "§6", "illegal_queen": "§20 part 2", "out_of_turn": "§23",
    "bad_flip": "§18", "stupid_question": "§21", "breach": "§20 part 1", "peeked": "§20 part 3",
}


def judge_move(state: dict, move: dict) -> tuple[Verdict, Laid | None]:
    """Return (verdict on `move`, the play laid on the pile if the move legally lays cards)."""
    kind = move.get("type")
    answer = describe(move)
    if kind not in MOVES:
        return _no(answer, "unknown_move", f"unknown move type {kind!r} "
                                           f"(moves: {', '.join(MOVES)})"), None
    if state["over"]:
        return _no(answer, "game_over", "the game is over"), None
    p = move.get("player")
    if kind == "join":
        return _join(state, p, answer), None
    if p not in state["hands"]:
        return _no(answer, "unknown_player", f"{p!r} is not in this game"), None
    if p in state["out"]:
        return _no(answer, "player_out", f"{p} has already gone out"), None
    if kind == "penalty":
        return _penalty(state, move, answer), None
    if p != state["turn"]:
        turn = state["turn"]
        verdict = _no(answer, "not_your_turn", f"it is {turn}'s turn, not {p}'s")
        verdict.extra.update(consequence=f"{p} picks up the pile and {turn} starts (§23)",
                             penalty="out_of_turn", zero_tolerance=False)
        return verdict, None
    return _BY_TYPE[kind](state, move, p, answer)


def has_play(state: dict, p: str) -> bool:
    """Return whether `p` can lay something now (a face-down card can always be flipped)."""
    where, cards = zone(state, p)
    return where == "down" or (bool(cards) and can_play(cards, top_of(state["pile"])))


def may_pass(state: dict, p: str, can: bool) -> bool:
    """Return whether `p` may pass: to decline a play-out, or unable to play or pick up."""
    pending = state["pending"]
    if pending and pending["kind"] == "play_out":
        return True
    if can or (pending and pending["kind"] == "give"):
        return False
    if not state["pile"]:
        return True
    return bool(pending) and state["options"]["unfollowed_two"] == "pass"


def targets(state: dict, p: str) -> list[str]:
    """Return the opponents who have room for a black 4's card (§4 part 1)."""
    return [q for q in active(state) if q != p and place_for(state, q) is not None]


def outable(state: dict, p: str, suits: str) -> list[str]:
    """Return the face-up cards of `p` that a red 4 of `suits` may play out (§4 part 2)."""
    return [c for c in state["up"][p] if c is not None and SUIT[c] in suits]


def zero_tolerance(state: dict, rule: str) -> bool:
    """Return whether a breach is punished even when reported late (§25)."""
    return rule in ("three_sixes", "peeked") or (
        rule == "illegal_queen" and state["options"]["late_queen_punished"])


def _play(state, move, p, answer):
    cards = as_cards(move.get("cards") or [])
    reasons = _pending(state)
    where, held = zone(state, p)
    if where == "down":
        reasons.append(reason("hand_first", "only face-down cards are left: flip one"))
    elif not holds(cards, held):
        table = [c for c in state["up"][p] if c is not None]
        if where == "hand" and holds(cards, held + table):
            reasons.append(reason("hand_first", "play from the hand before the face-up cards"))
        else:
            reasons.append(reason("not_held", f"{p} does not hold {show_cards(cards)} in "
                                              f"their {where or 'hand'}"))
    return play_verdict(top_of(state["pile"]), state["pile"], cards, answer, p,
                        not state["draw"], reasons)


def _pickup(state, move, p, answer):
    reasons = _pending(state)
    if not state["pile"]:
        reasons.append(reason("nothing_to_pick_up", "the pile is empty"))
    elif not state["options"]["voluntary_pickup"] and has_play(state, p):
        reasons.append(reason("must_play", "a play is possible, and this table does not allow "
                                           "picking up by choice"))
    n = len(state["pile"])
    return _verdict(answer, reasons, "§1", f"{p} takes the {n} cards of the pile into their "
                                           f"hand; {after(state, p)} plays next"), None


def _pass(state, move, p, answer):
    if may_pass(state, p, has_play(state, p)):
        kind = state["pending"]["kind"] if state["pending"] else None
        paragraph = {"play_out": "§4", "follow": "§2"}.get(kind, "§1")
        return _verdict(answer, [], paragraph, f"{after(state, p)} plays next"), None
    return _no(answer, "cannot_pass", "a play or a pick-up is possible"), None


def _flip(state, move, p, answer):
    reasons = _pending(state)
    row, down = move.get("row"), state["down"][p]
    if zone(state, p)[0] != "down":
        reasons.append(reason("hand_first", "face-down cards come last, after the hand and "
                                            "the face-up cards"))
    elif type(row) is not int or not 0 <= row < len(down) or down[row] is None:
        reasons.append(reason("no_face_down", f"row {row!r} holds no face-down card"))
    return _verdict(answer, reasons, "§1", f"the card is played if it may go on the pile, else "
                                           f"{p} picks it up with the pile"), None


def _give(state, move, p, answer):
    card, to = card_id(move.get("card")), move.get("to")
    reasons = []
    if not state["pending"] or state["pending"]["kind"] != "give":
        reasons.append(reason("no_give", "no black 4 waits for a card"))
    if card not in state["hands"][p]:
        reasons.append(reason("not_held", f"{p} holds no {show_card(card)} in hand"))
    if to == p or to not in state["hands"] or to in state["out"]:
        reasons.append(reason("bad_target", f"{to!r} is not an opponent still in the game"))
    elif place_for(state, to) is None:
        reasons.append(reason("target_full", f"{to} has four rows and no empty place"))
    return _verdict(answer, reasons, "§4", f"the card goes to {to}'s table"), None


def _play_out(state, move, p, answer):
    card, pending = card_id(move.get("card")), state["pending"]
    reasons = []
    if not pending or pending["kind"] != "play_out":
        reasons.append(reason("no_play_out", "no red 4 waits for a play-out"))
    elif card not in state["up"][p]:
        reasons.append(reason("not_held", f"{p} has no face-up {show_card(card)}"))
    elif SUIT[card] not in pending["suits"]:
        reasons.append(reason("play_out_suit", f"{show_card(card)} is not of the 4's suit"))
    if reasons:
        return _verdict(answer, reasons, "§4", None), None
    return play_verdict(top_of(state["pile"]), state["pile"], [card], answer, p,
                        not state["draw"], check=state["options"]["played_out_must_fit"])


def _join(state, p, answer):
    reasons = []
    if not isinstance(p, str) or not p.strip():
        reasons.append(reason("unknown_player", "a joining player needs a name"))
    elif p in state["hands"]:
        reasons.append(reason("name_taken", f"{p} is already in the game"))
    if not state["draw"]:
        reasons.append(reason("draw_pile_empty", "the draw pile is empty: too late to join"))
    return _verdict(answer, reasons, "§22", f"{p} sits last and takes the deal and one more "
                                            f"face-down card")


def _penalty(state, move, answer):
    p, rule = move["player"], move.get("rule")
    if rule not in PENALTIES:
        return _no(answer, "unknown_penalty", f"unknown penalty {rule!r} "
                                              f"(rules: {', '.join(PENALTIES)})")
    reasons = []
    if move.get("late") and not zero_tolerance(state, rule):
        reasons.append(reason("too_late", "the next player carried on, so the breach is "
                                          "forgiven"))
    if rule == "peeked":
        rows, down = move.get("rows") or [], state["down"][p]
        if (not rows or len(set(rows)) != len(rows)
                or any(type(r) is not int or not 0 <= r < len(down) or down[r] is None
                       for r in rows)):
            reasons.append(reason("no_face_down", f"rows {rows!r} are not face-down cards "
                                                  f"of {p}"))
        what = f"each card {p} saw is replaced by two from the discard pile, face down"
    else:
        what = f"{p} picks up the pile"
    return _verdict(answer, reasons, PENALTIES[rule], what)


_BY_TYPE = {"play": _play, "pickup": _pickup, "pass": _pass, "flip": _flip, "give": _give,
            "play_out": _play_out}


def _pending(state: dict) -> list:
    kind = state["pending"]["kind"] if state["pending"] else None
    if kind == "give":
        return [reason("must_give", "give the black 4's card first")]
    if kind == "play_out":
        return [reason("must_play_out", "play out a face-up card for the red 4, or pass")]
    return []


def _verdict(answer: str, reasons: list, paragraph: str | None,
             consequence: str | None) -> Verdict:
    """Return a verdict; when refused, the paragraph is the first reason's."""
    if reasons:
        head = reasons[0].message.split(":", 1)[0]
        paragraph = head if head.startswith("§") else paragraph
        consequence = None
    return Verdict(answer, not reasons, reasons,
                   extra={"paragraph": paragraph, "consequence": consequence})


def _no(answer: str, code: str, message: str) -> Verdict:
    return _verdict(answer, [reason(code, message)], None, None)


def card_id(text) -> str:
    """Return the id of a card given as an id or as people write it; raise InputError."""
    return text if text in CARDS else parse_card(str(text or ""))


def describe(move: dict) -> str:
    """Return the move as a line for people: "ann plays 9♠ 9♣"."""
    p, kind = move.get("player", "?"), move.get("type")
    if kind == "play":
        cards = move.get("cards") or []
        shown = show_cards(cards) if all(c in CARDS for c in cards) else " ".join(map(str, cards))
        return f"{p} plays {shown}"
    if kind in ("give", "play_out"):
        card = move.get("card")
        shown = show_card(card) if card in CARDS else str(card)
        return f"{p} gives {shown} to {move.get('to')}" if kind == "give" else \
            f"{p} plays out {shown}"
    if kind == "flip":
        return f"{p} flips row {move.get('row')}"
    if kind == "penalty":
        return f"{p} is penalised ({move.get('rule')})"
    if kind == "join":
        return f"{p} joins"
    return f"{p} {kind}" if kind else f"{p}: a move without a type"
