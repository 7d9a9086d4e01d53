"""¡Extinción!: the set-up, the order of play, Phase 1, the variants, and the verdicts' shape."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest

from solver.errors import InputError
from solver.games import base, engine
from solver.games import extincion as X
from solver.games.extincion.deck import load_deck, sample_deck
from test_extincion_lab import (
    ALLO, ANKY, BARY, BRACHIO, COELO, COMPY, FOREST_FAMINE, GOAT, IGUA, IGUA2, IGUA3, LAB,
    LAB_DATA, MEADOW_QUAKE, OVI, RAPTOR, STURGEON, TREX, codes, conserved, play, table)

FOUR = ["ann", "bob", "cy", "dee"]


def names(state: dict, cards) -> list[str]:
    return [state["deck"]["cards"][c]["name"] for c in cards]


# Preparation ------------------------------------------------------------------------------------

def test_the_engine_is_registered_under_its_name():
    assert engine("extincion") is X
    assert X.NAME == "extincion"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_each_player_starts_with_a_protoceratops_and_the_rest_go_to_the_cemetery(players):
    state = X.new(FOUR[:2] + [f"p{i}" for i in range(players - 2)], 1)
    for territory in state["territories"].values():
        assert names(state, territory) == ["Protoceratops"]
    assert names(state, state["cemetery"]) == ["Protoceratops"] * (6 - players)
    assert conserved(state)


def test_three_cards_each_three_environments_and_the_counter_at_zero():
    state = X.new(FOUR, 1)
    assert all(len(hand) == 3 for hand in state["hands"].values())
    assert len(state["display"]) == 3 and len(state["environments"]) == 22 - 3
    assert state["counter"] == 0
    assert len(state["lost_world"]) == 73 - 6 - 3 * 4
    assert "Protoceratops" not in names(state, state["lost_world"])


def test_the_game_is_plain_json_and_the_same_seed_deals_the_same_game():
    state = X.new(FOUR, 5)
    assert json.loads(json.dumps(state)) == state
    assert X.new(FOUR, 5) == state
    assert X.new(FOUR, 6)["lost_world"] != state["lost_world"]


def test_the_first_listed_player_starts_unless_told_otherwise():
    assert X.view(X.new(FOUR, 1))["to_act"] == "ann"
    assert X.view(X.new(FOUR, 1, {"first": "cy"}))["to_act"] == "cy"


def test_the_oldest_player_starts_and_the_first_seated_of_equals():
    ages = {"ann": 30, "bob": 71, "cy": 71, "dee": 9}
    state = X.new(FOUR, 1, {"ages": ages})
    assert X.view(state)["to_act"] == "bob"
    assert state["territories"]["bob"] and state["first"] == 1


def test_turns_pass_clockwise():
    state = table(hands={"ann": [IGUA], "bob": [IGUA2], "cy": [IGUA3]}, draws=[BARY, OVI, GOAT])
    seen = []
    for name in ("ann", "bob", "cy"):
        seen.append(X.view(state)["to_act"])
        card = state["hands"][name][0]
        state, _ = play(state, {"type": "discard", "player": name, "cards": [card]})
    assert seen == ["ann", "bob", "cy"] and X.view(state)["to_act"] == "ann"


@pytest.mark.parametrize("options, message", [
    ({"colour": "red"}, "unknown option 'colour'"),
    ({"skills": "most"}, "option 'skills' is one of all, basic, none"),
    ({"beginner": "yes"}, "option 'beginner' is true or false"),
    ({"first": "zed"}, "option 'first': 'zed' is not playing"),
    ({"first": "ann", "ages": {}}, "give 'first' or 'ages', not both"),
    ({"ages": {"ann": 3}}, "option 'ages' gives every player's age"),
])
def test_bad_options_are_refused(options, message):
    with pytest.raises(InputError, match=message):
        X.new(FOUR, 1, options)


@pytest.mark.parametrize("players, message", [
    (["ann"], "for 2 to 6 players, not 1"),
    ([f"p{i}" for i in range(7)], "for 2 to 6 players, not 7"),
    (["ann", "ann"], "each player needs a name of their own"),
    ("ann,bob", "players are a list of names"),
])
def test_two_to_six_players_with_names_of_their_own(players, message):
    with pytest.raises(InputError, match=message):
        X.new(players, 1)


def test_a_deck_whose_extinctions_cannot_end_this_many_players_is_refused():
    data = copy.deepcopy(LAB_DATA)
    data["environments"][8]["effect"] = "famine"
    four_backs = load_deck(data)
    assert X.new(["ann", "bob", "cy"], 1, {"deck": four_backs})["end_at"] == 4
    with pytest.raises(InputError, match="4 Extinction! backs, and a 4-player game ends at "
                                         "extinction 5"):
        X.new(FOUR, 1, {"deck": four_backs})


def test_a_deck_short_of_protoceratops_needs_the_random_start():
    data = copy.deepcopy(LAB_DATA)
    data["lost_world"][0]["count"] = 2
    deck = load_deck(data)
    with pytest.raises(InputError, match="holds 2 Protoceratops"):
        X.new(["ann", "bob", "cy"], 1, {"deck": deck})
    assert X.new(["ann", "bob", "cy"], 1, {"deck": deck, "random_start": True})


def test_the_deck_option_takes_a_path(tmp_path):
    path = tmp_path / "lab.json"
    path.write_text(json.dumps(LAB_DATA), encoding="utf-8")
    state = X.new(FOUR, 1, {"deck": str(path)})
    assert state["deck"] == LAB.to_json()
    assert X.new(FOUR, 1)["deck"] == sample_deck().to_json()


# Phase 1 ----------------------------------------------------------------------------------------

def test_draw_fills_the_hand_to_three():
    state = table(hands={"ann": [ALLO]}, draws=[IGUA, BARY, OVI])
    state, events = play(state, {"type": "draw", "player": "ann"})
    assert state["hands"]["ann"] == [ALLO, IGUA, BARY]
    assert {"type": "drew", "player": "ann", "count": 2} in events


def test_draw_needs_fewer_than_three_cards_in_hand():
    state = table(hands={"ann": [ALLO, IGUA, BARY]})
    assert codes(state, {"type": "draw", "player": "ann"}) == ["hand_full"]


def test_draw_needs_a_card_to_draw():
    state = table(hands={"ann": [ALLO]}, draws=[], cemetery=[IGUA])
    assert codes(state, {"type": "draw", "player": "ann"}) == ["nothing_to_draw"]


def test_discard_any_number_and_draw_as_many():
    state = table(hands={"ann": [ALLO, IGUA, BARY]}, draws=[OVI, COMPY, GOAT])
    state, _ = play(state, {"type": "discard", "player": "ann", "cards": [ALLO, BARY]})
    assert state["hands"]["ann"] == [IGUA, OVI, COMPY]
    assert state["cemetery"] == [ALLO, BARY]


@pytest.mark.parametrize("cards, code", [
    ([], "no_cards"), ([ALLO, ALLO], "duplicate_card"), ([TREX], "not_in_hand"),
    ("all", "malformed_move"), ([True], "malformed_move"),
])
def test_discard_faults(cards, code):
    state = table(hands={"ann": [ALLO, IGUA]})
    assert codes(state, {"type": "discard", "player": "ann", "cards": cards}) == [code]


def test_phase_one_is_mandatory():
    state = table(hands={"ann": [ALLO]})
    assert codes(state, {"type": "pass", "player": "ann"}) == ["must_act"]
    assert {m["type"] for m in X.legal_moves(state)} == {"discard", "draw"}


def test_a_rescue_waits_for_phase_two():
    state = table(territories={"ann": [IGUA, IGUA2]}, hands={"ann": [ALLO]})
    move = {"type": "rescue", "player": "ann", "environment": MEADOW_QUAKE,
            "cards": [IGUA, IGUA2]}
    assert codes(state, move) == ["wrong_phase"]


def test_when_the_deck_ends_the_cemetery_is_shuffled_in_leaving_its_last_card():
    state = table(hands={"ann": [ALLO]}, draws=[], cemetery=[IGUA, BARY, OVI])
    state, events = play(state, {"type": "draw", "player": "ann"})
    assert state["cemetery"] == [OVI]
    assert sorted(state["hands"]["ann"]) == sorted([ALLO, IGUA, BARY])
    assert {"type": "reshuffled", "cards": 2} in events


def test_discarded_cards_feed_the_reshuffle_but_the_last_stays():
    state = table(hands={"ann": [ALLO, IGUA]}, draws=[])
    state, _ = play(state, {"type": "discard", "player": "ann", "cards": [ALLO, IGUA]})
    assert state["cemetery"] == [IGUA] and state["hands"]["ann"] == [ALLO]


def test_a_player_who_can_do_nothing_is_passed_over():
    state = table(hands={"ann": [ALLO], "bob": []}, territories={"cy": [IGUA]},
                  draws=[], cemetery=[])
    state, events = play(state, {"type": "play", "player": "ann", "card": ALLO, "target": IGUA})
    assert {"type": "stuck", "player": "bob"} in events
    assert X.view(state)["to_act"] != "bob"


# Variants ---------------------------------------------------------------------------------------

def test_random_start_deals_four_and_each_places_a_dinosaur_that_is_not_a_titan():
    state = X.new(FOUR, 2, {"random_start": True})
    while state["phase"] == "start":
        entry = state["pending"][0]
        assert entry["kind"] == "start"
        moves = X.legal_moves(state)
        cards = state["deck"]["cards"]
        assert all(not cards[m["card"]]["bait"] and "titan" not in cards[m["card"]]["skills"]
                   for m in moves)
        state, _ = play(state, moves[0])
    for name in FOUR:
        assert len(state["territories"][name]) == 1 and len(state["hands"][name]) == 3
    assert state["cemetery"] == [] and "Protoceratops" in names(state, state["lost_world"])
    assert conserved(state)


def test_random_start_redeals_a_hand_with_no_dinosaur_to_place():
    data = copy.deepcopy(LAB_DATA)
    data["lost_world"] = [{"name": "Goat", "bait": "carnivore", "count": 30},
                          {"name": "Brachiosaurus", "diet": "herbivore", "skills": ["titan"],
                           "count": 4},
                          {"name": "Iguanodon", "diet": "herbivore", "count": 6},
                          {"name": "Allosaurus", "diet": "carnivore", "count": 3},
                          {"name": "Baryonyx", "diet": "piscivore", "count": 3},
                          {"name": "Compsognathus", "diet": "scavenger", "count": 3}]
    deck = load_deck(data)
    redealt = 0
    for seed in range(15):
        state = X.new(["ann", "bob"], seed, {"deck": deck, "random_start": True})
        while state["phase"] == "start":
            state, _ = play(state, X.legal_moves(state)[0])
        for name in ("ann", "bob"):
            placed = [deck.cards[c] for c in state["territories"][name]]
            assert len(placed) == 1 and not placed[0].bait and "titan" not in placed[0].skills
        redealt += bool(state["cemetery"])
        assert conserved(state)
    assert redealt


def test_the_beginner_game_leaves_the_baits_out_and_plays_basic_skills():
    state = X.new(FOUR, 3, {"beginner": True})
    cards = state["deck"]["cards"]
    assert sorted(state["removed"]) == [c["id"] for c in cards if c["bait"]]
    in_play = state["lost_world"] + [c for h in state["hands"].values() for c in h]
    assert not any(cards[c]["bait"] for c in in_play)
    assert state["options"] == {"beginner": True, "skills": "basic", "random_start": False}


def test_the_beginner_game_may_play_no_skills_at_all():
    state = table(hands={"ann": [ALLO]}, territories={"bob": [BRACHIO, ANKY, IGUA]},
                  options={"beginner": True, "skills": "none"})
    for target in (BRACHIO, ANKY, IGUA):
        assert X.judge(state, {"type": "play", "player": "ann", "card": ALLO,
                               "target": target}).valid


def test_special_skills_are_off_in_the_beginner_game():
    state = table(hands={"ann": [COELO, ALLO], "bob": [RAPTOR]}, territories={"bob": [IGUA]},
                  cemetery=[GOAT], options={"beginner": True})
    assert codes(state, {"type": "play", "player": "ann", "card": COELO,
                         "swift": True}) == ["skill_off"]
    state, _ = play(state, {"type": "play", "player": "ann", "card": ALLO, "target": IGUA})
    assert state["cemetery"][-1] == IGUA and RAPTOR in state["hands"]["bob"]


# Verdicts and the engine contract ---------------------------------------------------------------

def test_a_verdict_names_the_rule_that_forbids_the_move():
    state = table(hands={"ann": [ALLO]}, territories={"bob": [BRACHIO]})
    verdict = X.judge(state, {"type": "play", "player": "ann", "card": ALLO, "target": BRACHIO})
    assert verdict.valid is False
    assert verdict.codes == ["cannot_feed"]
    assert verdict.extra["rule"] == "Dinosaurs Feeding Actions"
    assert verdict.to_json()["rule"] == "Dinosaurs Feeding Actions"
    assert "ann play" in verdict.answer


def test_a_legal_move_gets_a_valid_verdict_with_its_rule():
    state = table(hands={"ann": [IGUA]})
    verdict = X.judge(state, {"type": "play", "player": "ann", "card": IGUA})
    assert verdict.valid is True and verdict.reasons == []
    assert verdict.extra["rule"] == "Dinosaurs Feeding Actions"


def test_apply_refuses_an_illegal_move_and_never_changes_its_input():
    state = table(hands={"ann": [ALLO, IGUA]}, territories={"bob": [IGUA2]})
    before = copy.deepcopy(state)
    with pytest.raises(base.IllegalMove) as caught:
        X.apply(state, {"type": "draw", "player": "bob"})
    assert caught.value.verdict.codes == ["not_your_turn"]
    X.apply(state, {"type": "play", "player": "ann", "card": ALLO, "target": IGUA2})
    assert state == before


@pytest.mark.parametrize("move, code", [
    ("draw", "malformed_move"),
    ({"player": "ann"}, "malformed_move"),
    ({"type": "fly", "player": "ann"}, "unknown_move"),
    ({"type": "draw", "player": "zed"}, "unknown_player"),
    ({"type": "draw"}, "unknown_player"),
    ({"type": "play", "player": "ann"}, "malformed_move"),
    ({"type": "play", "player": "ann", "card": "17"}, "malformed_move"),
    ({"type": "play", "player": "ann", "card": IGUA, "swift": "yes"}, "malformed_move"),
    ({"type": "choose", "player": "ann", "card": IGUA}, "wrong_phase"),
])
def test_malformed_and_misplaced_moves(move, code):
    state = table(hands={"ann": [IGUA]})
    assert codes(state, move) == [code]


def test_every_reason_code_has_a_meaning_and_a_rulebook_section():
    from solver.games.extincion.rules import REASONS, SECTIONS

    assert set(X.REASON_CODES) == set(REASONS)
    assert all(code == code.lower() and " " not in code for code in X.REASON_CODES)
    assert all(section in SECTIONS or section is None for _meaning, section in REASONS.values())


def test_the_rulings_document_lists_every_reason_code_move_and_option():
    text = (Path(__file__).parents[1] / "docs" / "extincion.md").read_text(encoding="utf-8")
    assert all(f"| `{code}` |" in text for code in X.REASON_CODES)
    assert all(f'"type": "{kind}"' in text for kind in X.MOVE_TYPES)
    assert all(f"| `{option}` |" in text for option in X.OPTIONS)


def test_replaying_the_moves_gives_the_same_game():
    from solver.games.extincion.bots import greedy_player, play_game

    record: list = []
    final = play_game(FOUR, 11, greedy_player, record=record)
    state = X.new(FOUR, 11)
    for _before, move in record:
        state, _ = X.apply(state, move)
    assert state == final


def test_the_view_shows_the_table_and_only_the_named_hand():
    state = table(hands={"ann": [IGUA, GOAT], "bob": [STURGEON]}, territories={"bob": [TREX]},
                  cemetery=[OVI])
    seen = X.view(state, "ann")
    assert [c["id"] for c in seen["hand"]] == [IGUA, GOAT]
    assert seen["table"]["bob"]["hand"] == 1
    assert [c["name"] for c in seen["table"]["bob"]["territory"]] == ["Tyrannosaurus rex"]
    assert seen["cemetery"] == {"count": 1, "top": LAB.cards[OVI].to_json()}
    assert "hand" not in X.view(state)
    assert json.loads(json.dumps(seen)) == seen
    with pytest.raises(InputError):
        X.view(state, "zed")


def test_the_view_hides_the_butterfly_effects_on_display():
    seen = X.view(table())
    assert [e["id"] for e in seen["display"]] == [MEADOW_QUAKE, FOREST_FAMINE, 2]
    assert all("effect" not in e for e in seen["display"])


def test_legal_moves_are_exactly_the_moves_judged_valid():
    state = table(hands={"ann": [ALLO, IGUA, GOAT]}, territories={"bob": [ANKY, IGUA2]})
    moves = X.legal_moves(state)
    assert all(X.judge(state, m).valid for m in moves)
    # The Allosaurus must bite the Armoured dinosaur, and the Goat finds no carnivore.
    assert Counter(m["type"] for m in moves) == Counter({"play": 2, "discard": 7})
    assert {"type": "play", "player": "ann", "card": ALLO, "target": ANKY} in moves
    assert {"type": "play", "player": "ann", "card": ALLO, "target": IGUA2} not in moves
