"""pytest-benchmark suites for In Extremis on the bundled English lexicon, with the naive peers.

    python -m pytest benchmarks/bench_extremis.py --benchmark-only

Each benchmark runs a whole query mix (mix.py) per round; divide by the query count for a
per-query figure (compare.py prints that directly, with medians per query and ratios).
"""

import pytest

from solver import extremis
from solver.lexicon import Lexicon

from mix import LoopPeer, RegexPeer, query_mix, ranked_words

MIX = query_mix(500)
PEER_MIX = MIX[:50]  # the peers take milliseconds a query


@pytest.fixture(scope="module")
def en():
    return Lexicon.open("en")


@pytest.fixture(scope="module")
def words(en):
    return ranked_words(en)


def test_any_wordref(benchmark, en):
    benchmark(lambda: [extremis.any_word(en, c) for c in MIX])


def test_solve_top10_wordref(benchmark, en):
    benchmark(lambda: [extremis.solve(en, c, 10) for c in MIX])


def test_judge_valid_wordref(benchmark, en):
    pairs = [(c, found.words[0]) for c in MIX
             if (found := extremis.solve(en, c, 1)).words]
    benchmark(lambda: [extremis.judge(en, c, w) for c, w in pairs])


def test_judge_non_word_wordref(benchmark, en):
    pairs = [(c, found.words[0][:-1] + "q") for c in MIX[:100]
             if (found := extremis.solve(en, c, 1)).words]
    benchmark(lambda: [extremis.judge(en, c, w) for c, w in pairs])


def test_any_wordref_peer_mix(benchmark, en):
    benchmark(lambda: [extremis.any_word(en, c) for c in PEER_MIX])


def test_any_regex_peer(benchmark, words):
    peer = RegexPeer(words)
    benchmark(lambda: [peer.any(c) for c in PEER_MIX])


def test_any_loop_peer(benchmark, words):
    peer = LoopPeer(words)
    benchmark(lambda: [peer.any(c) for c in PEER_MIX])


def test_solve_regex_peer(benchmark, words):
    peer = RegexPeer(words)
    benchmark(lambda: [peer.solve(c) for c in PEER_MIX])
