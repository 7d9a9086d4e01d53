"""Every `wordref` command, fed arbitrary values: never a traceback, always a documented exit code.

Hypothesis draws a command from the whole tree, then a value for each of its options and
arguments (text with control characters, undecodable bytes as the shell hands them over, huge
numbers, JSON of any shape, files of random bytes) and random bytes on stdin for --batch. Each
run must end with exit code 0, 1, 2 or 3, and a usage error (2) is one line on stderr.

Half the values drawn are plausible for their option (a real letter, a player of the game, a
legal-looking move), so that runs get past the first check and into the rules. Left out:
`serve` (it would start a server), the builds (`lexicon build`, `things --rebuild`, minutes
each) and `analyze deck --html` (a report drawn by matplotlib). Bounded: 1,500 runs, about
15 s here (WORDREF_FUZZ_EXAMPLES sets another number).
"""

import json
import os

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

import cli

LEFT_OUT = {("serve",), ("lexicon", "build")}
LEFT_OUT_OPTIONS = {"rebuild", "html", "help"}
# Counts that cost time in proportion: a few, or nonsense.
SMALL = {"games", "rounds", "changes", "limit"}


def leaf_commands(group=cli.main, path=()):
    # Through click's own listing: the groups import their commands when asked for them.
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if isinstance(command, click.Group):
            yield from leaf_commands(command, path + (name,))
        elif path + (name,) not in LEFT_OUT:
            yield path + (name,), command


COMMANDS = list(leaf_commands())

# What a shell can hand over: any text, control characters, and bytes that are not UTF-8
# (Python decodes argv with surrogateescape, so those arrive as lone surrogates).
undecodable = st.binary(max_size=12).map(lambda b: b.decode("utf-8", "surrogateescape"))
controls = st.text(st.characters(codec="utf-8", categories=["Cc", "Zl", "Zp"]), max_size=6)
huge = st.one_of(st.integers(-2**70, 2**70), st.sampled_from([2**63, -2**63 - 1, 10**400]))
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**65, 2**65) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=8)
moves = st.fixed_dictionaries(
    {"type": st.sampled_from(["play", "pickup", "flip", "give", "pass", "answer", "stumped",
                              "tap", "take", "undo", "overrule", "rescue", "draw", "penalty",
                              "respond", "choose", "discard", "join", "play_out"])},
    optional={k: json_values for k in ("player", "cards", "card", "row", "to", "target",
                                      "environment", "rule", "word", "answer", "round",
                                      "accept", "rows", "late", "swift")})
values = st.one_of(
    st.text(max_size=20), undecodable, controls, huge.map(str), st.text("bBuUtTxX -", max_size=8),
    st.just("b" * 5000), st.just("x" * 300), json_values.map(json.dumps), moves.map(json.dumps),
    st.sampled_from(["", "-", "en", "fr", "categories", "../built/en", "ann", "ann,bob", "a,a",
                     "1", "0", "-1", "cards=7", "decks=7", "skills=[]", "tier=common",
                     "jokers=true", "9s 9c", "q♥", "/proc/nope/x", "/dev/null"]))


PLAUSIBLE = {
    "initial": ["B", "q", "é", "ø"], "green": ["UTT", "A", "", "zz"], "red": ["X", "T", "", "n"],
    "thing": ["rivers", "pizza toppings", "kinds of fruit"], "yellow": ["N", "H", "b"],
    "lang": ["en", "fr", "nb", "de-umlaut", "es"], "players": ["ann,bob", "ann,bob,cy"],
    "seed": ["1", "7", "-3"], "player": ["ann", "bob"], "pile": ["K♠ 5♥", "", "8h 9s 9d jd qh kh"],
    "play": ["A♦", "4s", "qh", "9s 9c"], "answers": ["butter", "Nile", "bitter"],
    "answer": ["butter", "Nile", "education"], "cards": ["9s 9c", "2d", "jo"],
    "card": ["1", "17", "red", "thing", "yellow"], "target": ["1", "bob"],
    "house_options": ["jokers=true", "decks=2", "tier=common", "cards=7", "skills=basic"],
    "house": ["jokers=true", "decks=2", "beginner=true"], "by": ["ann,bob"], "level": ["1", "4"],
    "query": ["river", "fruit"], "used": ["apple,avocado"], "round_": ["1", "2"],
    "allow": ["ok,qi"], "ban": ["butter"], "bots": ["1", "2"], "players_n": ["3"],
}


def option_value(param: click.Parameter, draw, files: dict):
    if isinstance(param.type, click.File):
        return draw(st.sampled_from([files["bytes"], "-", files["missing"]]))
    if param.name == "db":
        return draw(st.sampled_from([files["db"], files["db"], "", files["missing"] + "/x"]))
    if param.name == "game_id":
        real = st.sampled_from(files["ids"])
        return draw(st.one_of(real, real, real, values))
    if param.name in SMALL:
        return draw(st.integers(0, 3).map(str) | values.filter(lambda v: not v.isdigit()))
    if param.name == "move":
        return draw(moves.map(json.dumps) | values)
    if isinstance(param.type, click.Choice):
        return draw(st.sampled_from(list(param.type.choices)) | values)
    if param.name in PLAUSIBLE:
        return draw(st.sampled_from(PLAUSIBLE[param.name]) | values)
    return draw(values)


@st.composite
def invocations(draw, files):
    path, command = draw(st.sampled_from(COMMANDS))
    args = list(path)
    for param in command.params:
        if isinstance(param, click.Argument):
            if param.nargs == -1:
                args += draw(st.lists(st.sampled_from(PLAUSIBLE.get(param.name, ["x"])) | values,
                                      max_size=3))
            elif draw(st.integers(0, 9)):   # mostly given: without it, only a usage error
                args.append(option_value(param, draw, files))
            continue
        if param.name in LEFT_OUT_OPTIONS:
            continue
        if not draw(st.integers(0, 9) if param.required else st.booleans()):
            continue
        flag = param.opts[0]
        if param.is_flag:
            args.append(draw(st.sampled_from(param.opts + param.secondary_opts)))
        else:
            args += [flag, option_value(param, draw, files)]
    lines = st.sampled_from([b"B UTT X", b"B UTT X butter", b"Q Z U", b"b ut t", b"\xff\xfe",
                             b"\x00", b"rivers\tN\tR", b"rivers\tN\tR\tNile", b"B - - " + b"b" * 300,
                             b"\xef\xbb\xbfB UTT X"]) | st.binary(max_size=40)
    stdin = draw(st.lists(lines, max_size=5).map(lambda ls: b"\n".join(ls) + b"\n"))
    return args, stdin


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    base = tmp_path_factory.mktemp("fuzz")
    (base / "random.bin").write_bytes(b"B UTT X\n\xff\xfe\x00garbage\nrivers\tN\tR\n")
    db = base / "games.sqlite3"
    ids = []
    for kind in ("extremis", "redyellow", "idiot", "extincion"):
        made = CliRunner().invoke(cli.main, ["game", "new", kind, "--players", "ann,bob",
                                             "--seed", "1", "--db", str(db), "--json"])
        ids.append(json.loads(made.stdout)["id"])
    return {"bytes": str(base / "random.bin"), "missing": str(base / "missing"),
            "db": str(db), "ids": ids, "home": str(base / "home")}


def test_every_command_survives_arbitrary_input(files, tmp_path, monkeypatch):
    env = {"WORDREF_HOME": files["home"], "WORDREF_DB": files["db"]}
    monkeypatch.chdir(tmp_path)  # whatever a command writes by a relative name lands here

    @settings(max_examples=int(os.environ.get("WORDREF_FUZZ_EXAMPLES", 1500)), deadline=None,
              suppress_health_check=list(HealthCheck), database=None)
    @given(invocations(files))
    def check(invocation):
        args, stdin = invocation
        result = CliRunner().invoke(cli.main, args, input=stdin, env=env)
        where = (args, stdin, result.stdout[-300:], result.stderr[-600:])
        assert result.exception is None or isinstance(result.exception, SystemExit), \
            (where, repr(result.exception))
        assert result.exit_code in (0, 1, 2, 3), where
        assert "Traceback" not in result.stderr, where
        errors = [line for line in result.stderr.splitlines() if "error" in line]
        if result.exit_code == 2 and errors:
            # One error line, the last; what stands before it is progress ("building the
            # index on first use ..."). A --batch run reports its bad lines on stdout, and its
            # stderr may hold that progress alone.
            assert len(errors) == 1 and result.stderr.splitlines()[-1].startswith(
                "wordref: error: "), where

    check()
