"""¡Extinción! in motion: the set-up, and what each legal move does to a state.

setup() deals a new game; perform() applies one move already judged legal to a copy of the
state. After every move, resume() carries the game on through whatever needs no decision
(a forced choice, the end of a phase, turns of players who cannot act) until someone must
move or the game ends. Every card move appends an event, a plain dict, to `events`.
"""

from __future__ import annotations

import random
from collections import Counter

from .deck import STARTER, completable
from . import rules as R

DISPLAY = 3
START_HAND = 3
RANDOM_START_HAND = 4
# A Random Start redeals a hand with no dinosaur to place; this bounds it for decks made of
# little but Titans and baits, where the player then starts with an empty territory.
MAX_REDEALS = 20
# Rounds without a single rescue after which the game ends (a ruling: the rulebook has no such
# limit). Without it, 2 games in 2,400 played with the sample deck never ended: the last
# environments could be filled only in principle, by dinosaurs that nothing would move. In the
# games that ended, the longest wait between two rescues was 13.5 rounds with greedy players
# and 44.7 with random ones: a limit of 50 ends the stuck games and leaves the others alone.
DROUGHT_ROUNDS = 50


def copy_state(state: dict) -> dict:
    """Return a copy of `state` that a move may change; the deck and options are shared."""
    # Copying only the piles, apply() takes about 25 us a move; with copy.deepcopy of the
    # whole state, deck included, it took 25 to 45 times longer (benchmarks/bench_extincion.py).
    new = dict(state)
    for key in ("lost_world", "cemetery", "removed", "in_play", "environments", "display",
                "withered", "staged"):
        new[key] = list(state[key])
    new["hands"] = {p: list(h) for p, h in state["hands"].items()}
    new["territories"] = {p: list(t) for p, t in state["territories"].items()}
    new["rescued"] = {p: list(r) for p, r in state["rescued"].items()}
    new["pending"] = [dict(entry) for entry in state["pending"]]
    return new


# Set-up ----------------------------------------------------------------------------------------

def setup(players: list[str], seed: int, deck: dict, options: dict, first: int,
          end_at: int, r: random.Random) -> dict:
    """Return a new game, dealt as the Preparation (or the Random Start) says."""
    cards = deck["cards"]
    removed = [c["id"] for c in cards if c["bait"]] if options["beginner"] else []
    state = {
        "game": "extincion", "seed": seed, "step": 0, "players": list(players),
        "options": options, "deck": deck, "first": first, "end_at": end_at, "counter": 0,
        "lost_world": [], "cemetery": [], "removed": removed, "in_play": [],
        "hands": {p: [] for p in players}, "territories": {p: [] for p in players},
        "rescued": {p: [] for p in players}, "environments": [], "display": [],
        "withered": [], "staged": [], "turn": first, "turns": 0, "phase": "start",
        "pending": [], "idle": 0, "dry": 0, "result": None,
    }
    out = set(removed)
    pool = [c["id"] for c in cards if c["id"] not in out]
    order = R.clockwise_from(state, players[first])
    if not options["random_start"]:
        starters = [c for c in pool if cards[c]["name"] == STARTER]
        for name, starter in zip(order, starters):
            state["territories"][name].append(starter)
        state["cemetery"] = starters[len(players):]
        pool = [c for c in pool if cards[c]["name"] != STARTER]
    r.shuffle(pool)
    state["lost_world"] = pool
    envs = [e["id"] for e in deck["environments"]]
    r.shuffle(envs)
    state["environments"] = envs
    for _ in range(DISPLAY):
        state["display"].append(state["environments"].pop())
    events: list[dict] = []
    deal = RANDOM_START_HAND if options["random_start"] else START_HAND
    for name in order:
        for _ in range(deal):
            state["hands"][name].append(state["lost_world"].pop())
    if options["random_start"]:
        _random_start(state, r, events, order)
    else:
        begin_turn(state, r, events, first)
    return state


def _random_start(state: dict, r: random.Random, events: list, order: list[str]) -> None:
    for name in order:
        entry = {"kind": "start", "player": name}
        for _ in range(MAX_REDEALS):
            if R.choices(state, entry):
                break
            hand = state["hands"][name]
            state["cemetery"] += hand
            hand.clear()
            draw_into(state, r, events, name, RANDOM_START_HAND)
        state["pending"].append(entry)
    resume(state, r, events)


# Piles -----------------------------------------------------------------------------------------

def draw(state: dict, r: random.Random, events: list) -> int | None:
    """Take the top card of the Lost World deck, reshuffling the Cemetery first if it has ended."""
    if not state["lost_world"] and len(state["cemetery"]) >= 2:
        # "Shuffle and flip the discard pile, leaving the last card on the Cemetery."
        pile, state["cemetery"] = state["cemetery"][:-1], state["cemetery"][-1:]
        r.shuffle(pile)
        state["lost_world"] = pile
        events.append({"type": "reshuffled", "cards": len(pile)})
    return state["lost_world"].pop() if state["lost_world"] else None


def draw_into(state: dict, r: random.Random, events: list, name: str, count: int) -> int:
    """Draw up to `count` cards into `name`'s hand; return how many came."""
    got = 0
    for _ in range(count):
        cid = draw(state, r, events)
        if cid is None:
            break
        state["hands"][name].append(cid)
        got += 1
    if got:
        events.append({"type": "drew", "player": name, "count": got})
    return got


# Moves -----------------------------------------------------------------------------------------

def perform(state: dict, move: dict, r: random.Random, events: list) -> None:
    """Apply the legal `move` to `state` (a copy), then carry the game on."""
    kind = move["type"]
    if state["pending"]:
        _answer(state, move, r, events)
    elif kind == "play":
        _play(state, move, r, events)
    elif kind == "discard":
        name, hand = move["player"], state["hands"][move["player"]]
        for cid in move["cards"]:
            hand.remove(cid)
            state["cemetery"].append(cid)
        events.append({"type": "discarded", "player": name, "cards": list(move["cards"])})
        draw_into(state, r, events, name, len(move["cards"]))
        state["idle"] = 0
    elif kind == "draw":
        name = move["player"]
        draw_into(state, r, events, name, R.HAND_TARGET - len(state["hands"][name]))
        state["idle"] = 0
    elif kind == "rescue":
        _rescue(state, move, r, events)
    else:  # a pass of the rescue
        events.append({"type": "passed", "player": move["player"]})
        end_turn(state, r, events)
        return
    resume(state, r, events)


def _play(state: dict, move: dict, r: random.Random, events: list) -> None:
    name, cid = move["player"], move["card"]
    card = R.card(state, cid)
    state["hands"][name].remove(cid)
    state["idle"] = 0
    played = {"type": "played", "player": name, "card": cid}
    if "target" in move:
        played["target"] = move["target"]
    events.append(played)
    if card["bait"]:
        state["in_play"].append(cid)
        draw_into(state, r, events, name, 1)
        _aim(state, r, events, name, cid, "attract", move["target"])
        return
    state["territories"][name].append(cid)
    diet = card["diet"]
    if move.get("swift"):
        draw_into(state, r, events, name, max(0, R.HAND_TARGET - len(state["hands"][name])))
    elif diet == "herbivore":
        draw_into(state, r, events, name, 1)
        if R.has(state, cid, "gregarious"):
            state["pending"].append({"kind": "companion", "player": name})
    elif diet == "scavenger":
        top = state["cemetery"].pop()
        state["hands"][name].append(top)
        events.append({"type": "scavenged", "player": name, "card": top})
    else:
        action = {"carnivore": "eliminate", "piscivore": "rob", "egg_thief": "steal"}[diet]
        _aim(state, r, events, name, cid, action, move["target"])


def _aim(state: dict, r: random.Random, events: list, name: str, cid: int, action: str,
         target) -> None:
    """Direct an action at another player, who may first answer it with a Clever Girl."""
    victim = R.target_player(state, target)
    entry = {"kind": "respond", "player": victim, "actor": name, "card": cid,
             "action": action, "target": target}
    if R.asked(state, victim):
        state["pending"].append(entry)
        events.append({"type": "targeted", "player": name, "against": victim, "card": cid})
    else:
        _carry_out(state, r, events, entry)


def _carry_out(state: dict, r: random.Random, events: list, entry: dict) -> None:
    name, victim, target = entry["actor"], entry["player"], entry["target"]
    action = entry["action"]
    if action == "rob":
        hand = state["hands"][victim]
        if hand:
            taken = r.choice(hand)
            hand.remove(taken)
            state["hands"][name].append(taken)
            events.append({"type": "robbed", "player": name, "from": victim})
    else:
        state["territories"][victim].remove(target)
        if action == "eliminate":
            state["cemetery"].append(target)
        elif action == "steal":
            state["hands"][name].append(target)
        else:
            state["territories"][name].append(target)
        events.append({"type": _DONE[action], "player": name, "card": target, "from": victim})
    _discard_bait(state, events, name)


_DONE = {"eliminate": "eliminated", "steal": "stolen", "attract": "attracted"}


def _discard_bait(state: dict, events: list, name: str) -> None:
    # "Baits only last a turn": the bait goes to the Cemetery whether or not it attracted.
    for cid in state["in_play"]:
        state["cemetery"].append(cid)
        events.append({"type": "discarded", "player": name, "cards": [cid]})
    state["in_play"].clear()


def _answer(state: dict, move: dict, r: random.Random, events: list) -> None:
    entry = state["pending"][0]
    name = move["player"]
    if entry["kind"] == "respond":
        state["pending"].pop(0)
        if move["type"] == "pass":
            _carry_out(state, r, events, entry)
            return
        state["hands"][name].remove(move["card"])
        state["cemetery"].append(move["card"])
        events.append({"type": "clever_girl", "player": name, "card": move["card"],
                       "against": entry["actor"]})
        _discard_bait(state, events, entry["actor"])
    elif move["type"] == "pass":
        state["pending"].pop(0)
        events.append({"type": "passed", "player": name, "decision": entry["kind"]})
    else:
        choose(state, events, entry, move["card"])


def choose(state: dict, events: list, entry: dict, cid: int) -> None:
    """Apply the choice of card `cid` for the pending decision `entry` (the first one)."""
    name, kind = entry["player"], entry["kind"]
    hand, territory = state["hands"][name], state["territories"][name]
    if kind in ("start", "companion"):
        hand.remove(cid)
        territory.append(cid)
        state["pending"].pop(0)
        events.append({"type": "placed", "player": name, "card": cid, "by": kind})
    elif kind == "stampede":
        hand.remove(cid)
        state["staged"].append([name, cid])
        state["pending"].pop(0)
        events.append({"type": "chose", "player": name, "decision": kind})
    else:
        territory.remove(cid)
        state["cemetery"].append(cid)
        events.append({"type": "sacrificed" if kind == "famine" else "sickened",
                       "player": name, "card": cid})
        if kind == "famine":
            # One sacrifice per carnivore; the entry stays while any is owed.
            entry["left"] -= 1
            if entry["left"]:
                return
        state["pending"].pop(0)


# Rescues and Butterfly Effects -----------------------------------------------------------------

def _rescue(state: dict, move: dict, r: random.Random, events: list) -> None:
    name, eid, cids = move["player"], move["environment"], sorted(move["cards"])
    for cid in cids:
        state["territories"][name].remove(cid)
    state["display"].remove(eid)
    state["rescued"][name].append({"environment": eid, "cards": cids})
    state["idle"] = state["dry"] = 0
    effect = R.environment(state, eid)["effect"]
    events.append({"type": "rescued", "player": name, "environment": eid, "cards": cids,
                   "effect": effect})
    state["phase"] = "effect"
    if effect == "extinction":
        _extinction(state, events, name)
    elif not state["options"]["beginner"]:
        EFFECTS[effect](state, r, events, name)


def _earthquake(state: dict, r: random.Random, events: list, name: str) -> None:
    hands = state["hands"]
    state["hands"] = {R.right_of(state, p): hands[p] for p in state["players"]}
    events.append({"type": "hands_passed"})


def _ask(state: dict, name: str, make) -> None:
    """Queue decision make(p) of each player p, from `name` clockwise, who has a card to choose."""
    # Each player chooses from their own hand or territory, which no one else's choice
    # touches, so whoever has nothing to choose now never will.
    for p in R.clockwise_from(state, name):
        entry = make(p)
        if R.choices(state, entry):
            state["pending"].append(entry)


def _famine(state: dict, r: random.Random, events: list, name: str) -> None:
    cards = state["deck"]["cards"]

    def hunger(p: str) -> dict:
        carnivores = [c for c in state["territories"][p] if cards[c]["diet"] == "carnivore"]
        return {"kind": "famine", "player": p, "left": len(carnivores), "carnivores": carnivores}

    _ask(state, name, hunger)


def _epidemic(state: dict, r: random.Random, events: list, name: str) -> None:
    cid = draw(state, r, events)
    if cid is None:
        events.append({"type": "epidemic", "card": None})
        return
    state["cemetery"].append(cid)
    diet = R.card(state, cid)["diet"]
    events.append({"type": "epidemic", "card": cid, "diet": diet})
    _ask(state, name, lambda p: {"kind": "epidemic", "player": p, "diet": diet})


def _stampede(state: dict, r: random.Random, events: list, name: str) -> None:
    _ask(state, name, lambda p: {"kind": "stampede", "player": p})


def _extinction(state: dict, events: list, name: str) -> None:
    if not state["options"]["beginner"]:
        state["cemetery"] += state["hands"][name] + state["territories"][name]
        state["hands"][name] = []
        state["territories"][name] = []
    state["counter"] += 1
    events.append({"type": "extinction", "player": name, "counter": state["counter"]})
    if state["counter"] >= state["end_at"]:
        game_over(state, events, "extinction")


EFFECTS = {"earthquake": _earthquake, "famine": _famine, "epidemic": _epidemic,
           "stampede": _stampede}


def _after_effect(state: dict, r: random.Random, events: list) -> None:
    for giver, cid in state["staged"]:
        receiver = R.right_of(state, giver)
        state["territories"][receiver].append(cid)
        events.append({"type": "trampled", "player": giver, "to": receiver, "card": cid})
    state["staged"] = []
    refill(state, events)
    if not state["display"]:
        game_over(state, events, "exhausted")
    else:
        end_turn(state, r, events)


def refill(state: dict, events: list) -> None:
    """Fill the display back to 3, setting aside environments nobody could ever complete."""
    cards = state["deck"]["cards"]
    gone = set(state["removed"])
    for entry in state["rescued"].values():
        for rescue in entry:
            gone.update(rescue["cards"])
    alive = Counter(c["diet"] for c in cards if not c["bait"] and c["id"] not in gone)
    while True:
        while len(state["display"]) < DISPLAY and state["environments"]:
            eid = state["environments"].pop()
            state["display"].append(eid)
            events.append({"type": "revealed", "environment": eid})
        dead = [e for e in state["display"]
                if not completable(R.environment(state, e)["needs"], alive)]
        if not dead:
            return
        for eid in dead:
            # Rescued dinosaurs never come back, so such an environment could never be done.
            state["display"].remove(eid)
            state["withered"].append(eid)
            events.append({"type": "withered", "environment": eid})


# Turns -----------------------------------------------------------------------------------------

def resume(state: dict, r: random.Random, events: list) -> None:
    """Carry the game on until a player must decide or the game is over."""
    while state["phase"] != "over":
        if state["pending"]:
            entry = state["pending"][0]
            if entry["kind"] == "respond":
                return
            options = R.choices(state, entry)
            if not options:
                state["pending"].pop(0)
                continue
            if len(options) == 1 and entry["kind"] not in R.OPTIONAL_CHOICES:
                choose(state, events, entry, options[0])
                continue
            return
        phase = state["phase"]
        if phase == "start":
            begin_turn(state, r, events, state["first"])
        elif phase == "action":
            name = state["players"][state["turn"]]
            if R.can_rescue(state, name):
                state["phase"] = "rescue"
            else:
                end_turn(state, r, events)
        elif phase == "effect":
            _after_effect(state, r, events)
        return


def end_turn(state: dict, r: random.Random, events: list) -> None:
    """Pass the turn clockwise."""
    begin_turn(state, r, events, (state["turn"] + 1) % len(state["players"]))


def begin_turn(state: dict, r: random.Random, events: list, seat: int) -> None:
    """Give the turn to `seat`, skipping players who can neither act nor rescue."""
    players = state["players"]
    while True:
        if state["idle"] >= len(players):
            # A whole round in which nobody could act changed nothing: it would repeat forever.
            game_over(state, events, "stalled")
            return
        if state["dry"] >= DROUGHT_ROUNDS * len(players):
            game_over(state, events, "drought")
            return
        name = players[seat]
        state["turn"] = seat
        state["turns"] += 1
        state["dry"] += 1
        events.append({"type": "turn", "player": name})
        if state["hands"][name] or R.can_draw(state):
            state["phase"] = "action"
            return
        state["idle"] += 1
        events.append({"type": "stuck", "player": name})
        if R.can_rescue(state, name):
            state["phase"] = "rescue"
            return
        seat = (seat + 1) % len(players)


def game_over(state: dict, events: list, reason: str) -> None:
    """End the game and score it."""
    state["phase"] = "over"
    state["pending"] = []
    state["result"] = score(state, reason)
    events.append({"type": "game_over", **state["result"]})


def score(state: dict, reason: str) -> dict:
    """Return the result: rescued dinosaurs, variety of environment types, the winners."""
    envs = state["deck"]["environments"]
    saved = {p: sum(len(r["cards"]) for r in state["rescued"][p]) for p in state["players"]}
    variety = {p: len({envs[r["environment"]]["type"] for r in state["rescued"][p]})
               for p in state["players"]}
    best = max((saved[p], variety[p]) for p in state["players"])
    winners = [p for p in state["players"] if (saved[p], variety[p]) == best]
    return {"reason": reason, "scores": saved, "variety": variety, "winners": winners}
