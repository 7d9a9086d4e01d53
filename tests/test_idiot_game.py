"""Whole games of Extreme Idiot: the deal, turns, the moves each card asks for, penalties, §27."""

from __future__ import annotations

import copy
import json

import pytest

from solver.errors import InputError
from solver.games import base, engine, idiot
from solver.games.idiot import apply, judge, legal_moves, new, parse_card, parse_cards, view
from solver.games.idiot.apply import held
from solver.games.idiot.bots import greedy_player
from solver.games.idiot.pile import read_pile


def table(hands: dict, up: dict | None = None, down: dict | None = None, pile: str = "",
          by: str = "", draw: str = "", turn: str | None = None,
          options: dict | None = None) -> dict:
    """Return a game state with the cards where the test puts them ("." is an empty place)."""
    players = list(hands)
    state = new(players, 7, options)
    up, down = up or {}, down or {}
    for p in players:
        state["hands"][p] = parse_cards(hands[p])
        state["up"][p] = _places(up.get(p, ""))
        state["down"][p] = _places(down.get(p, ""))
        width = max(len(state["up"][p]), len(state["down"][p]))
        for places in (state["up"][p], state["down"][p]):
            places.extend([None] * (width - len(places)))
    cards = parse_cards(pile)
    state["pile"] = read_pile(cards, not draw, by.split() if by else None)[0]
    state["draw"] = parse_cards(draw)
    state["turn"] = turn or players[0]
    return state


def _places(text: str) -> list:
    return [None if t == "." else parse_card(t) for t in text.split()]


def play(state: dict, player: str, cards: str) -> tuple[dict, list]:
    return apply(state, {"type": "play", "player": player, "cards": parse_cards(cards)})


def kinds(events: list) -> list[str]:
    return [e["type"] for e in events]


# The deal and the contract ------------------------------------------------------------------

def test_the_deal_is_three_rows_and_three_in_hand():
    state = new(["ann", "bob", "cy"], 5)
    for p in ("ann", "bob", "cy"):
        assert len(state["hands"][p]) == 3
        assert None not in state["up"][p] and len(state["up"][p]) == 3
        assert None not in state["down"][p] and len(state["down"][p]) == 3
    assert len(state["draw"]) == 54 - 27
    assert state["turn"] == "ann" and state["pile"] == []
    json.dumps(state)


def test_the_engine_is_found_by_name():
    assert engine("idiot") is idiot and idiot.NAME == "idiot"


@pytest.mark.parametrize("players, options", [
    (["ann"], None), (["a", "b", "c", "d", "e", "f", "g"], None), (["ann", "ann"], None),
    (["ann", ""], None), (["ann", "bob"], {"decks": 5})])
def test_bad_tables_are_refused(players, options):
    with pytest.raises(InputError):
        new(players, 1, options)


def test_the_double_deck_seats_twelve():
    state = new([f"p{i}" for i in range(12)], 3, {"decks": 2})
    assert state["draw"] == [] and sum(len(h) for h in state["hands"].values()) == 36


def test_apply_never_changes_its_input_and_replays_exactly():
    state = new(["ann", "bob", "cy"], 11)
    start, moves = copy.deepcopy(state), []
    rng = __import__("random").Random(4)
    for _ in range(60):
        if state["over"]:
            break
        move = greedy_player(state, rng)
        before = copy.deepcopy(state)
        state, events = apply(state, move)
        assert json.loads(json.dumps(events)) == events
        moves.append(move)
        assert judge(before, move).valid
    assert start == new(["ann", "bob", "cy"], 11)
    replayed = new(["ann", "bob", "cy"], 11)
    for move in json.loads(json.dumps(moves)):
        replayed, _ = apply(json.loads(json.dumps(replayed)), move)
    assert json.dumps(replayed, sort_keys=True) == json.dumps(state, sort_keys=True)


def test_an_illegal_move_raises_with_its_verdict():
    state = table({"ann": "Q♠ 3♦", "bob": "4♣"}, draw="2♠ 2♥ 2♦")
    with pytest.raises(base.IllegalMove) as err:
        play(state, "ann", "Q♠")
    assert err.value.verdict.codes == ["queen_on_empty"]
    assert "§12" in str(err.value)


def test_moves_of_unknown_kinds_and_players_are_refused():
    state = table({"ann": "3♦", "bob": "4♣"}, draw="2♠")
    assert judge(state, {"type": "dance", "player": "ann"}).codes == ["unknown_move"]
    assert judge(state, {"type": "pickup", "player": "zed"}).codes == ["unknown_player"]


def test_view_shows_hand_sizes_and_only_the_asked_hand():
    state = table({"ann": "3♦ K♠", "bob": "4♣"}, up={"ann": "5♥ ."}, down={"ann": "9♠ 2♣"},
                  pile="J♦ 5♣", draw="2♠")
    seen = view(state)
    assert "hand" not in seen and seen["players"][0]["hand"] == 2
    assert seen["players"][0]["up"] == ["5♥", None]
    assert seen["players"][0]["down"] == [True, True]
    assert seen["top"] == "J♦" and seen["asks"] == "a ♦ card, a jack or a 5"
    assert view(state, "ann")["hand"] == ["3♦", "K♠"]
    json.dumps(seen)


# §1 and A4: drawing, where cards come from, going out ----------------------------------------

def test_a_player_draws_up_to_three_while_the_draw_pile_lasts():
    state = table({"ann": "3♦ 3♠ 7♣", "bob": "4♣ 5♣ 6♣"}, draw="K♥ Q♥")
    state, events = play(state, "ann", "3♦ 3♠")
    assert {"type": "draw", "player": "ann", "count": 2} in events
    assert len(state["hands"]["ann"]) == 3 and state["draw"] == []


def test_the_hand_comes_before_the_table():
    state = table({"ann": "3♦", "bob": "4♣"}, up={"ann": "7♠"}, down={"ann": "8♠"})
    assert judge(state, {"type": "play", "player": "ann", "cards": ["7s"]}).codes == [
        "hand_first"]
    assert judge(state, {"type": "flip", "player": "ann", "row": 0}).codes == ["hand_first"]
    state = table({"ann": "", "bob": "4♣"}, up={"ann": "7♠"}, down={"ann": "8♠"})
    assert judge(state, {"type": "play", "player": "ann", "cards": ["7s"]}).valid
    state = table({"ann": "", "bob": "4♣"}, up={"ann": "."}, down={"ann": "8♠"})
    assert legal_moves(state) == [{"type": "flip", "player": "ann", "row": 0}]
    assert judge(state, {"type": "play", "player": "ann", "cards": ["8s"]}).codes == [
        "hand_first"]


def test_a_flipped_card_is_played_when_it_may_go():
    state = table({"ann": "", "bob": "4♣ 9♣"}, down={"ann": "8♠ K♥"}, pile="5♦")
    state, events = apply(state, {"type": "flip", "player": "ann", "row": 1})
    assert kinds(events)[:2] == ["flip", "play"]
    assert state["pile"][-1][0] == "kh" and state["turn"] == "bob"


def test_a_flipped_card_that_may_not_go_is_picked_up_with_the_pile():
    state = table({"ann": "", "bob": "4♣ 9♣"}, down={"ann": "8♠ 4♥"}, pile="3♦ 6♠",
                  by="bob bob")
    state, events = apply(state, {"type": "flip", "player": "ann", "row": 1})
    assert events[-1] == {"type": "pickup", "player": "ann", "cards": ["3d", "6s", "4h"],
                          "why": "flip"}
    assert state["pile"] == [] and state["turn"] == "bob"


def test_the_first_player_out_wins_and_the_last_is_the_idiot():
    state = table({"ann": "K♦", "bob": "4♣ 9♣", "cy": "3♠"})
    state, events = play(state, "ann", "K♦")
    assert {"type": "out", "player": "ann", "place": 1} in events
    assert state["turn"] == "bob" and not state["over"]
    state, _ = apply(state, {"type": "pickup", "player": "bob"})
    state, events = play(state, "cy", "3♠")
    assert state["over"] and state["out"] == ["ann", "cy"] and state["idiot"] == "bob"
    assert events[-1]["type"] == "game_over"
    assert legal_moves(state) == []
    assert judge(state, {"type": "pickup", "player": "bob"}).codes == ["game_over"]


# §2 ------------------------------------------------------------------------------------------

def test_after_a_2_the_same_player_plays_again():
    state = table({"ann": "2♦ 7♠ 9♥", "bob": "4♣"}, draw="3♣ 3♥")
    state, _ = play(state, "ann", "2♦")
    assert state["turn"] == "ann" and state["pending"] == {"kind": "follow"}
    state, _ = play(state, "ann", "7♠")
    assert state["turn"] == "bob" and state["pending"] is None


def test_a_2_that_cannot_be_followed_costs_the_pile():
    state = table({"ann": "2♦ Q♠", "bob": "4♣"}, up={"ann": "3♠"})
    state, _ = play(state, "ann", "2♦")
    assert legal_moves(state) == [{"type": "pickup", "player": "ann"}]
    state = table({"ann": "2♦ Q♠", "bob": "4♣"}, up={"ann": "3♠"},
                  options={"unfollowed_two": "pass"})
    state, _ = play(state, "ann", "2♦")
    assert {"type": "pass", "player": "ann"} in legal_moves(state)
    state, _ = apply(state, {"type": "pass", "player": "ann"})
    assert state["turn"] == "bob" and [e[0] for e in state["pile"]] == ["2d"]


def test_going_out_on_a_2_is_going_out():
    state = table({"ann": "2♦", "bob": "4♣", "cy": "5♣"})
    state, events = play(state, "ann", "2♦")
    assert "out" in kinds(events) and state["turn"] == "bob" and state["pending"] is None


# §4 ------------------------------------------------------------------------------------------

def test_a_black_4_gives_face_down_then_face_up_then_no_more():
    rows = {"ann": "3♠ 3♥ 3♦", "bob": "7♠ 7♥ 7♦"}
    state = table({"ann": "4♠ 4♣ 8♦ 9♦", "bob": "K♣ K♦ 2♣"}, up=rows, down=rows,
                  draw="5♠ 5♥ 5♦ 5♣")
    state, _ = play(state, "ann", "4♠")
    assert state["pending"] == {"kind": "give"} and state["turn"] == "ann"
    assert judge(state, {"type": "play", "player": "ann", "cards": ["8d"]}).codes[0] == \
        "must_give"
    state, events = apply(state, {"type": "give", "player": "ann", "to": "bob", "card": "8d"})
    assert events[0] == {"type": "give", "player": "ann", "to": "bob", "card": "8d",
                         "face": "down"}
    assert state["down"]["bob"][3] == "8d" and state["up"]["bob"][3] is None
    state["turn"], state["pile"] = "ann", []
    state, _ = play(state, "ann", "4♣")
    give = {"type": "give", "player": "ann", "to": "bob", "card": "9d"}
    state, events = apply(state, give)
    assert events[0]["face"] == "up" and state["up"]["bob"][3] == "9d"
    state["turn"], state["pile"] = "ann", []
    state["hands"]["ann"] += ["4s"]
    state, _ = play(state, "ann", "4♠")
    # Bob has four full rows, the only opponent: nothing is given (§4 part 1).
    assert state["pending"] is None and state["turn"] == "bob"


def test_a_black_4_fills_a_place_a_red_4_emptied():
    state = table({"ann": "4♠ 8♦", "bob": "K♣", "cy": "2♣"},
                  up={"bob": "7♠ . 7♦"}, down={"bob": "9♠ 9♥ 9♦"}, draw="5♠ 5♥")
    state, _ = play(state, "ann", "4♠")
    assert judge(state, {"type": "give", "player": "ann", "to": "bob", "card": "8d"}).valid
    state, events = apply(state, {"type": "give", "player": "ann", "to": "bob", "card": "8d"})
    assert events[0]["face"] == "up" and state["up"]["bob"] == ["7s", "8d", "7d"]


def test_a_black_4_goes_only_to_an_opponent_with_room():
    rows = "3♠ 3♥ 3♦ 3♣"
    state = table({"ann": "4♠ 8♦", "bob": "K♣", "cy": "2♣"}, up={"bob": rows},
                  down={"bob": rows}, draw="5♠ 5♥")
    state, _ = play(state, "ann", "4♠")
    assert judge(state, {"type": "give", "player": "ann", "to": "bob", "card": "8d"}).codes \
        == ["target_full"]
    assert judge(state, {"type": "give", "player": "ann", "to": "ann", "card": "8d"}).codes \
        == ["bad_target"]
    assert {m["to"] for m in legal_moves(state)} == {"cy"}


def test_a_red_4_plays_out_a_face_up_card_of_its_suit_with_its_function():
    state = table({"ann": "4♦ 7♣", "bob": "K♣"}, up={"ann": "10♦ K♥ 3♠"},
                  down={"ann": "2♠ 2♥ 2♦"}, draw="5♠ 5♥")
    state, _ = play(state, "ann", "4♦")
    assert state["pending"] == {"kind": "play_out", "suits": "d"}
    assert legal_moves(state) == [{"type": "play_out", "player": "ann", "card": "10d"},
                                  {"type": "pass", "player": "ann"}]
    assert judge(state, {"type": "play_out", "player": "ann", "card": "kh"}).codes == [
        "play_out_suit"]
    state, events = apply(state, {"type": "play_out", "player": "ann", "card": "10d"})
    assert "burn" in kinds(events) and state["turn"] == "ann"     # the 10 burns: again (A6)
    assert state["up"]["ann"] == [None, "kh", "3s"]


def test_a_red_4_need_not_play_out():
    state = table({"ann": "4♥ 7♣", "bob": "K♣"}, up={"ann": "10♦ K♥"}, draw="5♠ 5♥")
    state, _ = play(state, "ann", "4♥")
    state, _ = apply(state, {"type": "pass", "player": "ann"})
    assert state["turn"] == "bob" and state["up"]["ann"] == ["10d", "kh"]


def test_a_red_4_without_its_suit_on_the_table_does_nothing():
    state = table({"ann": "4♥ 7♣", "bob": "K♣"}, up={"ann": "10♦ K♠"}, draw="5♠ 5♥")
    state, _ = play(state, "ann", "4♥")
    assert state["pending"] is None and state["turn"] == "bob"


def test_a_card_played_out_may_have_to_fit_by_house_rule():
    hands, up = {"ann": "4♦ 7♣", "bob": "K♣"}, {"ann": "3♦"}
    state, _ = play(table(hands, up=up, draw="5♠"), "ann", "4♦")
    assert judge(state, {"type": "play_out", "player": "ann", "card": "3d"}).valid
    strict = table(hands, up=up, draw="5♠", options={"played_out_must_fit": True})
    state, _ = play(strict, "ann", "4♦")
    assert judge(state, {"type": "play_out", "player": "ann", "card": "3d"}).codes == [
        "too_low"]


def test_4s_stop_working_once_the_draw_pile_is_empty():
    state = table({"ann": "4♠ 4♦ 7♣", "bob": "K♣"}, up={"ann": "10♦"})
    state, _ = play(state, "ann", "4♠ 4♦")
    assert state["pending"] is None and state["turn"] == "bob"


def test_four_4s_burn_only_once_the_draw_pile_is_empty():
    state = table({"ann": "4♠ 4♦ 7♣", "bob": "K♣"}, pile="4♥ 4♣", draw="5♠ 5♥")
    state, events = play(state, "ann", "4♠ 4♦")
    assert "burn" not in kinds(events)
    state = table({"ann": "4♠ 4♦ 7♣", "bob": "K♣"}, pile="4♥ 4♣")
    state, events = play(state, "ann", "4♠ 4♦")
    assert "burn" in kinds(events) and state["turn"] == "ann"


# §8, §9, §10, §13 in play -------------------------------------------------------------------

def test_a_ladder_asks_nothing_of_the_next_player():
    state = table({"ann": "8♥ 9♠ J♦ 3♣", "bob": "Q♠ 3♦ 2♣"})
    state, _ = play(state, "ann", "8♥ 9♠ J♦")
    assert judge(state, {"type": "play", "player": "bob", "cards": ["qs"]}).valid
    assert judge(state, {"type": "play", "player": "bob", "cards": ["3d"]}).codes == ["too_low"]


def test_after_a_9_only_two_cards_beating_9_or_a_pickup():
    state = table({"ann": "9♠ 3♣", "bob": "10♦ J♣ 5♥ 2♣ 9♦"})
    state, _ = play(state, "ann", "9♠")
    moves = legal_moves(state)
    plays = [m["cards"] for m in moves if m["type"] == "play"]
    assert plays and all(len(cards) == 2 for cards in plays)
    assert {"type": "pickup", "player": "bob"} in moves
    state, _ = play(state, "bob", "10♦ J♣")
    assert view(state)["asks"] == "a ♣ card, a jack or a 5"


def test_a_burn_lets_the_burner_play_again():
    state = table({"ann": "10♠ 3♣", "bob": "K♣"}, pile="4♦ 6♥")
    state, events = play(state, "ann", "10♠")
    assert events[1] == {"type": "burn", "player": "ann", "why": "ten",
                         "cards": ["4d", "6h", "10s"]}
    assert state["turn"] == "ann" and state["pile"] == [] and len(state["burned"]) == 3


def test_an_ace_on_a_king_makes_the_kings_player_pick_up():
    # §13: P1 lays a king, P2 a 5, P3 an ace: P1 still picks up, "since it is his king".
    state = table({"ann": "K♠ 3♣", "bob": "5♥ 7♣", "cy": "A♦ 8♣", "dan": "9♣"},
                  draw="2♠ 2♥ 2♦ 2♣ 3♠ 3♥")
    state, _ = play(state, "ann", "K♠")
    state, _ = play(state, "bob", "5♥")
    state, events = play(state, "cy", "A♦")
    assert {"type": "pickup", "player": "ann", "cards": ["ks", "5h", "ad"],
            "why": "ace_on_king"} in events
    assert state["pile"] == [] and state["turn"] == "dan"


def test_the_king_of_a_player_gone_out_is_safe():
    state = table({"ann": "K♠", "bob": "A♦ 7♣", "cy": "8♣"})
    state, _ = play(state, "ann", "K♠")
    state, events = play(state, "bob", "A♦")
    assert "pickup" not in kinds(events) and [e[0] for e in state["pile"]] == ["ks", "ad"]


# Penalties: §23, §25, §20 ------------------------------------------------------------------

def test_playing_out_of_turn_costs_the_pile_and_the_rightful_player_goes_on():
    state = table({"ann": "3♦", "bob": "4♣ 7♠"}, pile="3♠ 3♥", draw="2♠")
    verdict = judge(state, {"type": "play", "player": "bob", "cards": ["4c"]})
    assert verdict.codes == ["not_your_turn"]
    assert verdict.extra["consequence"] == "bob picks up the pile and ann starts (§23)"
    state, _ = apply(state, {"type": "penalty", "player": "bob", "rule": verdict.extra[
        "penalty"]})
    assert state["hands"]["bob"] == ["4c", "7s", "3s", "3h"] and state["turn"] == "ann"


def test_a_penalty_on_the_player_on_turn_passes_the_turn():
    state = table({"ann": "Q♠ 3♦", "bob": "4♣"}, pile="6♠")
    verdict = judge(state, {"type": "play", "player": "ann", "cards": ["qs"]})
    assert verdict.extra["penalty"] == "illegal_queen"
    state, _ = apply(state, {"type": "penalty", "player": "ann", "rule": "illegal_queen"})
    assert sorted(state["hands"]["ann"]) == ["3d", "6s", "qs"] and state["turn"] == "bob"


@pytest.mark.parametrize("rule, options, allowed", [
    ("breach", None, False), ("stupid_question", None, False), ("three_sixes", None, True),
    ("illegal_queen", None, True), ("illegal_queen", {"late_queen_punished": False}, False)])
def test_a_late_report_is_forgiven_unless_zero_tolerance(rule, options, allowed):
    state = table({"ann": "3♦", "bob": "4♣"}, pile="6♠", options=options)
    verdict = judge(state, {"type": "penalty", "player": "bob", "rule": rule, "late": True})
    assert verdict.valid is allowed
    assert verdict.codes == ([] if allowed else ["too_late"])


def test_an_unknown_penalty_is_refused():
    state = table({"ann": "3♦", "bob": "4♣"})
    assert judge(state, {"type": "penalty", "player": "bob", "rule": "rude"}).codes == [
        "unknown_penalty"]


def test_seeing_your_own_face_down_cards_costs_two_discards_each():
    rows = "3♠ 3♥ 3♦ 3♣"
    state = table({"ann": "3♦", "bob": "4♣"}, up={"bob": rows}, down={"bob": "7♠ 7♥ 7♦ 7♣"},
                  draw="2♠ 2♥")
    state["burned"] = parse_cards("K♠ K♥ K♦ K♣ A♠")
    before = sorted(_all_cards(state))
    state, events = apply(state, {"type": "penalty", "player": "bob", "rule": "peeked",
                                  "rows": [0, 2]})
    assert events == [{"type": "penalty", "player": "bob", "rule": "peeked", "seen": 2,
                       "cards": 4}]
    down = state["down"]["bob"]
    assert len(down) == 6 and "7s" not in down and "7d" not in down    # beyond four rows
    assert {"7s", "7d"} <= set(state["burned"]) and sorted(_all_cards(state)) == before
    assert state["turn"] == "ann"


def test_a_peek_must_name_face_down_cards():
    state = table({"ann": "3♦", "bob": "4♣"}, down={"bob": "7♠"})
    for rows in ([], [1], [0, 0]):
        verdict = judge(state, {"type": "penalty", "player": "bob", "rule": "peeked",
                                "rows": rows})
        assert verdict.codes == ["no_face_down"]


def _all_cards(state: dict) -> list[str]:
    cards = list(state["draw"]) + [e[0] for e in state["pile"]] + state["burned"] + state["aside"]
    for p in state["players"]:
        cards += state["hands"][p] + [c for c in state["up"][p] + state["down"][p] if c]
    return cards


# §22 joining, pickups and passes ------------------------------------------------------------

def test_joining_late_takes_the_deal_and_one_more_face_down_card():
    state = new(["ann", "bob"], 9)
    state, events = apply(state, {"type": "join", "player": "cy"})
    assert events == [{"type": "join", "player": "cy"}]
    assert state["players"] == ["ann", "bob", "cy"]
    assert len(state["down"]["cy"]) == 4 and len(state["hands"]["cy"]) == 3
    assert len(state["draw"]) == 54 - 18 - 10
    assert judge(state, {"type": "join", "player": "cy"}).codes == ["name_taken"]


def test_joining_needs_a_draw_pile():
    state = table({"ann": "3♦", "bob": "4♣"})
    assert judge(state, {"type": "join", "player": "cy"}).codes == ["draw_pile_empty"]


def test_picking_up_by_choice_is_a_house_rule():
    state = table({"ann": "8♦", "bob": "4♣"}, pile="3♦ 6♠")
    assert judge(state, {"type": "pickup", "player": "ann"}).valid
    strict = table({"ann": "8♦", "bob": "4♣"}, pile="3♦ 6♠",
                   options={"voluntary_pickup": False})
    assert judge(strict, {"type": "pickup", "player": "ann"}).codes == ["must_play"]
    assert judge(table({"ann": "8♦", "bob": "4♣"}),
                 {"type": "pickup", "player": "ann"}).codes == ["nothing_to_pick_up"]


def test_a_player_passes_only_when_nothing_else_is_possible():
    state = table({"ann": "Q♦", "bob": "4♣"}, up={"ann": "3♠"})
    assert legal_moves(state) == [{"type": "pass", "player": "ann"}]
    state, _ = apply(state, {"type": "pass", "player": "ann"})
    assert state["turn"] == "bob"
    assert judge(state, {"type": "pass", "player": "bob"}).codes == ["cannot_pass"]


# §27 and cycles -----------------------------------------------------------------------------

def test_when_everyone_left_holds_only_queens_they_are_put_aside():
    state = table({"ann": "Q♠ 3♦", "bob": "Q♥", "cy": "Q♣ Q♦"}, down={"ann": "8♠"})
    state, events = play(state, "ann", "3♦")
    aside = [e for e in events if e["type"] == "queens_aside"]
    assert aside == [{"type": "queens_aside", "cards": ["qs", "qh", "qc", "qd"],
                      "why": "only_queens"}]
    # Bob and Cy are left with nothing and go out; Ann still has a face-down card.
    assert state["out"] == ["bob", "cy"] and state["over"] and state["idiot"] == "ann"


def _first_moves(state: dict, limit: int = 200) -> tuple[dict, list]:
    """Play the first listed move that is not a pickup, until the game ends or `limit`."""
    seen = []
    while not state["over"] and limit:
        moves = legal_moves(state)
        move = next((m for m in moves if m["type"] != "pickup"), moves[0])
        state, events = apply(state, move)
        seen += events
        limit -= 1
    return state, seen


def test_a_queen_that_keeps_a_game_going_round_is_put_aside():
    # Ann can only pass or pick up Bob's ace; Bob can never run out: a cycle §27 breaks.
    state = table({"ann": "Q♥", "bob": "A♥ 5♥"}, up={"ann": "7♣", "bob": "3♠"},
                  turn="bob")
    state, events = _first_moves(state)
    aside = [e for e in events if e["type"] == "queens_aside"]
    assert aside and aside[0]["why"] == "stalemate" and "qh" in aside[0]["cards"]
    assert state["over"]


def test_a_cycle_without_queens_ends_the_game():
    state = table({"p1": "9♥ 7♦ 5♦", "p2": "J♣"}, up={"p1": "10♠", "p2": "jr 3♦"},
                  down={"p1": "7♠ 9♦ 9♣ 8♠", "p2": "6♣ A♠ 7♥ 6♠"}, turn="p2")
    state, events = _first_moves(state)
    stalemate = [e for e in events if e["type"] == "stalemate"]
    assert len(stalemate) == 1 and state["over"] and state["ended_by"] == "stalemate"
    # The remaining players rank by the cards they hold; the one holding most is the idiot.
    first, last = stalemate[0]["order"]
    assert held(state, first) <= held(state, last)
    assert state["out"] == [first] and state["idiot"] == last


def test_the_stalemate_rule_can_be_turned_off():
    state = table({"ann": "Q♥", "bob": "A♥ 5♥"}, up={"ann": "7♣", "bob": "3♠"},
                  turn="bob", options={"stalemate_repeats": 0})
    state, events = _first_moves(state, limit=120)
    assert not state["over"] and "queens_aside" not in kinds(events)
    assert state["repeats"] > 5
