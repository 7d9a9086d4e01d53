"""What goes on what in Extreme Idiot: the rulebook's examples, one per line of the golden file."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from solver.errors import InputError
from solver.games.idiot import OPTIONS, REASON_CODES, judge_play, parse_cards
from solver.games.idiot.pile import acted_rank, read_pile, top_of
from solver.games.idiot.rules import PARAGRAPH, asks

GOLDEN = Path(__file__).parent / "golden" / "idiot_plays.tsv"


def _cases():
    with GOLDEN.open(encoding="utf-8") as f:
        rows = csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t")
        for row in rows:
            yield pytest.param(row, id=f"{row['pile']} + {row['play']} ({row['source']})")


def _context(text: str) -> dict:
    context = {}
    for item in filter(None, text.split(";")):
        if item == "draw_empty":
            context["draw_empty"] = True
        elif item.startswith("by="):
            context["by"] = item[3:].split(",")
    return context


@pytest.mark.parametrize("row", list(_cases()))
def test_rulebook_play(row):
    verdict = judge_play(row["pile"], row["play"], **_context(row["context"]))
    assert verdict.valid is (row["valid"] == "yes"), verdict.summary()
    assert verdict.codes == [c for c in row["codes"].split(",") if c]
    assert verdict.extra["paragraph"] == row["paragraph"]
    want = row["consequence"]
    if want == "-":
        assert verdict.extra["consequence"] is None
    elif want:
        assert want in verdict.extra["consequence"]


def test_every_reason_code_is_documented_and_every_paragraph_code_exists():
    assert set(PARAGRAPH) <= set(REASON_CODES)
    golden_codes = set()
    with GOLDEN.open(encoding="utf-8") as f:
        for line in f:
            if not line.startswith(("#", "pile\t")):
                golden_codes.update(c for c in line.split("\t")[3].split(",") if c)
    assert golden_codes <= set(REASON_CODES)


def test_reason_messages_name_their_paragraph():
    verdict = judge_play("6♠", "Q♥")
    assert verdict.reasons[0].message.startswith("§6: ")
    assert verdict.extra["penalty"] == "illegal_queen" and verdict.extra["zero_tolerance"]


def test_breach_is_not_zero_tolerance():
    verdict = judge_play("3♠", "7♦")
    assert verdict.extra["penalty"] == "breach"
    assert verdict.extra["zero_tolerance"] is False
    assert "§20 part 1" in verdict.extra["consequence"]


def test_the_verdict_answer_is_the_play_as_written():
    assert judge_play("K♠ 5♥", "A♦").answer == "A♦"
    assert judge_play(["ks"], ["ad"]).answer == "A♦"
    assert judge_play(["ks"], ["ad"]).to_json()["paragraph"] == "§13"


def test_the_next_player_is_told_what_to_play():
    assert judge_play("-", "3♠").extra["next"] == "3, 6, 9 or Q (the 3-times table), a joker or a 5"
    assert judge_play("-", "9♠ 9♦").extra["next"] == "4 cards at once, each beating 9 (9 to A)"
    assert judge_play("J♦", "5♠").extra["next"] == "a ♦ card, a jack or a 5"
    assert judge_play("Q♦", "10♠").extra["next"] is None        # burned: the table is empty


def test_a_joker_jack_asks_for_its_colour():
    # Two jokers on an empty table step four below "zero": a jack, of the top joker's colour.
    verdict = judge_play("-", "black joker red joker")
    assert verdict.extra["acts_as"] == "J"
    assert judge_play("black joker red joker", "3♥").valid
    assert judge_play("black joker red joker", "3♦").valid
    assert judge_play("black joker red joker", "3♠").codes == ["demand_jack_suit"]


@pytest.mark.parametrize("base, jokers, acts", [
    (0, 1, 13), (2, 1, 13), (3, 1, 14), (4, 1, 2), (6, 1, 4), (7, 1, 5), (8, 1, 6), (9, 1, 7),
    (11, 1, 9), (12, 1, 10), (14, 1, 12), (12, 2, 8), (14, 3, 8), (0, 2, 11)])
def test_joker_arithmetic(base, jokers, acts):
    # §15: two below per joker, wrapping 2 -> A -> K; an empty table counts as a 2.
    assert acted_rank(base, jokers) == acts


def test_a_bare_pile_is_read_after_its_last_burn():
    entries, burned = read_pile(parse_cards("K♠ 9♦ 9♣ 10♥ 3♠"))
    assert [e[0] for e in entries] == ["3s"]
    assert burned == ["ks", "9d", "9c", "10h"]
    assert top_of(entries).demand == "three"


def test_an_ace_on_a_king_clears_a_bare_pile():
    entries, _ = read_pile(parse_cards("K♠ A♦ 4♣"), by=["ann", "bob", "cy"])
    assert [e[0] for e in entries] == ["4c"]


def test_draw_empty_kills_4s_in_a_bare_pile():
    live = top_of(read_pile(parse_cards("4♠"))[0])
    dead = top_of(read_pile(parse_cards("4♠"), draw_empty=True)[0])
    assert live.live and not dead.live


def test_asks_after_a_ladder_is_only_equal_or_higher():
    # §8: ladder cards have no function, so a laddered jack asks no suit.
    from solver.games.idiot.pile import EMPTY, lay
    laid = lay([], EMPTY, parse_cards("8♥ 9♠ J♦"), "ann", "ladder", False)
    top = top_of(laid.pile)
    assert top.demand is None and top.rank == 11
    assert asks(top) == "J or higher, or a 2, 10, 5 or joker"


@pytest.mark.parametrize("bad", [
    {"decks": 3}, {"voluntary_pickup": "yes"}, {"unfollowed_two": "skip"}, {"nonsense": 1},
    {"stalemate_repeats": -1}])
def test_bad_options_are_refused(bad):
    with pytest.raises(InputError):
        judge_play("-", "3♠", options=bad)


def test_options_have_defaults_of_their_own_type():
    assert judge_play("-", "3♠", options=dict(OPTIONS)).valid


def test_unknown_context_is_refused():
    with pytest.raises(InputError, match="unknown context"):
        judge_play("-", "3♠", drawempty=True)
    with pytest.raises(InputError, match="by names"):
        judge_play("K♠ 5♥", "A♦", by=["ann"])


def test_a_bad_card_is_a_clear_error():
    with pytest.raises(InputError, match="'1x' is not a card"):
        judge_play("-", "1x")
    with pytest.raises(InputError, match="'Z♠' is not a card"):
        judge_play("Z♠", "3♠")


@pytest.mark.parametrize("pile, play, penalty", [
    ("", "8h 9s jd qh ah", "breach"),      # the ace breaks the ladder; its queen was legal
    ("", "8h 9s jd kh ah", "breach"),
    ("", "8h 9s qh", "illegal_queen"),     # the queen itself skips the jack
    ("", "qh", "illegal_queen"),
    ("6♠", "Q♥", "illegal_queen"),
    ("3♠", "7♦", "breach"),
    ("9s 9h", "qh 3d", "breach"),          # an answer to 9s with a legal queen in it
    ("", "9h qh", "breach"),               # mixed ranks: not the queen's offence
])
def test_only_the_illegal_queen_itself_is_punished_as_one(pile, play, penalty):
    verdict = judge_play(pile, play)
    assert verdict.valid is False
    assert verdict.extra["penalty"] == penalty
    assert verdict.extra["zero_tolerance"] is (penalty == "illegal_queen")


@pytest.mark.parametrize("pile, play", [("8h 9s 9d jd qh kh", "ah"),
                                        ("8s 7h 6d 5c 4h 3s", "4s")])
def test_the_judge_says_it_reads_a_pile_with_an_eight_as_no_ladder(pile, play):
    verdict = judge_play(pile, play)
    assert "not a ladder" in verdict.extra["pile_read_as"]
    assert "pile_read_as" not in judge_play("K♠ 5♥", "A♦").extra
    assert "pile_read_as" not in judge_play("9s 8h", "9d").extra  # the 8 on top: no doubt


def test_an_empty_play_is_refused_as_no_cards():
    verdict = judge_play("", "")
    assert verdict.codes == ["no_cards"] and verdict.extra["penalty"] == "breach"
