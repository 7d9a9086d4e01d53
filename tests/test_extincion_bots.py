"""¡Extinción! computer players and `simulate`."""

from __future__ import annotations

import json
import random

import pytest

from solver.errors import InputError
from solver.games import extincion as X
from solver.games.extincion.bots import greedy_player, random_player, simulate
from test_extincion_lab import (
    ALLO, BARY, COMPY, FOREST_FAMINE, IGUA, IGUA2, IGUA3, LAB_DATA, MEADOW_EXT, MEADOW_QUAKE,
    OVI, RAPTOR, table)


def test_simulate_reports_games_lengths_and_seat_order():
    report = simulate(12, seed=3, players=4)
    assert report["games"] == 12 and report["finished"] == 12 and report["unfinished"] == 0
    lengths = report["lengths"]["moves"]
    assert 0 < lengths["min"] <= lengths["median"] <= lengths["max"]
    assert lengths["min"] <= lengths["mean"] <= lengths["max"]
    assert len(report["seat_wins"]) == 4 and sum(report["seat_wins"]) >= 12
    assert sum(report["endings"].values()) == 12
    assert json.loads(json.dumps(report)) == report


def test_simulate_is_fixed_by_its_seed():
    assert simulate(5, seed=9, players=3) == simulate(5, seed=9, players=3)
    assert simulate(5, seed=9, players=3) != simulate(5, seed=10, players=3)


@pytest.mark.parametrize("players", [2, 6])
def test_simulate_random_players_finish_too(players):
    report = simulate(6, seed=1, players=players, strategy="random")
    assert report["finished"] == 6 and report["strategy"] == "random"


def test_simulate_takes_a_deck_file(tmp_path):
    path = tmp_path / "lab.json"
    path.write_text(json.dumps(LAB_DATA), encoding="utf-8")
    report = simulate(4, seed=2, players=3, deck=str(path))
    assert report["deck"] == "lab deck" and report["finished"] == 4


def test_a_game_cut_short_counts_as_unfinished():
    report = simulate(3, seed=2, max_moves=5)
    assert report["finished"] == 0 and report["unfinished"] == 3
    assert report["lengths"]["moves"]["max"] == 0


def test_simulate_refuses_an_unknown_strategy():
    with pytest.raises(InputError, match="unknown strategy 'clever'"):
        simulate(1, seed=1, strategy="clever")


def test_the_greedy_rescuer_takes_the_biggest_rescue():
    state = table(territories={"ann": [IGUA, IGUA2, IGUA3, ALLO]},
                  display=[MEADOW_QUAKE, FOREST_FAMINE, MEADOW_EXT])
    state["phase"] = "rescue"
    move = greedy_player(state, random.Random(0))
    assert move["type"] == "rescue" and move["environment"] == MEADOW_EXT
    assert X.judge(state, move).valid


def test_the_greedy_player_shows_its_clever_girl():
    state = table(hands={"ann": [ALLO], "bob": [RAPTOR]}, territories={"bob": [IGUA]})
    state, _ = X.apply(state, {"type": "play", "player": "ann", "card": ALLO, "target": IGUA})
    assert greedy_player(state, random.Random(0)) == {"type": "respond", "player": "bob",
                                                      "card": RAPTOR}


def test_the_greedy_player_plays_towards_an_environment():
    state = table(hands={"ann": [IGUA2, BARY, COMPY]}, territories={"ann": [IGUA]},
                  cemetery=[OVI])
    move = greedy_player(state, random.Random(0))
    assert move == {"type": "play", "player": "ann", "card": IGUA2}


@pytest.mark.parametrize("bot", [greedy_player, random_player])
def test_computer_players_move_only_for_whoever_is_to_act(bot):
    rng = random.Random(4)
    state = X.new(["ann", "bob", "cy"], 4)
    for _ in range(60):
        if state["phase"] == "over":
            break
        move = bot(state, rng)
        assert move["player"] == X.view(state)["to_act"]
        state, _ = X.apply(state, move)
