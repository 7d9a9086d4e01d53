"""The ¡Extinción! deck format: the sample deck, loading, and errors that name card and field."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from solver.errors import InputError
from solver.games.extincion.deck import (
    BAIT_DIETS, DIETS, EFFECTS, SKILLS, TYPES, Deck, DeckError, completable, extinctions_to_end,
    load_deck, sample_deck)
from test_extincion_lab import LAB_DATA


def deck_with(**changes) -> dict:
    data = copy.deepcopy(LAB_DATA)
    data.update(changes)
    return data


def card_problem(entry: dict) -> str:
    data = deck_with()
    data["lost_world"][1] = entry
    with pytest.raises(DeckError) as caught:
        load_deck(data)
    return str(caught.value)


# The sample deck --------------------------------------------------------------------------------

def test_sample_follows_the_rulebook_counts():
    deck = sample_deck()
    assert len(deck.cards) == 73
    assert deck.starters == 6
    assert len(deck.environments) == 22
    assert deck.counter == 5


def test_sample_uses_the_dinosaurs_the_rulebook_names_with_their_diets():
    named = {"Protoceratops": "herbivore", "Triceratops": "herbivore",
             "Ankylosaurus": "herbivore", "Spinosaurus": "piscivore",
             "Tyrannosaurus rex": "carnivore", "Velociraptor": "carnivore",
             "Oviraptor": "egg_thief"}
    diets = {c.name: c.diet for c in sample_deck().cards if not c.bait}
    assert {name: diets[name] for name in named} == named


def test_sample_says_plainly_it_is_not_the_publishers_list():
    assert "not the publisher's card list" in sample_deck().notice


def test_sample_covers_every_diet_skill_bait_type_and_effect():
    deck = sample_deck()
    dinosaurs = [c for c in deck.cards if not c.bait]
    assert {c.diet for c in dinosaurs} == set(DIETS)
    assert {s for c in dinosaurs for s in c.skills} == set(SKILLS)
    assert {c.diet for c in deck.cards if c.bait} == set(BAIT_DIETS)
    assert {e.type for e in deck.environments} == set(TYPES)
    assert {e.effect for e in deck.environments} == set(EFFECTS)


def test_sample_has_enough_extinctions_for_six_players():
    assert sample_deck().extinctions >= extinctions_to_end(6)


def test_sample_is_cached_and_round_trips_through_json():
    deck = sample_deck()
    assert sample_deck() is deck
    again = Deck.from_json(json.loads(json.dumps(deck.to_json())))
    assert again == deck


# Reading ----------------------------------------------------------------------------------------

def test_counts_expand_into_numbered_cards():
    deck = load_deck(LAB_DATA)
    assert [c.id for c in deck.cards] == list(range(len(deck.cards)))
    assert Counter(c.name for c in deck.cards)["Protoceratops"] == 6


def test_names_of_diets_and_skills_are_read_loosely():
    deck = load_deck(deck_with(lost_world=LAB_DATA["lost_world"] + [
        {"name": "Gallimimus", "diet": " Herbivore ", "skills": ["swift-running lizard"]},
        {"name": "Citipati", "diet": "Egg_Thief", "skills": ["CLEVER GIRL"]}]))
    assert (deck.cards[-2].diet, deck.cards[-2].skills) == ("herbivore",
                                                           ("swift_running_lizard",))
    assert (deck.cards[-1].diet, deck.cards[-1].skills) == ("egg_thief", ("clever_girl",))


def test_loads_a_yaml_file_a_json_file_and_text(tmp_path):
    import yaml

    as_yaml = tmp_path / "lab.yaml"
    as_yaml.write_text(yaml.safe_dump(LAB_DATA), encoding="utf-8")
    as_json = tmp_path / "lab.json"
    as_json.write_text(json.dumps(LAB_DATA), encoding="utf-8")
    expected = load_deck(LAB_DATA)
    assert load_deck(as_yaml) == expected
    assert load_deck(str(as_json)) == expected
    assert load_deck(as_yaml.read_text(encoding="utf-8")) == expected
    assert load_deck(json.dumps(LAB_DATA)) == expected


def test_a_missing_file_is_an_input_error():
    with pytest.raises(InputError, match="cannot read deck file 'nowhere.yaml'"):
        load_deck("nowhere.yaml")


def test_broken_yaml_names_the_line():
    with pytest.raises(InputError, match="not valid YAML at line 3"):
        load_deck("format: 1\nlost_world:\n\t- {name: Rex}\n")


# Errors name the card and the field -------------------------------------------------------------

def test_a_bad_diet_names_card_and_field():
    message = card_problem({"name": "Velociraptor", "diet": "carnivor"})
    assert "card 2 (Velociraptor): diet 'carnivor' is not one of carnivore, herbivore, " \
           "scavenger, piscivore, egg thief" in message


def test_a_bait_attracts_only_carnivores_piscivores_or_scavengers():
    message = card_problem({"name": "Fern", "bait": "herbivore"})
    assert "card 2 (Fern): bait 'herbivore' is not one of carnivore, piscivore, scavenger" \
        in message


def test_a_bad_skill_names_card_and_field():
    message = card_problem({"name": "Rex", "diet": "carnivore", "skills": ["Flying"]})
    assert "card 2 (Rex): skill 'Flying' is not one of titan, armoured, gregarious, " \
           "swift running lizard, clever girl" in message


@pytest.mark.parametrize("entry, expected", [
    ({"name": "Rex"}, "card 2 (Rex): give either 'diet' (a dinosaur) or 'bait'"),
    ({"name": "Rex", "diet": "carnivore", "bait": "carnivore"}, "not both"),
    ({"diet": "carnivore"}, "card 2: name: missing or empty"),
    ({"name": "Rex", "diet": "carnivore", "count": 0}, "card 2 (Rex): count: 0 is not"),
    ({"name": "Rex", "diet": "carnivore", "size": 9}, "card 2 (Rex): unknown field 'size'"),
    ({"name": "Rex", "diet": "carnivore", "skills": "titan"}, "card 2 (Rex): skills: expected"),
    ({"name": "Rex", "diet": "carnivore", "skills": ["titan", "Titan"]},
     "card 2 (Rex): skills: titan is given twice"),
    ({"name": "Boar", "bait": "carnivore", "skills": ["titan"]},
     "card 2 (Boar): skills: a bait has no skills"),
    ({"name": "Rex", "diet": "carnivore", "skills": ["gregarious"]},
     "card 2 (Rex): skills: gregarious is a skill of herbivores"),
    ("Rex", "card 2: expected a mapping"),
])
def test_card_faults(entry, expected):
    assert expected in card_problem(entry)


@pytest.mark.parametrize("entry, expected", [
    ({"name": "Bay", "type": "ocean", "needs": ["piscivore"], "effect": "famine"},
     "environment 2 (Bay): type 'ocean' is not one of estuary, coast, forest, desert, meadow"),
    ({"name": "Bay", "type": "coast", "needs": ["fish"], "effect": "famine"},
     "environment 2 (Bay): needs 'fish' is not one of carnivore"),
    ({"name": "Bay", "type": "coast", "needs": [], "effect": "famine"},
     "environment 2 (Bay): needs: expected a non-empty list"),
    ({"name": "Bay", "type": "coast", "needs": ["piscivore"], "effect": "flood"},
     "environment 2 (Bay): effect 'flood' is not one of earthquake, famine, epidemic, "
     "stampede, extinction"),
    ({"name": "Bay", "type": "coast", "needs": ["piscivore"] * 5, "effect": "famine"},
     "environment 2 (Bay): needs: 5 piscivore is more than the deck's dinosaurs can ever fill"),
])
def test_environment_faults(entry, expected):
    data = deck_with()
    data["environments"][1] = entry
    with pytest.raises(DeckError) as caught:
        load_deck(data)
    assert expected in str(caught.value)


def test_every_fault_is_reported_at_once():
    data = deck_with(counter=2, extra=True)
    data["lost_world"][1] = {"name": "Rex", "diet": "carnivor"}
    data["environments"][0]["type"] = "ocean"
    with pytest.raises(DeckError) as caught:
        load_deck(data)
    problems = caught.value.problems
    assert len(problems) == 4
    assert any("unknown field 'extra'" in p for p in problems)
    assert any("field 'counter': 2" in p for p in problems)


@pytest.mark.parametrize("data, expected", [
    ("- 1\n- 2\n", "a deck is a mapping"),
    ({"lost_world": [], "environments": []}, "missing field 'format'"),
])
def test_a_deck_that_is_not_a_deck(data, expected):
    with pytest.raises(DeckError, match=expected):
        load_deck(data)


def test_a_deck_of_another_kind_of_value_is_refused():
    with pytest.raises(InputError, match="a deck is a path, a text or a mapping, not list"):
        load_deck([LAB_DATA])


def test_an_unknown_format_version_is_refused():
    with pytest.raises(DeckError, match="deck format 2 is not known"):
        load_deck(deck_with(format=2))


def test_too_few_extinction_backs_to_ever_end_is_refused():
    data = deck_with()
    for env in data["environments"][5:]:
        env["effect"] = "famine"
    with pytest.raises(DeckError, match="the deck has 1 Extinction! backs, and even a "
                                        "2-player game only ends at the 3rd extinction"):
        load_deck(data)


# Filling environments ---------------------------------------------------------------------------

def test_one_egg_thief_stands_in_for_one_missing_icon():
    assert completable(["piscivore", "herbivore"], Counter(herbivore=1, egg_thief=1))
    assert not completable(["piscivore", "piscivore"], Counter(egg_thief=2))
    assert completable(["egg_thief", "piscivore"], Counter(egg_thief=2))
    assert not completable(["egg_thief"], Counter(herbivore=3))
