"""¡Extinción!: the feeding actions, baits and skills, Clever Girl's answer included."""

from __future__ import annotations

import pytest

from solver.games import extincion as X
from test_extincion_lab import (
    ALLO, ALLO2, ANKY, BARY, BRACHIO, CARCASS, COELO, COMPY, GIGA, GOAT, IGUA, IGUA2, IGUA3,
    MAIA, OVI, OVI2, PARA, RAPTOR, STEGO, STURGEON, TREX, TROODON, codes, conserved, play, table)


def act(player: str, card: int, **more) -> dict:
    return {"type": "play", "player": player, "card": card, **more}


# Feeding actions --------------------------------------------------------------------------------

def test_a_herbivore_draws_the_first_card_of_the_lost_world():
    state = table(hands={"ann": [IGUA]}, draws=[BARY, OVI])
    state, _ = play(state, act("ann", IGUA))
    assert state["territories"]["ann"] == [IGUA] and state["hands"]["ann"] == [BARY]


def test_a_herbivore_may_draw_from_a_reshuffled_cemetery():
    state = table(hands={"ann": [IGUA]}, draws=[], cemetery=[BARY, OVI])
    state, _ = play(state, act("ann", IGUA))
    assert state["hands"]["ann"] == [BARY] and state["cemetery"] == [OVI]


def test_a_herbivore_with_nothing_to_draw_cannot_be_played():
    state = table(hands={"ann": [IGUA]}, draws=[], cemetery=[OVI])
    assert codes(state, act("ann", IGUA)) == ["cannot_feed"]


def test_a_carnivore_eliminates_a_dinosaur_of_another_territory():
    state = table(hands={"ann": [ALLO]}, territories={"bob": [IGUA, BARY]})
    state, events = play(state, act("ann", ALLO, target=BARY))
    assert state["territories"] == {"ann": [ALLO], "bob": [IGUA], "cy": []}
    assert state["cemetery"] == [BARY]
    assert {"type": "eliminated", "player": "ann", "card": BARY, "from": "bob"} in events


@pytest.mark.parametrize("target, code", [
    (None, "target_missing"), (IGUA2, "target_own"), (OVI, "target_not_found"),
    ("bob", "malformed_move"),
])
def test_a_carnivore_needs_a_dinosaur_of_another_territory(target, code):
    state = table(hands={"ann": [ALLO, OVI]}, territories={"ann": [IGUA2], "bob": [IGUA]})
    move = act("ann", ALLO) if target is None else act("ann", ALLO, target=target)
    assert codes(state, move) == [code]


def test_a_carnivore_with_no_prey_cannot_be_played():
    state = table(hands={"ann": [ALLO]}, territories={"ann": [IGUA]})
    assert codes(state, act("ann", ALLO)) == ["cannot_feed"]


def test_a_scavenger_takes_the_first_card_of_the_cemetery():
    state = table(hands={"ann": [COMPY]}, cemetery=[GOAT, IGUA])
    state, _ = play(state, act("ann", COMPY))
    assert state["hands"]["ann"] == [IGUA] and state["cemetery"] == [GOAT]


def test_a_scavenger_needs_a_card_in_the_cemetery():
    state = table(hands={"ann": [COMPY]}, cemetery=[])
    assert codes(state, act("ann", COMPY)) == ["cannot_feed"]


def test_a_herbivore_or_scavenger_takes_no_target():
    state = table(hands={"ann": [IGUA]}, territories={"bob": [OVI]})
    assert codes(state, act("ann", IGUA, target=OVI)) == ["target_unexpected"]


def test_a_piscivore_steals_a_random_card_from_the_hand_it_chooses():
    state = table(hands={"ann": [BARY], "bob": [IGUA, OVI], "cy": [ALLO]})
    state, events = play(state, act("ann", BARY, target="bob"))
    assert len(state["hands"]["ann"]) == 1 and state["hands"]["ann"][0] in (IGUA, OVI)
    assert len(state["hands"]["bob"]) == 1 and state["hands"]["cy"] == [ALLO]
    assert {"type": "robbed", "player": "ann", "from": "bob"} in events


def test_the_piscivore_steal_is_random_but_fixed_by_the_seed():
    state = table(hands={"ann": [BARY], "bob": [IGUA, OVI, ALLO, GOAT]})
    taken = set()
    for seed in range(12):
        state["seed"] = seed
        after, _ = play(state, act("ann", BARY, target="bob"))
        again, _ = play(state, act("ann", BARY, target="bob"))
        assert after == again
        taken.add(after["hands"]["ann"][0])
    assert len(taken) > 1


@pytest.mark.parametrize("target, code", [
    ("ann", "target_own"), ("cy", "target_empty_hand"), ("zed", "target_not_found"),
    (IGUA, "malformed_move"), (None, "target_missing"),
])
def test_a_piscivore_needs_another_persons_hand_with_cards(target, code):
    state = table(hands={"ann": [BARY, IGUA], "bob": [OVI]})
    move = act("ann", BARY) if target is None else act("ann", BARY, target=target)
    assert codes(state, move) == [code]


def test_a_piscivore_with_every_other_hand_empty_cannot_be_played():
    state = table(hands={"ann": [BARY]})
    assert codes(state, act("ann", BARY, target="bob")) == ["cannot_feed"]


def test_an_egg_thief_steals_a_dinosaur_from_a_territory_to_its_hand():
    state = table(hands={"ann": [OVI]}, territories={"bob": [BRACHIO, ANKY]})
    state, events = play(state, act("ann", OVI, target=BRACHIO))
    assert state["hands"]["ann"] == [BRACHIO] and state["territories"]["bob"] == [ANKY]
    assert state["territories"]["ann"] == [OVI]
    assert {"type": "stolen", "player": "ann", "card": BRACHIO, "from": "bob"} in events


def test_an_egg_thief_with_no_dinosaur_to_steal_cannot_be_played():
    state = table(hands={"ann": [OVI]}, territories={"ann": [IGUA]})
    assert codes(state, act("ann", OVI, target=IGUA)) == ["cannot_feed"]


# Baits ------------------------------------------------------------------------------------------

def test_a_bait_draws_then_attracts_then_goes_to_the_cemetery():
    state = table(hands={"ann": [GOAT]}, territories={"bob": [ALLO, IGUA]}, draws=[BARY])
    state, events = play(state, act("ann", GOAT, target=ALLO))
    assert state["hands"]["ann"] == [BARY]
    assert state["territories"] == {"ann": [ALLO], "bob": [IGUA], "cy": []}
    assert state["cemetery"] == [GOAT] and state["in_play"] == []
    order = [e["type"] for e in events]
    assert order.index("drew") < order.index("attracted") < order.index("discarded")


def test_a_bait_cannot_be_played_without_a_dinosaur_of_its_type_in_another_territory():
    state = table(hands={"ann": [GOAT]}, territories={"ann": [ALLO], "bob": [IGUA]})
    assert codes(state, act("ann", GOAT, target=IGUA)) == ["no_bait_target"]


@pytest.mark.parametrize("bait", [GOAT, STURGEON, CARCASS])
def test_egg_thieves_answer_any_bait(bait):
    state = table(hands={"ann": [bait]}, territories={"bob": [OVI]})
    state, _ = play(state, act("ann", bait, target=OVI))
    assert state["territories"]["ann"] == [OVI]


@pytest.mark.parametrize("target, code", [
    (IGUA, "bait_wrong_diet"), (None, "target_missing"), (ALLO2, "target_own"),
])
def test_a_bait_attracts_only_its_own_type(target, code):
    state = table(hands={"ann": [GOAT]}, territories={"ann": [ALLO2], "bob": [ALLO, IGUA]})
    move = act("ann", GOAT) if target is None else act("ann", GOAT, target=target)
    assert codes(state, move) == [code]


def test_titans_and_armour_do_not_stop_a_bait_or_an_egg_thief():
    state = table(hands={"ann": [STURGEON, OVI]}, territories={"bob": [ANKY, TREX, BARY]})
    assert X.judge(state, act("ann", STURGEON, target=BARY)).valid
    assert X.judge(state, act("ann", OVI, target=TREX)).valid


# Titan and Armoured -----------------------------------------------------------------------------

def test_a_titan_is_eliminated_only_by_another_titan():
    state = table(hands={"ann": [ALLO, TREX]}, territories={"bob": [BRACHIO, IGUA]})
    assert codes(state, act("ann", ALLO, target=BRACHIO)) == ["target_titan"]
    state, _ = play(state, act("ann", TREX, target=BRACHIO))
    assert state["cemetery"] == [BRACHIO]


def test_a_carnivore_facing_only_titans_cannot_be_played():
    state = table(hands={"ann": [ALLO]}, territories={"bob": [BRACHIO], "cy": [GIGA]})
    assert codes(state, act("ann", ALLO, target=BRACHIO)) == ["cannot_feed"]


def test_an_armoured_dinosaur_is_eliminated_in_place_of_the_rest():
    state = table(hands={"ann": [ALLO]}, territories={"bob": [IGUA, ANKY, BRACHIO]})
    assert codes(state, act("ann", ALLO, target=IGUA)) == ["target_armoured"]
    state, _ = play(state, act("ann", ALLO, target=ANKY))
    assert state["territories"]["bob"] == [IGUA, BRACHIO]


def test_either_of_two_armoured_dinosaurs_may_be_eliminated():
    state = table(hands={"ann": [ALLO]}, territories={"bob": [IGUA, ANKY, STEGO]})
    targets = {m.get("target") for m in X.legal_moves(state) if m["type"] == "play"}
    assert targets == {ANKY, STEGO}


def test_armour_protects_only_its_own_territory():
    state = table(hands={"ann": [ALLO]}, territories={"bob": [ANKY], "cy": [IGUA]})
    assert X.judge(state, act("ann", ALLO, target=IGUA)).valid


# Gregarious -------------------------------------------------------------------------------------

def test_a_gregarious_dinosaur_brings_a_herbivore_after_drawing():
    state = table(hands={"ann": [PARA, BARY]}, draws=[IGUA3, OVI])
    state, _ = play(state, act("ann", PARA))
    assert state["pending"] == [{"kind": "companion", "player": "ann"}]
    moves = X.legal_moves(state)
    assert {"type": "choose", "player": "ann", "card": IGUA3} in moves
    assert {"type": "pass", "player": "ann"} in moves
    assert codes(state, {"type": "choose", "player": "ann", "card": BARY}) == ["not_eligible"]
    state, _ = play(state, {"type": "choose", "player": "ann", "card": IGUA3})
    # The companion performs no feeding action: nothing more is drawn.
    assert state["territories"]["ann"] == [PARA, IGUA3]
    assert state["hands"]["ann"] == [BARY] and state["lost_world"] == [OVI]


def test_the_gregarious_companion_may_come_from_the_hand_or_be_declined():
    state = table(hands={"ann": [PARA, IGUA]}, draws=[BARY])
    state, _ = play(state, act("ann", PARA))
    assert [m["card"] for m in X.legal_moves(state) if m["type"] == "choose"] == [IGUA]
    declined, _ = play(state, {"type": "pass", "player": "ann"})
    assert declined["territories"]["ann"] == [PARA] and declined["pending"] == []


def test_a_gregarious_companion_brings_no_companion_of_its_own():
    state = table(hands={"ann": [PARA, MAIA, IGUA]}, draws=[BARY, OVI])
    state, _ = play(state, act("ann", PARA), {"type": "choose", "player": "ann", "card": MAIA})
    assert state["territories"]["ann"] == [PARA, MAIA] and state["pending"] == []
    # No second question, no second draw: the turn moves on to the rescue of the Meadow.
    assert state["hands"]["ann"] == [IGUA, BARY] and state["phase"] == "rescue"


def test_a_gregarious_dinosaur_with_no_herbivore_to_bring_asks_nothing():
    state = table(hands={"ann": [PARA]}, draws=[BARY, OVI])
    state, _ = play(state, act("ann", PARA))
    assert state["pending"] == [] and X.view(state)["to_act"] == "bob"


# Swift Running Lizard ---------------------------------------------------------------------------

def test_a_swift_running_lizard_may_draw_up_to_three_instead_of_feeding():
    state = table(hands={"ann": [COELO]}, cemetery=[GOAT], draws=[IGUA, BARY, OVI, ALLO])
    state, _ = play(state, act("ann", COELO, swift=True))
    assert state["hands"]["ann"] == [IGUA, BARY, OVI] and state["cemetery"] == [GOAT]


def test_a_swift_running_lizard_that_cannot_feed_may_still_be_played_swiftly():
    state = table(hands={"ann": [COELO]}, cemetery=[])
    verdict = X.judge(state, act("ann", COELO))
    assert verdict.codes == ["cannot_feed"] and "Swift Running Lizard" in verdict.reasons[0].message
    assert X.legal_moves(state)[0] == act("ann", COELO, swift=True)


@pytest.mark.parametrize("move, code", [
    (act("ann", IGUA, swift=True), "not_swift"),
    (act("ann", COELO, swift=True, target=IGUA), "target_unexpected"),
])
def test_only_a_swift_running_lizard_runs(move, code):
    state = table(hands={"ann": [IGUA, COELO]})
    assert codes(state, move) == [code]


# Clever Girl ------------------------------------------------------------------------------------

def test_the_target_of_an_action_may_answer_with_a_clever_girl():
    state = table(hands={"ann": [ALLO], "bob": [RAPTOR, IGUA2]}, territories={"bob": [IGUA]})
    state, events = play(state, act("ann", ALLO, target=IGUA))
    assert X.view(state)["to_act"] == "bob"
    assert X.view(state)["awaiting"]["kind"] == "respond"
    assert X.legal_moves(state) == [{"type": "respond", "player": "bob", "card": RAPTOR},
                                    {"type": "pass", "player": "bob"}]
    assert codes(state, {"type": "draw", "player": "ann"}) == ["not_your_turn"]
    assert codes(state, {"type": "respond", "player": "bob", "card": IGUA2}) == [
        "not_clever_girl"]
    assert codes(state, {"type": "draw", "player": "bob"}) == ["awaiting_decision"]
    state, events = play(state, {"type": "respond", "player": "bob", "card": RAPTOR})
    # The action is avoided, the Clever Girl discarded, and the carnivore stays where it is.
    assert state["territories"] == {"ann": [ALLO], "bob": [IGUA], "cy": []}
    assert state["cemetery"] == [RAPTOR] and state["hands"]["bob"] == [IGUA2]
    assert {"type": "clever_girl", "player": "bob", "card": RAPTOR, "against": "ann"} in events


def test_a_target_that_keeps_its_clever_girl_suffers_the_action():
    state = table(hands={"ann": [ALLO], "bob": [RAPTOR]}, territories={"bob": [IGUA]})
    state, _ = play(state, act("ann", ALLO, target=IGUA), {"type": "pass", "player": "bob"})
    assert state["cemetery"] == [IGUA] and state["hands"]["bob"] == [RAPTOR]


def test_only_the_target_is_asked():
    state = table(hands={"ann": [ALLO], "bob": [IGUA2], "cy": [TROODON]},
                  territories={"bob": [IGUA]})
    state, _ = play(state, act("ann", ALLO, target=IGUA))
    assert state["pending"] == [] and state["cemetery"] == [IGUA]


@pytest.mark.parametrize("played, target", [(BARY, "bob"), (OVI, IGUA), (GOAT, ALLO)])
def test_clever_girl_stops_steals_and_baits_too(played, target):
    state = table(hands={"ann": [played], "bob": [TROODON, IGUA2]},
                  territories={"bob": [IGUA, ALLO]}, draws=[OVI2])
    state, _ = play(state, act("ann", played, target=target),
                    {"type": "respond", "player": "bob", "card": TROODON})
    assert state["territories"]["bob"] == [IGUA, ALLO] and state["hands"]["bob"] == [IGUA2]
    assert conserved(state)


def test_a_bait_stopped_by_a_clever_girl_still_draws_and_is_discarded():
    state = table(hands={"ann": [GOAT], "bob": [RAPTOR]}, territories={"bob": [ALLO]},
                  draws=[IGUA])
    state, _ = play(state, act("ann", GOAT, target=ALLO))
    assert state["in_play"] == [GOAT] and state["hands"]["ann"] == [IGUA]
    state, _ = play(state, {"type": "respond", "player": "bob", "card": RAPTOR})
    assert state["cemetery"] == [RAPTOR, GOAT] and state["in_play"] == []
    assert state["territories"]["bob"] == [ALLO]


def test_a_clever_girl_protects_against_the_piscivore_even_as_the_last_card():
    state = table(hands={"ann": [BARY], "bob": [TROODON]})
    state, _ = play(state, act("ann", BARY, target="bob"), {"type": "pass", "player": "bob"})
    assert state["hands"]["ann"] == [TROODON]


def test_a_played_clever_girl_feeds_like_any_dinosaur():
    state = table(hands={"ann": [RAPTOR]}, territories={"bob": [IGUA]})
    state, _ = play(state, act("ann", RAPTOR, target=IGUA))
    assert state["territories"]["ann"] == [RAPTOR] and state["cemetery"] == [IGUA]
