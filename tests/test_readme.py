"""The README tells the truth: each `$ wordref ...` example prints what the README shows.

(The README's "From Python" examples run as doctests: pyproject.toml's --doctest-glob.)
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Runs this checkout's command, whatever `wordref` the PATH holds.
WORDREF = f'wordref() {{ "{sys.executable}" -c "import cli; cli.main()" "$@"; }}; '


def examples() -> list[tuple[str, str]]:
    """Return (command, printed output) for each indented `$ ` example of the README."""
    found, lines = [], (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    for n, line in enumerate(lines):
        if re.match(r" {4}\$ .*wordref ", line):
            out = []
            for following in lines[n + 1:]:
                if not following.strip() or following.startswith("    $ "):
                    break
                out.append(following[4:])
            found.append((line[6:], "\n".join(out)))
    return found


@pytest.mark.parametrize("command, shown", examples(), ids=[c for c, _ in examples()])
def test_readme_example_prints_what_the_readme_shows(command, shown, tmp_path):
    done = subprocess.run(["bash", "-c", WORDREF + command], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.stdout.rstrip("\n") == shown, done.stderr


def test_the_readme_has_examples():
    assert len(examples()) >= 15


def language_table() -> dict[str, int]:
    """Return {code: words} from the README's table of languages."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text.split("| code | lexicon | words | alphabet |", 1)[1].split("\n\n", 1)[0]
    rows = [line.split("|")[1:-1] for line in table.splitlines()[2:] if line.startswith("|")]
    return {cells[0].strip(): int(cells[2].strip().replace(",", "")) for cells in rows}


def test_the_language_table_matches_lexicon_info():
    from solver.lexicon import available_codes, describe

    table = language_table()
    assert set(table) == set(available_codes())
    assert {code: describe(code)["words"] for code in table} == table
