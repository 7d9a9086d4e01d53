"""¡Extinción!: rescues, the Butterfly Effects, the end and the score, and the rulings."""

from __future__ import annotations

import pytest

from solver.games import extincion as X
from solver.games.extincion.deck import extinctions_to_end
from solver.games.extincion.play import DROUGHT_ROUNDS, score
from test_extincion_lab import (
    ALLO, ALLO2, ANKY, BARY, BARY2, BRACHIO, COAST_EPIDEMIC, COAST_EXT, COMPY, COMPY2,
    DESERT_STAMPEDE, ESTUARY_EXT, FOREST_EXT, FOREST_FAMINE, GOAT, IGUA, IGUA2, IGUA3,
    MEADOW_EXT, MEADOW_QUAKE, OVI, OVI2, RAPTOR, STURGEON, TREX, codes, conserved,
    play, table)


def rescue(player: str, environment: int, *cards: int) -> dict:
    return {"type": "rescue", "player": player, "environment": environment, "cards": list(cards)}


def phase_two(**layout) -> dict:
    """Return a table where ann has acted and may rescue."""
    state = table(**layout)
    state["phase"] = "rescue"
    return state


def set_aside(state: dict, player: str, environment: int, cards: list[int]) -> None:
    """Move `cards` and `environment` from wherever they are to `player`'s rescues."""
    for pile in ("lost_world", "cemetery", "removed"):
        state[pile] = [c for c in state[pile] if c not in cards]
    for pile in ("environments", "display", "withered"):
        state[pile] = [e for e in state[pile] if e != environment]
    state["rescued"][player].append({"environment": environment, "cards": sorted(cards)})


# Rescuing dinosaurs -----------------------------------------------------------------------------

def test_phase_two_opens_when_the_territory_completes_an_environment():
    state = table(hands={"ann": [IGUA2]}, draws=[BARY], territories={"ann": [IGUA]})
    state, _ = play(state, {"type": "play", "player": "ann", "card": IGUA2})
    assert state["phase"] == "rescue" and X.view(state)["to_act"] == "ann"
    assert rescue("ann", MEADOW_QUAKE, IGUA, IGUA2) in X.legal_moves(state)
    assert {"type": "pass", "player": "ann"} in X.legal_moves(state)


def test_a_rescue_sets_the_dinosaurs_aside_with_the_environment_and_refills_the_display():
    state = phase_two(territories={"ann": [IGUA, IGUA2, ALLO]}, env_draws=[MEADOW_EXT],
                      hands={"ann": [BARY], "bob": [OVI]})
    state, events = play(state, rescue("ann", MEADOW_QUAKE, IGUA2, IGUA))
    assert state["territories"]["ann"] == [ALLO]
    assert state["rescued"]["ann"] == [{"environment": MEADOW_QUAKE, "cards": [IGUA, IGUA2]}]
    assert state["display"] == [FOREST_FAMINE, COAST_EPIDEMIC, MEADOW_EXT]
    assert {"type": "rescued", "player": "ann", "environment": MEADOW_QUAKE,
            "cards": [IGUA, IGUA2], "effect": "earthquake"} in events
    assert X.view(state)["table"]["ann"]["rescued"] == 2
    assert X.view(state)["table"]["ann"]["environments"][0]["effect"] == "earthquake"
    assert conserved(state)


def test_only_one_environment_per_turn():
    state = phase_two(territories={"ann": [IGUA, IGUA2, ALLO, IGUA3]}, draws=[BARY, OVI])
    state, _ = play(state, rescue("ann", MEADOW_QUAKE, IGUA, IGUA2))
    assert X.view(state)["to_act"] == "bob"
    assert codes(state, rescue("ann", FOREST_FAMINE, ALLO, IGUA3)) == ["not_your_turn"]


def test_the_rescue_is_optional():
    state = phase_two(territories={"ann": [IGUA, IGUA2]}, hands={"bob": [OVI]})
    state, _ = play(state, {"type": "pass", "player": "ann"})
    assert X.view(state)["to_act"] == "bob" and state["territories"]["ann"] == [IGUA, IGUA2]


@pytest.mark.parametrize("environment, cards, code", [
    (MEADOW_QUAKE, [IGUA, ALLO], "wrong_dinosaurs"),
    (MEADOW_QUAKE, [IGUA], "wrong_dinosaurs"),
    (MEADOW_QUAKE, [IGUA, IGUA2, IGUA3], "wrong_dinosaurs"),
    (MEADOW_EXT, [IGUA, IGUA2], "not_on_display"),
    (MEADOW_QUAKE, [IGUA, TREX], "not_in_territory"),
    (FOREST_FAMINE, [OVI, OVI2], "two_wild_cards"),
    (MEADOW_QUAKE, [], "no_cards"),
    ("meadow", [IGUA, IGUA2], "malformed_move"),
])
def test_a_rescue_must_match_the_icons_exactly(environment, cards, code):
    state = phase_two(territories={"ann": [IGUA, IGUA2, IGUA3, ALLO, OVI, OVI2]})
    assert codes(state, rescue("ann", environment, *cards)) == [code]


def test_one_egg_thief_stands_in_for_a_missing_dinosaur():
    state = phase_two(territories={"ann": [ALLO, OVI, OVI2]})
    assert X.judge(state, rescue("ann", FOREST_FAMINE, ALLO, OVI)).valid
    listed = [m for m in X.legal_moves(state) if m["type"] == "rescue"]
    assert rescue("ann", FOREST_FAMINE, ALLO, OVI) in listed
    assert rescue("ann", FOREST_FAMINE, ALLO, OVI2) in listed
    assert all(m["cards"] != [OVI, OVI2] for m in listed)


def test_the_rescued_dinosaurs_are_safe_before_the_butterfly_effect():
    state = phase_two(territories={"ann": [ALLO, IGUA, IGUA2]})
    state, _ = play(state, rescue("ann", FOREST_FAMINE, ALLO, IGUA))
    assert state["territories"]["ann"] == [IGUA2] and state["pending"] == []


# Butterfly Effects ------------------------------------------------------------------------------

def test_earthquake_everyone_passes_their_hand_to_the_right():
    state = phase_two(territories={"ann": [IGUA, IGUA2]},
                      hands={"ann": [ALLO], "bob": [BARY, OVI], "cy": [GOAT]})
    state, events = play(state, rescue("ann", MEADOW_QUAKE, IGUA, IGUA2))
    # Turns go clockwise, so each player's right is the seat before.
    assert state["hands"] == {"cy": [ALLO], "ann": [BARY, OVI], "bob": [GOAT]}
    assert {"type": "hands_passed"} in events


def test_famine_sacrifices_one_dinosaur_per_carnivore_but_not_to_itself():
    state = phase_two(territories={"ann": [ALLO, IGUA], "bob": [ALLO2, IGUA2, IGUA3],
                                   "cy": [TREX]})
    state, _ = play(state, rescue("ann", FOREST_FAMINE, ALLO, IGUA))
    assert state["pending"] == [{"kind": "famine", "player": "bob", "left": 1,
                                 "carnivores": [ALLO2]}]
    assert [m["card"] for m in X.legal_moves(state)] == [IGUA2, IGUA3]
    assert codes(state, {"type": "pass", "player": "bob"}) == ["must_choose"]
    refused = X.judge(state, {"type": "choose", "player": "bob", "card": ALLO2})
    assert refused.codes == ["not_eligible"]
    assert refused.extra["rule"] == "Butterfly Effect, Famine"
    state, events = play(state, {"type": "choose", "player": "bob", "card": IGUA3})
    assert state["territories"] == {"ann": [], "bob": [ALLO2, IGUA2], "cy": [TREX]}
    assert state["cemetery"][-1] == IGUA3
    assert {"type": "sacrificed", "player": "bob", "card": IGUA3} in events


def test_famine_strikes_the_rescuer_too():
    state = phase_two(territories={"ann": [ALLO, IGUA, ALLO2, IGUA2]})
    state, events = play(state, rescue("ann", FOREST_FAMINE, ALLO, IGUA))
    assert state["territories"]["ann"] == [ALLO2]
    assert {"type": "sacrificed", "player": "ann", "card": IGUA2} in events


def test_famine_may_feed_a_carnivore_to_another():
    state = phase_two(territories={"ann": [ALLO, IGUA], "bob": [ALLO2, TREX, IGUA2]})
    state, _ = play(state, rescue("ann", FOREST_FAMINE, ALLO, IGUA))
    # The Tyrannosaurus is a Titan, and the only other Titan there is itself.
    assert sorted(m["card"] for m in X.legal_moves(state)) == sorted([ALLO2, IGUA2])
    state, _ = play(state, {"type": "choose", "player": "bob", "card": ALLO2})
    # The second sacrifice is forced: the Tyrannosaurus cannot eat itself.
    assert state["territories"]["bob"] == [TREX] and state["pending"] == []


def test_famine_respects_titans_and_armour():
    state = phase_two(territories={"ann": [ALLO, IGUA], "bob": [ALLO2, BRACHIO],
                                   "cy": [TREX, ANKY, IGUA3]})
    state, _ = play(state, rescue("ann", FOREST_FAMINE, ALLO, IGUA))
    assert state["territories"]["bob"] == [ALLO2, BRACHIO]
    assert state["territories"]["cy"] == [TREX, IGUA3]


def test_a_titan_carnivore_may_eat_a_titan_in_a_famine():
    state = phase_two(territories={"ann": [ALLO, IGUA], "bob": [TREX, BRACHIO]})
    state, _ = play(state, rescue("ann", FOREST_FAMINE, ALLO, IGUA))
    assert state["territories"]["bob"] == [TREX]


def test_clever_girl_cannot_stop_a_butterfly_effect():
    state = phase_two(territories={"ann": [ALLO, IGUA], "bob": [ALLO2, IGUA2, IGUA3]},
                      hands={"bob": [RAPTOR]})
    state, _ = play(state, rescue("ann", FOREST_FAMINE, ALLO, IGUA))
    assert state["pending"][0]["kind"] == "famine"
    assert codes(state, {"type": "respond", "player": "bob", "card": RAPTOR}) == [
        "awaiting_decision"]


@pytest.mark.parametrize("discarded, eligible", [
    (BARY2, [OVI2]),                 # a piscivore: none here, but an Egg Thief always may go
    (STURGEON, [OVI2]),              # a piscivore bait counts as a piscivore
    (IGUA3, [IGUA, OVI2]),           # a herbivore
    (OVI, [IGUA, ALLO2, OVI2]),      # an Egg Thief: any dinosaur at all
])
def test_epidemic_eliminates_a_dinosaur_of_the_discarded_kind(discarded, eligible):
    state = phase_two(territories={"ann": [BARY, COMPY], "bob": [IGUA, ALLO2, OVI2]},
                      draws=[discarded, IGUA2])
    state, events = play(state, rescue("ann", COAST_EPIDEMIC, BARY, COMPY))
    assert state["cemetery"][0] == discarded
    assert {"type": "epidemic", "card": discarded,
            "diet": state["deck"]["cards"][discarded]["diet"]} in events
    if len(eligible) > 1:
        assert sorted(m["card"] for m in X.legal_moves(state)) == sorted(eligible)
        state, _ = play(state, {"type": "choose", "player": "bob", "card": eligible[-1]})
    assert sorted(state["territories"]["bob"]) == sorted(set([IGUA, ALLO2, OVI2]) -
                                                         {eligible[-1]})
    assert conserved(state)


def test_epidemic_spares_players_with_no_dinosaur_of_the_kind():
    state = phase_two(territories={"ann": [BARY, COMPY, ALLO], "bob": [IGUA], "cy": [BARY2]},
                      draws=[ALLO2, IGUA2])
    state, _ = play(state, rescue("ann", COAST_EPIDEMIC, BARY, COMPY))
    assert state["territories"] == {"ann": [], "bob": [IGUA], "cy": [BARY2]}


def test_stampede_passes_a_dinosaur_from_each_hand_to_the_right_all_at_once():
    state = phase_two(territories={"ann": [COMPY, ALLO]}, display=[DESERT_STAMPEDE],
                      hands={"ann": [IGUA, GOAT], "bob": [IGUA2, IGUA3], "cy": [STURGEON]})
    state, _ = play(state, rescue("ann", DESERT_STAMPEDE, COMPY, ALLO))
    # Ann's only dinosaur goes by itself; Bob chooses; Cy holds no dinosaur.
    assert state["pending"] == [{"kind": "stampede", "player": "bob"}]
    assert state["territories"]["cy"] == [] and state["staged"] == [["ann", IGUA]]
    state, _ = play(state, {"type": "choose", "player": "bob", "card": IGUA3})
    assert state["territories"] == {"ann": [IGUA3], "bob": [], "cy": [IGUA]}
    assert state["hands"] == {"ann": [GOAT], "bob": [IGUA2], "cy": [STURGEON]}
    assert conserved(state)


def test_extinction_takes_the_hand_and_territory_but_not_the_rescued():
    state = phase_two(territories={"ann": [BARY, IGUA, OVI]}, hands={"ann": [GOAT]},
                      display=[ESTUARY_EXT, MEADOW_QUAKE, FOREST_FAMINE])
    set_aside(state, "ann", MEADOW_EXT, [IGUA2, IGUA3, COMPY2])
    state["rescued"]["ann"][0]["cards"] = [IGUA2, IGUA3, ALLO2]
    state, events = play(state, rescue("ann", ESTUARY_EXT, BARY, IGUA))
    assert state["hands"]["ann"] == [] and state["territories"]["ann"] == []
    assert state["cemetery"][-2:] == [GOAT, OVI]
    assert [r["environment"] for r in state["rescued"]["ann"]] == [MEADOW_EXT, ESTUARY_EXT]
    assert state["counter"] == 1
    assert {"type": "extinction", "player": "ann", "counter": 1} in events


def test_the_beginner_game_only_moves_the_counter():
    state = phase_two(territories={"ann": [BARY, IGUA, OVI], "bob": [ALLO2, IGUA2]},
                      hands={"ann": [ALLO]}, options={"beginner": True},
                      display=[ESTUARY_EXT, MEADOW_QUAKE, FOREST_FAMINE])
    state, _ = play(state, rescue("ann", ESTUARY_EXT, BARY, IGUA))
    assert state["counter"] == 1 and state["territories"]["ann"] == [OVI]
    state["phase"], state["turn"] = "rescue", 0
    state["territories"]["ann"] += [ALLO, IGUA3]
    state, _ = play(state, rescue("ann", FOREST_FAMINE, ALLO, IGUA3))
    assert state["pending"] == [] and state["territories"]["bob"] == [ALLO2, IGUA2]


# The end ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, end_at", [(2, 3), (3, 4), (4, 5), (5, 5), (6, 5)])
def test_the_game_ends_at_the_5th_4th_or_3rd_extinction(players, end_at):
    assert extinctions_to_end(players) == end_at
    names = ["ann", "bob", "cy", "dee", "eve", "fay"][:players]
    state = phase_two(players=names, territories={"ann": [BARY, IGUA]}, counter=end_at - 2,
                      display=[ESTUARY_EXT, COAST_EXT, MEADOW_QUAKE])
    state["territories"]["ann"] += [BARY2, ALLO]
    state, _ = play(state, rescue("ann", ESTUARY_EXT, BARY, IGUA))
    assert state["phase"] != "over" and state["counter"] == end_at - 1
    state["phase"], state["turn"], state["territories"]["ann"] = "rescue", 0, [BARY2, ALLO]
    state, events = play(state, rescue("ann", COAST_EXT, BARY2, ALLO))
    assert state["phase"] == "over" and state["result"]["reason"] == "extinction"
    assert events[-1]["type"] == "game_over"
    assert X.legal_moves(state) == []
    assert codes(state, {"type": "draw", "player": "bob"}) == ["game_over"]


def result_of(rescues: dict) -> dict:
    state = table(players=("ann", "bob", "cy"))
    for name, pairs in rescues.items():
        state["rescued"][name] = [{"environment": e, "cards": list(range(n))} for e, n in pairs]
    return score(state, "extinction")


def test_the_most_rescued_dinosaurs_win():
    result = result_of({"ann": [(MEADOW_EXT, 3)], "bob": [(MEADOW_QUAKE, 2), (COAST_EXT, 2)]})
    assert result["scores"] == {"ann": 3, "bob": 4, "cy": 0}
    assert result["winners"] == ["bob"]


def test_a_tie_goes_to_the_greater_variety_of_environment_types():
    result = result_of({"ann": [(MEADOW_EXT, 3), (MEADOW_QUAKE, 2)],
                        "bob": [(FOREST_EXT, 3), (COAST_EXT, 2)]})
    assert result["variety"] == {"ann": 1, "bob": 2, "cy": 0}
    assert result["winners"] == ["bob"]


def test_a_tie_in_both_is_a_shared_victory():
    result = result_of({"ann": [(MEADOW_EXT, 3), (COAST_EPIDEMIC, 2)],
                        "bob": [(FOREST_EXT, 3), (COAST_EXT, 2)]})
    assert result["winners"] == ["ann", "bob"]


# Rulings where the rulebook is silent -----------------------------------------------------------

def test_when_the_environment_deck_runs_out_the_display_shrinks_and_play_goes_on():
    state = phase_two(territories={"ann": [IGUA, IGUA2]}, env_draws=[], hands={"bob": [OVI]})
    state, _ = play(state, rescue("ann", MEADOW_QUAKE, IGUA, IGUA2))
    assert state["display"] == [FOREST_FAMINE, COAST_EPIDEMIC] and state["phase"] == "action"


def test_when_no_environment_is_left_the_game_ends():
    state = phase_two(territories={"ann": [IGUA, IGUA2]}, env_draws=[], display=[MEADOW_QUAKE])
    state, _ = play(state, rescue("ann", MEADOW_QUAKE, IGUA, IGUA2))
    assert state["phase"] == "over" and state["result"]["reason"] == "exhausted"
    assert state["result"]["winners"] == ["ann"]


def test_an_environment_nobody_can_ever_fill_is_set_aside():
    state = phase_two(territories={"ann": [IGUA, IGUA2]},
                      env_draws=[DESERT_STAMPEDE, MEADOW_EXT])
    state["withered"].remove(FOREST_EXT)
    set_aside(state, "bob", FOREST_EXT, [BARY, BARY2, OVI, OVI2])
    state, events = play(state, rescue("ann", MEADOW_QUAKE, IGUA, IGUA2))
    # Every piscivore and Egg Thief is rescued: the Coast can never be filled again.
    assert state["display"] == [FOREST_FAMINE, DESERT_STAMPEDE, MEADOW_EXT]
    assert COAST_EPIDEMIC in state["withered"]
    assert {"type": "withered", "environment": COAST_EPIDEMIC} in events
    assert conserved(state)


def test_a_long_drought_without_rescues_ends_the_game():
    state = table(hands={"ann": [IGUA], "bob": [OVI]})
    state["dry"] = DROUGHT_ROUNDS * 3
    state, _ = play(state, {"type": "play", "player": "ann", "card": IGUA})
    assert state["phase"] == "over" and state["result"]["reason"] == "drought"


def test_a_rescue_ends_the_drought():
    state = phase_two(territories={"ann": [IGUA, IGUA2]}, hands={"bob": [OVI]})
    state["dry"] = DROUGHT_ROUNDS * 3
    state, _ = play(state, rescue("ann", MEADOW_QUAKE, IGUA, IGUA2))
    assert state["phase"] == "action" and state["dry"] == 1


def test_a_round_where_nobody_can_act_ends_the_game():
    state = table(hands={"ann": [ALLO]}, territories={"bob": [IGUA]}, draws=[], cemetery=[])
    state, events = play(state, {"type": "play", "player": "ann", "card": ALLO, "target": IGUA})
    assert [e["player"] for e in events if e["type"] == "stuck"] == ["bob", "cy", "ann"]
    assert state["phase"] == "over" and state["result"]["reason"] == "stalled"


def test_a_player_who_cannot_act_may_still_rescue():
    state = table(hands={"ann": [ALLO]}, territories={"bob": [IGUA2, IGUA3], "cy": [IGUA]},
                  draws=[], cemetery=[])
    state, events = play(state, {"type": "play", "player": "ann", "card": ALLO, "target": IGUA})
    assert {"type": "stuck", "player": "bob"} in events
    assert state["phase"] == "rescue" and X.view(state)["to_act"] == "bob"
    assert X.legal_moves(state) == [rescue("bob", MEADOW_QUAKE, IGUA2, IGUA3),
                                    {"type": "pass", "player": "bob"}]

