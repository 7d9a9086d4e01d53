"""¡Extinción! rulings: whether a move is legal now and which rule forbids it, and the legal moves.

check() gives every reason a move breaks, with the rulebook section that decides; judge() wraps
it in a Verdict. legal_moves() lists exactly the moves check() accepts (the property tests hold
the two together).
"""

from __future__ import annotations

from itertools import combinations

from ...verdict import Reason, Verdict
from . import rules as R

MOVE_TYPES = ("play", "discard", "draw", "rescue", "respond", "choose", "pass")

# The section that governs each kind of move, for verdicts that find nothing wrong.
_MOVE_SECTIONS = {"play": "feeding", "discard": "phase1", "draw": "phase1", "rescue": "rescue",
                  "respond": "clever_girl", "pass": "turn"}
_CHOICE_SECTIONS = {"start": "random_start", "companion": "gregarious", "famine": "famine",
                    "epidemic": "epidemic", "stampede": "stampede", "respond": "clever_girl"}


def judge(state: dict, move) -> Verdict:
    """Return the verdict on `move` in `state`: valid, or every reason it is not."""
    reasons, section = check(state, move)
    if reasons:
        section = R.REASONS[reasons[0].code][1] or section
    return Verdict(answer=describe(move), valid=not reasons, reasons=reasons,
                   extra={"rule": R.SECTIONS[section]})


def check(state: dict, move) -> tuple[list[Reason], str]:
    """Return the reasons `move` is illegal now (none if legal) and the governing section."""
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        return [_no("malformed_move", "a move is an object with a \"type\"")], "turn"
    kind = move["type"]
    if kind not in MOVE_TYPES:
        return [_no("unknown_move", f"{kind!r} is not a move here "
                    f"(moves: {', '.join(MOVE_TYPES)})")], "turn"
    if state["phase"] == "over":
        return [_no("game_over", "the game is over")], "end"
    name = move.get("player")
    if not isinstance(name, str) or name not in state["hands"]:
        return [_no("unknown_player", f"{name!r} is not playing "
                    f"(players: {', '.join(state['players'])})")], "turn"
    actor = R.to_act(state)
    if name != actor:
        waiting = state["pending"][0]["kind"] if state["pending"] else "turn"
        why = f"it is {actor}'s turn" if waiting == "turn" else \
            f"{actor} must answer first ({waiting})"
        return [_no("not_your_turn", why)], "turn"
    if state["pending"]:
        return _check_decision(state, state["pending"][0], move)
    if state["phase"] == "action":
        if kind == "pass":
            return [_no("must_act", "Phase 1 is mandatory: play, discard or draw")], "phase1"
        if kind not in ("play", "discard", "draw"):
            return [_no("wrong_phase", f"a {kind} is not a Phase 1 action "
                        "(play, discard or draw)")], "phase1"
        return _PHASE_ONE[kind](state, name, move), _MOVE_SECTIONS[kind]
    if kind == "rescue":
        return _check_rescue(state, name, move), "rescue"
    if kind == "pass":
        return [], "phase2"
    return [_no("wrong_phase", "Phase 1 is over: rescue or pass")], "phase2"


def describe(move) -> str:
    """Return a move as one short line: "ann play 17 -> 42"."""
    if not isinstance(move, dict):
        return repr(move)
    parts = [str(move.get("player", "?")), str(move.get("type", "?"))]
    if "card" in move:
        parts.append(str(move["card"]))
    if "cards" in move:
        parts.append(",".join(map(str, move["cards"])) if isinstance(move["cards"], list)
                     else repr(move["cards"]))
    if "environment" in move:
        parts.append(f"in {move['environment']}")
    if "target" in move:
        parts.append(f"-> {move['target']}")
    if move.get("swift"):
        parts.append("(swift)")
    return " ".join(parts)


def _no(code: str, message: str) -> Reason:
    return Reason(code, message)


def _is_id(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _card_list(move: dict, name: str) -> tuple[list[int] | None, list[Reason]]:
    cards = move.get("cards")
    if not isinstance(cards, list) or not all(_is_id(c) for c in cards):
        return None, [_no("malformed_move", f"a {move['type']} needs \"cards\": a list of ids")]
    if not cards:
        return None, [_no("no_cards", f"a {move['type']} needs at least one card")]
    if len(set(cards)) != len(cards):
        return None, [_no("duplicate_card", "a card is named twice")]
    return cards, []


# Phase 1 ---------------------------------------------------------------------------------------

def _check_play(state: dict, name: str, move: dict) -> list[Reason]:
    cid = move.get("card")
    if not _is_id(cid):
        return [_no("malformed_move", "a play needs \"card\": the id of a card in hand")]
    if cid not in state["hands"][name]:
        return [_no("not_in_hand", f"card {cid} is not in {name}'s hand")]
    card = R.card(state, cid)
    swift = move.get("swift", False)
    if not isinstance(swift, bool):
        return [_no("malformed_move", "\"swift\" is true or false")]
    target = move.get("target")
    if swift:
        return _check_swift(state, cid, card, target)
    targets = R.feeding_targets(state, name, cid)
    if card["bait"]:
        if not targets:
            return [_no("no_bait_target", f"no dinosaur in another territory answers the "
                        f"{card['name']} ({card['diet'].replace('_', ' ')} bait)")]
        return _check_target(state, name, cid, card, target, targets)
    if not targets:
        return [_no("cannot_feed", _why_hungry(state, card) + _swift_hint(state, cid))]
    if targets == [None]:
        return [_no("target_unexpected", f"a {card['diet']} takes no target")] \
            if target is not None else []
    return _check_target(state, name, cid, card, target, targets)


def _check_swift(state: dict, cid: int, card: dict, target) -> list[Reason]:
    if "swift_running_lizard" not in card["skills"]:
        return [_no("not_swift", f"{card['name']} is not a Swift Running Lizard")]
    if not R.has(state, cid, "swift_running_lizard"):
        return [_no("skill_off", "Swift Running Lizard is not played in this game")]
    if target is not None:
        return [_no("target_unexpected", "a Swift Running Lizard draws instead of feeding, "
                    "so it takes no target")]
    return []


def _why_hungry(state: dict, card: dict) -> str:
    diet = card["diet"]
    if diet == "herbivore":
        return f"{card['name']} cannot draw: the Lost World deck and the Cemetery are empty"
    if diet == "scavenger":
        return f"{card['name']} cannot feed: the Cemetery is empty"
    if diet == "piscivore":
        return f"{card['name']} cannot feed: every other hand is empty"
    if diet == "egg_thief":
        return f"{card['name']} cannot feed: no other territory holds a dinosaur"
    return f"{card['name']} cannot feed: no dinosaur in another territory may be eliminated by it"


def _swift_hint(state: dict, cid: int) -> str:
    if R.has(state, cid, "swift_running_lizard"):
        return " (as a Swift Running Lizard it may be played to draw up to 3 instead)"
    return ""


def _check_target(state: dict, name: str, cid: int, card: dict, target,
                  targets: list) -> list[Reason]:
    if target is None:
        return [_no("target_missing", f"say whom {card['name']} acts on (\"target\")")]
    if target in targets and type(target) is type(targets[0]):
        return []
    if card["diet"] == "piscivore" and not card["bait"]:
        if not isinstance(target, str):
            return [_no("malformed_move", "a piscivore's target is a player's name")]
        if target == name:
            return [_no("target_own", "a piscivore steals from another person's hand")]
        if target not in state["hands"]:
            return [_no("target_not_found", f"{target!r} is not playing")]
        return [_no("target_empty_hand", f"{target}'s hand is empty")]
    if not _is_id(target):
        return [_no("malformed_move", "the target is the id of a dinosaur")]
    holder = R.owner(state, target)
    if holder is None:
        return [_no("target_not_found", f"card {target} is in no territory")]
    if holder == name:
        return [_no("target_own", f"card {target} is in {name}'s own territory")]
    if card["bait"]:
        return [_no("bait_wrong_diet", f"the {card['name']} attracts "
                    f"{card['diet'].replace('_', ' ')}s and Egg Thieves, not "
                    f"{R.card(state, target)['name']}")]
    if R.has(state, target, "titan") and not R.has(state, cid, "titan"):
        return [_no("target_titan", f"{R.card(state, target)['name']} is a Titan")]
    return [_no("target_armoured", f"an Armoured dinosaur protects "
                f"{R.card(state, target)['name']} in {holder}'s territory")]


def _check_discard(state: dict, name: str, move: dict) -> list[Reason]:
    cards, reasons = _card_list(move, name)
    if reasons:
        return reasons
    missing = [c for c in cards if c not in state["hands"][name]]
    return [_no("not_in_hand", f"card {c} is not in {name}'s hand") for c in missing]


def _check_draw(state: dict, name: str, move: dict) -> list[Reason]:
    held = len(state["hands"][name])
    if held >= R.HAND_TARGET:
        return [_no("hand_full", f"{name} holds {held} cards already")]
    if not R.can_draw(state):
        return [_no("nothing_to_draw", "the Lost World deck and the Cemetery are empty")]
    return []


_PHASE_ONE = {"play": _check_play, "discard": _check_discard, "draw": _check_draw}


# Phase 2 and decisions -------------------------------------------------------------------------

def _check_rescue(state: dict, name: str, move: dict) -> list[Reason]:
    eid = move.get("environment")
    if not _is_id(eid):
        return [_no("malformed_move", "a rescue needs \"environment\": the id of one on display")]
    cards, reasons = _card_list(move, name)
    if reasons:
        return reasons
    if eid not in state["display"]:
        reasons.append(_no("not_on_display", f"environment {eid} is not on display "
                           f"(on display: {', '.join(map(str, state['display']))})"))
    territory = state["territories"][name]
    reasons += [_no("not_in_territory", f"card {c} is not in {name}'s territory")
                for c in cards if c not in territory]
    if reasons:
        return reasons
    fault = R.rescue_fault(state, eid, cards)
    if fault == "two_wild_cards":
        return [_no(fault, "only one Egg Thief may stand in for another dinosaur")]
    if fault:
        needs = ", ".join(i.replace("_", " ") for i in R.environment(state, eid)["needs"])
        return [_no(fault, f"environment {eid} needs exactly: {needs}")]
    return []


def _check_decision(state: dict, entry: dict, move: dict) -> tuple[list[Reason], str]:
    kind, name = entry["kind"], move["player"]
    section = _CHOICE_SECTIONS[kind]
    if kind == "respond":
        if move["type"] == "pass":
            return [], section
        if move["type"] != "respond":
            return [_no("awaiting_decision", f"{name} must answer with a Clever Girl "
                        "(respond) or pass")], section
        cid = move.get("card")
        if not _is_id(cid):
            return [_no("malformed_move", "a respond needs \"card\": a Clever Girl")], section
        if cid not in state["hands"][name]:
            return [_no("not_in_hand", f"card {cid} is not in {name}'s hand")], section
        if cid not in R.clever_girls(state, name):
            return [_no("not_clever_girl", f"{R.card(state, cid)['name']} is not a "
                        "Clever Girl")], section
        return [], section
    if move["type"] == "pass":
        if kind in R.OPTIONAL_CHOICES:
            return [], section
        return [_no("must_choose", f"the {kind} obliges {name} to choose a card")], section
    if move["type"] != "choose":
        return [_no("awaiting_decision", f"{name} must first choose a card for the "
                    f"{kind}")], section
    cid = move.get("card")
    if not _is_id(cid):
        return [_no("malformed_move", "a choose needs \"card\": a card id")], section
    if cid not in R.choices(state, entry):
        return [_no("not_eligible", f"card {cid} cannot be taken for the {kind}")], section
    return [], section


# Legal moves -----------------------------------------------------------------------------------

def legal_moves(state: dict) -> list[dict]:
    """Return every move the rules allow now."""
    name = R.to_act(state)
    if name is None:
        return []
    if state["pending"]:
        return decision_moves(state)
    if state["phase"] == "action":
        return action_moves(state, name)
    return rescue_moves(state, name) + [{"type": "pass", "player": name}]


def decision_moves(state: dict) -> list[dict]:
    """Return the answers to the first pending decision."""
    entry = state["pending"][0]
    name = entry["player"]
    if entry["kind"] == "respond":
        return [{"type": "respond", "player": name, "card": c}
                for c in R.clever_girls(state, name)] + [{"type": "pass", "player": name}]
    moves = [{"type": "choose", "player": name, "card": c} for c in R.choices(state, entry)]
    if entry["kind"] in R.OPTIONAL_CHOICES:
        moves.append({"type": "pass", "player": name})
    return moves


def play_moves(state: dict, name: str) -> list[dict]:
    """Return every legal play of a card from `name`'s hand."""
    moves = []
    for cid in state["hands"][name]:
        for target in R.feeding_targets(state, name, cid):
            move = {"type": "play", "player": name, "card": cid}
            if target is not None:
                move["target"] = target
            moves.append(move)
        if R.has(state, cid, "swift_running_lizard"):
            moves.append({"type": "play", "player": name, "card": cid, "swift": True})
    return moves


def action_moves(state: dict, name: str, discards: bool = True) -> list[dict]:
    """Return `name`'s Phase 1 moves; every discard of a non-empty part of the hand if asked."""
    moves = play_moves(state, name)
    hand = state["hands"][name]
    if len(hand) < R.HAND_TARGET and R.can_draw(state):
        moves.append({"type": "draw", "player": name})
    if discards:
        for size in range(1, len(hand) + 1):
            moves += [{"type": "discard", "player": name, "cards": list(part)}
                      for part in combinations(sorted(hand), size)]
    return moves


def rescue_moves(state: dict, name: str) -> list[dict]:
    """Return every rescue open to `name` now."""
    return [{"type": "rescue", "player": name, "environment": eid, "cards": list(cards)}
            for eid, cards in R.rescue_options(state, name)]
