"""Every command's --json output and exit code, against recorded golden outputs.

tests/golden/commands.json holds, for a fixed script of commands (whole seeded games of every
kind included), what each printed and its exit code. Game ids and referee tokens are drawn at
random, so they are replaced by placeholders before comparing. To record the file again (only
when a change of output is intended): `python3 tests/test_commands_golden.py --write`.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "commands.json"

WORDS = [
    ["solve", "extremis", "-i", "B", "-g", "UTT", "-r", "X", "-n", "5"],
    ["solve", "extremis", "-i", "B", "-g", "UT", "-r", "T"],
    ["solve", "extremis", "--lang", "fr", "-i", "m", "-g", "a", "-n", "3"],
    ["solve", "extremis", "--lang", "nb", "-i", "ø", "-g", "l", "-n", "3", "--tier", "common"],
    ["any", "extremis", "-i", "Q", "-g", "Z", "-r", "U"],
    ["any", "extremis", "-i", "B", "-g", "UTT", "-r", "X"],
    ["any", "extremis", "-i", "B", "-g", "UT", "-r", "T"],
    ["judge", "extremis", "-i", "B", "-g", "UTT", "-r", "X", "butter", "bitter", "buttr", "boxer"],
    ["judge", "extremis", "-i", "B", "-g", "A", "-r", "B", "baby"],
    ["judge", "extremis", "--lang", "fr", "-i", "m", "-g", "a", "mangeons", "manger"],
    ["judge", "extremis", "--lang", "fr", "--conjugated", "-i", "m", "-g", "a", "mangeons"],
    ["hint", "extremis", "-i", "B", "-g", "UTT", "-r", "X", "-l", "1"],
    ["hint", "extremis", "-i", "B", "-g", "UTT", "-r", "X", "-l", "3"],
    ["hint", "extremis", "-i", "B", "-g", "UTT", "-r", "X", "-l", "4"],
    ["solve", "redyellow", "-t", "ice cream flavors", "-y", "B", "-r", "X", "-n", "5"],
    ["solve", "redyellow", "-t", "no such thing at all", "-y", "B", "-r", "X"],
    ["solve", "redyellow", "-t", "rivers", "-y", "N", "-r", "N"],
    ["any", "redyellow", "-t", "rivers", "-y", "Q", "-r", "U"],
    ["any", "redyellow", "-t", "pizza toppings", "-y", "H", "-r", "L"],
    ["judge", "redyellow", "-t", "rivers", "-y", "N", "-r", "R", "the Nile", "Niger", "Norway"],
    ["judge", "redyellow", "-t", "fruits", "-y", "A", "-r", "S", "--used", "apple", "apple",
     "apricot"],
    ["hint", "redyellow", "-t", "rivers", "-y", "N", "-r", "R", "-l", "2"],
    ["judge", "idiot", "--pile", "K♠ 5♥", "--play", "A♦"],
    ["judge", "idiot", "--pile", "6♥ 5♠ 6♦", "--play", "6♣"],
    ["things", "river"],
    ["simulate", "idiot", "--games", "3", "--seed", "2"],
    ["simulate", "extincion", "--games", "3", "--seed", "2", "--players", "3"],
]

# Whole games: {id} is the game made by the "new" line before it.
GAMES = [
    [["game", "new", "extremis", "--players", "ann,bob", "--seed", "7"],
     ["game", "show", "{id}"],
     ["game", "show", "{id}", "--all"],
     ["game", "answer", "{id}", "--player", "ann", "qqqq"],
     ["game", "stumped", "{id}"],
     ["game", "stumped", "{id}"],
     ["game", "undo", "{id}"],
     ["game", "overrule", "{id}", "--accept"],
     ["game", "replay", "{id}"]],
    [["game", "new", "redyellow", "--players", "ann,bob", "--seed", "3"],
     ["game", "answer", "{id}", "--player", "bob", "zzzz"],
     ["game", "stumped", "{id}"],
     ["game", "take", "{id}", "--player", "ann", "--card", "thing"],
     ["game", "show", "{id}"],
     ["game", "check", "{id}", "--show"],
     ["game", "show", "{id}"]],
    [["game", "new", "idiot", "--players", "ann,bob,cy", "--seed", "5"],
     ["game", "moves", "{id}"],
     ["game", "pickup", "{id}", "--player", "ann"],
     ["game", "show", "{id}"]],
    [["game", "new", "extincion", "--players", "ann,bob,cy", "--seed", "5"],
     ["game", "moves", "{id}"],
     ["game", "show", "{id}"]],
]


def run(args: list[str], db: str) -> dict:
    """Run one command with --json; return its exit code and what it printed."""
    import cli

    needs_db = args[0] == "game"
    result = CliRunner().invoke(cli.main, [*args, "--json", *(["--db", db] if needs_db else [])])
    try:
        out = json.loads(result.stdout) if result.stdout.strip() else None
    except ValueError:
        out = result.stdout
    return {"args": args, "exit": result.exit_code, "stdout": out}


def record(tmp: Path) -> list[dict]:
    """Run the whole script; return every command's outcome, ids and tokens replaced."""
    done = [run(args, "") for args in WORDS]
    for n, script in enumerate(GAMES):
        db, game_id = str(tmp / f"games-{n}.sqlite3"), None
        for args in script:
            got = run([a.replace("{id}", game_id or "") for a in args], db)
            if game_id is None:
                game_id = got["stdout"]["id"]
            done.append(scrub(got, game_id))
    return done


def scrub(outcome: dict, game_id: str) -> dict:
    """Replace a game's random id and token (and log times) by placeholders."""
    text = json.dumps(outcome, ensure_ascii=False).replace(game_id, "{id}")
    text = re.sub(r'"token": "[^"]+"', '"token": "{token}"', text)
    text = re.sub(r'"at": [0-9.e+-]+', '"at": 0', text)
    return json.loads(text)


def test_every_command_prints_its_golden_json(tmp_path):
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))
    now = record(tmp_path)
    assert len(now) == len(recorded)
    for got, want in zip(now, recorded):
        assert got == want, got["args"]


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    import tempfile

    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        GOLDEN.write_text(json.dumps(record(Path(tmp)), ensure_ascii=False, indent=1) + "\n",
                          encoding="utf-8")
    print(f"wrote {GOLDEN}")
