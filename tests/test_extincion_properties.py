"""¡Extinción! over many seeded games: cards are conserved, every move applied was legal, and
every game ends with a score, with the sample deck and with random valid decks.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from solver.games import extincion as X
from solver.games.extincion.bots import greedy_player, random_player
from solver.games.extincion.rules import to_act
from solver.games.extincion.deck import (
    BAIT_DIETS, DIETS, EFFECTS, SKILLS, TYPES, DeckError, completable, extinctions_to_end,
    load_deck)
from test_extincion_lab import conserved

BOTS = (greedy_player, random_player)
MAX_MOVES = 4000


def referee(players: list[str], seed: int, options: dict, seats: tuple,
            thorough: bool = True) -> dict:
    """Play one game, checking every move and state on the way; return the final state.

    Every move must be judged legal before it is applied, and every card and environment must
    stay in exactly one place. A thorough game also holds legal_moves() and judge() together
    and the state to plain JSON.
    """
    state = X.new(players, seed, options)
    rng = random.Random(seed)
    assert conserved(state)
    for step in range(MAX_MOVES):
        if state["phase"] == "over":
            break
        move = seats[players.index(to_act(state))](state, rng)
        verdict = X.judge(state, move)
        assert verdict.valid, (move, verdict.reasons)
        if thorough:
            listed = X.legal_moves(state)
            assert move in listed
            # What legal_moves lists, judge accepts (every discard would be slow: one of them).
            assert all(X.judge(state, m).valid for m in listed if m["type"] != "discard")
            discards = [m for m in listed if m["type"] == "discard"]
            assert not discards or X.judge(state, rng.choice(discards)).valid
            if step % 97 == 0:
                assert json.loads(json.dumps(state)) == state
        state, events = X.apply(state, move)
        assert conserved(state), move
        assert all(isinstance(e, dict) and "type" in e for e in events)
    assert state["phase"] == "over", "the game did not end"
    assert X.legal_moves(state) == []
    return state


def check_result(state: dict) -> None:
    result = state["result"]
    rescued = {p: sum(len(r["cards"]) for r in state["rescued"][p]) for p in state["players"]}
    assert result["scores"] == rescued
    assert result["winners"] and set(result["winners"]) <= set(state["players"])
    best = max(rescued.values())
    assert all(rescued[w] == best for w in result["winners"])
    if result["reason"] == "extinction":
        assert state["counter"] == state["end_at"]


def tables(seed: int, games: int):
    """Yield (players, seed, options, seats) for `games` seeded tables of 2 to 6 mixed bots."""
    master = random.Random(seed)
    for _ in range(games):
        players = [f"p{i}" for i in range(master.randint(2, 6))]
        options = {"beginner": master.random() < 0.15, "random_start": master.random() < 0.2,
                   "first": master.choice(players)}
        seats = tuple(master.choice(BOTS) for _ in players)
        yield players, master.getrandbits(32), options, seats


@pytest.mark.parametrize("block", range(3))
def test_sample_deck_games_hold_legal_moves_and_judge_together(block):
    for players, seed, options, seats in tables(100 + block, 15):
        check_result(referee(players, seed, options, seats))


@pytest.mark.parametrize("block", range(4))
def test_a_thousand_sample_deck_games_conserve_cards_play_legally_and_end_scored(block):
    for players, seed, options, seats in tables(block, 250):
        check_result(referee(players, seed, options, seats, thorough=False))


# Random valid decks -----------------------------------------------------------------------------

@st.composite
def decks(draw) -> tuple[dict, int]:
    """Draw (deck data, players) for a valid deck that can seat that many players."""
    players = draw(st.integers(2, 6))
    cards = [{"name": "Protoceratops", "diet": "herbivore", "count": draw(st.integers(players, 6))}]
    for number in range(draw(st.integers(3, 12))):
        diet = draw(st.sampled_from(DIETS))
        allowed = [s for s in SKILLS if s != "gregarious" or diet == "herbivore"]
        skills = draw(st.lists(st.sampled_from(allowed), unique=True, max_size=2))
        cards.append({"name": f"Saurus {number}", "diet": diet, "skills": skills,
                      "count": draw(st.integers(1, 5))})
    for number in range(draw(st.integers(0, 4))):
        cards.append({"name": f"Bait {number}", "bait": draw(st.sampled_from(BAIT_DIETS)),
                      "count": draw(st.integers(1, 3))})
    diets = Counter()
    for card in cards:
        if "diet" in card:
            diets[card["diet"]] += card["count"]
    assume(sum(c["count"] for c in cards[1:]) >= 4 * players)
    present = sorted(diets)
    effects = ["extinction"] * extinctions_to_end(players) + \
        draw(st.lists(st.sampled_from(EFFECTS), max_size=8))
    environments = []
    for number, effect in enumerate(effects):
        needs = draw(st.lists(st.sampled_from(present), min_size=1, max_size=4))
        assume(completable(needs, diets))
        environments.append({"name": f"Place {number}", "type": draw(st.sampled_from(TYPES)),
                             "needs": needs, "effect": effect})
    data = {"format": 1, "name": "drawn", "counter": 5, "lost_world": cards,
            "environments": draw(st.permutations(environments))}
    return data, players


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn=decks(), seed=st.integers(0, 2**32 - 1), thorough=st.booleans())
def test_random_decks_conserve_cards_play_legally_and_end_scored(drawn, seed, thorough):
    data, players = drawn
    deck = load_deck(data)
    names = [f"p{i}" for i in range(players)]
    for seats in ((greedy_player,) * players, (random_player,) * players):
        check_result(referee(names, seed, {"deck": deck}, seats, thorough))


@settings(max_examples=60, deadline=None)
@given(drawn=decks(), card=st.integers(0, 100), word=st.text(min_size=1, max_size=8))
def test_a_bad_diet_in_any_card_is_named(drawn, card, word):
    data, _players = drawn
    assume(word.strip().lower().replace(" ", "_") not in DIETS)
    index = card % len(data["lost_world"])
    entry = data["lost_world"][index]
    assume("diet" in entry)
    entry["diet"] = word
    with pytest.raises(DeckError) as caught:
        load_deck(data)
    assert f"card {index + 1} ({entry['name']}): diet {word!r} is not one of" in str(caught.value)


@settings(max_examples=60, deadline=None)
@given(drawn=decks())
def test_random_decks_load_and_survive_the_trip_through_a_game_state(drawn):
    data, players = drawn
    deck = load_deck(data)
    assert len(deck.cards) == sum(c["count"] for c in data["lost_world"])
    state = X.new([f"p{i}" for i in range(players)], 0, {"deck": deck})
    assert json.loads(json.dumps(state))["deck"] == deck.to_json()
    assert conserved(state)
