"""--batch prints, line for line and byte for byte, what the replies of solver/api.py say.

In Extremis' any and solve answer batch lines on their own path (solver/commands/batch.py,
without a Reply per line); every line it prints must equal the reply's JSON through json.dumps
(--json) or the reply's text line, as the other verbs print them. The lines are drawn at random
(seeded), with taps, repeated letters, dashes, marks, bad letters and short lines among them.
"""

import json
import random

import pytest
from click.testing import CliRunner

import cli
from solver import api
from solver.commands.common import fields, one_line
from solver.commands.words import text
from solver.errors import WordrefError


def lines(n: int, seed: int, letters: str) -> list[str]:
    rng = random.Random(seed)
    pick = lambda k: "".join(rng.choice(letters) for _ in range(k)) or "-"  # noqa: E731
    out = [f"{rng.choice(letters)} {pick(rng.randint(0, 4))} {pick(rng.randint(0, 3))}"
           for _ in range(n)]
    out += ["B UTT X", "b ut t", "  b   utt   x  ", "B - -", "- - -", "B", "9 U -",
            "B UTT X Y", "B U,T X", "é - -", "E É -", "Q Z U", "x q -", "B bb -", "B - b"]
    rng.shuffle(out)
    return out


def expected(verb: str, queries: list[str], as_json: bool, **how) -> list[str]:
    """What the general path prints for each line: the reply, encoded as one-shot commands do."""
    ask = api.asker("extremis", verb, **how)
    out = []
    for number, line in enumerate(queries, 1):
        try:
            reply = ask(*fields(line, number, ["INITIAL", "GREENS", "REDS"]))
        except WordrefError as err:
            out.append(json.dumps({"error": str(err), "line": number}, ensure_ascii=False)
                       if as_json else one_line(f"error: {err}"))
            continue
        out.append(json.dumps(reply.json, ensure_ascii=False) if as_json
                   else one_line(text("extremis", verb, reply, one_line=True)))
    return out


OPTIONS = [[], ["--tier", "common"], ["--lang", "fr"]]


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
@pytest.mark.parametrize("verb, options",
                         [("any", o) for o in OPTIONS]
                         + [("solve", o) for o in OPTIONS + [["--limit", "0"], ["--limit", "3"]]],
                         ids=lambda x: " ".join(x) if isinstance(x, list) else x)
def test_batch_lines_are_the_replies_byte_for_byte(verb, options, as_json):
    how = {"tier": "common"} if "common" in options else {}
    if "fr" in options:
        how["lang"] = "fr"
    if "--limit" in options and verb == "solve":
        how["limit"] = int(options[-1])
    queries = lines(600 if "0" not in options else 60, seed=len(options) + as_json,
                    letters="abcdeéfghijklmnopqrstuvwxyz")
    args = [verb, "extremis", "--batch", "-", *options] + ["--json"] * as_json
    result = CliRunner().invoke(cli.main, args, input="\n".join(queries) + "\n")
    want = expected(verb, queries, as_json, **how)
    assert result.stdout.split("\n")[:-1] == want
    assert result.stdout.endswith("\n")


def test_a_batch_of_solves_shows_a_word_again_as_first_shown():
    # The batch path keeps each word it has shown; the second sight must print the same bytes.
    queries = ["b utt x", "b ut -", "b utt x", "s - -", "s e -", "s - -"] * 3
    result = CliRunner().invoke(cli.main, ["solve", "extremis", "--batch", "-", "--json"],
                                input="\n".join(queries) + "\n")
    replies = [json.loads(line) for line in result.output.splitlines()]
    assert replies[0] == replies[2] == replies[6] and replies[3] == replies[5]
    assert replies[0]["words"][:2] == ["button", "butter"]
    assert result.output.splitlines() == expected("solve", queries, True)
