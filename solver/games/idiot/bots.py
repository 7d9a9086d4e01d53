"""Computer players for Extreme Idiot, and seeded simulations of whole games.

A player is a function (state, rng) -> move that returns one of legal_moves(state). Both pick
up only when nothing else is legal, so that games move on.
"""

from __future__ import annotations

import random
import statistics

from ...errors import InputError
from . import engine as idiot
from .apply import held
from .cards import JOKER, QUEEN, RANK

# How much a card is worth keeping for later, by rank: the cards that go on nearly anything
# (5, 10, 2, joker) are worth most; low cards and queens are played as soon as they may go.
_KEEP = {2: 7, 3: 1, 4: 2, 5: 10, 6: 3, 7: 3, 8: 4, 9: 5, 10: 9, 11: 5, 12: 4, 13: 6, 14: 7,
         JOKER: 8}
DEFAULT_MAX_MOVES = 3000


def random_player(state: dict, rng: random.Random) -> dict:
    """Return a legal move chosen at random, picking up only when nothing else is legal."""
    moves = idiot.legal_moves(state)
    others = [m for m in moves if m["type"] != "pickup"]
    return rng.choice(others or moves)


def greedy_player(state: dict, rng: random.Random) -> dict:
    """Return the move that sheds the most cards worth the least, keeping 2s, 5s, 10s, jokers.

    Once the game has come back to a position it was in before, the move is random instead:
    players who always choose alike would go round the same cycle until the stalemate rule
    ended the game.
    """
    if state["repeats"] > 1:
        return random_player(state, rng)
    moves = idiot.legal_moves(state)
    kind = moves[0]["type"]
    if kind == "give":
        return _best_give(state, moves)
    if kind == "play_out":
        return max((m for m in moves if m["type"] == "play_out"),
                   key=lambda m: (RANK[m["card"]] == 10, _KEEP[RANK[m["card"]]]))
    plays = [m for m in moves if m["type"] == "play"]
    if plays:
        pile = len(state["pile"])
        return max(plays, key=lambda m: _score(m["cards"], pile))
    flips = [m for m in moves if m["type"] == "flip"]
    return rng.choice(flips) if flips else moves[0]


def _score(cards: list[str], pile: int) -> int:
    """Return how good laying `cards` is: ten points a card, less what each is worth keeping."""
    score = sum(10 - _KEEP[RANK[c]] for c in cards)
    if RANK[cards[-1]] == 10:
        score += pile               # a burn is worth more the more it clears
    return score


def _best_give(state: dict, moves: list[dict]) -> dict:
    """Give the card hardest to play (a queen, else the lowest) to the player closest to out."""
    def worst(m: dict) -> tuple:
        rank = RANK[m["card"]]
        return (rank != QUEEN, _KEEP[rank], held(state, m["to"]))

    return min(moves, key=worst)


STRATEGIES = {"greedy": greedy_player, "random": random_player}


def play_game(players: list[str], seed: int, strategy: str = "greedy",
              max_moves: int = DEFAULT_MAX_MOVES, options: dict | None = None) -> dict:
    """Play one seeded game with computer players; return its final state."""
    bot = _strategy(strategy)
    state = idiot.new(players, seed, options)
    rng = random.Random(f"{seed}:bots")
    while not state["over"] and state["step"] < max_moves:
        state, _ = idiot.apply(state, bot(state, rng))
    return state


def simulate(games: int, seed: int, players: int = 4, strategy: str = "greedy",
             max_moves: int = DEFAULT_MAX_MOVES, options: dict | None = None,
             progress=None) -> dict:
    """Play `games` seeded games; return how long they ran and which seats won.

    Game i is dealt with seed `seed + i`. A game still going after `max_moves` moves counts as
    not finished. seat_wins[k] counts the games seat k finished first in. `progress`, if given,
    is called with 1 after each game.
    """
    if games < 0:
        raise InputError("the number of games cannot be negative")
    _strategy(strategy)
    names = [f"p{k + 1}" for k in range(players)]
    lengths, wins, idiots, finished = [], [0] * players, [0] * players, 0
    for i in range(games):
        state = play_game(names, seed + i, strategy, max_moves, options)
        if progress is not None:
            progress(1)
        if not state["over"]:
            continue
        finished += 1
        lengths.append(state["step"])
        if state["out"]:
            wins[names.index(state["out"][0])] += 1
        if state["idiot"]:
            idiots[names.index(state["idiot"])] += 1
    return {
        "games": games, "finished": finished, "unfinished": games - finished, "seed": seed,
        "players": players, "strategy": strategy, "max_moves": max_moves,
        "lengths": _spread(lengths),
        "seat_wins": wins,
        "seat_win_rates": [round(w / finished, 4) if finished else 0.0 for w in wins],
        "seat_idiots": idiots,
    }


def _strategy(name: str):
    if name not in STRATEGIES:
        raise InputError(f"unknown strategy {name!r} (strategies: {', '.join(STRATEGIES)})")
    return STRATEGIES[name]


def _spread(lengths: list[int]) -> dict:
    """Return the min, median, mean and max of the game lengths, in moves."""
    if not lengths:
        return {"min": None, "median": None, "mean": None, "max": None}
    return {"min": min(lengths), "median": statistics.median(lengths),
            "mean": round(statistics.fmean(lengths), 1), "max": max(lengths)}
