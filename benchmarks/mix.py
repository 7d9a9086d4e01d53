"""The seeded query mix every In Extremis figure is measured on (the peers are in peers.py).

The mix: initial letter uniform over a-z, 1 to 4 green letters and 0 to 3 red letters drawn
uniformly; a draw that is a tap (a letter both green and red) is drawn again, since no search is
made for it. About one query in five then has no answer.
"""

from __future__ import annotations

import random
import string

from solver.extremis import Cards


def query_mix(n: int, seed: int = 2024, letters: str = string.ascii_lowercase) -> list[Cards]:
    """Return `n` seeded In Extremis queries without taps."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        cards = Cards(rng.choice(letters),
                      tuple(rng.choice(letters) for _ in range(rng.randint(1, 4))),
                      tuple(rng.choice(letters) for _ in range(rng.randint(0, 3))))
        if not cards.taps:
            out.append(cards)
    return out


def as_line(cards: Cards) -> str:
    """Return the batch-mode line of a query: "B UTT X" ('-' for none)."""
    return " ".join([cards.initial, "".join(cards.green) or "-", "".join(cards.red) or "-"])


def as_text(cards: Cards) -> tuple[str, str, str]:
    """Return a query as callers hold it: ("b", "utt", "x")."""
    return cards.initial, "".join(cards.green), "".join(cards.red)


def ranked_words(lex) -> list[str]:
    """Return every word of the lexicon as shown, in index order (commonest first per letter)."""
    out = []
    for part in lex.index:
        out.extend(lex.words_at(range(part.start, part.start + part.count)))
    return out


def ranked_keys(lex) -> list[str]:
    """Return every folded key of the lexicon in index order."""
    return lex.alphabet.fold_many(ranked_words(lex))
