"""Applying a judged move to a copied Extreme Idiot state, and what follows every move.

Each handler changes the copy `s` in place and appends events; `apply_move` then applies §27,
watches for positions that keep coming round (option stalemate_repeats) and ends the game when
at most one player is left.
"""

from __future__ import annotations

import hashlib

from ..base import rng
from .judge import card_id, outable, targets
from .pile import Laid, kind_of, lay, top_of
from .rules import as_cards, check_play
from .table import (active, after, draw, is_done, place_for, put_queens_aside,
                          queens_only, remove, seat, take_up, zone)

# Events after which a game has moved on for good: a card left play, the deal changed, or the
# table stepped in with a penalty.
_PROGRESS = frozenset({"burn", "draw", "flip", "out", "join", "queens_aside", "penalty"})


def apply_move(s: dict, move: dict, laid: Laid | None) -> list[dict]:
    """Apply the legal `move` to the state copy `s`; return the events."""
    events: list[dict] = []
    _HANDLERS[move["type"]](s, move, laid, events)
    _stuck_with_queens(s, events)
    if len(active(s)) > 1:
        _watch_repeats(s, events)
    _maybe_over(s, events)
    return events


def _play(s, move, laid, events):
    p, cards = move["player"], as_cards(move["cards"])
    where, _ = zone(s, p)
    if where == "hand":
        remove(s["hands"][p], cards)
    else:
        take_up(s, p, cards)
    events.append({"type": "play", "player": p, "cards": cards, "from": where})
    _laid(s, p, laid, events)


def _play_out(s, move, laid, events):
    p, card = move["player"], laid.pile[-1][0]
    take_up(s, p, [card])
    events.append({"type": "play", "player": p, "cards": [card], "from": "up",
                   "why": "red_four"})
    _laid(s, p, laid, events)


def _flip(s, move, laid, events):
    p, row = move["player"], move["row"]
    card = s["down"][p][row]
    s["down"][p][row] = None
    events.append({"type": "flip", "player": p, "row": row, "card": card})
    top = top_of(s["pile"])
    if check_play(top, [card]):
        _pick_up(s, p, events, [card], "flip")
        return
    events.append({"type": "play", "player": p, "cards": [card], "from": "down"})
    _laid(s, p, lay(s["pile"], top, [card], p, kind_of([card], top), not s["draw"]), events)


def _pickup(s, move, laid, events):
    _pick_up(s, move["player"], events, [], "pickup")


def _pass(s, move, laid, events):
    p = move["player"]
    events.append({"type": "pass", "player": p})
    s["pending"] = None
    s["turn"] = after(s, p)


def _give(s, move, laid, events):
    p, to = move["player"], move["to"]
    card = card_id(move["card"])
    remove(s["hands"][p], [card])
    row = place_for(s, to)
    if row == -1:
        s["down"][to].append(card)
        s["up"][to].append(None)
        # Only the giver knows it (§4 part 1): their own view shows it while it lies there.
        s["given"] = [*s.get("given", []), {"player": p, "to": to,
                                             "row": len(s["down"][to]) - 1, "card": card}]
    else:
        s["up"][to][row] = card
    events.append({"type": "give", "player": p, "to": to, "card": card,
                   "face": "down" if row == -1 else "up"})
    s["pending"] = None
    draw(s, p, events)
    _end_turn(s, p, events, stay=False)


def _join(s, move, laid, events):
    p = move["player"]
    s["players"].append(p)
    seat(s, p, s["draw"], extra_down=1)        # the deal and one extra face-down card (§22)
    events.append({"type": "join", "player": p})


def _penalty(s, move, laid, events):
    p, rule = move["player"], move["rule"]
    if rule == "peeked":
        _peeked(s, p, move["rows"], events)
        return
    taken = [e[0] for e in s["pile"]]
    s["hands"][p].extend(taken)
    s["pile"] = []
    events.append({"type": "penalty", "player": p, "rule": rule, "cards": taken})
    if s["turn"] == p:
        s["pending"] = None
        s["turn"] = after(s, p)         # otherwise the rightful player goes on (§23)


def _peeked(s, p, rows, events):
    """Replace each face-down card `p` saw by two from the discard pile, shuffled (§20 part 3).

    When the discard pile runs short the draw pile makes up the rest; a seen card that cannot
    get two replacements stays where it is.
    """
    burned, stock, down, up = s["burned"], s["draw"], s["down"][p], s["up"][p]
    rows = rows[:(len(burned) + len(stock)) // 2]
    fresh = [burned.pop() if burned else stock.pop() for _ in range(2 * len(rows))]
    burned.extend(down[row] for row in rows)
    rng(s).shuffle(fresh)
    for row in rows:
        down[row] = fresh.pop()
    for card in fresh:                  # the four-row limit does not hold here
        down.append(card)
        up.append(None)
    events.append({"type": "penalty", "player": p, "rule": "peeked", "seen": len(rows),
                   "cards": 2 * len(rows)})


_HANDLERS = {"play": _play, "play_out": _play_out, "flip": _flip, "pickup": _pickup,
             "pass": _pass, "give": _give, "join": _join, "penalty": _penalty}


def _pick_up(s, p, events, extra, why):
    taken = [e[0] for e in s["pile"]] + extra
    s["hands"][p].extend(taken)
    s["pile"] = []
    events.append({"type": "pickup", "player": p, "cards": taken, "why": why})
    s["pending"] = None
    s["turn"] = after(s, p)


def _laid(s, p, laid, events):
    """Put the laid play on the table and carry out what it sets off."""
    s["pending"] = None
    again = False
    if laid.burn:
        gone = [e[0] for e in laid.pile]
        s["burned"].extend(gone)
        s["pile"] = []
        events.append({"type": "burn", "player": p, "why": laid.burn, "cards": gone})
        again = True                    # the burner plays again (A6)
    elif laid.ace_on_king and laid.king_owner in s["hands"] and laid.king_owner not in s["out"]:
        owner = laid.king_owner
        taken = [e[0] for e in laid.pile]
        s["hands"][owner].extend(taken)
        s["pile"] = []
        events.append({"type": "pickup", "player": owner, "cards": taken,
                       "why": "ace_on_king"})
    else:
        s["pile"] = laid.pile
    draw(s, p, events)
    if laid.follow:
        s["pending"] = {"kind": "follow"}
    elif laid.four == "black" and s["hands"][p] and targets(s, p):
        s["pending"] = {"kind": "give"}
    elif laid.four == "red" and outable(s, p, laid.out_suits):
        s["pending"] = {"kind": "play_out", "suits": laid.out_suits}
    _end_turn(s, p, events, stay=again or s["pending"] is not None)


def _end_turn(s, p, events, stay):
    if is_done(s, p):
        _go_out(s, p, events)
        s["pending"] = None
        s["turn"] = after(s, p)
    elif not stay:
        s["pending"] = None
        s["turn"] = after(s, p)


def _go_out(s, p, events):
    s["out"].append(p)
    events.append({"type": "out", "player": p, "place": len(s["out"])})


def _stuck_with_queens(s, events):
    """Put queens aside when every remaining player can play only queens (§27)."""
    players = active(s)
    if len(players) >= 2 and all(queens_only(s, q) for q in players):
        _queens_aside(s, players, events, "only_queens")


def _queens_aside(s, players, events, why) -> bool:
    """Put aside the queens the players hold in hand or face up; return whether there were any.

    Players then draw while the draw pile lasts; those left with nothing go out, in turn order.
    """
    gone = [card for q in players for card in put_queens_aside(s, q)]
    if not gone:
        return False
    s["aside"].extend(gone)
    events.append({"type": "queens_aside", "cards": gone, "why": why})
    at = players.index(s["turn"]) if s["turn"] in players else 0
    order = players[at:] + players[:at]
    for q in order:
        draw(s, q, events)
    for q in order:
        if is_done(s, q):
            _go_out(s, q, events)
    turn, pending = s["turn"], s["pending"]
    if turn in s["out"] or (pending and pending["kind"] == "give"
                            and not (s["hands"][turn] and targets(s, turn))):
        s["pending"] = None
        s["turn"] = after(s, turn)
    return True


def _watch_repeats(s, events):
    """Count how often this position has come round since play last moved on for good.

    A burn, a draw, a flip, a player going out or joining cannot be undone, so a position seen
    before one of them never comes back, and the count starts afresh (after a penalty too).
    """
    if any(e["type"] in _PROGRESS for e in events):
        s["seen"] = {}
    else:
        s["seen"] = dict(s["seen"])
    key = position_key(s)
    s["repeats"] = s["seen"][key] = s["seen"].get(key, 0) + 1
    limit = s["options"]["stalemate_repeats"]
    if limit and s["repeats"] >= limit:
        _stalemate(s, events)


def _stalemate(s, events):
    """Break a cycle (house rule): put held queens aside (§27), or else end the game.

    Ending it ranks the remaining players by the cards they hold, fewest first (the seat order
    from the player on turn breaks ties); the last is the idiot.
    """
    players = active(s)
    if _queens_aside(s, players, events, "stalemate"):
        s["seen"], s["repeats"] = {}, 0
        return
    at = players.index(s["turn"]) if s["turn"] in players else 0
    order = players[at:] + players[:at]
    order.sort(key=lambda q: held(s, q))
    events.append({"type": "stalemate", "order": order})
    s["out"].extend(order[:-1])
    s["ended_by"] = "stalemate"


def held(s: dict, player: str) -> int:
    """Return how many cards the player holds, in hand and on the table."""
    return (len(s["hands"][player]) + sum(c is not None for c in s["up"][player])
            + sum(c is not None for c in s["down"][player]))


def position_key(s: dict) -> str:
    """Return a stable digest of where every card lies and whose move it is."""
    hands = [sorted(s["hands"][p]) for p in s["players"]]     # the order in hand is no matter
    text = repr((s["turn"], s["pending"], hands, s["up"], s["down"], s["pile"]))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _maybe_over(s, events):
    players = active(s)
    if len(players) <= 1 and not s["over"]:
        s["over"] = True
        s["pending"] = None
        s["idiot"] = players[0] if players else None
        s["ended_by"] = s["ended_by"] or "play"
        events.append({"type": "game_over", "order": list(s["out"]), "idiot": s["idiot"]})
