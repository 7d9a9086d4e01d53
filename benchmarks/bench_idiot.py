"""Extreme Idiot speed: judging one play, listing moves, and simulating whole games.

Run the suite with `PYTHONPATH=. python -m pytest benchmarks/bench_idiot.py`, or time 1,000
simulated games with `PYTHONPATH=. python benchmarks/bench_idiot.py [--games N] [--rounds R]`.
The targets: one play judged in 50 µs or less, 1,000 games in 60 s or less.

The naive peer judges a play the way an engine without check_play would: by listing every
legal play of a hand holding the card and looking for it.
"""

from __future__ import annotations

import argparse
import statistics
import time
import timeit

from solver.games import idiot
from solver.games.idiot.bots import simulate
from solver.games.idiot.moves import plays
from solver.games.idiot.pile import read_pile, top_of

SHORT_PILE, SHORT_PLAY = idiot.parse_cards("K♠ 5♥"), idiot.parse_cards("A♦")
LONG_PILE = idiot.parse_cards("3♠ 5♥ 9♦ 9♣ 10♥ J♥ Q♥ K♠ 4♦ 6♣ 6♥ 5♠")
HAND = idiot.parse_cards("A♦ 3♣ 7♦ 8♥ 9♠ J♦ Q♠ K♥ 2♣")


def naive_judge(pile: list[str], play: list[str]) -> bool:
    """Return whether `play` is legal, by listing every play of a hand and searching it."""
    top = top_of(read_pile(pile)[0])
    return play in plays(HAND + play, top)


def test_judge_one_play(benchmark):
    verdict = benchmark(idiot.judge_play, SHORT_PILE, SHORT_PLAY)
    assert verdict.valid and verdict.extra["paragraph"] == "§13"


def test_judge_one_play_as_written(benchmark):
    assert benchmark(idiot.judge_play, "K♠ 5♥", "A♦").valid


def test_judge_one_play_on_a_long_pile(benchmark):
    assert benchmark(idiot.judge_play, LONG_PILE, ["qs"]).codes == ["queen_on_six"]


def test_naive_peer_judges_one_play(benchmark):
    assert benchmark(naive_judge, SHORT_PILE, SHORT_PLAY)


def test_judge_a_game_move(benchmark):
    state = idiot.new(["ann", "bob", "cy", "dan"], 1)
    move = idiot.legal_moves(state)[0]
    assert benchmark(idiot.judge, state, move).valid


def test_legal_moves(benchmark):
    state = idiot.new(["ann", "bob", "cy", "dan"], 1)
    state["hands"]["ann"] = HAND
    assert benchmark(idiot.legal_moves, state)


def test_simulate_twenty_games(benchmark):
    report = benchmark.pedantic(simulate, args=(20, 1), rounds=3, iterations=1)
    assert report["finished"] == 20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    judged = timeit.repeat(lambda: idiot.judge_play(SHORT_PILE, SHORT_PLAY), number=10_000,
                           repeat=7)
    print(f"judge one play: median {statistics.median(judged) / 10_000 * 1e6:.1f} µs, "
          f"best {min(judged) / 10_000 * 1e6:.1f} µs (7 x 10,000 plays)")
    # Wall time and CPU time both: on a shared machine the wall clock also counts waiting.
    wall, cpu, report = [], [], None
    for _ in range(args.rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        report = simulate(args.games, args.seed)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    print(f"simulate {args.games:,} games: median {statistics.median(wall):.1f} s wall, "
          f"{statistics.median(cpu):.1f} s CPU over {args.rounds} rounds; "
          f"{report['finished']:,} finished, median length {report['lengths']['median']} moves")


if __name__ == "__main__":
    main()
