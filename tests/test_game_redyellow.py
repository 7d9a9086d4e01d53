"""Red Letter, Yellow Letter whole games: every rule of the rulebook, seeded games to the end."""

import random

import pytest

from solver import redyellow as rules
from solver.categories import Categories
from solver.games import redyellow as game
from solver.games.base import IllegalMove

PLAYERS = ["ann", "bob", "cy"]


def staged(thing="Rivers", yellow="n", red="r", **decks):
    """Return a playing state showing these cards on top of small decks."""
    state = game.new(PLAYERS, 1)
    state["decks"] = {"thing": [thing] + decks.get("things", ["Fruits", "Countries"]),
                      "yellow": [yellow] + decks.get("yellows", list("abcdst")),
                      "red": [red] + decks.get("reds", list("xyzqvw"))}
    state["status"], state["chooser"] = "playing", None
    return state


def answer(state, player, text, round_=None):
    return game.apply(state, {"type": "answer", "player": player, "answer": text,
                              "round": state["round"] if round_ is None else round_})


def test_set_up_three_face_up_decks_and_the_first_thing_discarded():
    state = game.new(PLAYERS, 7)
    assert len(state["decks"]["red"]) == 36 and len(state["decks"]["yellow"]) == 36
    assert len(state["discard"]) == 1
    dealt = [c for c in Categories.open().categories if c.size >= 15]  # not the dwarf planets
    assert len(state["decks"]["thing"]) == len(dealt) - 1
    cards = game.on_display(state)
    assert cards.red != cards.yellow and state["round"] == 1
    assert game.new(PLAYERS, 7) == state


def test_the_published_example_wins_the_round():
    state = staged("Pizza toppings", "h", "l")
    after, events = answer(state, "bob", "Ham")
    assert events[0]["valid"] is True
    assert after["status"] == "choose" and after["chooser"] == "bob"


def test_wrong_answers_cost_nothing():
    state = staged()
    after, events = answer(state, "ann", "Thames")
    assert events[0]["valid"] is False and after["status"] == "playing"
    assert after["decks"] == state["decks"]


def test_the_winner_takes_one_card_and_the_next_is_revealed():
    state, _ = answer(staged(), "ann", "the Nile")
    with pytest.raises(IllegalMove, match="must first take"):
        answer(state, "bob", "Niger")
    with pytest.raises(IllegalMove, match="only the round's winner"):
        game.apply(state, {"type": "take", "player": "bob", "card": "red"})
    after, events = game.apply(state, {"type": "take", "player": "ann", "card": "thing"})
    assert after["players"][0]["thing"] == ["Rivers"]
    assert game.on_display(after).thing == "Fruits" and after["round"] == state["round"] + 1


def test_at_most_three_cards_of_a_type():
    state, _ = answer(staged(), "ann", "Nile")
    state["players"][0]["thing"] = ["A", "B", "C"]
    with pytest.raises(IllegalMove, match="three thing cards"):
        game.apply(state, {"type": "take", "player": "ann", "card": "thing"})
    assert {m["card"] for m in game.legal_moves(state)} == {"red", "yellow"}


def test_nine_cards_three_of_each_wins_at_once():
    state, _ = answer(staged(), "ann", "Nile")
    state["players"][0].update(red=["x", "y", "z"], yellow=["a", "b", "c"], thing=["A", "B"])
    after, events = game.apply(state, {"type": "take", "player": "ann", "card": "thing"})
    assert after["status"] == "over" and after["winners"] == ["ann"]
    with pytest.raises(IllegalMove, match="over"):
        game.apply(after, {"type": "stumped"})


def test_red_equal_to_yellow_goes_back_and_another_is_revealed():
    state, _ = answer(staged(reds=["n", "x", "y"], yellows=["n"]), "ann", "Nile")
    after, events = game.apply(state, {"type": "take", "player": "ann", "card": "red"})
    redraws = [e for e in events if e["type"] == "redraw_red"]
    assert redraws and redraws[0]["letter"] == "n"
    cards = game.on_display(after)
    assert cards.red != cards.yellow and "n" in after["decks"]["red"]


def test_stumped_discards_the_thing_and_says_whether_an_answer_existed():
    state = staged("Rivers", "q", "u")
    after, events = game.apply(state, {"type": "stumped"})
    assert events[0]["type"] == "stumped" and events[0]["count"] == 0
    assert after["discard"][-1] == "Rivers" and game.on_display(after).thing == "Fruits"


def test_an_empty_things_deck_is_refilled():
    state = staged("Rivers", "n", "x", things=[])
    state["discard"] = ["Fruits", "Countries"]
    after, events = game.apply(state, {"type": "stumped"})
    assert any(e["type"] == "things_refilled" for e in events)
    assert sorted(after["decks"]["thing"]) == ["Countries", "Fruits", "Rivers"]


def test_a_letter_deck_that_runs_out_ends_the_game_most_cards_wins():
    state, _ = answer(staged(yellows=[]), "bob", "Nile")
    state["players"][0]["red"] = ["x"]
    after, events = game.apply(state, {"type": "take", "player": "bob", "card": "yellow"})
    assert after["status"] == "over"
    assert after["winners"] == ["ann", "bob"]  # one card each: the tie is shared


def test_letters_left_all_one_letter_end_the_game():
    state, _ = answer(staged(reds=["n", "n"], yellows=["n"]), "cy", "Nile")
    after, _ = game.apply(state, {"type": "take", "player": "cy", "card": "red"})
    assert after["status"] == "over" and after["winners"] == ["cy"]


def test_no_answer_twice_for_the_same_thing():
    state, _ = answer(staged(), "ann", "Nile")
    state, _ = game.apply(state, {"type": "take", "player": "ann", "card": "red"})
    state["decks"]["thing"][0] = "Rivers"
    state["decks"]["yellow"][0] = "n"
    after, events = answer(state, "bob", "the Nile")
    assert events[0]["valid"] is False
    assert events[0]["reasons"][0]["code"] == "already_used"


def test_stale_answers_are_refused():
    with pytest.raises(IllegalMove) as refused:
        answer(staged(), "ann", "Nile", round_=0)
    assert refused.value.verdict.codes == ["stale_round"]


def test_an_unknown_thing_never_stalls_the_table_decides():
    state = staged("Things a pirate keeps in a locker", "g", "x")
    after, events = answer(state, "ann", "gold")
    assert events[0]["valid"] is None
    assert game.view(after)["search"] == "unknown_category"
    after, events = game.apply(after, {"type": "overrule", "accept": True})
    assert after["status"] == "choose" and after["chooser"] == "ann"
    assert ["Things a pirate keeps in a locker", "gold"] in after["house"]["allow"]


def test_overrule_reject_takes_the_round_back():
    state, _ = answer(staged(), "ann", "Nile")
    after, events = game.apply(state, {"type": "overrule", "accept": False})
    assert after["status"] == "playing" and after["chooser"] is None
    assert any(e["type"] == "round_taken_back" for e in events)
    _, again = answer(after, "bob", "Nile")
    assert again[0]["reasons"][0]["code"] == "house_banned"


def test_the_referee_knows_whether_any_answer_exists():
    view = game.referee_view(staged("Rivers", "n", "x"))
    assert view["any"] is True and view["count"] >= 3
    assert game.referee_view(staged("Rivers", "q", "u"))["any"] is False


def test_custom_letter_decks_and_things():
    decks = game.load_decks("red: XYZQ\nyellow: ABCD\nthings: [Rivers, Fruits, Countries]")
    assert decks["red"] == list("xyzq") and decks["thing"][0] == "Rivers"
    state = game.new(["a", "b"], 3, {"decks": decks})
    assert len(state["decks"]["red"]) == 4 and len(state["decks"]["thing"]) == 2
    with pytest.raises(Exception, match="yellow"):
        game.load_decks("red: ABC")


def play_out(seed: int, limit: int = 2000):
    """Play a whole game: a random player shouts the commonest answer not given yet."""
    rng = random.Random(seed)
    cats = Categories.open()
    state = game.new(PLAYERS, seed)
    moves = []
    while state["status"] != "over" and len(moves) < limit:
        if state["status"] == "choose":
            move = rng.choice(game.legal_moves(state))
        else:
            cards = game.on_display(state)
            used = state["used"].get(cards.thing, [])
            found = rules.solve(cats, cards, 1, used).words
            move = ({"type": "answer", "player": rng.choice(PLAYERS), "answer": found[0],
                     "round": state["round"]} if found else {"type": "stumped"})
        state, _ = game.apply(state, move)
        moves.append(move)
    return state, moves


@pytest.mark.parametrize("seed", range(4))
def test_seeded_games_play_to_the_end(seed):
    state, moves = play_out(seed)
    assert state["status"] == "over" and state["winners"]
    cards = sum(len(p[t]) for p in state["players"] for t in game.TYPES)
    assert cards <= 9 * len(PLAYERS)
    replayed = game.new(PLAYERS, seed)
    for move in moves:
        replayed, _ = game.apply(replayed, move)
    assert replayed == state


def test_a_whole_game_reads_the_tables_own_things():
    from solver.games import redyellow as game

    ours = [{"name": "Our cats", "members": ["Felix", "Mittens", "Salem", "Tom", "Oscar"]}]
    state = game.new(["ann", "bob"], 4, {"categories": ours, "things": ["Our cats"] * 3})
    cards = game.on_display(state)
    assert cards.thing == "Our cats"
    for member in ours[0]["members"]:
        if member[0].lower() == cards.yellow and cards.red not in member.lower():
            assert game.judge_answer(state, member).valid is True
    stranger = game.judge_answer(state, cards.yellow + "zzzz")
    assert stranger.valid is False
    assert "Our cats" in game._all_things(game._cats(state))
