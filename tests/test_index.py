"""Every index query equals a brute-force filter over the same word list."""

import random

from hypothesis import given, settings, strategies as st

from solver import extremis
from solver.extremis import Cards
from solver.index import lowest_bits
from solver.lexicon import WordFilter

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
    for w in words:
        assert extremis.judge(lex, cards, w, filt).valid is (w in expected)


@given(st.integers(min_value=0, max_value=1 << 3000), st.integers(min_value=1, max_value=40))
def test_lowest_bits_equal_brute_force(bits, limit):
    every = [i for i in range(bits.bit_length()) if bits >> i & 1]
    assert lowest_bits(bits) == every
    assert lowest_bits(bits, limit) == every[:limit]


def test_english_queries_equal_brute_force(en):
    """Seeded random cards on the real lexicon, against a filter of `lexicon words`."""
    rng = random.Random(7)
    by_initial: dict[str, list[str]] = {}
    for key in en.keys():
        by_initial.setdefault(key[0], []).append(key)
    rank = {}
    for part in en.index:
        for i, key in enumerate(en.words_at(range(part.start, part.start + part.count))):
            rank[key] = i
    alphabet = en.alphabet.letters
    for _ in range(150):
        initial = rng.choice(alphabet)
        greens = tuple(rng.choice(alphabet) for _ in range(rng.randint(1, 4)))
        reds = tuple(rng.choice(alphabet) for _ in range(rng.randint(0, 3)))
        if rng.random() < 0.15:
            reds += (initial,)
        cards = Cards(initial, greens, reds)
        if cards.taps:
            continue
        expected = sorted((w for w in by_initial.get(initial, []) if cards.fits(w)),
                          key=rank.__getitem__)
        found = extremis.solve(en, cards, 10)
        assert found.count == len(expected)
        assert found.words == expected[:10]
