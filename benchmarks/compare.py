"""Per-query medians for In Extremis on a bundled lexicon, side by side with five peers.

    python benchmarks/compare.py [--lang en] [--queries 2000] [--slow-queries 200]

Every query of the mix (mix.py) is timed on its own (the mean of a few back-to-back runs, after
one warm run that decodes the bitsets it needs); the table gives the median and the 90th
percentile over the queries. Queries arrive as text and each call makes fresh cards from it, as
the CLI and the service do (Cards.parse); the "cards reused" rows time the query alone. Each
peer (peers.py) answers the same queries from the same text, its answers are checked equal to
wordref's first, and its median is divided by wordref's median on the same queries: a ratio
above 1 means wordref is faster. The fast peers (numpy, pyroaring) run the whole mix; the slow
ones (SQLite, regex, loop: milliseconds a query) the first --slow-queries of it, once each.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's wordref

from mix import as_text, query_mix, ranked_keys, ranked_words  # noqa: E402
from peers import PEERS, SLOW  # noqa: E402

from solver import extremis  # noqa: E402
from solver.extremis import Cards  # noqa: E402
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


def load_peers(lex, names: list[str]) -> list:
    keys, shown = ranked_keys(lex), ranked_words(lex)
    peers = []
    for peer in PEERS:
        if peer.name not in names:
            continue
        started = time.perf_counter()
        try:
            peers.append(peer(keys, lex.alphabet.letters, shown))
        except ImportError as err:
            sys.exit(f"the {peer.name} peer needs {err.name}: pip install -e '.[bench]'")
        print(f"{peer.name} peer built in {time.perf_counter() - started:.1f} s",
              file=sys.stderr)
    return peers


def check_equal(lex, peer, texts) -> None:
    """Stop unless the peer answers every query exactly as wordref does."""
    for text in texts:
        cards = Cards.parse(lex.alphabet, *text)
        mine = extremis.solve(lex, cards, 10)
        theirs = peer.solve(text)
        if (peer.any(text), peer.count(text), theirs) != (
                extremis.any_word(lex, cards), mine.count, (mine.count, mine.words)):
            sys.exit(f"the {peer.name} peer disagrees with wordref on {text}: "
                     f"{theirs} against {(mine.count, mine.words)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en")
    parser.add_argument("--queries", type=int, default=2000)
    parser.add_argument("--slow-queries", type=int, default=200)
    parser.add_argument("--peers", default=",".join(p.name for p in PEERS))
    args = parser.parse_args()

    lex = Lexicon.open(args.lang)
    letters, alphabet = lex.alphabet.letters, lex.alphabet
    mix = query_mix(args.queries, letters=letters)
    texts = [as_text(c) for c in mix]
    stumped = [t for t, c in zip(texts, mix) if not extremis.any_word(lex, c)]
    answered = [t for t, c in zip(texts, mix) if extremis.any_word(lex, c)]
    valid = [(t, extremis.solve(lex, Cards.parse(alphabet, *t), 1).words[0]) for t in answered]
    non_words = [(t, w[:-1] + ("q" if w[-1] != "q" else "z")) for t, w in valid]
    non_words = [(t, w) for t, w in non_words if w not in lex][:300]
    peers = load_peers(lex, args.peers.split(","))
    slow_mix = texts[:args.slow_queries]
    for peer in peers:
        check_equal(lex, peer, slow_mix if peer.name in SLOW else texts)

    parse = Cards.parse
    verbs = {
        "any": lambda t: extremis.any_word(lex, parse(alphabet, *t)),
        "count": lambda t: extremis.count(lex, parse(alphabet, *t)),
        "solve": lambda t: extremis.solve(lex, parse(alphabet, *t), 10),
    }
    rows = []

    def row(name, fn, items, reps, verb=None):
        med, p90 = summary(per_query(fn, items, reps))
        line = [name, f"{med:.2f}", f"{p90:.2f}", str(len(items))]
        for peer in peers if verb else ():
            slow = peer.name in SLOW
            on = slow_mix if slow else items
            theirs = summary(per_query(getattr(peer, verb), on, 1 if slow else reps))[0]
            ours = med if on is items else summary(per_query(fn, on, reps))[0]
            line.append(f"{peer.name} {theirs:,.{2 if theirs < 100 else 0}f} us = "
                        f"{theirs / ours:,.{2 if theirs / ours < 10 else 0}f}x")
        rows.append(line)

    row("any(), fresh cards", verbs["any"], texts, 20, "any")
    row("any(), cards reused", lambda c: extremis.any_word(lex, c), mix, 20)
    row("any(), fresh, answered", verbs["any"], answered, 20)
    row("any(), fresh, stumped", verbs["any"], stumped, 20)
    row("count, fresh cards", verbs["count"], texts, 20, "count")
    row("solve top 10 + count, fresh", verbs["solve"], texts, 10, "solve")
    row("solve top 10 + count, reused", lambda c: extremis.solve(lex, c, 10), mix, 10)
    row("judge a valid word", lambda tw: extremis.judge(lex, parse(alphabet, *tw[0]), tw[1]),
        valid, 10)
    row("judge a non-word (suggestions)",
        lambda tw: extremis.judge(lex, parse(alphabet, *tw[0]), tw[1]), non_words, 1)

    print(f"{lex.language} lexicon: {len(lex):,} words; {len(mix)} queries, "
          f"{len(stumped)} stumped ({len(stumped) / len(mix):.0%}); slow peers on the first "
          f"{len(slow_mix)}; every peer's answers checked equal to wordref's")
    print(f"| {'measure':<30} | median us | p90 us | queries | peers (median, peer / wordref) |")
    print(f"|{'-' * 32}|-----------|--------|---------|--------------------------------|")
    for name, med, p90, n, *theirs in rows:
        print(f"| {name:<30} | {med:>9} | {p90:>6} | {n:>7} | {'; '.join(theirs)} |")


if __name__ == "__main__":
    main()
