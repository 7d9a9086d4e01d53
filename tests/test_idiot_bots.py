"""Computer players and seeded simulations."""

from __future__ import annotations

import random

import pytest

from solver.errors import InputError
from solver.games.idiot import apply, legal_moves, new, parse_cards
from solver.games.idiot.bots import greedy_player, play_game, random_player, simulate


def test_simulate_reports_lengths_and_seat_wins():
    report = simulate(12, seed=3, players=3)
    assert report["games"] == 12 and report["finished"] == 12 and report["unfinished"] == 0
    assert sum(report["seat_wins"]) == 12 and len(report["seat_wins"]) == 3
    assert sum(report["seat_idiots"]) <= 12
    lengths = report["lengths"]
    assert 0 < lengths["min"] <= lengths["median"] <= lengths["max"]
    assert lengths["min"] <= lengths["mean"] <= lengths["max"]
    assert abs(sum(report["seat_win_rates"]) - 1) < 1e-3


def test_simulate_is_deterministic_for_a_seed():
    assert simulate(5, seed=8, strategy="random") == simulate(5, seed=8, strategy="random")
    assert simulate(5, seed=8) != simulate(5, seed=9)


def test_a_game_cut_short_is_not_finished():
    report = simulate(3, seed=1, max_moves=10)
    assert report["finished"] == 0 and report["unfinished"] == 3
    assert report["lengths"]["median"] is None and report["seat_win_rates"] == [0.0] * 4


def test_unknown_strategy_is_refused():
    with pytest.raises(InputError, match="unknown strategy"):
        simulate(1, seed=1, strategy="clever")


def test_play_game_ends_with_a_finishing_order():
    state = play_game(["a", "b", "c"], 21)
    assert state["over"] and len(state["out"]) == 2 and state["idiot"] not in state["out"]


def test_the_random_player_picks_up_only_when_it_must():
    state = new(["ann", "bob"], 2)
    state["hands"]["ann"] = parse_cards("3♦ 8♠")
    state["pile"] = [["4s", "bob", 4, 1]]
    rng = random.Random(0)
    assert all(random_player(state, rng)["type"] == "play" for _ in range(20))
    state["hands"]["ann"] = parse_cards("3♦")
    assert random_player(state, rng) == {"type": "pickup", "player": "ann"}


def test_the_greedy_player_sheds_cheap_cards_and_keeps_specials():
    state = new(["ann", "bob"], 2)
    state["hands"]["ann"] = parse_cards("10♠ 5♥ 3♦ 3♣ K♠")
    move = greedy_player(state, random.Random(0))
    assert move["type"] == "play" and sorted(move["cards"]) == ["3c", "3d"]
    assert move in legal_moves(state)


def test_the_greedy_player_gives_away_a_queen():
    state = new(["ann", "bob", "cy"], 2)
    state["hands"]["ann"] = parse_cards("4♠ Q♥ 3♦ K♠")
    state, _ = apply(state, {"type": "play", "player": "ann", "cards": ["4s"]})
    move = greedy_player(state, random.Random(0))
    assert move["type"] == "give" and move["card"] == "qh"
