"""In Extremis, the whole game as its rulebook has it: deal, rounds, taps, flips, claims, the end.

The state is plain JSON data (see base.py). Cards are {"green": "b", "red": "x", "up": "green"}:
a letter on each side and the side facing up.

Set-up: the deck (46 cards; decks/extremis-L.yaml, or a custom file) is shuffled with random
orientation and dealt equally; the rest is the draw pile, red side up. Each round the first player
turns the top card of the draw pile green side up (the initial) and every player turns the top
card of their hand, showing whichever side was up. Only the top card of each player's stack is
in play.

Decisions where the rulebook is silent:

- **Who leads after a tap**: the tapper, as a finder does after a word.
- **Claimed cards** go to the bottom of the claimer's hand in play order (the initial first, then
  each stack bottom to top, players clockwise from the first player), each keeping the side it
  showed.
- **Flips** follow play order (clockwise from the first player) and only top cards of stacks flip;
  each flip is kept. When every top card has been flipped and the table is still stumped, everyone
  plays the next card of their hand on their stack.
- **Running out**: the game ends when a player must play a card from their hand (a new round, or
  a new layer after the flips, or the initial when the draw pile is empty) and has none. Cards on
  the table then belong to nobody.
- **Ties**: every player with the most cards in hand wins ("winners" lists them all).
- **A wrong tap** (no red and green of one letter in play) is refused; the rulebook gives no
  penalty, so none is applied.
- **Answers** race card changes: each carries the round it was meant for and is refused as stale
  if the cards changed since (every deal, flip or new layer is a new round).
- **The table overrules** the referee on the last answer only: accepting a rejected word awards
  the round (if its cards are still in play) and allows the word for the rest of the game;
  rejecting an accepted word takes the round back and bans the word.
- **The stumped check** (is there a word? how many? which flip first allows one, read from card
  sides nobody has seen) is the referee's: the table's view has it only when the table asked
  for it (the option `show_check`; the referee's move {"type": "check", "show": true} changes
  it during the game, and is logged like any move). See docs/public.md.
"""

from __future__ import annotations

import copy
import random
from importlib import resources

from .. import extremis as rules
from ..errors import InputError
from ..letters import VARIANTS
from ..lexicon import Lexicon, WordFilter
from ..verdict import Reason, Verdict
from .base import IllegalMove, check_players, check_shown, copied

NAME = "extremis"


def table_options(lang: str, deck: str | None, allow: list, ban: list) -> dict:
    """Return the options the table chose: house words (folded) and a custom deck's cards."""
    fold = Lexicon.open(lang).alphabet.fold
    options: dict = {k: sorted({fold(w) or w for w in words})
                     for k, words in (("allow", allow), ("ban", ban)) if words}
    if deck:
        options["cards"] = load_deck(lang, deck)
    return options


def load_deck(lang: str = "en", text: str | None = None) -> list[dict]:
    """Return a deck: the bundled default of `lang`, or the YAML/JSON text of a custom deck.

    A deck file holds "cards", a list of "green/red" pairs such as "e/q".
    """
    import yaml

    if text is None:
        base = VARIANTS.get(lang, (lang, None))[0]  # "de-umlaut" plays the German deck
        source = resources.files("solver") / "games" / "decks" / f"extremis-{base}.yaml"
        if not source.is_file():
            raise InputError(f"no default In Extremis deck for {lang!r}: give one with --deck")
        text = source.read_text(encoding="utf-8")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as err:
        raise InputError(f"the deck is not valid YAML or JSON ({err})".replace("\n", " ")) \
            from None
    cards = data.get("cards") if isinstance(data, dict) else data
    if not isinstance(cards, list) or not cards:
        raise InputError("a deck holds a non-empty list 'cards' of \"green/red\" pairs")
    alphabet = Lexicon.open(lang).alphabet
    out = []
    for number, card in enumerate(cards, 1):
        green, _, red = str(card).partition("/")
        try:
            out.append({"green": alphabet.card(green), "red": alphabet.card(red)})
        except InputError as err:
            raise InputError(f"deck card {number} ({card!r}): {err}") from None
    return out


def new(players: list[str], seed: int, options: dict | None = None) -> dict:
    """Return a new game: the deck shuffled and dealt, the first round on the table."""
    options = dict(options or {})
    check_players(players, "In Extremis")
    lang = options.setdefault("lang", "en")
    deck = options.pop("cards", None) or load_deck(lang)
    rng = random.Random(f"{seed}:setup")
    rng.shuffle(deck)
    for card in deck:
        card["up"] = rng.choice(("green", "red"))
    share = len(deck) // len(players)
    if share == 0:
        raise InputError(f"a deck of {len(deck)} cards cannot be dealt to {len(players)} players")
    state = {
        "game": NAME, "seed": seed, "step": 0, "round": 0, "status": "playing",
        "lang": lang, "options": options,
        "players": [{"name": name, "hand": deck[i * share:(i + 1) * share]}
                    for i, name in enumerate(players)],
        "draw": [dict(card, up="red") for card in deck[share * len(players):]],
        "first": 0, "initial": None, "stacks": [[] for _ in players], "flipped": 0,
        "house": {"allow": sorted(options.pop("allow", [])),
                  "ban": sorted(options.pop("ban", []))},
        "last": None, "winners": [],
    }
    _deal(state, [])
    return state


# The table ------------------------------------------------------------------------------------

def in_play(state: dict) -> rules.Cards | None:
    """Return the cards in play (the initial and the top card of each stack)."""
    if state["initial"] is None:
        return None
    green, red = [], []
    for stack in state["stacks"]:
        if stack:
            top = stack[-1]
            (green if top["up"] == "green" else red).append(top[top["up"]])
    return rules.Cards(state["initial"]["green"], tuple(green), tuple(red))


def _cards_json(state: dict) -> dict:
    cards = in_play(state)
    if cards is None:
        return {"initial": None, "green": "", "red": ""}
    return {"initial": cards.initial, "green": "".join(cards.green), "red": "".join(cards.red)}


def _flip_order(state: dict) -> list[int]:
    n = len(state["players"])
    return [(state["first"] + i) % n for i in range(n) if state["stacks"][(state["first"] + i) % n]]


def _new_round(state: dict, events: list) -> None:
    state["round"] += 1
    state["status"] = "tap" if in_play(state).taps else "playing"
    events.append({"type": "cards", "round": state["round"], **_cards_json(state)})
    if state["status"] == "tap":
        events.append({"type": "tap_on", "letters": "".join(in_play(state).taps)})


def _over(state: dict, events: list, why: str) -> None:
    most = max(len(p["hand"]) for p in state["players"])
    state["status"], state["why"] = "over", why
    state["winners"] = [p["name"] for p in state["players"] if len(p["hand"]) == most]
    events.append({"type": "over", "why": why, "winners": state["winners"]})


def _deal(state: dict, events: list) -> None:
    """Start a search: a new initial, then every player plays the top card of their hand."""
    first = state["players"][state["first"]]
    if state["draw"]:
        state["initial"] = dict(state["draw"].pop(0), up="green")
    elif first["hand"]:
        state["initial"] = dict(first["hand"].pop(0), up="green")
        events.append({"type": "initial_from_hand", "player": first["name"]})
    else:
        return _over(state, events, f"{first['name']} has no card for the initial")
    _play_layer(state, events)


def _play_layer(state: dict, events: list) -> None:
    """Every player plays the top card of their hand on their stack; the flips start again."""
    empty = [p["name"] for p in state["players"] if not p["hand"]]
    if empty:
        return _over(state, events, f"{', '.join(empty)} ran out of cards")
    for player, stack in zip(state["players"], state["stacks"]):
        stack.append(player["hand"].pop(0))
    state["flipped"] = 0
    _new_round(state, events)


def _claim(state: dict, index: int, events: list, how: str) -> None:
    """Give every card on the table to player `index`, who leads the next round."""
    order = [(state["first"] + i) % len(state["players"]) for i in range(len(state["players"]))]
    taken = [state["initial"]] + [card for i in order for card in state["stacks"][i]]
    player = state["players"][index]
    player["hand"].extend(taken)
    state["initial"], state["stacks"] = None, [[] for _ in state["players"]]
    state["first"] = index
    events.append({"type": "claim", "player": player["name"], "cards": len(taken), "by": how})
    _deal(state, events)


# Moves ----------------------------------------------------------------------------------------

def _player(state: dict, name) -> int:
    for i, p in enumerate(state["players"]):
        if p["name"] == name:
            return i
    raise IllegalMove(_refusal(str(name), "unknown_player", f"no player {name!r} in this game"))


def _refusal(answer: str, code: str, message: str) -> Verdict:
    return Verdict(answer, False, [Reason(code, message)], status="refused")


def hint(state: dict, level: int) -> str:
    """Return a hint for the cards in play (level 1: a count and a length; 4: the word)."""
    from ..hints import extremis_hint

    cards = in_play(state)
    if cards is None:
        return "no cards on the table"
    return extremis_hint(Lexicon.open(state["lang"]), cards, level, word_filter(state)).text


def word_filter(state: dict) -> WordFilter:
    lex = Lexicon.open(state["lang"])
    conjugated = state["options"].get("conjugated")
    if conjugated is None:
        conjugated = "conj" not in lex.flags
    return WordFilter(common_only=state["options"].get("tier") == "common",
                      conjugated=conjugated)


def judge_word(state: dict, word: str) -> Verdict:
    """Return the verdict on `word` under the cards in play and the game's house list."""
    lex = Lexicon.open(state["lang"])
    cards = in_play(state)
    verdict = rules.judge(lex, cards, word, word_filter(state))
    key = lex.alphabet.fold(word) or ""
    if key in state["house"]["ban"]:
        verdict.reasons.insert(0, Reason("house_banned", "the table banned this word"))
        verdict.valid = False
    elif key in state["house"]["allow"] and "not_a_word" in verdict.codes:
        verdict.reasons = [r for r in verdict.reasons if r.code != "not_a_word"]
        verdict.valid, verdict.suggestions = not verdict.reasons, []
        verdict.extra["house"] = "allowed by the table"
    return verdict


def judge(state: dict, move: dict) -> Verdict:
    """Return whether `move` is legal now and, for an answer, the verdict on the word."""
    kind = move.get("type")
    said = str(move.get("word", move.get("type", "")))
    if state["status"] == "over":
        return _refusal(said, "game_over", "the game is over")
    if kind in ("answer", "tap"):
        _player(state, move.get("player"))
    if kind == "answer":
        if move.get("round") is not None and move["round"] != state["round"]:
            return Verdict(said, False, [Reason("stale_round", f"sent for round {move['round']}"
                                                f", but the cards changed: round "
                                                f"{state['round']} is in play")], status="stale")
        return judge_word(state, said)
    if kind == "tap":
        if state["status"] != "tap":
            return _refusal("tap", "no_tap", "no red and green of one letter are in play")
        return Verdict("tap", True, status="tap")
    if kind == "stumped":
        if state["status"] == "tap":
            return _refusal("stumped", "tap", "a tap is on: tap, do not search")
        return Verdict("stumped", True)
    if kind == "overrule":
        return _judge_overrule(state, move)
    if kind == "check":
        return Verdict("check", True)
    return _refusal(said, "unknown_move", f"unknown move {kind!r}")


def _judge_overrule(state: dict, move: dict) -> Verdict:
    last = state["last"]
    if last is None:
        return _refusal("overrule", "nothing_to_overrule", "no answer has been judged yet")
    if move.get("accept") and not last["valid"] and last["round"] != state["round"]:
        return _refusal("overrule", "stale_round", "the cards changed since that answer")
    return Verdict("overrule", True)


def apply(state: dict, move: dict) -> tuple[dict, list[dict]]:
    """Return the state after `move` and what happened; raise IllegalMove if it is refused."""
    verdict = judge(state, move)
    kind = move.get("type")
    if verdict.status in ("refused", "stale"):
        raise IllegalMove(verdict)
    state = copied(state)
    state["step"] += 1
    events: list[dict] = []
    if kind == "answer":
        index = _player(state, move["player"])
        events.append({"type": "verdict", "player": move["player"], **verdict.to_json()})
        state["last"] = {"player": move["player"], "word": move["word"],
                         "valid": verdict.valid, "round": state["round"]}
        if verdict.valid:
            state["last"]["before"] = _snapshot(state)
            _claim(state, index, events, "word")
    elif kind == "tap":
        _claim(state, _player(state, move["player"]), events, "tap")
        state["last"] = None
    elif kind == "stumped":
        _stumped(state, events)
    elif kind == "overrule":
        _overrule(state, move, events)
    elif kind == "check":
        state["options"]["show_check"] = move["show"]
        events.append({"type": "check", "show": move["show"]})
    return state, events


def _snapshot(state: dict) -> dict:
    return copied({k: v for k, v in state.items() if k != "last"})


def _stumped(state: dict, events: list) -> None:
    """Say whether a word existed, then flip the next card, or play a new layer."""
    lex = Lexicon.open(state["lang"])
    cards = in_play(state)
    found = rules.solve(lex, cards, 3, word_filter(state))
    events.append({"type": "stumped", "count": found.count, "examples": found.words})
    order = _flip_order(state)
    if state["flipped"] < len(order):
        stack = state["stacks"][order[state["flipped"]]]
        top = stack[-1]
        top["up"] = "red" if top["up"] == "green" else "green"
        state["flipped"] += 1
        events.append({"type": "flip", "player": state["players"][order[state["flipped"] - 1]]
                       ["name"], "shows": top["up"], "letter": top[top["up"]]})
        _new_round(state, events)
    else:
        events.append({"type": "new_layer"})
        _play_layer(state, events)
    state["last"] = None


def _overrule(state: dict, move: dict, events: list) -> None:
    last = state["last"]
    key = Lexicon.open(state["lang"]).alphabet.fold(last["word"]) or last["word"]
    house = state["house"]
    if move.get("accept"):
        house["allow"] = sorted(set(house["allow"]) | {key})
        house["ban"] = [w for w in house["ban"] if w != key]
        events.append({"type": "overrule", "accept": True, "word": key})
        if not last["valid"]:
            _claim(state, _player(state, last["player"]), events, "overrule")
        state["last"] = None
    else:
        house["ban"] = sorted(set(house["ban"]) | {key})
        house["allow"] = [w for w in house["allow"] if w != key]
        events.append({"type": "overrule", "accept": False, "word": key})
        if last["valid"]:
            restored = copy.deepcopy(last["before"])
            restored["step"], restored["house"] = state["step"], house
            state.clear()
            state.update(restored)
            events.append({"type": "round_taken_back", "round": state["round"]})
        state["last"] = None


def legal_moves(state: dict) -> list[dict]:
    """Return the moves the rules allow now (answers aside: any word may be tried)."""
    if state["status"] == "over":
        return []
    if state["status"] == "tap":
        return [{"type": "tap", "player": p["name"]} for p in state["players"]]
    moves = [{"type": "stumped"}]
    if state["last"] is not None:
        moves += [{"type": "overrule", "accept": True}, {"type": "overrule", "accept": False}]
    return moves


def forecast(state: dict) -> dict:
    """Return what the flips still to come would bring: the first that allows a word, or a tap."""
    if state["status"] != "playing":
        return {"flip": None, "tap": False}
    lex, filt = Lexicon.open(state["lang"]), word_filter(state)
    trial = copy.deepcopy(state)
    order = _flip_order(trial)
    for k in range(trial["flipped"], len(order)):
        top = trial["stacks"][order[k]][-1]
        top["up"] = "red" if top["up"] == "green" else "green"
        cards = in_play(trial)
        if cards.taps:
            return {"flip": k - state["flipped"] + 1, "tap": True}
        if rules.any_word(lex, cards, filt):
            return {"flip": k - state["flipped"] + 1, "tap": False}
    return {"flip": None, "tap": False}


def public(move: dict, events: list[dict]) -> tuple[dict, list[dict]]:
    """Return `move` and its events as the whole table sees them (base.public_record).

    The answer, the verdict's reasons and the stumped check's words (said once the table
    gave up) are public. A wrong answer's suggestions are not: they are real words that fit
    the cards, and the round goes on, so on every screen they would hand the round to
    whoever reads them first ("be the first player to discover a word"). They go to the
    answer's sender alone, in the answer's reply; the table's verdict has none.
    """
    return move, [{**e, "suggestions": []} if e.get("type") == "verdict" else e
                  for e in events]


def referee_view(state: dict) -> dict:
    """Return the state as the referee sees it: the stumped check always (base.view_of)."""
    return view(state, referee=True)


def view(state: dict, referee: bool = False) -> dict:
    """Return the state as the table sees it: the stumped check ("any", "count", "forecast")
    only when the table asked for it ("show_check"), or for the `referee`."""
    cards = in_play(state)
    out = {
        "game": NAME, "round": state["round"], "status": state["status"], "lang": state["lang"],
        "cards": _cards_json(state),
        "players": [{"name": p["name"], "cards": len(p["hand"])} for p in state["players"]],
        "first": state["players"][state["first"]]["name"],
        "draw": len(state["draw"]), "flipped": state["flipped"],
        "flips_left": len(_flip_order(state)) - state["flipped"] if cards else 0,
        "house": state["house"], "winners": state["winners"], "why": state.get("why"),
        "table": [{"player": p["name"], "letter": s[-1][s[-1]["up"]], "side": s[-1]["up"],
                   "layers": len(s)} for p, s in zip(state["players"], state["stacks"]) if s],
        "last": ({k: state["last"][k] for k in ("player", "word", "valid")}
                 if state["last"] else None),
        "show_check": check_shown(state),
    }
    checked = referee or out["show_check"]
    if state["status"] == "playing" and cards is not None and checked:
        lex = Lexicon.open(state["lang"])
        count = rules.count(lex, cards, word_filter(state))
        out["any"], out["count"] = count > 0, count
        out["forecast"] = forecast(state) if not count else None
    elif state["status"] == "tap":
        out["tap"] = "".join(cards.taps)  # the cards on the table show it
        if checked:
            out["any"], out["count"] = None, 0
    return out
