"""A non-editable install into a fresh virtual environment finds its bundled lexicon."""

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SKIP = shutil.ignore_patterns(".git", "__pycache__", "build", "*.egg-info", ".venv",
                              ".pytest_cache", ".hypothesis", ".benchmarks")


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """Return the bin directory of a fresh venv with wordref installed from a copy of the tree."""
    base = tmp_path_factory.mktemp("install")
    source = base / "source"
    shutil.copytree(ROOT, source, ignore=SKIP)
    env_dir = base / "venv"
    # The environment running the tests (a virtual environment or not) lends the venv pip and
    # the run-time dependencies, by a .pth file naming its site-packages. Not the venv module's
    # system_site_packages: that names the base interpreter's, which inside a virtual
    # environment lack what was installed there (marisa_trie). The package itself is built (in
    # pip's isolated build environment) and installed into the venv, not linked; a .pth file
    # adds plain directories, so the running environment's editable install is not seen.
    venv.create(env_dir, system_site_packages=False, with_pip=False)
    python = env_dir / "bin" / "python"
    inner = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()"
                            "['purelib'])"], capture_output=True, text=True, check=True)
    lent = dict.fromkeys(sysconfig.get_paths()[k] for k in ("purelib", "platlib"))
    (Path(inner.stdout.strip()) / "lent-by-the-tests.pth").write_text("\n".join(lent) + "\n")
    subprocess.run([python, "-m", "pip", "install", "--quiet", "--no-deps", str(source)],
                   check=True, cwd=base)
    shutil.rmtree(source)  # nothing may still point into the source tree
    return env_dir / "bin"


def test_installed_command_answers_from_the_bundled_lexicon(installed, tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "WORDREF_HOME")}
    env["WORDREF_HOME"] = str(tmp_path / "home")
    done = subprocess.run([installed / "wordref", "any", "extremis", "-i", "b", "-g", "utt",
                           "-r", "x"], capture_output=True, text=True, cwd=tmp_path, env=env)
    assert (done.returncode, done.stdout.strip()) == (0, "yes"), done.stderr
    info = subprocess.run([installed / "wordref", "lexicon", "info", "--json"],
                          capture_output=True, text=True, cwd=tmp_path, env=env, check=True)
    english = next(d for d in json.loads(info.stdout) if d["code"] == "en")
    assert english["path"].startswith(str(installed.parent))
    assert "site-packages" in english["path"]


def test_the_venv_sees_the_running_environments_packages(installed, tmp_path):
    """Inside a virtual environment too: the README's test command is run in one."""
    done = subprocess.run([installed / "python", "-c", "import marisa_trie, click, numpy, yaml; "
                           "import sys; print('\\n'.join(sys.path))"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert sysconfig.get_paths()["purelib"] in done.stdout.split("\n")


def test_installed_package_is_a_copy(installed, tmp_path):
    done = subprocess.run([installed / "python", "-c", "import solver, lexicons, cli; "
                           "print(solver.__file__); print(cli.__file__)"],
                          capture_output=True, text=True, cwd=tmp_path, check=True)
    for path in done.stdout.split():
        assert path.startswith(str(installed.parent)), path
    assert sys.prefix not in done.stdout or str(installed.parent).startswith(sys.prefix)


def test_installed_package_carries_categories_decks_and_the_page(installed, tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "WORDREF_HOME")}
    env["WORDREF_HOME"] = str(tmp_path / "home")
    judged = subprocess.run([installed / "wordref", "judge", "redyellow", "-t", "rivers", "-y",
                             "n", "-r", "x", "Nile"], capture_output=True, text=True,
                            cwd=tmp_path, env=env)
    assert judged.returncode == 0, judged.stderr
    made = subprocess.run([installed / "wordref", "game", "new", "extremis", "--players",
                           "ann,bob", "--db", str(tmp_path / "g.db"), "--json"],
                          capture_output=True, text=True, cwd=tmp_path, env=env)
    assert made.returncode == 0, made.stderr
    page = subprocess.run([installed / "python", "-c",
                           "from importlib.resources import files; "
                           "print((files('solver.service') / 'static' / 'index.html').is_file(), "
                           "(files('solver') / 'games' / 'extincion' / 'sample-deck.yaml')"
                           ".is_file())"], capture_output=True, text=True, cwd=tmp_path)
    assert page.stdout.split() == ["True", "True"]
