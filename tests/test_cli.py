"""The wordref command, through click's CliRunner: every command, its output and its errors."""

import json

import click
import pytest
from click.testing import CliRunner

import cli


def run(*args, input=None):
    return CliRunner().invoke(cli.main, list(args), input=input, catch_exceptions=False)


def every_command(group=cli.main, path=()):
    # Through click's own listing: the groups import their commands when asked for them.
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        yield path + (name,), command
        if isinstance(command, click.Group):
            yield from every_command(command, path + (name,))


@pytest.mark.parametrize("path, command", list(every_command()),
                         ids=lambda p: " ".join(p) if isinstance(p, tuple) else "")
def test_every_command_has_help_with_examples(path, command):
    result = run(*path, "--help")
    assert result.exit_code == 0
    assert command.help
    if not isinstance(command, click.Group):
        assert "Examples:" in result.output
    json_flag = any(p.name == "as_json" for p in command.params)
    prints_results = path[-1] in ("extremis", "redyellow", "info", "things")
    assert json_flag or not prints_results


def test_solve_extremis_text():
    result = run("solve", "extremis", "--initial", "B", "--green", "UTT", "--red", "X", "-n", "3")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].startswith(lines[0].split()[0]) and "fit B +UTT -X" in lines[0]
    assert "butter" in lines[1:] and len(lines) == 4


def test_solve_extremis_json():
    result = run("solve", "extremis", "-i", "b", "-g", "utt", "-r", "x", "--json")
    data = json.loads(result.output)
    assert data["status"] == "ok" and data["count"] > 100 and len(data["words"]) == 20
    assert "butter" in data["words"]
    everything = json.loads(run("solve", "extremis", "-i", "b", "-g", "utt", "-r", "x",
                                "--limit", "0", "--json").output)
    assert len(everything["words"]) == everything["count"] == data["count"]


def test_solve_tap():
    data = json.loads(run("solve", "extremis", "-i", "b", "-g", "ut", "-r", "t", "--json").output)
    assert data == {"count": 0, "words": [], "status": "tap"}
    assert "tap" in run("solve", "extremis", "-i", "b", "-g", "ut", "-r", "t").output


@pytest.mark.parametrize("cards, word, code", [
    (("-i", "b", "-g", "utt", "-r", "x"), "yes", 0),
    (("-i", "x", "-g", "q"), "no", 1),
    (("-i", "b", "-g", "ut", "-r", "t"), "tap", 3),
])
def test_any_extremis_words_and_exit_codes(cards, word, code):
    result = run("any", "extremis", *cards)
    assert result.output.strip() == word and result.exit_code == code
    data = json.loads(run("any", "extremis", *cards, "--json").output)
    assert data["any"] == {"yes": True, "no": False, "tap": None}[word]
    assert data["status"] == ("tap" if word == "tap" else "ok")


def test_judge_extremis():
    result = run("judge", "extremis", "-i", "B", "-g", "UTT", "-r", "X", "butter", "bitter")
    assert result.exit_code == 1
    assert result.output.splitlines()[0].startswith("butter: valid")
    assert "lacks the green letter U" in result.output
    data = json.loads(run("judge", "extremis", "-i", "B", "-g", "UTT", "-r", "X", "--json",
                          "butter", "buttr").output)
    assert [v["valid"] for v in data] == [True, False]
    assert data[1]["reasons"] == [{"code": "not_a_word", "message": "not in the English lexicon"}]
    assert "butter" in data[1]["suggestions"]
    assert data[0]["zipf"] > 4
    assert run("judge", "extremis", "-i", "B", "-g", "UTT", "butter").exit_code == 0


def test_hint_levels():
    texts = [run("hint", "extremis", "-i", "b", "-g", "utt", "-r", "x", "-l", str(n)).output
             for n in (1, 2, 3, 4)]
    assert "the commonest has 6 letters" in texts[0]
    assert "BU----" in texts[1] and "BUT---" in texts[2] and "'button'" in texts[3]
    data = json.loads(run("hint", "extremis", "-i", "q", "-g", "z", "-r", "u", "--json").output)
    assert data["status"] == "stumped" and data["count"] == 0


def test_tier_common():
    rare = run("judge", "extremis", "-i", "b", "-g", "x", "--tier", "common", "--json", "buxom")
    assert json.loads(rare.output)[0]["reasons"][0]["code"] == "not_common"
    assert run("judge", "extremis", "-i", "b", "-g", "x", "buxom").exit_code == 0


def test_batch_any_one_line_per_query():
    lines = "B UTT X\nX Q -\nb ut t\nQ Z U\n"
    result = run("any", "extremis", "--batch", "-", input=lines)
    assert result.output.splitlines() == ["yes", "no", "tap", "no"]
    assert result.exit_code == 1  # a "no" among the answers, as for one query
    objects = [json.loads(l) for l in run("any", "extremis", "--batch", "-", "--json",
                                          input=lines).output.splitlines()]
    assert [o["any"] for o in objects] == [True, False, None, False]


def test_batch_judge_and_solve():
    result = run("judge", "extremis", "--batch", "-", "--json",
                 input="B UTT X butter\nB UTT X bitter\nB - - Wi-Fi\n")
    verdicts = [json.loads(l) for l in result.output.splitlines()]
    assert [v["valid"] for v in verdicts] == [True, False, False]
    assert verdicts[0]["answer"] == "butter"
    solved = run("solve", "extremis", "--batch", "-", "--limit", "2", input="B UTT X\n")
    assert solved.output.split(":")[1].split() == ["button", "butter"]


def test_batch_bad_line_keeps_going_and_exits_2():
    result = run("any", "extremis", "--batch", "-", input="B UTT X\n9 U -\nB\nQ Z U\n")
    lines = result.output.splitlines()
    assert lines[0] == "yes" and lines[3] == "no"
    assert lines[1].startswith("error: ") and lines[2].startswith("error: line 3")
    assert result.exit_code == 2


@pytest.mark.parametrize("args", [
    ("solve", "extremis"),
    ("solve", "extremis", "-i", "9"),
    ("solve", "extremis", "-i", "b", "-g", "u7"),
    ("solve", "extremis", "-i", "b", "--lang", "xx"),
    ("any", "extremis", "-i", "b", "--tier", "rare"),
    ("judge", "extremis", "-i", "b"),
    ("solve", "extremis", "-i", "b", "--bogus"),
    ("solve", "extremis", "-i", "b", "--limit", "-1"),
    ("hint", "extremis", "-i", "b", "--level", "0"),
    ("nonsense",),
])
def test_usage_errors_exit_2_with_one_line(args):
    result = CliRunner().invoke(cli.main, list(args))
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1
    assert result.output.startswith("wordref: error: ")
    assert "Traceback" not in result.output


def test_lexicon_info_json():
    data = json.loads(run("lexicon", "info", "--json").output)
    english = next(d for d in data if d["code"] == "en")
    assert english["words"] > 250_000 and english["sources"] and english["licence"]


def test_lexicon_words_are_what_solve_searches(en):
    result = run("lexicon", "words")
    words = result.output.split("\n")[:-1]
    assert len(words) == len(en)
    assert words == sorted(words) and "butter" in words
    common = run("lexicon", "words", "--tier", "common").output.split()
    assert len(common) == en.header["common"]


def test_lexicon_build_wordfreq_language(tmp_path, monkeypatch):
    pytest.importorskip("wordfreq")
    monkeypatch.setenv("WORDREF_HOME", str(tmp_path))
    from solver.lexicon import Lexicon
    result = run("lexicon", "build", "--source", "wordfreq", "--lang", "it", "--min-zipf", "4")
    assert result.exit_code == 0, result.output
    built = tmp_path / "lexicons" / "it.wrl"
    assert built.is_file()
    italian = Lexicon.from_file(built)
    assert italian.lang == "it" and "casa" in italian and len(italian) > 1000
    Lexicon.open.cache_clear()
    try:
        found = json.loads(run("solve", "extremis", "--lang", "it", "-i", "c", "-g", "s",
                               "--json").output)
        assert "casa" in found["words"]
    finally:
        Lexicon.open.cache_clear()


def test_version():
    assert run("--version").output.startswith("wordref, version ")


def test_batch_red_letter_yellow_letter():
    lines = "pizza toppings\tH\tL\tHam\nrivers\tN\tR\tNiger\nrivers\tN\n"
    result = run("judge", "redyellow", "--batch", "-", "--json", input=lines)
    out = result.output.splitlines()
    assert json.loads(out[0])["valid"] is True and json.loads(out[1])["valid"] is False
    assert json.loads(out[2])["error"].startswith("line 3")
    assert result.exit_code == 2
    anything = run("any", "redyellow", "--batch", "-", input="rivers\tQ\tU\nrivers\tN\tN\n")
    assert anything.output.splitlines() == ["no", "redraw"]


def test_things_lists_categories():
    data = json.loads(run("things", "river", "--json").output)
    assert {"id": "rivers", "name": "Rivers"}.items() <= data[0].items()
    assert data[0]["members"] >= 15
    assert run("any", "redyellow", "-t", "rivers", "-y", "a", "-r", "b", "--lang",
               "fr").exit_code == 2


def test_game_new_in_the_umlaut_variant_uses_the_german_deck(tmp_path):
    made = run("game", "new", "extremis", "--players", "ann,bob", "--lang", "de-umlaut",
               "--db", str(tmp_path / "g.db"), "--json")
    assert made.exit_code == 0, made.output
