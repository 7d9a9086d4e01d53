"""The README's deck figures come from the command shown beside them, and its table of bot
levels is the one the code plays (solver/games/wordbots.py LEVELS).

The English rows are re-run here (a few seconds each); the other languages take the same code
path on bigger lexicons (Spanish: over a minute on a loaded machine) and are left to a re-run
by hand. The 1,000-game bot figures are not re-run by the tests: `test_wordbots.py` checks that
a seeded simulation gives the same bytes every time.
"""

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from solver.games.wordbots import LEVELS

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def table_rows(marker: str) -> list[list[str]]:
    """Return the cells of the rows of the README table whose header starts with `marker`."""
    lines = README.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {marker}"))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def pct(x: float) -> str:
    return f"{x * 100:.1f}%"


DECK_ROWS = [r for r in table_rows("Game, language") if "English" in r[0]]


@pytest.mark.parametrize("row", DECK_ROWS, ids=[r[0] for r in DECK_ROWS])
def test_readme_deck_figures_come_from_their_command(row):
    command = re.fullmatch(r"`wordref (.*)`", row[-1]).group(1).split()
    out = CliRunner().invoke(cli.main, command, catch_exceptions=False)
    assert out.exit_code == 0
    result = json.loads(out.stdout)
    assert row[1] == pct(result["no_answer"])
    assert row[4] == f"{result['answers']['median']:g}"
    s = result["suggestion"]
    assert row[5].endswith(f": {pct(s['before'])} -> {pct(s['after'])}")
    if result["game"] == "extremis":
        flips = result["flips_until_word"]
        assert row[2] == f"{flips['median']:g} ({flips['median_when_stumped']:g})"
        assert row[3] == pct(result["tap"])


def test_readme_table_of_levels_is_the_one_played():
    rows = table_rows("Level")
    assert [r[0] for r in rows] == list(LEVELS)
    fields = ("word_zipf", "member_zipf", "base", "per_zipf", "per_letter", "scarcity", "noise",
              "tap", "patience")
    for row in rows:
        level = LEVELS[row[0]]
        assert [float(cell) for cell in row[1:]] == [getattr(level, f) for f in fields]


def test_readme_bot_figures_name_a_command_for_every_row():
    rows = table_rows("Game | Levels")
    assert len(rows) >= 2
    for row in rows:
        assert re.fullmatch(r"`wordref simulate \w+ --games 1000 --seed 1 --level [a-z,]+ "
                            r"--json`", row[-1])
