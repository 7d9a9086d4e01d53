"""Shared fixtures: a tiny lexicon made in memory, and the bundled English lexicon."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# Languages that ship compact are expanded on first use into the cache directory: keep those
# files between local runs, away from the user's own cache.
os.environ.setdefault("WORDREF_CACHE",
                      str(Path(__file__).resolve().parent.parent / ".pytest_cache" / "wordref"))

from solver.assemble import assemble
from solver.letters import LATIN
from solver.lexicon import Lexicon

# A word list small enough to reason about by hand, with made-up commonness.
TINY_WORDS = {
    "butter": 4.4, "button": 4.5, "butt": 4.0, "bitter": 4.2, "bubble": 4.1, "baby": 5.0,
    "babe": 3.9, "bob": 4.0, "bat": 4.1, "abut": 2.1, "rebuttal": 3.1, "tab": 3.8, "tub": 3.5,
    "tattoo": 3.9, "attempt": 4.6, "battle": 4.7, "bottle": 4.5, "bobbin": 2.5, "boxer": 3.6,
    "buxom": 2.4, "bust": 3.7, "apple": 4.5, "zebra": 3.4, "zzz": 2.0, "quiz": 4.0,
    "queue": 4.0, "qiviut": 0.0, "ebb": 3.0, "eve": 3.9, "eleven": 4.6, "everyone": 5.4,
}


def make_lexicon(words: dict[str, float], letters: str = LATIN, lang: str = "en") -> Lexicon:
    """Return a lexicon assembled in memory from {word: zipf}."""
    data = assemble(lang, letters, sorted(words), words,
                    [{"name": "test words", "kind": "dictionary"}], "test data")
    return Lexicon.from_bytes(data, "test lexicon")


@pytest.fixture(scope="session")
def tiny() -> Lexicon:
    return make_lexicon(TINY_WORDS)


@pytest.fixture(scope="session")
def en() -> Lexicon:
    return Lexicon.open("en")
