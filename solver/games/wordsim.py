"""Seeded whole games of the word games between computer players (wordbots.py), and what they
say about the game: `simulate` is what `wordref simulate extremis|redyellow` prints.

Start with `play_game`: one game, every move the fastest bot's (wordbots.table_move), and a
record per round. A *round* here is one search: from the cards dealt (In Extremis) or shown
(Red Letter, Yellow Letter) until someone claims them, taps, or the game ends. Each round
records the number of answers the rules admit at each state of the table (a flip, or a new
Thing, changes the state; None when no search is made: a tap, an unknown Thing), how many
flips or discarded Things it took until an answer existed, and how it ended.

Everything is seeded: game i of a simulation is dealt with seed + i, and the bots' noise comes
from the same seed, so a simulation printed twice is the same bytes.
"""

from __future__ import annotations

import statistics

from ..errors import InputError
from . import engine as find_engine
from .wordbots import WordBot, answers, seat_names, table_move

# A game still going after this many moves is counted as unfinished. The longest of 1,000
# seeded three-bot games of In Extremis took well under this (see the README).
DEFAULT_MAX_MOVES = 4000


def play_game(kind: str, levels: list[str], seed: int, options: dict | None = None,
              names: list[str] | None = None, max_moves: int = DEFAULT_MAX_MOVES) -> dict:
    """Play one seeded game between bots at `levels` (in seat order); return its record."""
    module = find_engine(kind)
    names = names or seat_names(levels)
    bots = [WordBot(name, lv, seed) for name, lv in zip(names, levels)]
    state = module.new(list(names), seed, dict(options or {}))
    rounds: list[dict] = []
    current = _open_round(state, module)
    moves = 0
    while state["status"] != "over" and moves < max_moves:
        decision = table_move(state, bots)
        if decision is None:
            break
        state, events = module.apply(state, decision.move)
        moves += 1
        kinds = {e["type"] for e in events}
        if kind == "extremis":
            done = "claim" in kinds or "over" in kinds
        else:
            done = "take" in kinds or "over" in kinds
        if current is not None and ("verdict" in kinds or "claim" in kinds):
            current["won_by"], current["answer"] = decision.player, decision.said
        if done:
            if current is not None:
                current["end"] = _ending(kind, events)
                rounds.append(current)
            current = _open_round(state, module) if state["status"] != "over" else None
        elif "cards" in kinds and current is not None:
            current["states"].append(_answers(state, module))
    if current is not None and current["states"]:
        current["end"] = "over" if state["status"] == "over" else "unfinished"
        rounds.append(current)
    for record in rounds:
        states = record["states"]
        first = next((i for i, n in enumerate(states) if n), None)
        record["until_answer"] = first
        record["taps"] = sum(1 for n in states if n is None) if kind == "extremis" else 0
    return {"seed": seed, "moves": moves, "finished": state["status"] == "over",
            "winners": list(state.get("winners", [])), "why": state.get("why"),
            "levels": dict(zip(names, levels)), "rounds": rounds}


def _open_round(state: dict, module) -> dict:
    return {"states": [_answers(state, module)]}


def _answers(state: dict, module) -> int | None:
    """Return how many answers the rules admit now (None: no search is made)."""
    return answers(state).count if state["status"] == "playing" else None


def _ending(kind: str, events: list[dict]) -> str:
    for event in events:
        if event["type"] == "claim":
            return event["by"]
        if event["type"] == "take":
            return "answer"
        if event["type"] == "over":
            return "over"
    return "over"


def simulate(kind: str, games: int, seed: int, levels: list[str], options: dict | None = None,
             max_moves: int = DEFAULT_MAX_MOVES, progress=None) -> dict:
    """Play `games` seeded games between bots at `levels`; return the summary and every round.

    Game i is dealt with seed + i, and its seats are the levels turned i places, so that every
    level sits in every seat equally often (the first player leads the first round). A win
    shared by k players counts 1/k to each. `progress`, if given, is called with 1 per game.
    """
    if games < 0:
        raise InputError("the number of games cannot be negative")
    if len(levels) < 2:
        raise InputError("a simulation needs at least two computer players")
    names = seat_names(levels)
    by_name = dict(zip(names, levels))
    records = []
    for i in range(games):
        turn = i % len(names)
        seated = names[turn:] + names[:turn]
        records.append(play_game(kind, [by_name[n] for n in seated], seed + i, options,
                                 seated, max_moves))
        if progress is not None:
            progress(1)
    return summarise(kind, records, seed, names, by_name, max_moves, options)


def summarise(kind: str, records: list[dict], seed: int, names: list[str], by_name: dict,
              max_moves: int, options: dict | None) -> dict:
    """Return the figures of a simulation's game records."""
    finished = [r for r in records if r["finished"]]
    rounds = [rd for r in records for rd in r["rounds"]]
    searched = [rd for rd in rounds if rd["states"][0] is not None]
    wins = {n: 0.0 for n in names}
    for record in finished:
        for winner in record["winners"]:
            wins[winner] += 1 / len(record["winners"])
    level_wins: dict[str, float] = {}
    for name, share in wins.items():
        level_wins[by_name[name]] = level_wins.get(by_name[name], 0.0) + share
    round_wins: dict[str, int] = {lv: 0 for lv in by_name.values()}
    for rd in rounds:
        if rd.get("won_by") in by_name:
            round_wins[by_name[rd["won_by"]]] += 1
    until = [rd["until_answer"] for rd in rounds if rd["until_answer"] is not None]
    states = [n for rd in rounds for n in rd["states"] if n is not None]
    lang = (options or {}).get("lang", "en")
    return {
        "game": kind, "lang": lang, "games": len(records), "finished": len(finished),
        "unfinished": len(records) - len(finished), "seed": seed, "max_moves": max_moves,
        "players": names, "levels": by_name,
        "moves": _spread([r["moves"] for r in finished]),
        "rounds": len(rounds),
        "rounds_per_game": _spread([len(r["rounds"]) for r in finished]),
        "first_state_no_answer": _share(sum(1 for rd in searched if rd["states"][0] == 0),
                                        len(searched)),
        "first_state_tap": _share(len(rounds) - len(searched), len(rounds)),
        "until_answer": _spread(until),
        "never_answer": _share(len(rounds) - len(until), len(rounds)),
        "taps": sum(rd["taps"] for rd in rounds),
        "answers_per_state": _spread(states),
        "endings": _count(rd.get("end", "unfinished") for rd in rounds),
        "wins": {n: round(w, 4) for n, w in wins.items()},
        "win_rates": {lv: _share(w, len(finished)) for lv, w in level_wins.items()},
        "round_win_rates": {lv: _share(w, len(rounds)) for lv, w in round_wins.items()},
        "per_game": records,
    }


def _share(part: float, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def _count(items) -> dict:
    out: dict[str, int] = {}
    for item in items:
        out[item] = out.get(item, 0) + 1
    return dict(sorted(out.items()))


def _spread(values: list) -> dict:
    """Return the min, median, mean and max of `values` (None each when there are none)."""
    if not values:
        return {"min": None, "median": None, "mean": None, "max": None}
    return {"min": min(values), "median": statistics.median(values),
            "mean": round(statistics.fmean(values), 2), "max": max(values)}
