"""Start-up: a command imports what it uses and nothing else (the card games, the games store,
the service, the lexicon build and their libraries load only for the commands that need them).

Timings are the benchmarks' business (benchmarks/cli.sh); this checks the cause, by module name.
"""

import json
import os
import site
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NEVER_FOR_WORDS = ["solver.games", "solver.referee", "solver.store", "solver.service",
                   "solver.commands.cards", "solver.commands.games", "solver.commands.lexicon",
                   "solver.commands.serve", "lexicons", "yaml", "numpy", "sqlite3", "fastapi",
                   "starlette", "uvicorn", "solver.redyellow", "solver.categories"]


def imported(*args: str) -> set[str]:
    """Return the modules imported by one `wordref ARGS` run in a fresh interpreter."""
    code = ("import json, sys, cli\n"
            "try:\n"
            f"    cli.main({list(args)!r}, standalone_mode=False)\n"
            "finally:\n"
            "    sys.stdout.flush(); print(json.dumps(sorted(sys.modules)), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def loaded(modules: set[str], name: str) -> bool:
    return any(m == name or m.startswith(name + ".") for m in modules)


WORD_VERBS = [
    ["any", "extremis", "-i", "b", "-g", "utt", "-r", "x"],
    ["solve", "extremis", "-i", "b", "-g", "utt", "--json"],
    ["judge", "extremis", "-i", "b", "-g", "utt", "butter"],
]


@pytest.mark.parametrize("args", WORD_VERBS)
def test_a_word_verb_imports_no_game_store_service_or_build(args):
    modules = imported(*args)
    assert "solver.extremis" in modules and "solver.commands.words" in modules
    assert [name for name in NEVER_FOR_WORDS if loaded(modules, name)] == []


def test_the_card_judge_loads_the_card_games_but_not_the_store_or_service():
    modules = imported("judge", "idiot", "--pile", "5h", "--play", "6h")
    assert "solver.commands.cards" in modules
    assert not loaded(modules, "solver.service") and not loaded(modules, "fastapi")


def test_help_lists_every_command_without_importing_the_service():
    modules = imported("--help")
    assert not loaded(modules, "solver.service") and not loaded(modules, "fastapi")


def imported_bare(*args: str) -> set[str]:
    """Return the modules one `wordref ARGS` run imports beyond a bare interpreter's own.

    Run with -S: a site's .pth files (an editable install's finder, say) import pathlib and
    more before any command runs, and would hide what the command itself imports. This
    checkout and the site's packages are put on the path by hand instead.
    """
    paths = [str(ROOT), *site.getsitepackages(), site.getusersitepackages()]
    code = ("import json, sys\n"
            "before = set(sys.modules)\n"
            f"sys.path[:0] = {paths!r}\n"
            "import cli\n"
            "try:\n"
            f"    cli.main({list(args)!r}, standalone_mode=False)\n"
            "finally:\n"
            "    sys.stdout.flush()\n"
            "    print(json.dumps(sorted(set(sys.modules) - before)), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-S", "-c", code], cwd=ROOT, capture_output=True,
                          text=True)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


# Cut from the word verbs' start-up, each measured (solver/paths.py, solver/record.py,
# solver/lexicon.py): pathlib and the urllib.parse and ipaddress it pulls in, dataclasses, the
# batch path, lzma (only compact lexicons need it) and importlib.resources.
LEFT_OUT_FOR_WORDS = ["pathlib", "urllib", "ipaddress", "dataclasses", "solver.commands.batch",
                      "lzma", "importlib.resources", "solver.hints", "solver.assemble"]


@pytest.mark.parametrize("args", WORD_VERBS)
def test_a_word_verb_imports_no_pathlib_dataclasses_or_batch_path(args):
    added = imported_bare(*args)
    assert "solver.extremis" in added
    assert [name for name in LEFT_OUT_FOR_WORDS if loaded(added, name)] == []


@pytest.mark.parametrize("args", [WORD_VERBS[0], WORD_VERBS[1],
                                  ["solve", "extremis", "--batch", os.devnull, "--json"]])
def test_the_stumped_check_and_solve_import_no_trie_library(args):
    # They never look a word up (solver/lexicon.py, _trie_of); judging does.
    assert not loaded(imported_bare(*args), "marisa_trie")
    assert loaded(imported_bare(*WORD_VERBS[2]), "marisa_trie")
