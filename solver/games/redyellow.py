"""Red Letter, Yellow Letter, the whole game as its rulebook has it.

Three decks lie face up: red letters, yellow letters and Things; the top card of each is on
display. The first to shout something that fits all three wins the round and takes one of the
three cards (never a fourth of a type), which reveals the next card of that deck. Three cards of
each type (nine) wins at once.

Decks are data: the letter decks come from decks/redyellow-en.yaml (or a custom file), the
Things from the category lexicon (every category, shuffled) or a custom list.

Decisions where the rulebook is silent or loose:

- **Red equal to yellow**: the red card goes back into the red deck at a random place below the
  top and the next is revealed, as often as needed. If every red card left shows the yellow
  letter, no red card can ever differ: the game ends as when "the only letters remaining are
  the same letter".
- **An empty Things deck** is refilled with the discarded Things, shuffled ("another stack from
  the box"); with none discarded, with every category again.
- **A letter deck that runs out**, or letter decks left with one single letter between them, end
  the game: most cards wins, ties share the win.
- **A Thing wordref does not know**: an answer whose letters pass is neither won nor lost (the
  verdict says the table decides); the table's overrule decides it, and the answer joins the
  house list for that Thing.
- **The same answer twice for one Thing** is refused (already_used), for the whole game, even
  after the Thing comes back from the discard.
- **Answers race card changes**: each carries the round it was meant for, and a new round starts
  with every change of the cards on display.
- **The stumped check** (is there an answer? how many?) is the referee's: the table's view has
  it only when the table asked for it (the option `show_check`; the referee's move {"type":
  "check", "show": true} changes it during the game, and is logged like any move), and the
  game's verdicts never carry it (the view does). See docs/public.md.
"""

from __future__ import annotations

import random
from importlib import resources

from .. import redyellow as rules
from ..catpack import MIN_MEMBERS
from ..categories import open_categories
from ..tables import table_shelf
from ..things import shelf_of
from ..errors import InputError
from ..letters import LATIN, Alphabet
from ..phrases import phrase_key
from ..verdict import Reason, Verdict
from .base import IllegalMove, check_players, check_shown, copied, rng, without

NAME = "redyellow"
TYPES = ("red", "yellow", "thing")
MOST_OF_A_TYPE = 3


def table_options(lang: str, deck: str | None, allow: list, ban: list) -> dict:
    """Return the options the table chose: a custom deck (house words come from overrules)."""
    if allow or ban:
        raise InputError("house words for Red Letter, Yellow Letter come from the table's "
                         "overrules, per Thing")
    return {"decks": load_decks(deck)} if deck else {}


def load_decks(text: str | None = None) -> dict[str, list[str]]:
    """Return the letter decks: the bundled default, or a custom deck file's YAML/JSON text."""
    import yaml

    if text is None:
        text = (resources.files("solver") / "games" / "decks" / "redyellow-en.yaml").read_text(
            encoding="utf-8")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as err:
        raise InputError(f"the deck is not valid YAML or JSON ({err})".replace("\n", " ")) \
            from None
    if not isinstance(data, dict):
        raise InputError("a deck file holds 'red' and 'yellow' letters (and may hold 'things')")
    alphabet = Alphabet("en", LATIN)
    decks = {}
    for colour in ("red", "yellow"):
        letters = data.get(colour)
        if not letters:
            raise InputError(f"the deck file has no {colour} letters")
        try:
            decks[colour] = list(alphabet.cards(str(letters).replace(" ", "")))
        except InputError as err:
            raise InputError(f"{colour} deck: {err}") from None
    if data.get("things"):
        decks["thing"] = [str(t) for t in data["things"]]
    return decks


def new(players: list[str], seed: int, options: dict | None = None) -> dict:
    """Return a new game: three shuffled decks, the first Thing discarded, cards on display."""
    options = dict(options or {})
    check_players(players, "Red Letter, Yellow Letter")
    lang = options.setdefault("lang", "en")
    cats = table_shelf(open_categories(lang), options.get("categories"))
    decks = options.pop("decks", None) or load_decks()
    things = options.pop("things", None) or decks.pop("thing", None) or _all_things(cats)
    shuffle = random.Random(f"{seed}:setup")
    red, yellow, things = list(decks["red"]), list(decks["yellow"]), list(things)
    for deck in (red, yellow, things):
        shuffle.shuffle(deck)
    state = {
        "game": NAME, "seed": seed, "step": 0, "round": 0, "status": "playing", "lang": lang,
        "options": options, "decks": {"red": red, "yellow": yellow, "thing": things},
        "discard": [things.pop(0)] if len(things) > 1 else [],
        "players": [{"name": name, "red": [], "yellow": [], "thing": []} for name in players],
        "chooser": None, "used": {}, "house": {"allow": [], "ban": []}, "last": None,
        "winners": [],
    }
    events: list[dict] = []
    _reveal(state, events, random.Random(f"{seed}:setup:settle"))
    return state


def _all_things(cats) -> list[str]:
    """Return every Thing the game deals: the table's own first, then the built-in ones but the
    few short complete lists (the dwarf planets, the continents), which would stump most deals."""
    shelf = shelf_of(cats)
    return list(dict.fromkeys(
        c.name for layer in shelf.layers for c in layer.categories
        if (c.size >= MIN_MEMBERS if layer is shelf.built else c.id not in _heads_only(layer))))


def _heads_only(layer) -> set:
    # A table's `within` brings a copy of a built-in head; it is not one of the table's Things.
    return {c.within for c in layer.categories if c.within}


def _cats(state: dict):
    """Return what the game reads Things against: the table's own categories, then the
    built-in ones."""
    return table_shelf(open_categories(state["lang"]), state["options"].get("categories"))


def on_display(state: dict) -> rules.Cards | None:
    """Return the three cards on display, or None once a deck has run out."""
    decks = state["decks"]
    if not (decks["red"] and decks["yellow"] and decks["thing"]):
        return None
    return rules.Cards(decks["thing"][0], decks["yellow"][0], decks["red"][0])


def _reveal(state: dict, events: list, chance: random.Random) -> None:
    """Settle the display after a change: refill Things, redraw a red equal to the yellow."""
    decks = state["decks"]
    if not decks["thing"]:
        refill = state["discard"] or _all_things(_cats(state))
        decks["thing"], state["discard"] = list(refill), []
        chance.shuffle(decks["thing"])
        events.append({"type": "things_refilled", "cards": len(decks["thing"])})
    while True:
        if not decks["red"] or not decks["yellow"]:
            return _over(state, events, "a letter deck ran out")
        if len(set(decks["red"]) | set(decks["yellow"])) == 1:
            return _over(state, events, "the only letters left are one letter")
        if decks["red"][0] != decks["yellow"][0]:
            break
        if all(letter == decks["yellow"][0] for letter in decks["red"]):
            return _over(state, events, "every red card left equals the yellow letter")
        card = decks["red"].pop(0)
        decks["red"].insert(chance.randint(1, len(decks["red"])), card)
        events.append({"type": "redraw_red", "letter": card})
    state["round"] += 1
    state["status"], state["chooser"] = "playing", None
    cards = on_display(state)
    events.append({"type": "cards", "round": state["round"], "thing": cards.thing,
                   "yellow": cards.yellow, "red": cards.red})


def _over(state: dict, events: list, why: str) -> None:
    scores = [sum(len(p[t]) for t in TYPES) for p in state["players"]]
    state["status"], state["chooser"], state["why"] = "over", None, why
    state["winners"] = [p["name"] for p, s in zip(state["players"], scores) if s == max(scores)]
    events.append({"type": "over", "why": why, "winners": state["winners"]})


def _player(state: dict, name) -> dict:
    for player in state["players"]:
        if player["name"] == name:
            return player
    raise IllegalMove(_refusal(str(name), "unknown_player", f"no player {name!r} in this game"))


def _refusal(answer: str, code: str, message: str) -> Verdict:
    return Verdict(answer, False, [Reason(code, message)], status="refused")


def judge_answer(state: dict, answer: str) -> Verdict:
    """Return the verdict on `answer` for the cards on display, the used answers and house list."""
    cards = on_display(state)
    thing = cards.thing
    verdict = rules.judge(_cats(state), cards, answer,
                          state["used"].get(thing, []), check=False)
    key = phrase_key(answer)
    if [thing, key] in state["house"]["ban"]:
        verdict.reasons.insert(0, Reason("house_banned", "the table banned this answer"))
        verdict.valid = False
    elif [thing, key] in state["house"]["allow"]:
        kept = [r for r in verdict.reasons
                if r.code not in ("not_in_category", "unknown_category")]
        verdict.reasons, verdict.valid = kept, not kept
        verdict.extra["house"] = "allowed by the table"
    return verdict


def judge(state: dict, move: dict) -> Verdict:
    """Return whether `move` is legal now and, for an answer, the verdict on it."""
    kind = move.get("type")
    said = str(move.get("answer", kind))
    if state["status"] == "over":
        return _refusal(said, "game_over", "the game is over")
    if kind in ("answer", "take"):
        _player(state, move.get("player"))
    if kind == "answer":
        if state["status"] == "choose":
            return _refusal(said, "choose_first", f"{state['chooser']} must first take a card")
        if move.get("round") is not None and move["round"] != state["round"]:
            return Verdict(said, False, [Reason("stale_round", f"sent for round {move['round']}"
                                                f", but the cards changed: round "
                                                f"{state['round']} is in play")], status="stale")
        return judge_answer(state, said)
    if kind == "take":
        return _judge_take(state, move)
    if kind == "stumped":
        if state["status"] == "choose":
            return _refusal("stumped", "choose_first", f"{state['chooser']} must take a card")
        return Verdict("stumped", True)
    if kind == "overrule":
        if state["last"] is None:
            return _refusal("overrule", "nothing_to_overrule", "no answer has been judged yet")
        if move.get("accept") and not state["last"]["valid"] \
                and state["last"]["round"] != state["round"]:
            return _refusal("overrule", "stale_round", "the cards changed since that answer")
        return Verdict("overrule", True)
    if kind == "check":
        return Verdict("check", True)
    return _refusal(said, "unknown_move", f"unknown move {kind!r}")


def _judge_take(state: dict, move: dict) -> Verdict:
    card = move.get("card")
    if state["status"] != "choose" or state["chooser"] != move["player"]:
        return _refusal("take", "not_your_take", "only the round's winner takes a card, once")
    if card not in TYPES:
        return _refusal("take", "unknown_card", "take red, yellow or thing")
    if len(_player(state, move["player"])[card]) >= MOST_OF_A_TYPE:
        return _refusal("take", "three_of_a_type",
                        f"{move['player']} already has three {card} cards: take another type")
    return Verdict("take", True)


def apply(state: dict, move: dict) -> tuple[dict, list[dict]]:
    """Return the state after `move` and what happened; raise IllegalMove if it is refused."""
    verdict = judge(state, move)
    if verdict.status in ("refused", "stale"):
        raise IllegalMove(verdict)
    chance = rng(state)
    state = copied(state)
    state["step"] += 1
    events: list[dict] = []
    kind = move["type"]
    if kind == "answer":
        events.append({"type": "verdict", "player": move["player"], **verdict.to_json()})
        state["last"] = {"player": move["player"], "answer": move["answer"],
                         "valid": verdict.valid, "round": state["round"]}
        if verdict.valid:
            _won(state, move["player"], move["answer"], events)
    elif kind == "take":
        _take(state, move, events, chance)
    elif kind == "stumped":
        cards = on_display(state)
        found = rules.solve(_cats(state), cards, 3,
                            state["used"].get(cards.thing, []))
        events.append({"type": "stumped", "count": found.count, "examples": found.words,
                       "status": found.status})
        state["discard"].append(state["decks"]["thing"].pop(0))
        state["last"] = None
        _reveal(state, events, chance)
    elif kind == "overrule":
        _overrule(state, move, events)
    elif kind == "check":
        state["options"]["show_check"] = move["show"]
        events.append({"type": "check", "show": move["show"]})
    return state, events


def _won(state: dict, name: str, answer: str, events: list) -> None:
    thing = state["decks"]["thing"][0]
    state["used"].setdefault(thing, []).append(phrase_key(answer))
    state["status"], state["chooser"] = "choose", name
    events.append({"type": "won", "player": name, "answer": answer})


def _take(state: dict, move: dict, events: list, chance: random.Random) -> None:
    player = _player(state, move["player"])
    card = state["decks"][move["card"]].pop(0)
    player[move["card"]].append(card)
    events.append({"type": "take", "player": player["name"], "card": move["card"],
                   "value": card})
    if all(len(player[t]) == MOST_OF_A_TYPE for t in TYPES):
        state["status"], state["chooser"] = "over", None
        state["why"] = "three cards of each type"
        state["winners"] = [player["name"]]
        events.append({"type": "over", "why": "three cards of each type",
                       "winners": state["winners"]})
        return
    state["last"] = None
    _reveal(state, events, chance)


def _overrule(state: dict, move: dict, events: list) -> None:
    last = state["last"]
    thing = state["decks"]["thing"][0]
    entry = [thing, phrase_key(last["answer"])]
    house = state["house"]
    if move.get("accept"):
        house["allow"].append(entry)
        house["ban"] = [e for e in house["ban"] if e != entry]
        events.append({"type": "overrule", "accept": True, "answer": last["answer"]})
        if not last["valid"]:
            _won(state, last["player"], last["answer"], events)
    else:
        house["ban"].append(entry)
        house["allow"] = [e for e in house["allow"] if e != entry]
        events.append({"type": "overrule", "accept": False, "answer": last["answer"]})
        if last["valid"] and state["status"] == "choose":
            used = state["used"].get(thing, [])
            if entry[1] in used:
                used.remove(entry[1])
            state["status"], state["chooser"] = "playing", None
            events.append({"type": "round_taken_back", "round": state["round"]})
    state["last"] = None


def legal_moves(state: dict) -> list[dict]:
    """Return the moves the rules allow now (answers aside: anything may be shouted)."""
    if state["status"] == "over":
        return []
    if state["status"] == "choose":
        player = _player(state, state["chooser"])
        return [{"type": "take", "player": player["name"], "card": t} for t in TYPES
                if len(player[t]) < MOST_OF_A_TYPE]
    moves = [{"type": "stumped"}]
    if state["last"] is not None:
        moves += [{"type": "overrule", "accept": True}, {"type": "overrule", "accept": False}]
    return moves


def public(move: dict, events: list[dict]) -> tuple[dict, list[dict]]:
    """Return `move` and its events as the whole table sees them (base.public_record).

    Everything is public but the stumped check, which is the view's (with "show_check"):
    games logged before it left the verdicts put it in every verdict on an answer while
    nothing fit ("stumped", and the note "nothing fits these cards"), on every screen.
    """
    return move, [without(e, "stumped", "note") if e.get("type") == "verdict" else e
                  for e in events]


def referee_view(state: dict) -> dict:
    """Return the state as the referee sees it: the stumped check always (base.view_of)."""
    return view(state, referee=True)


def view(state: dict, referee: bool = False) -> dict:
    """Return the state as the table sees it: the stumped check ("any", "count") only when
    the table asked for it ("show_check"), or for the `referee`. How wordref reads the Thing
    ("category"; "search" when it cannot check every answer) is public: the verdicts say it."""
    cards = on_display(state)
    out = {
        "game": NAME, "round": state["round"], "status": state["status"], "lang": state["lang"],
        "cards": ({"thing": cards.thing, "yellow": cards.yellow, "red": cards.red}
                  if cards else None),
        "players": [{"name": p["name"], "red": p["red"], "yellow": p["yellow"],
                     "thing": p["thing"], "cards": sum(len(p[t]) for t in TYPES)}
                    for p in state["players"]],
        "chooser": state["chooser"], "decks": {t: len(d) for t, d in state["decks"].items()},
        "used": state["used"].get(cards.thing, []) if cards else [],
        "house": state["house"], "winners": state["winners"], "why": state.get("why"),
        "last": ({k: state["last"][k] for k in ("player", "answer", "valid")}
                 if state["last"] else None),
        "show_check": check_shown(state),
    }
    if cards is not None and state["status"] == "playing":
        if referee or out["show_check"]:
            used = state["used"].get(cards.thing, [])
            found = rules.any_answer(_cats(state), cards, used)
            out.update(any=found["any"], count=found["count"])
        else:  # how the Thing is read, without the search
            found = rules.reading_of(_cats(state), cards.thing)
        out["category"] = found["category"]
        if found["status"] != "ok":
            out["search"] = found["status"]
    return out


def hint(state: dict, level: int) -> str:
    """Return a hint for the cards on display (level 1: a count and a length; 4: the answer)."""
    cards = on_display(state)
    if cards is None:
        return "no cards on display"
    return rules.hint(_cats(state), cards, level,
                      state["used"].get(cards.thing, [])).text
