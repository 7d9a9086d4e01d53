"""pytest-benchmark suites for In Extremis on the bundled English lexicon, with the peers.

    python -m pytest benchmarks/bench_extremis.py --benchmark-only

Each benchmark runs a whole query mix (mix.py) per round, from text, with fresh cards per
query as the CLI and the service make them; divide by the query count for a per-query figure
(compare.py prints that directly, with medians per query, every peer and the ratios).
"""

import pytest

from solver import extremis
from solver.extremis import Cards
from solver.lexicon import Lexicon

from mix import as_text, query_mix, ranked_keys, ranked_words
from peers import LoopPeer, NumpyPeer, RegexPeer, RoaringPeer

MIX = [as_text(c) for c in query_mix(500)]
PEER_MIX = MIX[:50]  # the regex and loop peers take milliseconds a query


@pytest.fixture(scope="module")
def en():
    return Lexicon.open("en")


@pytest.fixture(scope="module")
def words(en):
    return ranked_keys(en), en.alphabet.letters, ranked_words(en)


def test_any_wordref(benchmark, en):
    benchmark(lambda: [extremis.any_word(en, Cards.parse(en.alphabet, *t)) for t in MIX])


def test_solve_top10_wordref(benchmark, en):
    benchmark(lambda: [extremis.solve(en, Cards.parse(en.alphabet, *t), 10) for t in MIX])


def test_judge_valid_wordref(benchmark, en):
    pairs = [(Cards.parse(en.alphabet, *t), found.words[0]) for t in MIX
             if (found := extremis.solve(en, Cards.parse(en.alphabet, *t), 1)).words]
    benchmark(lambda: [extremis.judge(en, c, w) for c, w in pairs])


def test_judge_non_word_wordref(benchmark, en):
    pairs = [(Cards.parse(en.alphabet, *t), found.words[0][:-1] + "q") for t in MIX[:100]
             if (found := extremis.solve(en, Cards.parse(en.alphabet, *t), 1)).words]
    benchmark(lambda: [extremis.judge(en, c, w) for c, w in pairs])


@pytest.mark.parametrize("peer", [NumpyPeer, RoaringPeer])
def test_any_fast_peer(benchmark, words, peer):
    pytest.importorskip("pyroaring" if peer is RoaringPeer else "numpy")
    made = peer(*words)
    benchmark(lambda: [made.any(t) for t in MIX])


@pytest.mark.parametrize("peer", [NumpyPeer, RoaringPeer])
def test_solve_fast_peer(benchmark, words, peer):
    pytest.importorskip("pyroaring" if peer is RoaringPeer else "numpy")
    made = peer(*words)
    benchmark(lambda: [made.solve(t) for t in MIX])


def test_any_wordref_peer_mix(benchmark, en):
    benchmark(lambda: [extremis.any_word(en, Cards.parse(en.alphabet, *t)) for t in PEER_MIX])


@pytest.mark.parametrize("peer", [RegexPeer, LoopPeer])
def test_any_slow_peer(benchmark, words, peer):
    made = peer(*words)
    benchmark(lambda: [made.any(t) for t in PEER_MIX])


def test_solve_regex_peer(benchmark, words):
    made = RegexPeer(*words)
    benchmark(lambda: [made.solve(t) for t in PEER_MIX])
