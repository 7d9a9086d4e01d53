"""¡Extinción! (Gnomosaurus, 2020): the whole-game referee, in the shape of base.py.

Start here; then read deck.py (the deck format), rules.py (the state and the rules as queries),
judge.py (verdicts and legal moves), play.py (the set-up and what moves do) and bots.py
(computer players and `simulate`).
docs/extincion.md gives every rule with how it is enforced, and every ruling where the
rulebook is silent.

Moves (all carry "type" and "player"):

    {"type": "play", "card": 17}                   a herbivore, scavenger, gregarious dinosaur
    {"type": "play", "card": 17, "target": 42}     a carnivore, egg thief or bait, on a dinosaur
    {"type": "play", "card": 17, "target": "bob"}  a piscivore, on a hand
    {"type": "play", "card": 17, "swift": true}    a Swift Running Lizard, drawing up to 3
    {"type": "discard", "cards": [3, 8]}           discard and draw as many
    {"type": "draw"}                               draw up to 3 cards in hand
    {"type": "rescue", "environment": 5, "cards": [3, 8, 12]}
    {"type": "respond", "card": 30}                a Clever Girl from the hand of the target
    {"type": "choose", "card": 30}                 a card for the decision awaited: a start
                                                   dinosaur, a Gregarious companion, a Famine
                                                   sacrifice, an Epidemic victim, a Stampede gift
    {"type": "pass"}                               no rescue, no Clever Girl, no companion
"""

from __future__ import annotations

from ...errors import InputError
from ..base import IllegalMove, rng, without
from .deck import Deck, extinctions_to_end, load_deck, sample_deck
from .judge import MOVE_TYPES, judge, legal_moves
from .play import copy_state, perform, setup
from . import rules as R

__all__ = ["NAME", "OPTIONS", "MOVE_TYPES", "REASON_CODES", "new", "judge", "apply",
           "legal_moves", "view", "public", "load_deck", "sample_deck"]

NAME = "extincion"
MIN_PLAYERS, MAX_PLAYERS = 2, 6
OPTIONS = ("deck", "beginner", "skills", "random_start", "ages", "first",
           "secret_clever_girl")
REASON_CODES = {code: meaning for code, (meaning, _section) in R.REASONS.items()}


def new(players, seed: int, options: dict | None = None) -> dict:
    """Return a new game for `players` (clockwise seating order); raise InputError.

    Options: "deck" (a Deck, a deck file's path, or its data; the sample by default),
    "beginner" (no baits, basic skills, Butterfly Effects only move the counter), "skills"
    ("all", "basic" or "none"), "random_start", and who plays first: "first" (a name) or
    "ages" ({name: age}, the oldest first); without either, the first listed player.
    "secret_clever_girl": ask every player an action is aimed at whether they show a Clever
    Girl, not only those who hold one, so that the asking tells the table nothing.
    """
    names = _players(players)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InputError(f"the seed is a whole number, not {seed!r}")
    options = dict(options or {})
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise InputError(f"unknown option {unknown[0]!r} (options: {', '.join(OPTIONS)})")
    deck = options.get("deck")
    deck = sample_deck() if deck is None else load_deck(deck)
    rules = _rules(options)
    first = _first(names, options)
    end_at = extinctions_to_end(len(names))
    _fits(deck, len(names), end_at, rules["random_start"])
    r = rng({"seed": seed, "step": "setup"})
    return setup(names, seed, deck.to_json(), rules, first, end_at, r)


def apply(state: dict, move: dict) -> tuple[dict, list[dict]]:
    """Return the state after `move` and the events it caused; raise IllegalMove."""
    verdict = judge(state, move)
    if not verdict.valid:
        raise IllegalMove(verdict)
    after = copy_state(state)
    events: list[dict] = []
    perform(after, move, rng(state), events)
    after["step"] = state["step"] + 1
    return after, events


def view(state: dict, player: str | None = None) -> dict:
    """Return what the table sees, and `player`'s own hand when a player is named."""
    deck = state["deck"]
    cards = deck["cards"]
    table = {}
    for name in state["players"]:
        rescued = state["rescued"][name]
        table[name] = {
            "hand": len(state["hands"][name]),
            "territory": [cards[c] for c in state["territories"][name]],
            "rescued": sum(len(r["cards"]) for r in rescued),
            # A rescued environment has been flipped: its Butterfly Effect is known.
            "environments": [deck["environments"][r["environment"]] for r in rescued],
        }
    cemetery = state["cemetery"]
    out = {
        "game": NAME, "players": list(state["players"]), "phase": state["phase"],
        "turn": state["players"][state["turn"]], "turns": state["turns"],
        "to_act": R.to_act(state), "awaiting": _awaiting(state),
        "counter": state["counter"], "end_at": state["end_at"],
        "lost_world": len(state["lost_world"]),
        "cemetery": {"count": len(cemetery), "top": cards[cemetery[-1]] if cemetery else None},
        "display": [_face_up(deck["environments"][e]) for e in state["display"]],
        "environments_left": len(state["environments"]), "withered": len(state["withered"]),
        "in_play": [cards[c] for c in state["in_play"]],
        "table": table, "options": dict(state["options"]), "result": state["result"],
    }
    if player is not None:
        if player not in state["hands"]:
            raise InputError(f"{player!r} is not playing")
        out["hand"] = [cards[c] for c in state["hands"][player]]
    return out


def public(move: dict, events: list[dict]) -> tuple[dict, list[dict]]:
    """Return `move` and its events as the whole table sees them (base.public_record).

    Every card a move names lies face up: played into a territory, discarded to the
    Cemetery, shown as a Clever Girl, drawn from the Cemetery's top or the Epidemic's card;
    draws and a Piscivore's random steal are told as counts. The one card chosen unseen is
    a Stampede's ("everyone must pass a Dinosaur from their hand"): its "chose" event names
    none, and a choose move names its card only where an event of the same move shows it
    (placed, sacrificed, sickened, or trampled once the last player has chosen).
    """
    if move.get("type") == "choose" and not any(
            e.get("type") != "chose" and e.get("card") == move.get("card") for e in events):
        move = without(move, "card")
    return move, events


def _face_up(env: dict) -> dict:
    # The Butterfly Effect on the back stays hidden until a rescue flips the card.
    return {key: env[key] for key in ("id", "name", "type", "needs")}


def _awaiting(state: dict) -> dict | None:
    if not state["pending"]:
        return None
    entry = dict(state["pending"][0])
    entry.pop("carnivores", None)
    return entry


def _players(players) -> list[str]:
    if not isinstance(players, (list, tuple)) or \
            not all(isinstance(p, str) and p.strip() for p in players):
        raise InputError("players are a list of names")
    names = [p.strip() for p in players]
    if len(set(names)) != len(names):
        raise InputError("each player needs a name of their own")
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise InputError(f"¡Extinción! is for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                         f"not {len(names)}")
    return names


def _rules(options: dict) -> dict:
    beginner = options.get("beginner", False)
    random_start = options.get("random_start", False)
    secret = options.get("secret_clever_girl", False)
    for key, value in (("beginner", beginner), ("random_start", random_start),
                       ("secret_clever_girl", secret)):
        if not isinstance(value, bool):
            raise InputError(f"option {key!r} is true or false, not {value!r}")
    skills = options.get("skills", "basic" if beginner else "all")
    if not isinstance(skills, str) or skills not in R.ACTIVE_SKILLS:
        raise InputError(f"option 'skills' is one of {', '.join(R.ACTIVE_SKILLS)}, "
                         f"not {skills!r}")
    # Kept only when chosen: the games started before the option read as they always did.
    return {"beginner": beginner, "skills": skills, "random_start": random_start,
            **({"secret_clever_girl": True} if secret else {})}


def _first(names: list[str], options: dict) -> int:
    if "first" in options and "ages" in options:
        raise InputError("give 'first' or 'ages', not both")
    if "first" in options:
        if options["first"] not in names:
            raise InputError(f"option 'first': {options['first']!r} is not playing")
        return names.index(options["first"])
    ages = options.get("ages")
    if ages is None:
        return 0
    if not isinstance(ages, dict) or set(ages) != set(names) or \
            not all(isinstance(a, (int, float)) and not isinstance(a, bool)
                    for a in ages.values()):
        raise InputError("option 'ages' gives every player's age: {name: years}")
    # "The dinosaur of the group (meaning the oldest one) will play the first turn";
    # of players the same age, the first seated.
    return max(range(len(names)), key=lambda i: (ages[names[i]], -i))


def _fits(deck: Deck, players: int, end_at: int, random_start: bool) -> None:
    """Refuse a deck that cannot deal or end a game of `players`."""
    if deck.extinctions < end_at:
        raise InputError(f"the deck has {deck.extinctions} Extinction! backs, and a "
                         f"{players}-player game ends at extinction {end_at}: it could "
                         "never end")
    if deck.counter < end_at:
        raise InputError(f"the deck's Extinction Counter reaches {deck.counter}, and a "
                         f"{players}-player game ends at extinction {end_at}")
    if random_start:
        need, pool = 4 * players, len(deck.cards)
    else:
        if deck.starters < players:
            raise InputError(f"the deck holds {deck.starters} Protoceratops and each of the "
                             f"{players} players starts with one (or play 'random_start')")
        need, pool = 3 * players, len(deck.cards) - deck.starters
    if pool < need:
        raise InputError(f"the deck has {pool} cards to deal and {players} players need {need}")
