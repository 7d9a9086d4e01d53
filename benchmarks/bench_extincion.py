"""¡Extinción! speed: whole simulated games, and one move applied, beside a naive peer.

    PYTHONPATH=. python -m pytest benchmarks/bench_extincion.py
    PYTHONPATH=. python benchmarks/bench_extincion.py [--games 1000] [--repeat 3]

The script times whole batches of simulated games and prints the median batch; the target is
1,000 games in at most 60 seconds.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import time

from solver.games import extincion as X
from solver.games.base import rng
from solver.games.extincion.bots import greedy_player, simulate
from solver.games.extincion.play import perform

PLAYERS = ["ann", "bob", "cy", "dee"]


def positions(count: int = 200, seed: int = 5) -> list[tuple[dict, dict]]:
    """Return (state, move) pairs from greedy games of four, a fixed corpus for the move timings."""
    out: list[tuple[dict, dict]] = []
    game = 0
    while len(out) < count:
        state = X.new(PLAYERS, seed + game)
        moves = random.Random(seed + game)
        while state["phase"] != "over" and len(out) < count:
            move = greedy_player(state, moves)
            out.append((state, move))
            state, _ = X.apply(state, move)
        game += 1
    return out


def naive_apply(state: dict, move: dict) -> tuple[dict, list[dict]]:
    """Apply a move the obvious way: deep-copy the whole state, deck included."""
    verdict = X.judge(state, move)
    if not verdict.valid:
        raise ValueError(verdict.summary())
    after = copy.deepcopy(state)
    events: list[dict] = []
    perform(after, move, rng(state), events)
    after["step"] += 1
    return after, events


def run_all(apply, corpus) -> None:
    for state, move in corpus:
        apply(state, move)


def test_simulate_100_greedy_games_of_four(benchmark):
    report = benchmark.pedantic(simulate, args=(100, 1), rounds=3, iterations=1)
    assert report["finished"] == 100


def test_simulate_100_random_games_of_four(benchmark):
    report = benchmark.pedantic(simulate, args=(100, 1), kwargs={"strategy": "random"},
                                rounds=3, iterations=1)
    assert report["finished"] == 100


def test_apply_200_moves(benchmark):
    corpus = positions()
    benchmark(run_all, X.apply, corpus)


def test_apply_200_moves_naive_deepcopy(benchmark):
    corpus = positions()
    benchmark(run_all, naive_apply, corpus)


def test_judge_200_moves(benchmark):
    corpus = positions()
    benchmark(lambda: [X.judge(state, move) for state, move in corpus])


def test_legal_moves_200_positions(benchmark):
    corpus = positions()
    benchmark(lambda: [X.legal_moves(state) for state, _move in corpus])


def main() -> None:
    """Time batches of simulated games and print the median batch."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--strategy", default="greedy", choices=["greedy", "random"])
    args = parser.parse_args()
    wall, cpu = [], []
    for run in range(args.repeat):
        started, used = time.perf_counter(), time.process_time()
        report = simulate(args.games, seed=run, players=args.players, strategy=args.strategy)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - used)
        print(f"run {run + 1}: {args.games} {args.strategy} games of {args.players}: "
              f"{wall[-1]:.1f} s ({cpu[-1]:.1f} s of CPU), {report['finished']} finished, "
              f"median {report['lengths']['moves']['median']} moves")
    print(f"median: {statistics.median(wall):.1f} s for {args.games} games "
          f"({1000 * statistics.median(wall) / args.games:.1f} ms a game; "
          f"{statistics.median(cpu):.1f} s of CPU)")


if __name__ == "__main__":
    main()
