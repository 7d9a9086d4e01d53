"""Per-query medians for In Extremis on a bundled lexicon, side by side with the naive peers.

    python benchmarks/compare.py [--lang en] [--queries 2000] [--peer-queries 200]

Every query of the mix (mix.py) is timed on its own (the mean of a few back-to-back runs, after
one warm run that decodes the bitsets it needs); the table gives the median and the 90th
percentile over the queries, and the ratio of the peers' medians to wordref's on the same queries.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from mix import LoopPeer, RegexPeer, query_mix, ranked_words  # noqa: E402

from solver import extremis  # noqa: E402
from solver.lexicon import Lexicon  # noqa: E402


def per_query(fn, items, reps: int) -> list[float]:
    """Return the time of fn(item) in microseconds for each item (mean of `reps` runs)."""
    out = []
    clock = time.perf_counter_ns
    for item in items:
        fn(item)
        start = clock()
        for _ in range(reps):
            fn(item)
        out.append((clock() - start) / reps / 1000)
    return out


def summary(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    return statistics.median(times), times[int(len(times) * 0.9)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en")
    parser.add_argument("--queries", type=int, default=2000)
    parser.add_argument("--peer-queries", type=int, default=200)
    args = parser.parse_args()

    lex = Lexicon.open(args.lang)
    letters = lex.alphabet.letters
    mix = query_mix(args.queries, letters=letters)
    stumped = [c for c in mix if not extremis.any_word(lex, c)]
    answered = [c for c in mix if c not in stumped]
    valid = [(c, extremis.solve(lex, c, 1).words[0]) for c in answered]
    non_words = [(c, w[:-1] + ("q" if w[-1] != "q" else "z")) for c, w in valid]
    non_words = [(c, w) for c, w in non_words if w not in lex][:300]
    words = ranked_words(lex)
    regex, loop = RegexPeer(words), LoopPeer(words)
    peer_mix = mix[:args.peer_queries]

    rows = []

    def row(name, fn, items, reps, peers=()):
        mine = per_query(fn, items, reps)
        med, p90 = summary(mine)
        line = [name, f"{med:.2f}", f"{p90:.2f}", str(len(items))]
        for peer_name, peer_fn in peers:
            theirs = summary(per_query(peer_fn, peer_mix, 1))[0]
            ours = summary(per_query(fn, peer_mix, reps))[0]
            line.append(f"{peer_name} {theirs:,.0f} us = {theirs / ours:,.0f}x")
        rows.append(line)

    row("any(), every query", lambda c: extremis.any_word(lex, c), mix, 20,
        [("regex", regex.any), ("loop", loop.any)])
    row("any(), answered", lambda c: extremis.any_word(lex, c), answered, 20)
    row("any(), stumped", lambda c: extremis.any_word(lex, c), stumped, 20)
    row("solve top 10 + count", lambda c: extremis.solve(lex, c, 10), mix, 10,
        [("regex", regex.solve), ("loop", loop.solve)])
    row("judge a valid word", lambda cw: extremis.judge(lex, *cw), valid, 10)
    row("judge a non-word (suggestions)", lambda cw: extremis.judge(lex, *cw), non_words, 1)

    print(f"{lex.language} lexicon: {len(lex):,} words; {len(mix)} queries, "
          f"{len(stumped)} stumped ({len(stumped) / len(mix):.0%}); "
          f"peers on the first {len(peer_mix)}")
    print(f"| {'measure':<32} | median us | p90 us | queries | peers (median, ratio) |")
    print(f"|{'-' * 34}|-----------|--------|---------|-----------------------|")
    for name, med, p90, n, *peers in rows:
        print(f"| {name:<32} | {med:>9} | {p90:>6} | {n:>7} | {'; '.join(peers)} |")


if __name__ == "__main__":
    main()
