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
