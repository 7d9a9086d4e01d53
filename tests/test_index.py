"""Every index query equals a brute-force filter over the same word list."""

import random

import pytest

from hypothesis import given, settings, strategies as st

from solver import extremis
from solver.extremis import Cards
from solver.index import _DENSE, _peel_bytes, lowest_bits
from solver.lexicon import Lexicon, WordFilter

from conftest import make_lexicon

LETTERS = "abcde"  # few letters, so that repeats, taps and red = initial come up often
word = st.text(alphabet=LETTERS, min_size=1, max_size=7)
lexicon_words = st.dictionaries(word, st.floats(min_value=0, max_value=7, allow_nan=False),
                                min_size=1, max_size=60)
letter = st.sampled_from(LETTERS)
card_set = st.tuples(letter, st.lists(letter, max_size=4), st.lists(letter, max_size=3))


def brute_force(words: dict, cards: Cards, common_only=False) -> list[str]:
    """Return the words that fit, by counting letters, commonest first then A to Z."""
    fit = [w for w in words
           if w[0] == cards.initial
           and all(w.count(l) >= n for l, n in cards.at_least.items())
           and all(w.count(l) <= n for l, n in cards.at_most.items())
           and (not common_only or round(words[w] * 100) >= 300)]
    return sorted(fit, key=lambda w: (-round(words[w] * 100), w))


@settings(max_examples=300, deadline=None)
@given(lexicon_words, card_set, st.booleans())
def test_solve_any_count_equal_brute_force(words, spec, common_only):
    lex = make_lexicon(words, letters=LETTERS + "xyz")
    cards = Cards(spec[0], tuple(spec[1]), tuple(spec[2]))
    filt = WordFilter(common_only=common_only)
    if cards.taps:
        assert extremis.any_word(lex, cards, filt) is None
        return
    expected = brute_force(words, cards, common_only)
    assert extremis.solve(lex, cards, None, filt).words == expected
    assert extremis.solve(lex, cards, 3, filt).words == expected[:3]
    assert extremis.solve(lex, cards, 3, filt).count == len(expected)
    assert extremis.any_word(lex, cards, filt) is bool(expected)
    assert extremis.count(lex, cards, filt) == len(expected)
    for w in words:
        assert extremis.judge(lex, cards, w, filt).valid is (w in expected)


@given(card_set)
def test_cards_work_out_their_constraints_once_and_compare_by_letters(spec):
    import pickle

    initial, green, red = spec
    cards = Cards(initial, green, red)
    need = {initial: 1}
    for g in green:
        need[g] = need.get(g, 0) + 1
    assert cards.at_least == need
    assert cards.at_most == {r: int(r == initial) for r in red}
    assert cards.taps == tuple(sorted(set(green) & set(red)))
    assert dict(cards.need) == {l: k for l, k in need.items() if k > 1 or l != initial}
    assert dict(cards.bad) == {r: int(r == initial) + 1 for r in red}
    same = Cards(initial, tuple(green), tuple(red))
    assert same == cards and hash(same) == hash(cards) and pickle.loads(pickle.dumps(cards)) == cards
    assert Cards(initial, tuple(green) + ("z",), red) != cards


@given(st.integers(min_value=0, max_value=1 << 3000), st.integers(min_value=1, max_value=40))
def test_lowest_bits_equal_brute_force(bits, limit):
    every = [i for i in range(bits.bit_length()) if bits >> i & 1]
    assert lowest_bits(bits) == every
    assert lowest_bits(bits, limit) == every[:limit]


@given(st.sets(st.integers(min_value=0, max_value=140_000), max_size=60),
       st.integers(min_value=1, max_value=40))
def test_lowest_bits_of_sparse_wide_bitsets_equal_brute_force(positions, limit):
    # Wider than every prefix lowest_bits peels before the whole bitset (32,768 bits), sparse
    # so that the answers straddle the prefixes' ends and long empty stretches are jumped.
    bits = sum(1 << i for i in positions)
    every = sorted(positions)
    assert lowest_bits(bits) == every
    assert lowest_bits(bits, limit) == every[:limit]


@given(st.integers(min_value=0, max_value=(1 << 512) - 1),
       st.integers(min_value=0, max_value=5000), st.integers(min_value=1, max_value=600),
       st.lists(st.integers(min_value=0, max_value=99), max_size=3))
def test_peel_bytes_equal_a_plain_reference(window, base, more, before):
    # The byte-at-a-time peel of one 512-bit window, after what `out` already holds (fewer
    # than the limit, as lowest_bits calls it).
    limit = len(before) + more
    every = [base + i for i in range(512) if window >> i & 1]
    out = list(before)
    reached = _peel_bytes(window, base, limit, out)
    assert out == (before + every)[:limit]
    assert reached == (len(before) + len(every) >= limit)


@given(st.sets(st.integers(min_value=0, max_value=511), min_size=_DENSE, max_size=200),
       st.sets(st.integers(min_value=512, max_value=40_000), max_size=40),
       st.integers(min_value=1, max_value=300))
def test_lowest_bits_of_dense_heads_equal_brute_force(head, rest, limit):
    # A first window dense enough to be peeled a byte at a time, with answers beyond it.
    bits = sum(1 << i for i in head | rest)
    every = sorted(head | rest)
    assert lowest_bits(bits, limit) == every[:limit]


@pytest.mark.parametrize("edge", [512, 2048, 8192, 32768])
def test_lowest_bits_at_the_ends_of_the_prefixes(edge):
    positions = [3, edge - 2, edge - 1, edge, edge + 1, edge + 700, 3 * edge + 5]
    bits = sum(1 << i for i in positions)
    for limit in range(1, len(positions) + 2):
        assert lowest_bits(bits, limit) == positions[:limit]
        assert lowest_bits(bits >> 3, limit) == [p - 3 for p in positions[:limit]]


@pytest.mark.parametrize("lang, queries", [("en", 150), ("fr", 40), ("es", 40), ("de", 40),
                                           ("de-umlaut", 30), ("nb", 40)])
def test_bundled_queries_equal_brute_force(lang, queries):
    """Seeded random cards on each bundled lexicon, against a filter of its keys."""
    lex = Lexicon.open(lang)
    rng = random.Random(7)
    alphabet = lex.alphabet.letters
    ranked = {}
    for part in lex.index:
        ranked[part.letter] = [lex.key(p) for p in range(part.start, part.start + part.count)]
    assert sum(map(len, ranked.values())) == len(lex)
    for _ in range(queries):
        initial = rng.choice(alphabet)
        greens = tuple(rng.choice(alphabet) for _ in range(rng.randint(1, 4)))
        reds = tuple(rng.choice(alphabet) for _ in range(rng.randint(0, 3)))
        if rng.random() < 0.15:
            reds += (initial,)
        cards = Cards(initial, greens, reds)
        if cards.taps:
            continue
        expected = [w for w in ranked.get(initial, []) if brute_fits(w, cards)]
        found = extremis.solve(lex, cards, 10)
        assert found.count == len(expected)
        assert [lex.alphabet.fold(w) for w in found.words] == expected[:10]


def brute_fits(word: str, cards: Cards) -> bool:
    return (word[0] == cards.initial
            and all(word.count(l) >= n for l, n in cards.at_least.items())
            and all(word.count(l) <= n for l, n in cards.at_most.items()))
