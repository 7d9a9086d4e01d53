"""What the whole table sees of a card game names no card the rulebook keeps hidden.

Every public screen (the live stream, the game's view without a seat token, `wordref game
replay`) shows a move through base.public_record and the state through the engine's view().
The oracle here is not that redaction but the states themselves: a card is secret while it
lies in a hand, a face-down row, a deck, or is chosen unseen, unless the table saw it get
there (it lay face up before, or the rulebook lays it face up on the way, as a play does).
Many games are played by the engines' own bots, and after every move the public move, its
public events and the public view must name only cards the table has seen.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.games import extincion as X
from solver.games import extremis as E
from solver.games import idiot as I
from solver.games.base import public_record
from solver.games.extincion.bots import greedy_player, random_player
from solver.games.extincion.rules import clever_girls, target_player, to_act
from solver.games.idiot.bots import STRATEGIES
from solver.games.idiot.cards import CARDS, show_card

SHOWN = {**{c: c for c in CARDS}, **{show_card(c): c for c in CARDS}}
MAX_MOVES = 1500
GAMES = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def strings(value):
    """Yield every string inside a JSON value (keys too)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def idiot_named(value) -> set[str]:
    """Return the Extreme Idiot cards a public record names, as ids ("7♥ (as K)" too)."""
    return {SHOWN[s.split(" (")[0]] for s in strings(value) if s.split(" (")[0] in SHOWN}


def idiot_places(state: dict) -> tuple[set, set]:
    """Return (cards lying face up or seen burned, cards face down in rows)."""
    shown = {e[0] for e in state["pile"]} | set(state["aside"]) | set(state["burned"])
    down = set()
    for p in state["players"]:
        shown |= {c for c in state["up"][p] if c}
        down |= {c for c in state["down"][p] if c}
    return shown, down


def idiot_revealed(before: dict, move: dict, after: dict, seen: set) -> tuple[set, set]:
    """Return (cards the table may know of during `move`, cards it knows of after it).

    The table sees what lies face up after the move, what was laid face up on the way (a
    play's cards, a flipped card: §1, §18), and cards that left a hand for anywhere but a
    face-down row; it forgets nothing but cards shuffled back face down (§20 part 3).
    """
    shown, down = idiot_places(after)
    allowed = seen | shown
    if move["type"] in ("play", "play_out"):
        allowed |= set(I.parse_cards(" ".join(move.get("cards") or [move.get("card", "")])))
    if move["type"] == "flip":
        allowed.add(before["down"][move["player"]][move["row"]])
    for p in before["players"]:
        left = set(before["hands"][p]) - set(after["hands"].get(p, []))
        allowed |= left - down
    return allowed, (seen | shown) - down - set(after["draw"])


def play_idiot(seed: int, players: int, strategy: str, counts: dict) -> None:
    names = [f"p{i + 1}" for i in range(players)]
    state = I.new(names, seed)
    bot, rng = STRATEGIES[strategy], random.Random(seed)
    seen, _ = idiot_places(state)
    assert idiot_named(I.view(state)) <= seen
    while not state["over"] and state["step"] < MAX_MOVES:
        move = bot(state, rng)
        after, events = I.apply(state, move)
        allowed, seen = idiot_revealed(state, move, after, seen)
        shown_move, shown_events = public_record(I, move, events)
        leaked = idiot_named([shown_move, shown_events, I.view(after)]) - allowed
        assert not leaked, (move, events, leaked)
        for event in events:
            if event["type"] == "give":
                counts[event["face"]] = counts.get(event["face"], 0) + 1
        state = after


@GAMES
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5),
       strategy=st.sampled_from(sorted(STRATEGIES)))
def test_no_public_record_of_extreme_idiot_names_a_hidden_card(seed, players, strategy):
    play_idiot(seed, players, strategy, {})


def test_the_games_checked_give_cards_face_down_and_face_up():
    """The property above is about something: seeded games give cards both ways."""
    counts: dict = {}
    for seed in range(12):
        play_idiot(seed, 2 + seed % 4, "greedy" if seed % 2 else "random", counts)
    assert counts.get("down", 0) >= 5 and counts.get("up", 0) >= 1, counts


def extincion_named(value) -> set[int]:
    """Return the ¡Extinción! Lost World cards a public record names: the ids under "card",
    "cards" and "target", and every card shown whole ({"id", "diet", ...})."""
    found: set[int] = set()
    if isinstance(value, dict):
        if "diet" in value and isinstance(value.get("id"), int):
            found.add(value["id"])
        for key, item in value.items():
            if key in ("card", "target") and isinstance(item, int) and not isinstance(item, bool):
                found.add(item)
            elif key == "cards" and isinstance(item, list):
                found |= {c for c in item if isinstance(c, int)}
            else:
                found |= extincion_named(item)
    elif isinstance(value, list):
        for item in value:
            found |= extincion_named(item)
    return found


def extincion_shown(state: dict) -> set[int]:
    """Return the cards lying face up: territories, the Cemetery, baits in play, rescues."""
    shown = set(state["cemetery"]) | set(state["in_play"])
    for p in state["players"]:
        shown |= set(state["territories"][p])
        shown |= {c for r in state["rescued"][p] for c in r["cards"]}
    return shown


def play_extincion(seed: int, players: int, bots: tuple, counts: dict,
                   options: dict | None = None) -> None:
    names = [f"p{i + 1}" for i in range(players)]
    state = X.new(names, seed, options)
    rng = random.Random(seed)
    seen = extincion_shown(state)
    assert extincion_named(X.view(state)) <= seen
    for _ in range(4000):
        if state["phase"] == "over":
            break
        move = bots[names.index(to_act(state)) % len(bots)](state, rng)
        after, events = X.apply(state, move)
        shown = extincion_shown(after)
        # Cards reshuffled into the Lost World came from the Cemetery, face up till then; a
        # played, discarded or shown card is laid face up (and may be reshuffled and drawn).
        allowed = seen | shown | (set(after["lost_world"]) - set(state["lost_world"]))
        if move["type"] in ("play", "respond", "discard"):
            allowed |= set(move.get("cards") or [move["card"]])
        seen = (seen | shown) - set(after["lost_world"])
        shown_move, shown_events = public_record(X, move, events)
        leaked = extincion_named([shown_move, shown_events, X.view(after)]) - allowed
        assert not leaked, (move, events, leaked)
        counts["stampede"] = counts.get("stampede", 0) + sum(
            e["type"] == "chose" for e in events)
        aimed = aimed_at(state, move)
        if aimed is not None:
            # Asked or not, as the table sees it: a "targeted" event and the wait for a reply.
            key = ("asked" if any(e["type"] == "targeted" for e in events) else "not asked",
                   "holds" if clever_girls(state, aimed) else "holds none",
                   "hand" if state["hands"][aimed] else "no hand")
            counts[key] = counts.get(key, 0) + 1
        state = after


def aimed_at(state: dict, move: dict) -> str | None:
    """Return the player an action of `move` is aimed at, if it is one (Clever Girl's case)."""
    if state["pending"] or move["type"] != "play" or "target" not in move:
        return None
    return target_player(state, move["target"])


@GAMES
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6),
       bots=st.sampled_from([(greedy_player,), (random_player,),
                             (greedy_player, random_player)]),
       secret=st.booleans())
def test_no_public_record_of_extincion_names_a_hidden_card(seed, players, bots, secret):
    play_extincion(seed, players, bots, {}, {"secret_clever_girl": secret})


def test_with_secret_clever_girl_the_asking_tells_nothing_of_the_hand():
    """Clever Girl: "if you have a Clever Girl in your hand, you can show it". Asking only
    its holders tells the table who holds one; with the option, every target with a hand is
    asked, holder or not, and a target without a hand never (its size is public)."""
    counts: dict = {}
    for seed in range(25):
        play_extincion(seed, 3 + seed % 4, (greedy_player, random_player), counts,
                       {"secret_clever_girl": True})
    assert counts.get(("asked", "holds", "hand"), 0) >= 3, counts
    assert counts.get(("asked", "holds none", "hand"), 0) >= 20, counts
    assert not counts.get(("not asked", "holds none", "hand")), counts
    assert not counts.get(("asked", "holds none", "no hand")), counts
    default: dict = {}
    for seed in range(25):
        play_extincion(seed, 3 + seed % 4, (greedy_player, random_player), default)
    # Without it, asked exactly when holding one: the tell the option takes away.
    assert {k[:2] for k in default if isinstance(k, tuple)} == \
        {("asked", "holds"), ("not asked", "holds none")}


def test_the_games_checked_choose_stampede_cards():
    counts: dict = {}
    for seed in range(20):
        play_extincion(seed, 3 + seed % 4, (greedy_player, random_player), counts)
    assert counts["stampede"] >= 3, counts


# The leaks found, one test each ---------------------------------------------------------------

def moves_to_a_face_down_give(players=("ann", "bob", "cy")) -> tuple[int, list[dict]]:
    """Return (seed, moves) of a bot game whose last move gives a never-seen card face down."""
    for seed in range(300):
        state, rng = I.new(list(players), seed), random.Random(seed)
        moves, seen = [], set()
        while not state["over"] and len(moves) < 80:
            move = STRATEGIES["greedy"](state, rng)
            state, events = I.apply(state, move)
            moves.append(move)
            if move["type"] == "give" and events[0]["face"] == "down" \
                    and move["card"] not in seen:
                return seed, moves
            seen |= {c for e in events for c in e.get("cards", [])}
    raise AssertionError("no card given face down in 300 games")


def a_face_down_give() -> tuple[dict, dict, list[dict], dict]:
    """Return (state, give move, its events, the state after) of a card given face down."""
    seed, moves = moves_to_a_face_down_give()
    state = I.new(["ann", "bob", "cy"], seed)
    for move in moves[:-1]:
        state = I.apply(state, move)[0]
    after, events = I.apply(state, moves[-1])
    return state, moves[-1], events, after


def test_a_card_given_face_down_is_named_to_nobody_but_its_giver():
    """§4 part 1: "give ... a card from your hand, face down"; §20 part 3: not even the
    player it lies before may see it."""
    _, move, events, after = a_face_down_give()
    card = I.parse_card(move["card"])
    assert events[0]["card"] == card  # the giver's own record keeps it
    shown_move, shown_events = public_record(I, move, events)
    assert "card" not in shown_move and "card" not in shown_events[0]
    assert shown_events[0] == {k: v for k, v in events[0].items() if k != "card"}
    assert card not in idiot_named([shown_move, shown_events, I.view(after)])
    # The receiver's own view does not show it either: it lies face down before them.
    assert card not in idiot_named(I.view(after, move["to"]))
    # The giver's own view does, while it lies there.
    row = len(after["down"][move["to"]]) - 1
    assert I.view(after, move["player"])["given"] == [
        {"to": move["to"], "row": row, "card": show_card(card)}]
    flipped = dict(after, down={**after["down"], move["to"]: [
        None if i == row else c for i, c in enumerate(after["down"][move["to"]])]})
    assert I.view(flipped, move["player"])["given"] == []


def test_taking_back_a_face_down_give_does_not_name_the_card():
    _, move, events, _ = a_face_down_give()
    undo = [{"type": "undo", "move": move}]
    shown = public_record(I, {"type": "undo"}, undo)[1]
    assert shown[0]["move"] == {k: v for k, v in move.items() if k != "card"}


def test_a_card_given_face_up_stays_public():
    state = I.new(["ann", "bob"], 1)
    state["pending"], state["turn"] = {"kind": "give"}, "ann"
    state["up"]["bob"][0] = None                       # an emptied face-up place (§4 part 2)
    card = state["hands"]["ann"][0]
    move = {"type": "give", "player": "ann", "to": "bob", "card": card}
    after, events = I.apply(state, move)
    give = next(e for e in events if e["type"] == "give")
    assert give["face"] == "up"
    assert public_record(I, move, events) == (move, events)
    assert card in idiot_named(I.view(after))


def test_a_stampede_choice_is_not_named_before_the_dinosaurs_are_passed():
    """Butterfly Effect, Stampede: each player passes a dinosaur from their hand; the choice
    is seen when the dinosaurs land, not while the others still choose."""
    for seed in range(60):
        state, rng = X.new(["ann", "bob", "cy"], seed), random.Random(seed)
        while state["phase"] != "over" and state["step"] < 3000:
            move = greedy_player(state, rng)
            after, events = X.apply(state, move)
            if any(e["type"] == "chose" for e in events) and \
                    not any(e["type"] == "trampled" for e in events):
                shown_move = public_record(X, move, events)[0]
                assert move["card"] in after["staged"][-1]
                assert "card" not in shown_move
                assert move["card"] not in extincion_named([shown_move, X.view(after)])
                return
            state = after
    raise AssertionError("no stampede choice in 60 games")


def test_a_wrong_answers_suggestions_reach_only_its_sender():
    """In Extremis: the round goes on after a wrong answer, so words that fit the cards,
    suggested to its sender, must not reach the other screens."""
    state = E.new(["ann", "bob"], 3)
    if state["status"] == "tap":
        state, _ = E.apply(state, {"type": "tap", "player": "ann"})
    initial = E.view(state)["cards"]["initial"]
    move = {"type": "answer", "player": "ann", "word": initial + "xqzt"}
    after, events = E.apply(state, move)
    verdict = events[0]
    assert verdict["type"] == "verdict" and not verdict["valid"] and verdict["suggestions"]
    assert after["round"] == state["round"]  # the round is still on
    shown = public_record(E, move, events)[1][0]
    assert shown == {**verdict, "suggestions": []}


def test_wordref_game_replay_shows_what_the_table_saw_and_all_shows_the_record(tmp_path):
    from click.testing import CliRunner

    import cli

    def run(*args):
        result = CliRunner().invoke(cli.main, [*args, "--db", str(tmp_path / "g.sqlite3")])
        assert result.exit_code == 0, result.output
        return result.output

    seed, moves = moves_to_a_face_down_give()
    card = moves[-1]["card"]
    game_id = json.loads(run("game", "new", "idiot", "--players", "ann,bob,cy", "--seed",
                             str(seed), "--json"))["id"]
    for move in moves:
        run("game", "move", game_id, json.dumps(move))
    said = {card, show_card(card)}
    public = json.loads(run("game", "replay", game_id, "--json"))
    assert public["same"] is True
    assert not said & idiot_named([public["log"][-1], public["replay"][-1]])
    assert public["log"][-1]["move"] == {k: v for k, v in moves[-1].items() if k != "card"}
    text = run("game", "replay", game_id).splitlines()
    assert f"{moves[-1]['player']} gives {moves[-1]['to']} a card (face down)" in \
        " ".join(text[-3:])
    whole = json.loads(run("game", "replay", game_id, "--json", "--all"))
    assert whole["log"][-1]["move"] == moves[-1] and card in idiot_named(whole["log"][-1])
    assert show_card(card) in run("game", "replay", game_id, "--all")


def test_a_game_over_http_may_start_with_secret_clever_girl(tmp_path):
    from fastapi.testclient import TestClient

    from solver.service.app import create_app

    client = TestClient(create_app(str(tmp_path / "g.sqlite3")), base_url="http://localhost")
    body = {"game": "extincion", "players": ["ann", "bob"], "seed": 2}
    made = client.post("/api/games", json={**body, "options": {"secret_clever_girl": True}})
    assert made.status_code == 201
    assert made.json()["state"]["options"]["secret_clever_girl"] is True
    refused = client.post("/api/games", json={**body, "options": {"secret_clever_girl": "yes"}})
    assert refused.status_code == 422 and "secret_clever_girl" in refused.json()["error"]
