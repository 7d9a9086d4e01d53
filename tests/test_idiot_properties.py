"""Properties of whole seeded games: no card lost or made, every move legal, every game ends."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.games.base import IllegalMove
from solver.games.idiot import apply, judge, legal_moves, new
from solver.games.idiot.bots import STRATEGIES
from solver.games.idiot.cards import CARDS, RANK, deck
from solver.games.idiot.table import MAX_ROWS, active

MAX_MOVES = 3000


def cards_in_play(state: dict) -> Counter:
    """Return every card of the game, wherever it lies."""
    found = Counter(state["draw"]) + Counter(e[0] for e in state["pile"])
    found += Counter(state["burned"]) + Counter(state["aside"])
    for p in state["players"]:
        found += Counter(state["hands"][p])
        found += Counter(c for c in state["up"][p] + state["down"][p] if c is not None)
    return found


def check_position(state: dict, full_deck: Counter) -> None:
    """Assert what must hold between any two moves."""
    assert cards_in_play(state) == full_deck
    if not state["over"]:
        assert state["turn"] in active(state)
    for p in state["players"]:
        rows = sum(1 for u, d in zip(state["up"][p], state["down"][p]) if u or d)
        assert rows <= MAX_ROWS                           # no peeks in these games (§4)
        if state["draw"]:
            assert len(state["hands"][p]) >= 3 or p == state["turn"] or p in state["out"]


def play_checked(players: int, seed: int, strategy: str, options: dict | None = None,
                 check_every_move: bool = True) -> dict:
    """Play a seeded game, checking the position and the listed moves after every move."""
    names = [f"p{i + 1}" for i in range(players)]
    state = new(names, seed, options)
    full_deck = Counter(deck(state["options"]["decks"]))
    bot, rng = STRATEGIES[strategy], random.Random(seed)
    check_position(state, full_deck)
    while not state["over"] and state["step"] < MAX_MOVES:
        moves = legal_moves(state)
        assert moves, "a game that is not over always has a legal move"
        if check_every_move:
            for move in moves:
                assert judge(state, move).valid, (move, judge(state, move).summary())
        move = bot(state, rng)
        assert move in moves
        state, _ = apply(state, move)
        check_position(state, full_deck)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("strategy", ["greedy", "random"])
def test_every_listed_move_is_legal_and_every_game_ends(players, strategy):
    for seed in range(8):
        state = play_checked(players, 1000 * players + seed, strategy)
        assert state["over"], f"seed {1000 * players + seed} did not end"


@pytest.mark.parametrize("players", [2, 7, 12])
def test_double_deck_games_keep_every_card_and_end(players):
    for seed in range(4):
        state = play_checked(players, seed, "greedy", {"decks": 2})
        assert state["over"]


@pytest.mark.parametrize("options", [
    {"voluntary_pickup": False}, {"unfollowed_two": "pass"}, {"played_out_must_fit": True}])
def test_house_rules_keep_games_sound(options):
    for seed in range(6):
        assert play_checked(4, seed, "random", options)["over"]


def test_five_hundred_more_games_keep_every_card_and_end():
    """500 more seeded games: the card count after every move, every card at the end."""
    full_deck = Counter(deck(1))
    for seed in range(500):
        names = [f"p{i + 1}" for i in range(2 + seed % 5)]
        state, rng = new(names, 70_000 + seed), random.Random(seed)
        while not state["over"] and state["step"] < MAX_MOVES:
            state, _ = apply(state, STRATEGIES["greedy"](state, rng))
            assert _count(state) == 54
        assert state["over"], f"seed {70_000 + seed} did not end"
        assert cards_in_play(state) == full_deck


def _count(state: dict) -> int:
    held = sum(len(h) for h in state["hands"].values())
    table = sum(c is not None for rows in (state["up"], state["down"])
                for places in rows.values() for c in places)
    return (held + table + len(state["draw"]) + len(state["pile"]) + len(state["burned"])
            + len(state["aside"]))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6),
       strategy=st.sampled_from(["greedy", "random"]))
def test_any_seed_plays_to_the_end(seed, players, strategy):
    assert play_checked(players, seed, strategy)["over"]


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120), card=st.sampled_from(
    sorted(CARDS)))
def test_a_move_judged_illegal_is_never_applied(seed, steps, card):
    state, rng = new(["ann", "bob", "cy"], seed), random.Random(seed)
    for _ in range(steps):
        if state["over"]:
            return
        state, _ = apply(state, STRATEGIES["random"](state, rng))
    if state["over"]:
        return
    move = {"type": "play", "player": state["turn"], "cards": [card]}
    verdict = judge(state, move)
    if verdict.valid:
        # legal_moves lists one play per effect: one of the same rank stands for this one.
        listed = [m["cards"] for m in legal_moves(state) if m["type"] == "play"]
        assert [[RANK[c] for c in cards] for cards in listed].count([RANK[card]]) >= 1
        apply(state, move)
    else:
        assert move not in legal_moves(state)
        with pytest.raises(IllegalMove):
            apply(state, move)
