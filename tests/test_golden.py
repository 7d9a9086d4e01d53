"""Golden judge cases on the bundled lexicons, kept as data in tests/golden/."""

from pathlib import Path

import pytest

from solver import extremis
from solver.extremis import Cards
from solver.lexicon import Lexicon, WordFilter

GOLDEN = Path(__file__).parent / "golden"


def load(name: str):
    rows = []
    for number, line in enumerate((GOLDEN / name).read_text(encoding="utf-8").splitlines(), 1):
        if line.strip() and not line.startswith("#"):
            fields = line.split("\t")
            fields += [""] * (6 - len(fields))
            rows.append(pytest.param(*fields[:6], id=f"{name}:{number}:{fields[3]}"))
    return rows


LANGUAGES = ["en", "fr", "es", "de", "de-umlaut", "nb"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_at_least_thirty_cases_per_language(lang):
    assert len(load(f"extremis-{lang}.tsv")) >= (10 if lang == "de-umlaut" else 30)


@pytest.mark.parametrize("lang, initial, green, red, answer, valid, codes", [
    pytest.param(lang, *case.values, id=case.id)
    for lang in LANGUAGES for case in load(f"extremis-{lang}.tsv")])
def test_extremis(lang, initial, green, red, answer, valid, codes):
    lex = Lexicon.open(lang)
    filt = WordFilter(conjugated="conj" not in lex.flags)  # the French rule, on by default
    verdict = extremis.judge(lex, Cards.parse(lex.alphabet, initial, green, red), answer, filt)
    assert verdict.valid is (valid == "true"), verdict.summary()
    assert verdict.codes == [c for c in codes.split(",") if c]
