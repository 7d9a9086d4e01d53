"""A small ¡Extinción! deck with known card ids, and a builder of tables set up by hand.

The rule tests import LAB, the card ids and table() from here; the tests below check that the
builder deals what it is asked and keeps every card in exactly one place.
"""

from __future__ import annotations

import pytest

from solver.games import extincion as X
from solver.games.extincion.deck import load_deck

# Card ids, in the order of the lab deck's entries (every entry but the last is one card).
PROTO = list(range(6))
TREX, ALLO, RAPTOR, ANKY, BRACHIO, PARA, IGUA, BARY, COMPY, OVI = range(6, 16)
COELO, GOAT, STURGEON, CARCASS, TROODON, OVI2, IGUA2, IGUA3, ALLO2, BARY2 = range(16, 26)
COMPY2, GIGA, STEGO = range(26, 29)
FILLER = list(range(29, 41))
MAIA = 41

# Environment ids and their Butterfly Effects.
MEADOW_QUAKE, FOREST_FAMINE, COAST_EPIDEMIC, DESERT_STAMPEDE = range(4)
ESTUARY_EXT, MEADOW_EXT, FOREST_EXT, COAST_EXT, DESERT_EXT = range(4, 9)

LAB_DATA = {
    "format": 1,
    "name": "lab deck",
    "notice": "made up for the tests",
    "lost_world": [
        {"name": "Protoceratops", "diet": "herbivore", "count": 6},
        {"name": "Tyrannosaurus rex", "diet": "carnivore", "skills": ["Titan"]},
        {"name": "Allosaurus", "diet": "carnivore"},
        {"name": "Velociraptor", "diet": "carnivore", "skills": ["Clever Girl"]},
        {"name": "Ankylosaurus", "diet": "herbivore", "skills": ["Armoured"]},
        {"name": "Brachiosaurus", "diet": "herbivore", "skills": ["Titan"]},
        {"name": "Parasaurolophus", "diet": "herbivore", "skills": ["Gregarious"]},
        {"name": "Iguanodon", "diet": "herbivore"},
        {"name": "Baryonyx", "diet": "piscivore"},
        {"name": "Compsognathus", "diet": "scavenger"},
        {"name": "Oviraptor", "diet": "egg thief"},
        {"name": "Coelophysis", "diet": "scavenger", "skills": ["Swift Running Lizard"]},
        {"name": "Goat", "bait": "carnivore"},
        {"name": "Sturgeon", "bait": "piscivore"},
        {"name": "Carcass", "bait": "scavenger"},
        {"name": "Troodon", "diet": "scavenger", "skills": ["Clever Girl"]},
        {"name": "Oviraptor", "diet": "egg thief"},
        {"name": "Iguanodon", "diet": "herbivore"},
        {"name": "Iguanodon", "diet": "herbivore"},
        {"name": "Allosaurus", "diet": "carnivore"},
        {"name": "Baryonyx", "diet": "piscivore"},
        {"name": "Compsognathus", "diet": "scavenger"},
        {"name": "Giganotosaurus", "diet": "carnivore", "skills": ["Titan"]},
        {"name": "Stegosaurus", "diet": "herbivore", "skills": ["Armoured"]},
        {"name": "Hadrosaurus", "diet": "herbivore", "count": 12},
        {"name": "Maiasaura", "diet": "herbivore", "skills": ["Gregarious"]},
    ],
    "environments": [
        {"name": "Meadow", "type": "meadow", "needs": ["herbivore", "herbivore"],
         "effect": "earthquake"},
        {"name": "Forest", "type": "forest", "needs": ["carnivore", "herbivore"],
         "effect": "famine"},
        {"name": "Coast", "type": "coast", "needs": ["piscivore", "scavenger"],
         "effect": "epidemic"},
        {"name": "Desert", "type": "desert", "needs": ["scavenger", "carnivore"],
         "effect": "stampede"},
        {"name": "Estuary", "type": "estuary", "needs": ["piscivore", "herbivore"],
         "effect": "extinction"},
        {"name": "Meadow", "type": "meadow", "needs": ["herbivore", "herbivore", "herbivore"],
         "effect": "extinction"},
        {"name": "Forest", "type": "forest", "needs": ["carnivore", "herbivore", "herbivore"],
         "effect": "extinction"},
        {"name": "Coast", "type": "coast", "needs": ["piscivore", "carnivore"],
         "effect": "extinction"},
        {"name": "Desert", "type": "desert", "needs": ["scavenger", "herbivore"],
         "effect": "extinction"},
    ],
}
LAB = load_deck(LAB_DATA)
PLAYERS = ("ann", "bob", "cy")


def table(players=PLAYERS, hands=None, territories=None, draws=None, cemetery=(),
          display=(MEADOW_QUAKE, FOREST_FAMINE, COAST_EPIDEMIC), env_draws=None,
          turn="ann", counter=0, options=None) -> dict:
    """Return a game of the lab deck in Phase 1 of `turn`, with the cards placed as given.

    `draws` lists the Lost World deck in drawing order; without it the deck holds every card
    placed nowhere else, else those cards leave the game. `env_draws` likewise for the Safe
    Environments that a refill will flip.
    """
    state = X.new(list(players), 0, {"deck": LAB, **(options or {})})
    hands, territories = hands or {}, territories or {}
    placed = [c for cards in (*hands.values(), *territories.values(), cemetery) for c in cards]
    placed += list(draws or [])
    assert len(placed) == len(set(placed)), "a card is placed twice"
    rest = [c.id for c in LAB.cards if c.id not in placed and c.id not in state["removed"]]
    state["hands"] = {p: list(hands.get(p, [])) for p in players}
    state["territories"] = {p: list(territories.get(p, [])) for p in players}
    state["cemetery"] = list(cemetery)
    if draws is None:
        state["lost_world"] = rest
    else:
        state["lost_world"] = list(reversed(draws))
        state["removed"] = state["removed"] + rest
    shown = list(display)
    envs = [e.id for e in LAB.environments if e.id not in shown]
    if env_draws is not None:
        state["environments"] = list(reversed(env_draws))
        state["withered"] = [e for e in envs if e not in env_draws]
    else:
        state["environments"] = envs
    state["display"] = shown
    state.update(turn=list(players).index(turn), phase="action", pending=[], counter=counter,
                 idle=0, dry=0)
    return state


def play(state: dict, *moves: dict) -> tuple[dict, list[dict]]:
    """Apply `moves` in order; return the last state and every event."""
    events = []
    for move in moves:
        state, happened = X.apply(state, move)
        events += happened
    return state, events


def codes(state: dict, move: dict) -> list[str]:
    """Return the reason codes of the verdict on `move`."""
    return X.judge(state, move).codes


def cards_in_piles(state: dict) -> list[int]:
    """Return every Lost World card id found in the piles of `state`, sorted, repeats kept."""
    found = state["lost_world"] + state["cemetery"] + state["removed"] + state["in_play"]
    for p in state["players"]:
        found += state["hands"][p] + state["territories"][p]
        for rescue in state["rescued"][p]:
            found += rescue["cards"]
    found += [cid for _giver, cid in state["staged"]]
    return sorted(found)


def environments_in_piles(state: dict) -> list[int]:
    """Return every environment id found in the piles of `state`, sorted, repeats kept."""
    found = state["environments"] + state["display"] + state["withered"]
    for p in state["players"]:
        found += [rescue["environment"] for rescue in state["rescued"][p]]
    return sorted(found)


def conserved(state: dict) -> bool:
    """Tell whether every card and environment of the deck is in exactly one place."""
    deck = state["deck"]
    return cards_in_piles(state) == list(range(len(deck["cards"]))) and \
        environments_in_piles(state) == list(range(len(deck["environments"])))


def test_lab_deck_numbers_cards_as_the_constants_say():
    names = {c.id: c.name for c in LAB.cards}
    assert [names[i] for i in (TREX, RAPTOR, PARA, COELO, GOAT, TROODON, GIGA, STEGO)] == [
        "Tyrannosaurus rex", "Velociraptor", "Parasaurolophus", "Coelophysis", "Goat",
        "Troodon", "Giganotosaurus", "Stegosaurus"]
    assert [names[i] for i in PROTO] == ["Protoceratops"] * 6
    assert names[MAIA] == "Maiasaura" and len(LAB.cards) == MAIA + 1


@pytest.mark.parametrize("draws", [None, [IGUA, BARY]])
def test_table_places_each_card_once(draws):
    state = table(hands={"ann": [TREX], "bob": [RAPTOR]}, territories={"cy": [ANKY]},
                  cemetery=[GOAT], draws=draws)
    assert conserved(state)
    assert state["hands"]["ann"] == [TREX] and state["territories"]["cy"] == [ANKY]
    assert X.legal_moves(state)


def test_table_draws_in_the_order_given():
    state = table(hands={"ann": [IGUA]}, draws=[BARY, OVI])
    state, _ = play(state, {"type": "play", "player": "ann", "card": IGUA})
    assert state["hands"]["ann"] == [BARY]
