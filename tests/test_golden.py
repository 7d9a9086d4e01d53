"""Golden judge cases on the bundled lexicons, kept as data in tests/golden/."""

from pathlib import Path

import pytest

from solver import extremis
from solver.extremis import Cards

GOLDEN = Path(__file__).parent / "golden"


def load(name: str):
    rows = []
    for number, line in enumerate((GOLDEN / name).read_text(encoding="utf-8").splitlines(), 1):
        if line.strip() and not line.startswith("#"):
            fields = line.split("\t")
            fields += [""] * (6 - len(fields))
            rows.append(pytest.param(*fields[:6], id=f"{name}:{number}:{fields[3]}"))
    return rows


@pytest.mark.parametrize("initial, green, red, answer, valid, codes", load("extremis-en.tsv"))
def test_extremis_english(en, initial, green, red, answer, valid, codes):
    verdict = extremis.judge(en, Cards.parse(en.alphabet, initial, green, red), answer)
    assert verdict.valid is (valid == "true")
    assert verdict.codes == [c for c in codes.split(",") if c]
