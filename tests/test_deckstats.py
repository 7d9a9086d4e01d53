"""Deck analysis: the figures follow the engines' own deals, the suggestion is measured on
rounds it never saw, and the HTML report is self-contained (or refused in one line)."""

import json
import sys

import pytest
from click.testing import CliRunner

import cli
from solver.games.deckstats import Layouts, changed, load, sample, stumped_rate


def run(*args, input=None):
    return CliRunner().invoke(cli.main, list(args), input=input, catch_exceptions=False)


@pytest.mark.parametrize("kind, change", [
    ("extremis", {"side": "green", "card": 44, "to": "e"}),
    ("extremis", {"side": "red", "card": 3, "to": "a"}),
    ("redyellow", {"side": "yellow", "card": 5, "to": "r"}),
])
def test_layouts_deal_a_changed_deck_as_the_engine_does(kind, change):
    deck = changed(kind, load(kind, "en", None), change)
    fast = Layouts(kind, "en", load(kind, "en", None), range(1, 81), 4).rounds(deck)
    dealt = sample(kind, "en", deck, range(1, 81), 4, flips=False)
    fields = ("initial", "green", "red", "answers") if kind == "extremis" else \
        ("thing", "yellow", "red", "answers")
    assert [[r[f] for f in fields] for r in fast] == [[r[f] for f in fields] for r in dealt]


def test_causes_are_cards_whose_removal_lets_a_word_fit():
    rounds = sample("extremis", "en", load("extremis", "en", None), range(1, 400), 4)
    stumped = [r for r in rounds if r["answers"] == 0]
    assert stumped
    from solver import extremis as xrules
    from solver.lexicon import Lexicon

    lex = Lexicon.open("en")
    for r in stumped:
        for side, letter in r["causes"]:
            green, red = list(r["green"]), list(r["red"])
            (green if side == "green" else red).remove(letter)
            assert xrules.any_word(lex, xrules.Cards(r["initial"], tuple(green), tuple(red)))


def test_the_suggestion_is_measured_on_rounds_it_never_saw(tmp_path):
    out = run("analyze", "deck", "extremis", "--rounds", "150", "--json")
    assert out.exit_code == 0
    result = json.loads(out.stdout)
    s = result["suggestion"]
    assert s["tuned_on"] == [1, 150] and s["measured_on"] == [151, 300]
    assert result["rounds"] == 150 and 0 <= result["no_answer"] <= 1
    # The reported effect is what the suggested deck file really gives on the unseen rounds.
    deck_file = tmp_path / "suggested.yaml"
    deck_file.write_text(s["deck"], encoding="utf-8")
    suggested = load("extremis", "en", deck_file.read_text(encoding="utf-8"))
    unseen = sample("extremis", "en", suggested, range(151, 301), 4, flips=False)
    assert round(stumped_rate(unseen), 4) == s["after"]
    original = sample("extremis", "en", load("extremis", "en", None), range(151, 301), 4,
                      flips=False)
    assert round(stumped_rate(original), 4) == s["before"]
    assert s["helps"] == (s["after"] < s["before"])


def test_analyze_red_letter_yellow_letter_text_and_errors():
    out = run("analyze", "deck", "redyellow", "--rounds", "60", "--changes", "1")
    assert out.exit_code == 0 and "no answer:" in out.stdout
    bad = run("analyze", "deck", "redyellow", "--lang", "fr", "--rounds", "5")
    assert bad.exit_code == 2 and len(bad.output.strip().splitlines()) == 1


def test_html_report_is_self_contained_and_reproducible(tmp_path):
    pytest.importorskip("matplotlib")
    first, second = tmp_path / "a.html", tmp_path / "b.html"
    for target in (first, second):
        out = run("analyze", "deck", "extremis", "--rounds", "60", "--changes", "1",
                  "--html", str(target))
        assert out.exit_code == 0
    page = first.read_text(encoding="utf-8")
    assert page.count("<svg") >= 3
    assert "<script" not in page and "src=" not in page and "<link" not in page
    assert first.read_bytes() == second.read_bytes()


def test_html_without_matplotlib_is_one_line(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    out = run("analyze", "deck", "extremis", "--rounds", "5", "--html", str(tmp_path / "r.html"))
    assert out.exit_code == 2
    assert out.output.strip() == ("wordref: error: --html needs matplotlib: "
                                  "pip install 'wordref[analysis]'")
    assert not (tmp_path / "r.html").exists()
