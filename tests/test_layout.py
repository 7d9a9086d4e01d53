"""The layout holds: imports only go down the layers, and every module is one sitting's read."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_imports_only_go_down_the_layers():
    pytest.importorskip("importlinter")
    # A subprocess in the project's root, so that it reads pyproject.toml's contract and
    # analyses this checkout (the cache off: it would be written into the work tree).
    done = subprocess.run([sys.executable, "-c", "import sys; from importlinter.cli import "
                           "lint_imports; sys.exit(lint_imports(no_cache=True, no_logo=True))"],
                          cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 kept, 0 broken" in done.stdout


@pytest.mark.parametrize("pattern, most", [("*.py", 600), ("*.js", 800)])
def test_no_module_is_too_long_to_read_in_one_sitting(pattern, most):
    files = [p for top in ("solver", "lexicons") for p in (ROOT / top).rglob(pattern)]
    files += list(ROOT.glob(pattern))
    assert files
    long = {str(p.relative_to(ROOT)): n for p in files
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > most}
    assert not long
