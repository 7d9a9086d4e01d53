"""Write the default In Extremis decks (solver/games/decks/extremis-L.yaml) from letter frequencies.

The publisher's letter distribution is not public, so wordref ships its own: 46 double-sided cards
whose green sides and red sides each follow how often letters occur in the language's common
words (every letter at least once), a common green paired with a rare red, never one letter on
both sides of a card.

    python -m lexicons.decks        rewrite the deck files of every bundled language
"""

from __future__ import annotations

from collections import Counter
from importlib import resources

from solver.lexicon import Lexicon

CARDS = 46


def allocate(counts: Counter, letters: str, total: int = CARDS) -> list[str]:
    """Return `total` letters, each at least once, the rest by largest remainder of frequency."""
    letters = [l for l in letters if counts[l]]
    share = {l: counts[l] / sum(counts[x] for x in letters) * (total - len(letters))
             for l in letters}
    whole = {l: 1 + int(share[l]) for l in letters}
    left = total - sum(whole.values())
    for l in sorted(letters, key=lambda l: (-(share[l] - int(share[l])), l))[:left]:
        whole[l] += 1
    return sorted((l for l in letters for _ in range(whole[l])),
                  key=lambda l: (-counts[l], l))


def deck(code: str) -> list[str]:
    """Return the default deck of a language as "green/red" cards."""
    lex = Lexicon.open(code)
    counts = Counter()
    for part in lex.index:
        for position in range(part.start, part.start + part.common):
            counts.update(lex.key(position))
    greens = allocate(counts, lex.alphabet.letters)
    reds = list(reversed(allocate(counts, lex.alphabet.letters)))
    for i in range(CARDS):  # no card shows one letter on both sides
        if greens[i] == reds[i]:
            j = next(j for j in range(CARDS) if reds[j] != greens[i] and reds[i] != greens[j])
            reds[i], reds[j] = reds[j], reds[i]
    return [f"{g}/{r}" for g, r in zip(greens, reds)]


def main() -> None:
    folder = resources.files("solver") / "games" / "decks"
    for code in ("en", "fr", "es", "de", "nb"):
        cards = deck(code)
        lines = [f"# Default In Extremis deck for {Lexicon.open(code).language}: 46 cards, "
                 f"green side / red side.",
                 "# NOT the publisher's distribution (which is not public): derived by "
                 "lexicons/decks.py",
                 "# from letter frequencies of the common words; any deck file of this form "
                 "can replace it.",
                 f"lang: {code}", "cards:"]
        lines += [f"  - {card}" for card in cards]
        (folder / f"extremis-{code}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(code, " ".join(cards))


if __name__ == "__main__":
    main()
