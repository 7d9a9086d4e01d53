"""Draw a game for a terminal: the cards large and in their colours, the score, what happened."""

from __future__ import annotations

import click

COLOURS = {"green": "green", "red": "red", "yellow": "yellow", "thing": "blue"}


def card(text: str, colour: str) -> list[str]:
    """Return the three lines of one card: a framed letter (or Thing) on its colour."""
    body = f" {text.upper() if len(text) == 1 else text} "
    style = {"bg": COLOURS[colour], "fg": "black" if colour == "yellow" else "white",
             "bold": True}
    edge = " " * len(body)
    return [click.style(edge, **style), click.style(body, **style), click.style(edge, **style)]


def row(cards: list[list[str]]) -> str:
    """Return cards side by side."""
    if not cards:
        return ""
    return "\n".join("  ".join(c[i] for c in cards) for i in range(3))


def table(view: dict) -> str:
    """Return the whole table of a game's view."""
    if view.get("game") == "extremis":
        return _extremis(view)
    if view.get("game") == "redyellow":
        return _redyellow(view)
    if view.get("game") == "idiot":
        return _idiot(view)
    if view.get("game") == "extincion":
        return _extincion(view)
    return str(view)


def status_line(view: dict) -> str:
    """Return one line: who is to act now, or how the game ended."""
    if view.get("game") == "extincion":
        if view.get("result"):
            return _extincion(view).splitlines()[-1]
        return f"{view['to_act']} to act ({view['phase']})"
    return table(view).splitlines()[-1]


def _idiot(view: dict) -> str:
    pile = " ".join(view["pile"]) if view["pile"] else "(empty)"
    lines = [f"pile: {pile}; asks: {view['asks']}",
             f"draw pile {view['draw']}, burned {view['burned']}"]
    for p in view["players"]:
        up = " ".join(c or "_" for c in p["up"]) if any(p["up"]) else "-"
        lines.append(f"  {p['name']}: {p['hand']} in hand, face up {up}, "
                     f"{sum(1 for d in p['down'] if d)} face down"
                     + (f", out ({p['place']})" if p.get("place") else ""))
    if view["over"]:
        lines.append(click.style(f"game over: the idiot is {view['idiot']}", bold=True))
    else:
        lines.append(f"{view['turn']} to play" + (f" ({view['pending']})"
                                                  if view.get("pending") else ""))
    return "\n".join(lines)


def _extincion(view: dict) -> str:
    lines = [f"turn {view['turns']}: {view['to_act']} to act ({view['phase']}); extinctions "
             f"{view['counter']} of {view['end_at']}; Lost World deck {view['lost_world']}"]
    for env in view["display"]:
        lines.append(f"  environment {env['id']} {env['name']} ({env['type']}): needs "
                     f"{', '.join(env['needs'])}")
    for name, seat in view["table"].items():
        dinos = ", ".join(d["name"] for d in seat["territory"]) or "-"
        lines.append(f"  {name}: {seat['hand']} in hand; territory {dinos}; "
                     f"{seat['rescued']} rescued")
    if view.get("result"):
        lines.append(click.style(f"game over: {', '.join(view['result']['winners'])} "
                                 f"({view['result']['reason']})", bold=True))
    return "\n".join(lines)


def _extremis(view: dict) -> str:
    lines = []
    cards = view["cards"]
    if cards["initial"]:
        shown = [card(cards["initial"], "green")] + \
                [card(l, "green") for l in cards["green"]] + [card(l, "red") for l in cards["red"]]
        lines.append(row(shown))
        lines.append(f"round {view['round']}: initial {cards['initial'].upper()}"
                     f"{', green ' + cards['green'].upper() if cards['green'] else ''}"
                     f"{', red ' + cards['red'].upper() if cards['red'] else ''}"
                     f"; {view['flips_left']} flip(s) left")
    lines.append(_status(view))
    lines.append("cards in hand: " + ", ".join(f"{p['name']} {p['cards']}"
                                              for p in view["players"])
                 + f"; {view['first']} leads")
    return "\n".join(lines)


def _redyellow(view: dict) -> str:
    lines = []
    cards = view["cards"]
    if cards:
        lines.append(row([card(cards["thing"], "thing"), card(cards["yellow"], "yellow"),
                          card(cards["red"], "red")]))
        lines.append(f"round {view['round']}: {cards['thing']}, starts with "
                     f"{cards['yellow'].upper()}, no {cards['red'].upper()}")
    lines.append(_status(view))
    lines.append("score: " + "; ".join(
        f"{p['name']} {p['cards']} (red {len(p['red'])}, yellow {len(p['yellow'])}, "
        f"thing {len(p['thing'])})" for p in view["players"]))
    return "\n".join(lines)


def _status(view: dict) -> str:
    status = view["status"]
    if status == "over":
        return click.style(f"game over: {' and '.join(view['winners'])} win"
                           f"{'s' if len(view['winners']) == 1 else ''}", bold=True)
    if status == "tap":
        return click.style(f"TAP! {view['tap'].upper()} is both green and red: first to tap wins",
                           fg="red", bold=True)
    if status == "choose":
        return click.style(f"{view['chooser']} takes a card: red, yellow or thing", bold=True)
    if view.get("search") == "unknown_category":
        return "wordref does not know this Thing: the table decides each answer"
    if "any" not in view:  # the stumped check is the referee's (docs/public.md)
        return "the table searches (the stumped check is hidden)"
    if view.get("any") is False:
        ahead = view.get("forecast") or {}
        hint = ""
        if ahead.get("flip"):
            hint = f" (flip {ahead['flip']} from now makes {'a tap' if ahead['tap'] else 'a word'}" \
                   f" possible)"
        return click.style(f"no answer exists: the table is stumped{hint}", fg="yellow")
    return f"{view.get('count', 0)} answers exist"


def event_line(event: dict, game: str | None = None) -> str | None:
    """Return one line saying what an event of `game` was, or None for events the table shows
    anyway. The card games' events have their own lines (an Extreme Idiot flip is not an In
    Extremis one)."""
    if game in CARD_EVENTS:
        return _card_event(CARD_EVENTS[game], event)
    return _word_event(event)


def _cards(cards) -> str:
    from ..games.idiot import show_card

    if isinstance(cards, list):
        return " ".join(show_card(c) if isinstance(c, str) else f"#{c}" for c in cards)
    return show_card(cards) if isinstance(cards, str) else f"#{cards}"


# What each card-game event says, filled from the event's fields (the first line whose fields
# the event has); an event missing here (or a field a line needs) is shown by its type and
# fields, never dropped.
IDIOT_EVENTS = {
    "play": "{player} plays {cards:cards}",
    "draw": "{player} draws {count}",
    "pickup": "{player} picks up the pile ({n_cards} cards: {why})",
    # A card given face down is named only in the giver's own record (§4 part 1).
    "give": ("{player} gives {card:cards} to {to} (face {face})",
             "{player} gives {to} a card (face {face})"),
    "burn": "{player} burns the pile ({why}, {n_cards} cards)",
    "flip": "{player} flips face-down card {row}: {card:cards}",
    "out": "{player} is out (place {place})",
    "game_over": "game over: the idiot is {idiot}",
    "pass": "{player} passes",
    "penalty": "{player} is penalised ({rule})",
    "queens_aside": "queens set aside ({why}): {cards:cards}",
    "play_out": "{player} plays out {cards:cards}",
    "join": "{player} joins",
    "stalemate": "stalemate: the game ends",
}
EXTINCION_EVENTS = {
    "played": "{player} plays card {card}",
    "targeted": "{player} targets {against} with card {card}",
    "turn": "{player}'s turn",
    "drew": "{player} draws {count}",
    "rescued": "{player} rescues environment {environment} with {cards:cards}",
    "hands_passed": "every hand passes to the next player",
    "revealed": "environment {environment} is revealed",
    "extinction": "an extinction: {counter} so far",
    "discarded": "{player} discards {cards:cards}",
    "epidemic": "an epidemic strikes the {diet}s (card {card})",
    "reshuffled": "the Lost World deck is reshuffled ({cards} cards)",
    "game_over": "game over: {winners:names} win ({reason})",
}
CARD_EVENTS = {"idiot": IDIOT_EVENTS, "extincion": EXTINCION_EVENTS}


def _card_event(templates: dict, event: dict) -> str:
    found = templates.get(event.get("type"))
    for template in (found,) if isinstance(found, str) else found or ():
        try:
            return template.format_map(_EventFields(event))
        except (KeyError, TypeError, ValueError):
            pass
    details = ", ".join(f"{k} {_field(v)}" for k, v in event.items() if k not in ("type",))
    return f"{event.get('type')}" + (f": {details}" if details else "")


def _field(value) -> str:
    if isinstance(value, list):
        return " ".join(map(str, value)) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return str(value)


class _EventFields(dict):
    """An event's fields for str.format: `{cards:cards}` shows cards, `{n_cards}` counts them."""

    def __init__(self, event: dict):
        super().__init__(event)
        if isinstance(event.get("cards"), list):
            self["n_cards"] = len(event["cards"])

    def __missing__(self, key):
        raise KeyError(key)

    def __getitem__(self, key):
        return _Shown(super().__getitem__(key))


class _Shown:
    def __init__(self, value):
        self.value = value

    def __format__(self, spec: str) -> str:
        if spec == "cards":
            return _cards(self.value)
        if spec == "names":
            return " and ".join(self.value)
        return _field(self.value)


def _word_event(event: dict) -> str | None:
    kind = event.get("type")
    if kind == "verdict":
        if event["valid"]:
            return click.style(f"{event['player']}: {event['answer']}: valid", fg="green",
                               bold=True)
        why = "; ".join(r["message"] for r in event["reasons"])
        head = "the table decides" if event["valid"] is None else "invalid"
        extra = f" (did you mean {', '.join(event['suggestions'])}?)" \
            if event.get("suggestions") else ""
        return click.style(f"{event['player']}: {event['answer']}: {head}: {why}{extra}",
                           fg="red" if event["valid"] is False else "yellow")
    if kind == "claim":
        return f"{event['player']} claims {event['cards']} cards ({event['by']})"
    if kind == "stumped":
        if event.get("count"):
            return f"there were {event['count']} answers, such as {', '.join(event['examples'])}"
        return "there was no answer"
    if kind == "flip":
        return f"{event['player']}'s card flips to {event['shows']} {event['letter'].upper()}"
    if kind == "new_layer":
        return "everyone plays the next card of their hand"
    if kind == "tap_on":
        return None
    if kind == "take":
        return f"{event['player']} takes the {event['card']} card ({event['value']})"
    if kind == "won":
        return f"{event['player']} wins the round"
    if kind == "redraw_red":
        return f"the red {event['letter'].upper()} equals the yellow: it goes back"
    if kind == "things_refilled":
        return "the Things deck is refilled"
    if kind == "overrule":
        word = event.get("word") or event.get("answer")
        return f"the table {'accepts' if event['accept'] else 'rejects'} {word!r}"
    if kind == "round_taken_back":
        return "the round is taken back"
    if kind == "check":
        return f"the stumped check is {'shown to' if event['show'] else 'hidden from'} the table"
    if kind == "undo":
        return f"undone: {event['move'].get('type')}"
    if kind == "over":
        return f"game over ({event['why']})"
    if kind == "initial_from_hand":
        return f"the draw pile is empty: {event['player']} plays the initial from hand"
    return None
