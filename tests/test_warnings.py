"""Warnings fail the suite, so that the next deprecation or leak is seen the day it appears.

pyproject.toml's pytest `filterwarnings` starts with "error"; each exception after it is narrow
(one message of one category from one module) and commented with the dependency at fault.
The second test runs pytest, with the project's configuration, on tests that leak a file or
warn, and checks that they fail.
"""

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def filters() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return config["tool"]["pytest"]["ini_options"]["filterwarnings"]


def test_every_warning_is_an_error_but_narrow_exceptions():
    first, *exceptions = filters()
    assert first == "error"
    for entry in exceptions:
        action, message, category, module = entry.split(":", 3)
        assert action == "ignore" and message and category.endswith("Warning") and module, \
            entry


LEAKY = '''
import warnings

def test_leaves_a_file_to_the_garbage_collector():
    open(__file__)

def test_warns():
    warnings.warn("this will change", UserWarning)

def test_clean():
    assert True
'''


def test_a_leaked_file_or_a_warning_fails_its_test(tmp_path):
    (tmp_path / "test_leaky.py").write_text(LEAKY, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml"),
                           "--rootdir", str(tmp_path), "-p", "no:cacheprovider", "-rfE",
                           str(tmp_path / "test_leaky.py")],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 1, done.stdout + done.stderr
    summary = done.stdout.strip().splitlines()[-1]
    assert "2 failed, 1 passed" in summary, done.stdout
    assert "ResourceWarning" in done.stdout and "UserWarning: this will change" in done.stdout
