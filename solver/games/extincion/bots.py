"""¡Extinción! computer players and simulated games.

A player is a function (state, rng) -> move that returns a legal move for whoever the game
awaits. random_player picks a kind of action at random, then one of its moves; greedy_player
rescues as much as it can and plays towards the environments on display. simulate() plays
seeded games between copies of one of them and reports their length and the effect of seat
order.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter

from ...errors import InputError
from .engine import apply, new
from .deck import load_deck, sample_deck
from .judge import decision_moves, legal_moves, play_moves, rescue_moves
from . import rules as R

EGG = "egg_thief"
DEFAULT_MAX_MOVES = 5000


def random_player(state: dict, rng: random.Random) -> dict:
    """Return a random legal move: a kind of Phase 1 action first, then one of that kind."""
    name = R.to_act(state)
    if state["pending"] or state["phase"] != "action":
        return rng.choice(legal_moves(state))
    hand = state["hands"][name]
    # Listing every discard would make nearly every random move a discard: 2^hand of them.
    kinds = []
    plays = play_moves(state, name)
    if plays:
        kinds.append(plays)
    if len(hand) < R.HAND_TARGET and R.can_draw(state):
        kinds.append([{"type": "draw", "player": name}])
    if hand:
        part = sorted(c for c in hand if rng.random() < 0.5) or [rng.choice(hand)]
        kinds.append([{"type": "discard", "player": name, "cards": part}])
    return rng.choice(rng.choice(kinds))


def greedy_player(state: dict, rng: random.Random) -> dict:
    """Return the move of a greedy rescuer: the biggest rescue now, else the best-looking play."""
    name = R.to_act(state)
    if state["pending"]:
        return _decide(state, name, rng)
    if state["phase"] == "rescue":
        rescues = rescue_moves(state, name)
        if not rescues:
            return {"type": "pass", "player": name}
        return max(rescues, key=lambda m: (len(m["cards"]), _new_type(state, name, m)))
    return _act(state, name, rng)


# Greedy judgement ------------------------------------------------------------------------------

DIETS = ("carnivore", "herbivore", "scavenger", "piscivore", EGG)


def _gap(need: tuple, have: dict) -> int:
    """Return how many dinosaurs `have` lacks to fill one environment (one Egg Thief wild)."""
    icons, thieves = need
    short = 0
    for diet, n in icons:
        if n > have[diet]:
            short += n - have[diet]
    if short and have[EGG] > thieves:
        short -= 1
    return short + max(0, thieves - have[EGG])


def _best_gap(needs: list[tuple], have: dict) -> int:
    return min((_gap(need, have) for need in needs), default=0)


def _worths(needs: list[tuple], have: dict, sign: int) -> dict[str, int]:
    """Return, per diet, how much closer to a rescue `have` gets by gaining (or losing) one."""
    # Profiling showed the greedy player spending most of its time here when it was asked
    # move by move; five answers per territory cover every move of the turn.
    now = _best_gap(needs, have)
    out = {}
    for diet in DIETS:
        if sign < 0 and not have[diet]:
            out[diet] = 0
            continue
        have[diet] += sign
        out[diet] = now - _best_gap(needs, have)
        have[diet] -= sign
    return out


def _needs(state: dict) -> list[tuple]:
    """Return the display's icons as ((diet, count) pairs but Egg Thieves, Egg Thieves)."""
    out = []
    for eid in state["display"]:
        need = Counter(R.environment(state, eid)["needs"])
        out.append((tuple((d, n) for d, n in need.items() if d != EGG), need[EGG]))
    return out


def _diets(state: dict, name: str) -> dict[str, int]:
    have = dict.fromkeys(DIETS, 0)
    cards = state["deck"]["cards"]
    for cid in state["territories"][name]:
        have[cards[cid]["diet"]] += 1
    return have


def _new_type(state: dict, name: str, move: dict) -> bool:
    envs = state["deck"]["environments"]
    kinds = {envs[r["environment"]]["type"] for r in state["rescued"][name]}
    return envs[move["environment"]]["type"] not in kinds


def _act(state: dict, name: str, rng: random.Random) -> dict:
    # Moves are valued in steps towards a rescue: 3 for each icon a card fills in the player's
    # territory, 1 for each an opponent loses, about 0.5 for a card gained; ties go by chance.
    cards = state["deck"]["cards"]
    needs = _needs(state)
    gain = _worths(needs, _diets(state, name), +1)
    losses: dict[str, dict[str, int]] = {}
    leader = max(state["players"], key=lambda p: sum(len(r["cards"]) for r in
                                                     state["rescued"][p]))
    hand = state["hands"][name]
    scored = []
    for move in play_moves(state, name):
        card = cards[move["card"]]
        value = 0.0 if card["bait"] else 3.0 * gain[card["diet"]]
        target = move.get("target")
        if move.get("swift"):
            # The hand is one card lighter once the lizard is on the table.
            value += 0.4 * max(0, R.HAND_TARGET - len(hand) + 1)
        elif card["bait"] or card["diet"] in ("carnivore", "egg_thief"):
            victim = cards[target]["diet"]
            holder = R.owner(state, target)
            if holder not in losses:
                losses[holder] = _worths(needs, _diets(state, holder), -1)
            value += 1.0 * losses[holder][victim] + 0.3 * (holder == leader)
            if card["bait"]:
                value += 0.5 + 3.0 * gain[victim]
            else:
                value += 0.8 if card["diet"] == EGG else 0.5
        else:
            value += 0.6 if card["diet"] == "piscivore" else 0.5
        scored.append((value, rng.random(), move))
    if len(hand) < R.HAND_TARGET and R.can_draw(state):
        scored.append((0.45 * (R.HAND_TARGET - len(hand)), rng.random(),
                       {"type": "draw", "player": name}))
    best = max(scored, key=lambda s: s[:2], default=None)
    if best is not None and best[0] > 0.3:
        return best[2]
    useless = sorted(c for c in hand if cards[c]["bait"] or gain[cards[c]["diet"]] <= 0)
    if useless:
        return {"type": "discard", "player": name, "cards": useless}
    return best[2] if best is not None else {"type": "discard", "player": name,
                                             "cards": [rng.choice(hand)]}


def _decide(state: dict, name: str, rng: random.Random) -> dict:
    entry = state["pending"][0]
    moves = decision_moves(state)
    if entry["kind"] == "respond":
        return moves[0]  # a Clever Girl first, whenever one is held
    choices = [m for m in moves if m["type"] == "choose"]
    needs = _needs(state)
    have = _diets(state, name)
    cards = state["deck"]["cards"]
    if entry["kind"] in ("famine", "epidemic"):
        # Give up the dinosaur whose loss sets the next rescue back least.
        loss = _worths(needs, have, -1)
        return max(choices, key=lambda m: loss[cards[m["card"]]["diet"]])
    gain = _worths(needs, have, +1)
    if entry["kind"] in ("start", "companion"):
        return max(choices, key=lambda m: gain[cards[m["card"]]["diet"]])
    return min(choices, key=lambda m: gain[cards[m["card"]]["diet"]])


# Simulation ------------------------------------------------------------------------------------

STRATEGIES = {"greedy": greedy_player, "random": random_player}


def simulate(games: int, seed: int, players: int = 4, deck=None, strategy: str = "greedy",
             max_moves: int = DEFAULT_MAX_MOVES, options: dict | None = None,
             progress=None) -> dict:
    """Play `games` seeded games and return their lengths, endings and wins by seat.

    Seat 0 plays first. A game still running after `max_moves` moves counts as unfinished.
    `progress`, if given, is called with 1 after each game.
    """
    if strategy not in STRATEGIES:
        raise InputError(f"unknown strategy {strategy!r} (strategies: {', '.join(STRATEGIES)})")
    if not isinstance(games, int) or games < 0:
        raise InputError(f"the number of games is a whole number, not {games!r}")
    bot = STRATEGIES[strategy]
    deck = sample_deck() if deck is None else load_deck(deck)
    names = [f"p{i + 1}" for i in range(players)]
    master = random.Random(seed)
    moves, turns, endings = [], [], Counter()
    seat_wins = [0] * players
    finished = 0
    for _ in range(games):
        game_seed = master.getrandbits(32)
        state = play_game(names, game_seed, bot, deck, max_moves, options)
        if progress is not None:
            progress(1)
        if state["phase"] != "over":
            continue
        finished += 1
        moves.append(state["step"])
        turns.append(state["turns"])
        endings[state["result"]["reason"]] += 1
        for winner in state["result"]["winners"]:
            seat_wins[(names.index(winner) - state["first"]) % players] += 1
    return {"games": games, "finished": finished, "unfinished": games - finished,
            "players": players, "strategy": strategy, "seed": seed,
            "deck": deck.name, "lengths": {"moves": _spread(moves), "turns": _spread(turns)},
            "endings": dict(endings), "seat_wins": seat_wins,
            "seat_win_rate": [round(w / finished, 4) if finished else 0.0 for w in seat_wins]}


def play_game(names: list[str], seed: int, bot, deck=None, max_moves: int = DEFAULT_MAX_MOVES,
              options: dict | None = None, record: list | None = None) -> dict:
    """Play one game between copies of `bot`; return its last state.

    With `record` (a list), append each (state before, move) pair to it.
    """
    state = new(names, seed, {**(options or {}), "deck": deck})
    rng = random.Random(seed)
    for _ in range(max_moves):
        if state["phase"] == "over":
            break
        move = bot(state, rng)
        if record is not None:
            record.append((state, move))
        state, _events = apply(state, move)
    return state


def _spread(values: list[int]) -> dict:
    if not values:
        return {"min": 0, "median": 0, "mean": 0.0, "max": 0}
    return {"min": min(values), "median": statistics.median(values),
            "mean": round(statistics.fmean(values), 1), "max": max(values)}
