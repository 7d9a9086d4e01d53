"""Computer players for the word games: In Extremis and Red Letter, Yellow Letter.

Start with `WordBot.decide(state)`: what one computer player would do at the table now, and
after how many seconds. `table_move(state, bots)` races every bot at a table and returns the
move that lands first, as a phone would send it. Simulations of whole games are in wordsim.py.

A bot is a person with a vocabulary and a reaction time, no more:

- **It knows** the words (In Extremis) or the category members (Red Letter, Yellow Letter)
  whose zipf frequency is at least its level's floor. In a lexicon partition words are numbered
  commonest first, so the words a bot knows are the lowest bits of each bitset: knowing is one
  mask on the same query the referee makes.
- **It answers** with the commonest answer it knows, after a reaction time that grows with how
  hard that answer is: rarer (zipf below 7), longer (letters beyond 3), and scarcer (fewer
  answers it knows, as 1/sqrt). A log-normal factor, drawn from a generator seeded by the bot's
  seed, its name and the game's step, makes the time human and the game reproducible.
- **It taps** in In Extremis when a tap is on the table, after its tap reaction time.
- **It says "stumped"** when it knows no answer, after its patience has run out. The table is
  stumped only when every player says so (the rulebooks' raised hands).
- **It takes a card** in Red Letter, Yellow Letter by one stated policy, "balance": the type it
  holds fewest of (the nine-card win needs three of each); among those, the card whose letter
  makes the display hardest: a yellow letter that starts fewest members, a red letter found in
  most (taking it reveals another, so the table's next round is easier for everyone, the taker
  too); a Thing last. Ties go red, yellow, thing.

The levels below are the documented parameter sets (`LEVELS`); `Level` can make any other.
"""

from __future__ import annotations

import math
import random
from dataclasses import asdict, dataclass
from functools import lru_cache

from .. import extremis as xrules
from .. import redyellow as ryrules
from ..categories import open_categories
from ..errors import InputError
from ..index import lowest_bits
from ..lexicon import Lexicon
from ..phrases import phrase_key
from . import extremis as xgame
from . import redyellow as rygame


@dataclass(frozen=True)
class Level:
    """A computer player's vocabulary and speed (times in seconds)."""

    name: str
    # The rarest word it knows (In Extremis), as a zipf frequency: wordfreq's scale, where 3.0
    # is a word seen about once per million words (the lexicons' common tier starts there).
    word_zipf: float
    # The rarest category member it knows (Red Letter, Yellow Letter). Members are mostly
    # phrases, rarer than words: their median zipf in the English categories is 1.9.
    member_zipf: float
    base: float          # the fastest answer, to an easy word with many alternatives
    per_zipf: float      # added per zipf point the answer lies below 7 (the commonest words)
    per_letter: float    # added per letter beyond three
    scarcity: float      # added as scarcity / sqrt(answers it knows)
    noise: float         # sigma of the log-normal factor on every time
    tap: float           # the median time to tap the initial card
    patience: float      # the median time before it says "stumped"

    def to_json(self) -> dict:
        """Return the parameters as a dict."""
        return asdict(self)


# The gaps between levels are smaller than the noise on purpose: over 1,000 seeded games a
# beginner still wins a round from an expert now and then, as at a real table (README).
LEVELS = {level.name: level for level in (
    # Knows the commonest words (zipf 4: "about", "bread") and thinks slowly.
    Level("beginner", word_zipf=4.0, member_zipf=3.0, base=2.5, per_zipf=0.9,
          per_letter=0.3, scarcity=3.0, noise=0.6, tap=1.4, patience=20.0),
    # Knows the lexicon's common tier (zipf 3) and answers as a practised player does.
    Level("regular", word_zipf=3.0, member_zipf=2.0, base=2.0, per_zipf=0.7,
          per_letter=0.25, scarcity=2.5, noise=0.5, tap=1.0, patience=15.0),
    # Knows rare words too (zipf 1.5: "quagmire" sits at 2.3) and is quick.
    Level("expert", word_zipf=1.5, member_zipf=0.5, base=1.5, per_zipf=0.55,
          per_letter=0.2, scarcity=2.0, noise=0.4, tap=0.7, patience=10.0),
)}
DEFAULT_LEVEL = "regular"
TAKE_POLICY = "balance"


def level(name: str) -> Level:
    """Return the level called `name`; raise InputError for an unknown one."""
    found = LEVELS.get(name)
    if found is None:
        raise InputError(f"unknown level {name!r} (levels: {', '.join(LEVELS)})")
    return found


@dataclass(frozen=True)
class Decision:
    """What a bot does now: a move (None while it only says "stumped") after `delay` seconds."""

    player: str
    move: dict | None
    delay: float
    said: str            # the word or answer shouted, "tap", "stumped" or "take <card>"
    known: int = 0       # how many answers it knows for the cards on the table

    def to_json(self) -> dict:
        """Return the decision as a dict."""
        return {"player": self.player, "move": self.move, "delay": round(self.delay, 3),
                "said": self.said, "known": self.known}


class WordBot:
    """A computer player called `name`, at `level`, whose noise is seeded by `seed`."""

    def __init__(self, name: str, level_: Level | str = DEFAULT_LEVEL, seed: int = 0):
        self.name = name
        self.level = level(level_) if isinstance(level_, str) else level_
        self.seed = seed

    def __repr__(self) -> str:
        return f"WordBot({self.name!r}, {self.level.name!r}, seed={self.seed})"

    def rng(self, state: dict) -> random.Random:
        """Return the generator of this bot's noise for the state in play (never the clock)."""
        return random.Random(f"{self.seed}:{self.name}:{state['game']}:{state['step']}")

    def decide(self, state: dict, found: "Found | None" = None) -> Decision | None:
        """Return what this bot does now, or None when it has nothing to do (the game is over,
        or another player must take a card). `found` is the table's query, if made already."""
        status = state["status"]
        if status == "over":
            return None
        rng = self.rng(state)
        if state["game"] == xgame.NAME and status == "tap":
            move = {"type": "tap", "player": self.name}
            return Decision(self.name, move, self._noisy(self.level.tap, rng), "tap")
        if state["game"] == rygame.NAME and status == "choose":
            if state["chooser"] != self.name:
                return None
            card = take_choice(state, self.name)
            move = {"type": "take", "player": self.name, "card": card}
            return Decision(self.name, move, self._noisy(self.level.tap, rng), f"take {card}")
        found = found or answers(state)
        known = found.known(self.level, state)
        if not known:
            return Decision(self.name, None, self._noisy(self.level.patience, rng), "stumped")
        word, zipf = known[0]
        field = "word" if state["game"] == xgame.NAME else "answer"
        move = {"type": "answer", "player": self.name, field: word, "round": state["round"]}
        delay = self.reaction(word, zipf, found.known_count(self.level, state), rng)
        return Decision(self.name, move, delay, word, found.known_count(self.level, state))

    def reaction(self, word: str, zipf: float, known: int, rng: random.Random) -> float:
        """Return the seconds this bot takes to say `word` (zipf `zipf`, one of `known`)."""
        lv = self.level
        letters = sum(1 for ch in word if ch.isalpha())
        median = (lv.base + lv.per_zipf * max(0.0, 7.0 - zipf)
                  + lv.per_letter * max(0, letters - 3) + lv.scarcity / math.sqrt(max(known, 1)))
        return self._noisy(median, rng)

    def _noisy(self, median: float, rng: random.Random) -> float:
        return round(median * math.exp(rng.gauss(0.0, self.level.noise)), 3)


# What the cards admit, and what a bot knows of it ------------------------------------------

class Found:
    """The answers the cards on the table admit, asked once and masked by each bot's level."""

    # A bot says the commonest answer it knows; the next few are kept in case the table
    # banned the first. Asking for more costs a bit scan per answer.
    SHORTLIST = 8

    def __init__(self, state: dict):
        self.game = state["game"]
        self.count = 0          # every answer the rules admit (None: no search is made)
        self._bits, self._part, self._cards, self._parts = 0, None, None, []
        self._cache: dict = {}
        if state["status"] != "playing":
            self.count = None
            return
        if self.game == xgame.NAME:
            cards = xgame.in_play(state)
            self._part, self._bits = xrules.matches(Lexicon.open(state["lang"]), cards,
                                                    xgame.word_filter(state))
            self.count = self._bits.bit_count()
        else:
            cards = rygame.on_display(state)
            # The engine's own reading of Things: the table's categories first, if it has any.
            n, _, reading = ryrules.count(rygame._cats(state), cards,
                                          state["used"].get(cards.thing, []))
            self.count = n
            # Members of every part the Thing surely names (a union has several), once each.
            self._parts = [] if n is None else [
                (p, *ryrules._fitting(p.source, p.category, cards,
                                      state["used"].get(cards.thing, [])))
                for p in reading.certain_parts()]
            self._bits = sum(bits.bit_count() for _, _, bits in self._parts)
        self._cards = cards

    def known(self, lv: Level, state: dict) -> list[tuple[str, float]]:
        """Return up to SHORTLIST (answer, zipf) a player at level `lv` knows, commonest first,
        leaving out what the table banned."""
        key = (lv.word_zipf, lv.member_zipf)
        if key not in self._cache:
            self._cache[key] = self._known(lv, state)
        return self._cache[key][0]

    def known_count(self, lv: Level, state: dict) -> int:
        """Return how many answers a player at level `lv` knows."""
        self.known(lv, state)
        return self._cache[(lv.word_zipf, lv.member_zipf)][1]

    def _known(self, lv: Level, state: dict) -> tuple[list, int]:
        if not self._bits:
            return [], 0
        if self.game == xgame.NAME:
            lex = Lexicon.open(state["lang"])
            bits = self._bits & _known_mask(state["lang"], self._part.letter, lv.word_zipf)
            banned = set(state["house"]["ban"])
            picks = []
            for i in lowest_bits(bits, self.SHORTLIST + len(banned)):
                entry = lex.entry(self._part.start + i)
                if entry.key not in banned:
                    picks.append((entry.word, entry.zipf))
            return picks[:self.SHORTLIST], bits.bit_count()
        # Category members are not numbered by commonness: read every fitting member's zipf.
        banned = {key for thing, key in state["house"]["ban"] if thing == self._cards.thing}
        zipf_of: dict[str, tuple[float, str]] = {}
        for p, part, bits in self._parts:
            if not bits:
                continue
            positions = [part.start + i for i in lowest_bits(bits)]
            ids = p.source.member_ids(p.category, positions)
            keys = p.source.member_keys(p.category, positions)
            words = p.source.member_words(p.category, positions)
            for i, key, word in zip(ids, keys, words):
                if key not in zipf_of:
                    zipf_of[key] = (p.source.member(i).zipf, word)
        known = sorted(((z, w) for z, w in zipf_of.values() if z >= lv.member_zipf),
                       key=lambda zw: (-zw[0], zw[1]))
        picks = [(w, z) for z, w in known[:self.SHORTLIST + len(banned)]
                 if not banned or phrase_key(w) not in banned]
        return picks[:self.SHORTLIST], len(known)


def answers(state: dict) -> Found:
    """Return the answers the cards on the table admit."""
    return Found(state)


@lru_cache(maxsize=4096)
def _known_mask(lang: str, letter: str, floor: float) -> int:
    """Return the bits of the words of `letter`'s partition whose zipf is at least `floor`.

    Words are numbered commonest first, so this is the lowest k bits, k found by bisection.
    """
    lex = Lexicon.open(lang)
    part = lex.index.partition(letter)
    lo, hi = 0, part.count
    while lo < hi:
        mid = (lo + hi) // 2
        if lex.zipf(part.start + mid) >= floor:
            lo = mid + 1
        else:
            hi = mid
    return (1 << lo) - 1


# Red Letter, Yellow Letter: which card to take ----------------------------------------------

def take_choice(state: dict, name: str) -> str:
    """Return the card type `name` takes, by the "balance" policy (see the module docstring)."""
    player = next(p for p in state["players"] if p["name"] == name)
    open_types = [t for t in rygame.TYPES if len(player[t]) < rygame.MOST_OF_A_TYPE]
    fewest = min(len(player[t]) for t in open_types)
    choices = [t for t in open_types if len(player[t]) == fewest]
    if len(choices) == 1:
        return choices[0]
    cards = rygame.on_display(state)
    hardness = {"red": _red_share(state["lang"], cards.red),
                "yellow": 1.0 - _yellow_share(state["lang"], cards.yellow), "thing": -1.0}
    return max(choices, key=lambda t: (hardness[t], -rygame.TYPES.index(t)))


@lru_cache(maxsize=None)
def _letter_shares(lang: str) -> tuple[dict, dict]:
    """Return ({letter: share of members starting with it}, {letter: share holding it})."""
    cats = open_categories(lang)
    starts: dict[str, int] = {}
    holds: dict[str, int] = {}
    total = 0
    for category in cats.categories:
        for member in cats.member_words(category, range(category.size)):
            letters = ryrules.said_letters(cats.alphabet, member)
            if not letters:
                continue
            total += 1
            starts[letters[0]] = starts.get(letters[0], 0) + 1
            for letter in set(letters):
                holds[letter] = holds.get(letter, 0) + 1
    return ({k: v / total for k, v in starts.items()}, {k: v / total for k, v in holds.items()})


def _yellow_share(lang: str, letter: str) -> float:
    return _letter_shares(lang)[0].get(letter, 0.0)


def _red_share(lang: str, letter: str) -> float:
    return _letter_shares(lang)[1].get(letter, 0.0)


# A table of bots -------------------------------------------------------------------------------

def decisions(state: dict, bots: list[WordBot]) -> list[Decision]:
    """Return what every bot at the table would do now, fastest first (seat order on a tie)."""
    found = answers(state) if state["status"] == "playing" else None
    made = [d for d in (bot.decide(state, found) for bot in bots) if d is not None]
    return sorted(made, key=lambda d: d.delay)


def table_move(state: dict, bots: list[WordBot], humans: int = 0) -> Decision | None:
    """Return the move that lands first at a table of `bots` (and `humans` who never answer).

    The fastest answer, tap or take wins. When every bot is stumped the table is stumped once
    the last of them says so, unless a person sits at the table (`humans`): then the bots
    only say it, and the table waits for the people. None when nothing is to be done.
    """
    made = decisions(state, bots)
    moving = [d for d in made if d.move is not None]
    if moving:
        return moving[0]
    if made and not humans:
        last = made[-1]
        return Decision("table", {"type": "stumped"}, last.delay, "stumped")
    return None


def seat_names(levels: list[str]) -> list[str]:
    """Return a name per seat for bots at `levels`: the level, numbered when one repeats."""
    for name in levels:
        level(name)
    return [name if levels.count(name) == 1 else f"{name}-{levels[:i + 1].count(name)}"
            for i, name in enumerate(levels)]


def parse_levels(text: str | None, seats: int | None = None) -> list[str]:
    """Return one level per seat from "regular" or "beginner,expert" (one level fills all)."""
    names = [t.strip() for t in (text or DEFAULT_LEVEL).split(",") if t.strip()]
    for name in names:
        level(name)
    if seats is not None and len(names) == 1:
        names = names * seats
    if seats is not None and len(names) != seats:
        raise InputError(f"{len(names)} levels for {seats} computer players: give one level, "
                         f"or one per player")
    return names


def bots_of(state: dict) -> list[WordBot]:
    """Return the computer players seated in a game (its "bots" option: {name: level})."""
    seated = (state.get("options") or {}).get("bots") or {}
    return [WordBot(name, lv, state["seed"]) for name, lv in seated.items()]


def seat_bots(humans: list[str], count: int, levels: str | None) -> dict[str, str]:
    """Return {name: level} for `count` computer players joining `humans` at a table."""
    if count < 0:
        raise InputError("--bots cannot be negative")
    if not count:
        if levels:
            raise InputError("--level needs --bots (how many computer players)")
        return {}
    chosen = parse_levels(levels, count)
    names = [f"bot-{n}" for n in seat_names(chosen)]
    clash = sorted(set(names) & set(humans))
    if clash:
        raise InputError(f"a player is called {clash[0]!r}, the name of a computer player")
    return dict(zip(names, chosen))
