"""¡Extinción! rules as queries on a game state: who may be eaten, what may be played, what fits.

Nothing here changes a state. judge.py turns these answers into verdicts and legal
moves, play.py into new states. The state (built by play.setup) is plain
JSON data:

    players       names in clockwise seating order; "right" of seat i is seat i - 1
    deck          Deck.to_json(): cards and environments, looked up by id
    options       {"beginner", "skills": "all" | "basic" | "none", "random_start"}
    lost_world    the Lost World deck, top card last;   cemetery   the discard pile, top last
    hands, territories          {name: [card ids]};   rescued   {name: [{environment, cards}]}
    environments  the Safe Environment deck, top last;  display   the (up to) 3 on show
    withered      environments set aside because no dinosaur left could ever fill them
    removed       cards out of the game (baits in the beginner game)
    in_play       a bait between being played and going to the Cemetery
    staged        [giver, card] pairs of a Stampede, moved all at once when everyone has chosen
    counter, end_at             the Extinction Counter and the extinction that ends the game
    turn, turns, phase          the seat to play, turns begun, and "start" | "action" |
                                "rescue" | "effect" | "over"
    pending       decisions awaited, first one first: {"kind", "player", ...}
    idle          turns in a row in which nobody could act at all
    dry           turns begun since the last rescue
    result        None, or the scores once the game is over
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product

from .deck import BASIC_SKILLS, SKILLS, completable

ACTIVE_SKILLS = {"all": frozenset(SKILLS), "basic": frozenset(BASIC_SKILLS), "none": frozenset()}
HAND_TARGET = 3

# The rulebook section behind each ruling, quoted in every verdict's extra["rule"].
SECTIONS = {
    "setup": "Preparation",
    "turn": "How to Play",
    "phase1": "How to Play, Phase 1",
    "phase2": "How to Play, Phase 2",
    "feeding": "Dinosaurs Feeding Actions",
    "bait": "Baits",
    "titan": "Dinosaurs Skills, Titan",
    "armoured": "Dinosaurs Skills, Armoured",
    "gregarious": "Dinosaurs Skills, Gregarious",
    "swift": "Dinosaurs Skills, Swift Running Lizard",
    "clever_girl": "Dinosaurs Skills, Clever Girl",
    "rescue": "Rescuing Dinosaurs",
    "famine": "Butterfly Effect, Famine",
    "epidemic": "Butterfly Effect, Epidemic",
    "stampede": "Butterfly Effect, Stampede",
    "end": "End of Game",
    "beginner": "Other Ways of Play, Beginner Game",
    "random_start": "Other Ways of Play, Random Start",
    "ruling": "Rulings where the rulebook is silent (docs/extincion.md)",
}

# Every reason code a verdict may carry: (meaning, section of SECTIONS that decides it, or
# None where that is the section of the decision awaited: a Famine, a Stampede, ...).
REASONS = {
    "malformed_move": ("the move lacks a field or holds one of the wrong kind", "turn"),
    "unknown_move": ("the move type is not one this game knows", "turn"),
    "unknown_player": ("the player is not at this table", "turn"),
    "game_over": ("the game has ended", "end"),
    "not_your_turn": ("another player is to act now", "turn"),
    "awaiting_decision": ("a decision is awaited that this move does not give", None),
    "wrong_phase": ("the move belongs to another phase of the turn", "turn"),
    "must_act": ("Phase 1 is mandatory: an action is possible, so it cannot be passed", "phase1"),
    "must_choose": ("the Butterfly Effect or the start obliges a choice", None),
    "not_in_hand": ("the card is not in the player's hand", "phase1"),
    "duplicate_card": ("the move names one card twice", "turn"),
    "no_cards": ("the move names no card", "phase1"),
    "hand_full": ("drawing up to 3 needs fewer than 3 cards in hand", "phase1"),
    "nothing_to_draw": ("the Lost World deck and the Cemetery have no card to draw", "phase1"),
    "cannot_feed": ("the dinosaur cannot perform its feeding action, and no skill lets it "
                    "be played", "feeding"),
    "target_missing": ("the feeding action or bait needs a target", "feeding"),
    "target_unexpected": ("this play takes no target", "feeding"),
    "target_not_found": ("the target is not a dinosaur in another person's territory, or not "
                         "another person", "feeding"),
    "target_own": ("feeding actions and baits work on other people, not yourself", "feeding"),
    "target_empty_hand": ("a piscivore steals from a hand, and that hand is empty", "feeding"),
    "target_titan": ("a Titan can only be eliminated by another Titan", "titan"),
    "target_armoured": ("an Armoured dinosaur protects the rest of its territory from "
                        "carnivores", "armoured"),
    "bait_wrong_diet": ("a bait attracts only dinosaurs of its type, or Egg Thieves", "bait"),
    "no_bait_target": ("a bait cannot be played with no dinosaur of its type in another "
                       "territory", "bait"),
    "not_swift": ("only a Swift Running Lizard draws up to 3 instead of feeding", "swift"),
    "skill_off": ("this skill is not played in this game (beginner game)", "beginner"),
    "not_on_display": ("the environment is not one of the Safe Environments on display",
                       "rescue"),
    "not_in_territory": ("the dinosaur is not in the player's territory", "rescue"),
    "wrong_dinosaurs": ("the dinosaurs do not match the environment's feeding icons", "rescue"),
    "two_wild_cards": ("only one Egg Thief may stand in for another icon per environment",
                       "feeding"),
    "not_clever_girl": ("only a Clever Girl in hand avoids an action", "clever_girl"),
    "not_eligible": ("the card is not one this decision may take", None),
}


def card(state: dict, cid: int) -> dict:
    """Return Lost World card `cid` as data."""
    return state["deck"]["cards"][cid]


def environment(state: dict, eid: int) -> dict:
    """Return Safe Environment `eid` as data."""
    return state["deck"]["environments"][eid]


def has(state: dict, cid: int, skill: str) -> bool:
    """Tell whether card `cid` has `skill` and this game plays that skill."""
    return skill in state["deck"]["cards"][cid]["skills"] and \
        skill in ACTIVE_SKILLS[state["options"]["skills"]]


def seat(state: dict, name: str) -> int:
    """Return the seat of player `name`."""
    return state["players"].index(name)


def right_of(state: dict, name: str) -> str:
    """Return the player on `name`'s right: the previous seat, since turns pass clockwise."""
    players = state["players"]
    return players[players.index(name) - 1]


def others(state: dict, name: str) -> list[str]:
    """Return every player but `name`, clockwise from the next one."""
    players = state["players"]
    i = players.index(name)
    return players[i + 1:] + players[:i]


def clockwise_from(state: dict, name: str) -> list[str]:
    """Return every player, clockwise, starting with `name`."""
    return [name] + others(state, name)


def to_act(state: dict) -> str | None:
    """Return the player whose move the game awaits, or None once it is over."""
    if state["phase"] == "over":
        return None
    if state["pending"]:
        return state["pending"][0]["player"]
    return state["players"][state["turn"]]


def can_draw(state: dict) -> bool:
    """Tell whether a card can be drawn: from the deck, or from the Cemetery reshuffled."""
    # The Cemetery's last card stays when it is reshuffled, so it takes two to give one.
    return bool(state["lost_world"]) or len(state["cemetery"]) >= 2


# Carnivores, Titans and Armoured ---------------------------------------------------------------

def can_eat(state: dict, eater: int, victim: int, territory: list[int]) -> bool:
    """Tell whether carnivore `eater` may eliminate `victim` from `territory`."""
    if victim == eater:
        return False
    if has(state, victim, "titan") and not has(state, eater, "titan"):
        return False
    if has(state, victim, "armoured"):
        return True
    # An Armoured dinosaur takes the bite for the rest of its territory, but not its own.
    return not any(a != eater and has(state, a, "armoured") for a in territory)


def eatable(state: dict, eater: int, territory: list[int]) -> list[int]:
    """Return the dinosaurs of `territory` that carnivore `eater` may eliminate."""
    return [v for v in territory if can_eat(state, eater, v, territory)]


def famine_victims(state: dict, territory: list[int], carnivores: list[int]) -> list[int]:
    """Return the dinosaurs a Famine may sacrifice to the territory's carnivores still there."""
    feeders = [c for c in carnivores if c in territory]
    return [v for v in territory if any(can_eat(state, c, v, territory) for c in feeders)]


def epidemic_victims(state: dict, territory: list[int], diet: str) -> list[int]:
    """Return the dinosaurs an Epidemic of `diet` may eliminate: that diet, or Egg Thieves."""
    cards = state["deck"]["cards"]
    if diet == "egg_thief":
        return list(territory)
    return [v for v in territory if cards[v]["diet"] in (diet, "egg_thief")]


# Feeding actions and baits ---------------------------------------------------------------------

def feeding_targets(state: dict, player: str, cid: int) -> list:
    """Return the targets card `cid` may take when `player` plays it; [None] for no target.

    An empty list means the card cannot perform its feeding action (or a bait has nothing to
    attract). Targets are card ids, or a player's name for a piscivore.
    """
    c = card(state, cid)
    territories = state["territories"]
    diet = c["diet"]
    if c["bait"]:
        return [v for p in others(state, player) for v in territories[p]
                if state["deck"]["cards"][v]["diet"] in (diet, "egg_thief")]
    if diet == "herbivore":
        return [None] if can_draw(state) else []
    if diet == "scavenger":
        return [None] if state["cemetery"] else []
    if diet == "piscivore":
        return [p for p in others(state, player) if state["hands"][p]]
    if diet == "egg_thief":
        return [v for p in others(state, player) for v in territories[p]]
    return [v for p in others(state, player) for v in eatable(state, cid, territories[p])]


def owner(state: dict, cid: int) -> str | None:
    """Return the player whose territory holds card `cid`, or None."""
    for name, territory in state["territories"].items():
        if cid in territory:
            return name
    return None


def target_player(state: dict, target) -> str | None:
    """Return the player a target points at: a name itself, or the owner of a dinosaur."""
    if isinstance(target, str):
        return target if target in state["hands"] else None
    return owner(state, target)


def clever_girls(state: dict, name: str) -> list[int]:
    """Return the Clever Girls in `name`'s hand that this game lets them show."""
    return [c for c in state["hands"][name] if has(state, c, "clever_girl")]


def asked(state: dict, name: str) -> bool:
    """Tell whether `name`, an action aimed at them, is asked for a Clever Girl first.

    By default only a holder is asked, so the table learns who holds one; with the option
    secret_clever_girl every target with a card in hand is asked, while the game plays the
    skill (an empty hand is public: asking it would tell nothing).
    """
    if clever_girls(state, name):
        return True
    return bool(state["options"].get("secret_clever_girl") and state["hands"][name]
                and "clever_girl" in ACTIVE_SKILLS[state["options"]["skills"]])


# Rescues ---------------------------------------------------------------------------------------

def diets_of(state: dict, cids) -> Counter:
    """Return the count of each diet among dinosaurs `cids`."""
    cards = state["deck"]["cards"]
    return Counter(cards[c]["diet"] for c in cids)


def rescue_fault(state: dict, eid: int, cids: list[int]) -> str | None:
    """Return why dinosaurs `cids` do not fill environment `eid` (a reason code), or None."""
    need = Counter(environment(state, eid)["needs"])
    have = diets_of(state, cids)
    wild = have["egg_thief"] - need["egg_thief"]
    if wild > 1:
        return "two_wild_cards"
    # With the sizes equal and no icon overfilled, the one spare Egg Thief fills the one gap.
    if len(cids) != sum(need.values()) or wild < 0 or \
            any(have[d] > need[d] for d in have if d != "egg_thief"):
        return "wrong_dinosaurs"
    return None


def can_rescue(state: dict, name: str) -> bool:
    """Tell whether `name`'s territory fills any environment on display."""
    have = diets_of(state, state["territories"][name])
    return any(completable(environment(state, e)["needs"], have) for e in state["display"])


def rescue_options(state: dict, name: str) -> list[tuple[int, tuple[int, ...]]]:
    """Return every (environment, dinosaurs) rescue open to `name`, dinosaurs sorted."""
    territory = state["territories"][name]
    cards = state["deck"]["cards"]
    by_diet: dict[str, list[int]] = {}
    for cid in sorted(territory):
        by_diet.setdefault(cards[cid]["diet"], []).append(cid)
    out = []
    for eid in state["display"]:
        need = Counter(environment(state, eid)["needs"])
        plans = [need]
        for icon in need:
            # One Egg Thief may stand in for one icon of another diet.
            if icon != "egg_thief":
                plans.append(need - Counter({icon: 1}) + Counter({"egg_thief": 1}))
        for plan in plans:
            groups = [combinations(by_diet.get(d, []), n) for d, n in plan.items()]
            for parts in product(*groups):
                out.append((eid, tuple(sorted(c for part in parts for c in part))))
    return out


# Decisions -------------------------------------------------------------------------------------

def choices(state: dict, entry: dict) -> list[int]:
    """Return the cards a pending choice may take (start, companion, famine, epidemic, stampede)."""
    name, kind = entry["player"], entry["kind"]
    hand, territory = state["hands"][name], state["territories"][name]
    cards = state["deck"]["cards"]
    if kind == "start":
        # The Random Start forbids a Titan whether or not skills are played.
        return [c for c in hand if not cards[c]["bait"] and "titan" not in cards[c]["skills"]]
    if kind == "companion":
        return [c for c in hand if not cards[c]["bait"] and cards[c]["diet"] == "herbivore"]
    if kind == "stampede":
        return [c for c in hand if not cards[c]["bait"]]
    if kind == "famine":
        return famine_victims(state, territory, entry["carnivores"]) if entry["left"] else []
    if kind == "epidemic":
        return epidemic_victims(state, territory, entry["diet"])
    return []


OPTIONAL_CHOICES = frozenset({"companion"})
