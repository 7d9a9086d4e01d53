"""In Extremis whole games: every rule of the rulebook, seeded games to the end, the store."""

import copy
import random

import pytest

from solver import extremis as rules
from solver.games import extremis as game
from solver.games.base import IllegalMove
from solver.lexicon import Lexicon

PLAYERS = ["ann", "bob", "cy"]


def card(green, red, up="green"):
    return {"green": green, "red": red, "up": up}


def count_cards(state) -> int:
    on_table = (1 if state["initial"] else 0) + sum(map(len, state["stacks"]))
    return on_table + len(state["draw"]) + sum(len(p["hand"]) for p in state["players"])


def staged(initial, tops, hands=None, draw=None, first=0):
    """Return a playing state with the given initial and top cards (one per player)."""
    state = game.new(PLAYERS, 1)
    state["initial"] = card(initial, "q")
    state["stacks"] = [[t] if t else [] for t in tops]
    state["flipped"] = 0
    state["first"] = first
    if hands is not None:
        for player, hand in zip(state["players"], hands):
            player["hand"] = hand
    state["draw"] = [card("e", "f", "red")] if draw is None else draw
    state["status"] = "tap" if game.in_play(state).taps else "playing"
    return state


def test_set_up_deals_equally_and_turns_the_first_initial():
    state = game.new(PLAYERS, 7)
    assert count_cards(state) == 46
    hands = [len(p["hand"]) for p in state["players"]]
    assert len(set(hands)) == 1 and hands[0] == 46 // 3 - 1  # each has played one card
    assert len(state["draw"]) == 46 - 3 * 15 - 1  # the rest, less the initial
    assert all(c["up"] == "red" for c in state["draw"])
    assert state["initial"]["up"] == "green"
    assert state["round"] == 1 and all(len(s) == 1 for s in state["stacks"])


def test_orientation_is_random_and_kept_when_played():
    state = game.new(["a", "b"], 3)
    sides = {c["up"] for p in state["players"] for c in p["hand"]}
    assert sides == {"green", "red"}
    cards = game.in_play(state)
    tops = [s[-1] for s in state["stacks"]]
    assert sorted(cards.green + cards.red) == sorted(t[t["up"]] for t in tops)


def test_same_seed_same_game():
    assert game.new(PLAYERS, 11) == game.new(PLAYERS, 11)
    assert game.new(PLAYERS, 11) != game.new(PLAYERS, 12)


def test_valid_word_claims_every_card_and_leads():
    state = staged("b", [card("u", "x"), card("t", "z"), card("t", "k")], first=0)
    before = count_cards(state)
    assert game.in_play(state) == rules.Cards("b", ("u", "t", "t"), ())
    bob_hand = len(state["players"][1]["hand"])
    after, events = game.apply(state, {"type": "answer", "player": "bob", "word": "butter",
                                       "round": state["round"]})
    claim = next(e for e in events if e["type"] == "claim")
    assert claim["player"] == "bob" and claim["cards"] == 4
    assert after["first"] == 1 and count_cards(after) == before
    assert len(after["players"][1]["hand"]) == bob_hand + 4 - 1  # and played one new card
    assert after["round"] == state["round"] + 1


def test_invalid_word_changes_no_card():
    state = staged("b", [card("u", "x"), card("t", "z"), card("t", "k")])
    after, events = game.apply(state, {"type": "answer", "player": "ann", "word": "bitter"})
    assert events[0]["valid"] is False
    assert after["stacks"] == state["stacks"] and after["round"] == state["round"]


def test_red_and_green_of_one_letter_is_a_tap():
    state = staged("b", [card("t", "x"), card("a", "t", up="red"), card("e", "k")])
    assert state["status"] == "tap"
    shouted, events = game.apply(state, {"type": "answer", "player": "ann", "word": "bet"})
    assert events[0]["valid"] is False and events[0]["reasons"][0]["code"] == "tap"
    assert shouted["stacks"] == state["stacks"]
    after, events = game.apply(state, {"type": "tap", "player": "cy"})
    assert events[0] == {"type": "claim", "player": "cy", "cards": 4, "by": "tap"}
    assert after["first"] == 2


def test_red_equal_to_the_initial_is_not_a_tap():
    state = staged("b", [card("a", "b", up="red"), card("a", "x"), card("e", "k")])
    assert state["status"] == "playing"
    with pytest.raises(IllegalMove, match="no red and green"):
        game.apply(state, {"type": "tap", "player": "ann"})
    verdict = game.judge(state, {"type": "answer", "player": "ann", "word": "babe"})
    assert verdict.codes == ["initial_repeated"]


def test_flips_go_clockwise_from_the_first_player_and_stay_flipped():
    state = staged("q", [card("z", "a"), card("x", "e"), card("j", "i")], first=1)
    assert game.referee_view(state)["any"] is False
    after, events = game.apply(state, {"type": "stumped"})
    flip = next(e for e in events if e["type"] == "flip")
    assert flip["player"] == "bob" and flip["letter"] == "e"
    after, events = game.apply(after, {"type": "stumped"})
    assert next(e for e in events if e["type"] == "flip")["player"] == "cy"
    assert game.in_play(after) == rules.Cards("q", ("z",), ("e", "i"))
    after, events = game.apply(after, {"type": "stumped"})
    assert next(e for e in events if e["type"] == "flip")["player"] == "ann"


def test_stumped_says_whether_a_word_existed():
    state = staged("b", [card("u", "x"), card("t", "z"), card("t", "k")])
    _, events = game.apply(state, {"type": "stumped"})
    stumped = events[0]
    assert stumped["count"] > 0 and "butter" in rules.solve(
        Lexicon.open("en"), game.in_play(state), None).words
    assert len(stumped["examples"]) == 3


def test_a_flip_that_makes_a_tap():
    state = staged("b", [card("t", "x"), card("a", "t"), card("e", "k")])
    assert state["status"] == "playing"
    after, _ = game.apply(state, {"type": "stumped"})  # ann's T flips to X
    after, _ = game.apply(after, {"type": "stumped"})  # bob's A flips to red T: tap with..?
    assert game.in_play(after).red == ("x", "t")
    state = staged("b", [card("x", "t"), card("t", "z"), card("e", "k")])
    after, events = game.apply(state, {"type": "stumped"})  # ann's X flips to red T
    assert after["status"] == "tap" and any(e["type"] == "tap_on" for e in events)


def test_all_flipped_then_everyone_plays_on_their_stack():
    state = staged("q", [card("z", "w"), card("x", "v"), card("j", "k")])
    for _ in range(3):
        state, _ = game.apply(state, {"type": "stumped"})
    hands = [len(p["hand"]) for p in state["players"]]
    state, events = game.apply(state, {"type": "stumped"})
    assert any(e["type"] == "new_layer" for e in events)
    assert [len(s) for s in state["stacks"]] == [2, 2, 2]
    assert [len(p["hand"]) for p in state["players"]] == [h - 1 for h in hands]
    assert state["flipped"] == 0
    tops = [s[-1] for s in state["stacks"]]
    cards = game.in_play(state)
    assert sorted(cards.green + cards.red) == sorted(t[t["up"]] for t in tops)
    # The round's winner claims every card on the table, covered ones included.
    cards = game.in_play(state)
    word = rules.solve(Lexicon.open("en"), cards, 1).words
    if word:
        after, events = game.apply(state, {"type": "answer", "player": "cy", "word": word[0]})
        assert next(e for e in events if e["type"] == "claim")["cards"] == 7


def test_draw_pile_empty_the_first_player_plays_the_initial_from_hand():
    state = staged("b", [card("u", "x"), card("t", "z"), card("t", "k")], draw=[])
    after, events = game.apply(state, {"type": "answer", "player": "cy", "word": "butter"})
    assert {"type": "initial_from_hand", "player": "cy"} in events


def test_the_game_ends_when_a_player_runs_out_and_ties_share():
    state = staged("b", [card("u", "x"), card("t", "z"), card("t", "k")],
                   hands=[[], [card("a", "b")], [card("c", "d")]], draw=[card("e", "f")])
    after, events = game.apply(state, {"type": "answer", "player": "bob", "word": "butter"})
    assert after["status"] == "over"
    assert after["winners"] == ["bob"]  # 1 + 4 claimed against 0 and 1
    tied = staged("q", [card("z", "x"), card("x", "j"), card("j", "z")],
                  hands=[[card("a", "b")], [card("c", "d")], []], draw=[])
    tied["flipped"] = 3
    after, events = game.apply(tied, {"type": "stumped"})
    assert after["status"] == "over" and after["winners"] == ["ann", "bob"]
    with pytest.raises(IllegalMove, match="over"):
        game.apply(after, {"type": "stumped"})


def test_stale_answers_are_refused():
    state = staged("b", [card("u", "x"), card("t", "z"), card("t", "k")])
    with pytest.raises(IllegalMove) as refused:
        game.apply(state, {"type": "answer", "player": "ann", "word": "butter",
                           "round": state["round"] - 1})
    assert refused.value.verdict.codes == ["stale_round"]


def test_unknown_player_is_refused():
    state = staged("b", [card("u", "x"), card("t", "z"), card("t", "k")])
    with pytest.raises(IllegalMove, match="no player"):
        game.apply(state, {"type": "answer", "player": "zed", "word": "butter"})


def test_overrule_accept_awards_the_round_and_allows_the_word():
    state = staged("b", [card("u", "x"), card("t", "z"), card("t", "k")])
    state, events = game.apply(state, {"type": "answer", "player": "ann", "word": "buttz"})
    assert events[0]["valid"] is False
    state, events = game.apply(state, {"type": "overrule", "accept": True})
    assert any(e["type"] == "claim" and e["player"] == "ann" for e in events)
    assert "buttz" in state["house"]["allow"]
    assert game.judge_word(state, "buttz").codes != ["not_a_word"]


def test_overrule_reject_takes_the_round_back_and_bans_the_word():
    state = staged("b", [card("u", "x"), card("t", "z"), card("t", "k")])
    before = copy.deepcopy(state)
    state, _ = game.apply(state, {"type": "answer", "player": "ann", "word": "butter"})
    state, events = game.apply(state, {"type": "overrule", "accept": False})
    assert any(e["type"] == "round_taken_back" for e in events)
    assert state["stacks"] == before["stacks"] and state["players"] == before["players"]
    assert "butter" in state["house"]["ban"]
    assert game.judge_word(state, "butter").codes[0] == "house_banned"


def test_house_lists_set_when_the_game_starts():
    state = game.new(PLAYERS, 5, {"allow": ["wibble"], "ban": ["butter"]})
    assert state["house"] == {"allow": ["wibble"], "ban": ["butter"]}


def test_custom_deck_file():
    deck = game.load_deck("en", "cards: [a/b, c/d, e/f, g/h]")
    assert deck[0] == {"green": "a", "red": "b"}
    with pytest.raises(Exception, match="deck card 2"):
        game.load_deck("en", "cards: [a/b, c/9]")
    state = game.new(["x", "y"], 1, {"cards": deck})
    assert count_cards(state) == 4


def test_forecast_says_which_flip_first_allows_a_word():
    state = staged("f", [card("q", "e"), card("x", "w"), None])
    view = game.referee_view(state)
    assert view["any"] is False  # F with Q and X: nothing
    assert view["forecast"] == {"flip": 1, "tap": False}  # Q flips to red E: "fix"
    after, _ = game.apply(state, {"type": "stumped"})
    assert game.referee_view(after)["any"] is True
    tap = staged("q", [card("z", "u"), card("x", "j"), card("j", "z")])
    assert game.referee_view(tap)["forecast"] == {"flip": 2, "tap": True}  # X flips to red J


def play_out(seed: int, players=PLAYERS, limit: int = 3000):
    """Play a whole game: the first player to speak finds the commonest word, or taps."""
    rng = random.Random(seed)
    lex = Lexicon.open("en")
    state = game.new(players, seed)
    moves = []
    while state["status"] != "over" and len(moves) < limit:
        names = [p["name"] for p in state["players"]]
        if state["status"] == "tap":
            move = {"type": "tap", "player": rng.choice(names)}
        else:
            found = rules.solve(lex, game.in_play(state), 1, game.word_filter(state)).words
            move = ({"type": "answer", "player": rng.choice(names), "word": found[0],
                     "round": state["round"]} if found and rng.random() < 0.8
                    else {"type": "stumped"})
        state, _ = game.apply(state, move)
        moves.append(move)
        assert count_cards(state) == 46 or state["status"] == "over"
    return state, moves


@pytest.mark.parametrize("seed", range(6))
def test_seeded_games_play_to_the_end(seed):
    state, moves = play_out(seed, PLAYERS if seed % 2 else ["ann", "bob"])
    assert state["status"] == "over" and state["winners"]
    # Replaying the moves from the seed gives the same state.
    replayed = game.new(PLAYERS if seed % 2 else ["ann", "bob"], seed)
    for move in moves:
        replayed, _ = game.apply(replayed, move)
    assert replayed == state
