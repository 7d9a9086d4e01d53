"""Numbers about a word-game deck: how often a random round has no answer, which letters cause
the stumps and taps, how many answers a round has, and a change to the deck that stumps less.

Start with `analyze(kind, lang, deck, rounds, seed)`; `wordref analyze deck` prints it and
deckreport.py draws it. A *random round* is the first deal of a fresh game dealt by the engine
itself (extremis.new / redyellow.new) with seed + i, so the numbers follow the rules exactly as
the referee plays them: the deck shuffled, the sides turned at random (In Extremis), a red card
equal to the yellow one put back.

- **Stumped**: no answer fits the first state of the round (and, In Extremis, no tap: a tap is
  its own ending). In Extremis the table then flips cards one by one (engine "stumped" moves):
  `flips` counts them until a word exists, a tap comes, or three layers have gone by.
- **Which letters cause stumps**: In Extremis, a card in play is a cause of a stump when taking
  it away would let a word fit; a letter's causes count those cards. In Red Letter, Yellow
  Letter, the rate of stumps among the rounds where the letter shows, against the whole rate.
- **The suggestion** changes one letter of one card at a time, greedily, up to `changes` times:
  for each side, each of the three letters that stump most becomes each of the three that stump
  least. Every candidate is measured on the same rounds (common random numbers), the best kept
  while it lowers the stumped rate. The effect is then measured on rounds none of the choices
  saw (seeds after the tuning ones), before and after, and that is the number reported.
"""

from __future__ import annotations

import copy
import statistics

from .. import extremis as xrules
from .. import redyellow as ryrules
from ..categories import open_categories
from ..errors import InputError
from ..lexicon import Lexicon
from . import extremis as xgame
from . import redyellow as rygame

DEFAULT_ROUNDS = 1000
DEFAULT_PLAYERS = 4
# In Extremis, how many layers a stumped round may go through before it counts as never
# finding a word (three layers is 3 x players flips).
MAX_LAYERS = 3
SIDES = {"extremis": ("green", "red"), "redyellow": ("yellow", "red")}


def load(kind: str, lang: str, text: str | None):
    """Return the deck of `kind`: the default one of `lang`, or the deck file's text."""
    if kind == "extremis":
        return xgame.load_deck(lang, text)
    if kind == "redyellow":
        if lang != "en":
            open_categories(lang)  # raises the one-line error: categories exist in English
        decks = rygame.load_decks(text)
        return {"red": decks["red"], "yellow": decks["yellow"]}
    raise InputError(f"{kind} has no letter deck to analyze (games: extremis, redyellow)")


def deck_text(kind: str, deck) -> str:
    """Return `deck` as a deck file wordref reads (--deck)."""
    if kind == "extremis":
        return "cards:\n" + "".join(f"  - {c['green']}/{c['red']}\n" for c in deck)
    return f"yellow: {''.join(deck['yellow']).upper()}\nred: {''.join(deck['red']).upper()}\n"


# One random round ------------------------------------------------------------------------------

def _names(players: int) -> list[str]:
    return [f"p{i + 1}" for i in range(players)]


def extremis_round(lang: str, deck: list[dict], seed: int, players: int,
                   flips: bool = True) -> dict:
    """Return the first deal of a game dealt with `seed`: its cards, answers, causes, flips."""
    state = xgame.new(_names(players), seed, {"lang": lang, "cards": [dict(c) for c in deck]})
    lex, filt = Lexicon.open(lang), xgame.word_filter(state)
    cards = xgame.in_play(state)
    out = {"initial": cards.initial, "green": "".join(cards.green), "red": "".join(cards.red),
           "tap": bool(cards.taps), "taps": "".join(cards.taps), "answers": None}
    if cards.taps:
        return out
    out["answers"] = xrules.count(lex, cards, filt)
    if out["answers"]:
        out["flips"] = 0
        return out
    out["causes"] = _causes(lex, cards, filt)
    if flips:
        out["flips"], out["flip_end"] = _flips_until_word(state, players)
    return out


def _causes(lex, cards: xrules.Cards, filt) -> list[list[str]]:
    """Return [side, letter] of each card in play whose removal would let a word fit."""
    found = []
    for i, letter in enumerate(cards.green):
        rest = xrules.Cards(cards.initial, cards.green[:i] + cards.green[i + 1:], cards.red)
        if xrules.any_word(lex, rest, filt):
            found.append(["green", letter])
    for i, letter in enumerate(cards.red):
        rest = xrules.Cards(cards.initial, cards.green, cards.red[:i] + cards.red[i + 1:])
        if xrules.any_word(lex, rest, filt):
            found.append(["red", letter])
    return found


def _flips_until_word(state: dict, players: int) -> tuple[int | None, str]:
    """Flip (engine "stumped" moves) until a word exists; return (flips, how it ended)."""
    lex, filt = Lexicon.open(state["lang"]), xgame.word_filter(state)
    for flip in range(1, MAX_LAYERS * (players + 1) + 1):
        state, _ = xgame.apply(state, {"type": "stumped"})
        if state["status"] == "over":
            return None, "over"
        if state["status"] == "tap":
            return None, "tap"
        if xrules.any_word(lex, xgame.in_play(state), filt):
            return flip, "word"
    return None, "never"


def redyellow_round(lang: str, deck: dict, seed: int, players: int) -> dict:
    """Return the first display of a game dealt with `seed`: its cards and answers."""
    state = rygame.new(_names(players), seed, {"lang": lang, "decks": {k: list(v) for k, v in
                                                                       deck.items()}})
    cards = rygame.on_display(state)
    n, status, _ = ryrules.count(open_categories(lang), cards)
    return {"thing": cards.thing, "yellow": cards.yellow, "red": cards.red,
            "answers": n, "status": status, "tap": False}


def sample(kind: str, lang: str, deck, seeds: range, players: int, flips: bool = True):
    """Return the random rounds dealt with each seed of `seeds`."""
    if kind == "extremis":
        return [extremis_round(lang, deck, s, players, flips) for s in seeds]
    return [redyellow_round(lang, deck, s, players) for s in seeds]


def stumped_rate(rounds: list[dict]) -> float:
    """Return the share of rounds with no answer and no tap."""
    return sum(1 for r in rounds if r["answers"] == 0) / len(rounds) if rounds else 0.0


# The figures -----------------------------------------------------------------------------------

def letter_table(kind: str, rounds: list[dict]) -> list[dict]:
    """Return, per letter and role, the rounds it showed in, stumps, taps and causes."""
    table: dict[tuple[str, str], dict] = {}

    def row(letter, role):
        return table.setdefault((role, letter), {"letter": letter, "role": role, "rounds": 0,
                                                 "stumped": 0, "taps": 0, "causes": 0})

    for r in rounds:
        if kind == "extremis":
            shown = [(r["initial"], "initial")] + [(g, "green") for g in r["green"]] + \
                    [(x, "red") for x in r["red"]]
        else:
            shown = [(r["yellow"], "yellow"), (r["red"], "red")]
        for letter, role in dict.fromkeys(shown):
            entry = row(letter, role)
            entry["rounds"] += 1
            entry["stumped"] += r["answers"] == 0
            entry["taps"] += letter in r.get("taps", "") and role != "initial"
        for side, letter in r.get("causes", []):
            row(letter, side)["causes"] += 1
    out = []
    for entry in table.values():
        entry["rate"] = round(entry["stumped"] / entry["rounds"], 4) if entry["rounds"] else 0.0
        out.append(entry)
    return sorted(out, key=lambda e: (-e["causes"], -e["stumped"], e["role"], e["letter"]))


def _quantiles(values: list[int]) -> dict:
    if not values:
        return {"p25": None, "median": None, "p75": None, "mean": None}
    if len(values) == 1:
        return {"p25": values[0], "median": values[0], "p75": values[0], "mean": values[0]}
    q = statistics.quantiles(values, n=4, method="inclusive")
    return {"p25": q[0], "median": statistics.median(values), "p75": q[2],
            "mean": round(statistics.fmean(values), 1)}


BUCKETS = ((0, 0), (1, 9), (10, 99), (100, 999), (1000, None))


def histogram(values: list[int]) -> list[dict]:
    """Return how many rounds had 0, 1-9, 10-99, 100-999 and 1000+ answers."""
    out = []
    for low, high in BUCKETS:
        label = str(low) if low == high else f"{low}+" if high is None else f"{low}-{high}"
        out.append({"answers": label, "rounds": sum(1 for v in values if v >= low and
                                                     (high is None or v <= high))})
    return out


def figures(kind: str, rounds: list[dict]) -> dict:
    """Return the summary figures of a list of random rounds."""
    searched = [r for r in rounds if r["answers"] is not None]
    counts = [r["answers"] for r in searched]
    out = {"rounds": len(rounds), "no_answer": round(stumped_rate(rounds), 4),
           "no_answer_of_searched": round(stumped_rate(searched), 4) if searched else 0.0,
           "answers": _quantiles(counts), "histogram": histogram(counts)}
    if kind == "extremis":
        out["tap"] = round(sum(1 for r in rounds if r["tap"]) / len(rounds), 4) if rounds else 0
        flips = [r["flips"] for r in rounds if r.get("flips") is not None]
        stuck = [r for r in rounds if r["answers"] == 0 and "flips" in r]
        out["flips_until_word"] = {
            "median": statistics.median(flips) if flips else None,
            "median_when_stumped": (statistics.median([r["flips"] for r in stuck
                                                       if r["flips"] is not None])
                                    if any(r["flips"] is not None for r in stuck) else None),
            "max": max(flips) if flips else None,
            "ends_of_stumped": {end: sum(1 for r in stuck if r.get("flip_end") == end)
                                for end in ("word", "tap", "never", "over")},
            "histogram": _small_histogram(flips),
        }
    else:
        out["unknown_thing"] = sum(1 for r in rounds if r["answers"] is None)
    return out


def _small_histogram(values: list[int]) -> dict:
    out: dict[str, int] = {}
    for v in sorted(values):
        out[str(v)] = out.get(str(v), 0) + 1
    return out


# The suggestion --------------------------------------------------------------------------------

def slots(kind: str, deck) -> list[tuple[str, int, str]]:
    """Return every (side, card number, letter) of a deck."""
    if kind == "extremis":
        return [(side, i, card[side]) for i, card in enumerate(deck) for side in ("green", "red")]
    return [(side, i, letter) for side in ("yellow", "red") for i, letter in enumerate(deck[side])]


def changed(kind: str, deck, change: dict):
    """Return a copy of `deck` with one letter changed ({"side", "card", "to"})."""
    deck = copy.deepcopy(deck)
    if kind == "extremis":
        deck[change["card"]][change["side"]] = change["to"]
    else:
        deck[change["side"]][change["card"]] = change["to"]
    return deck


def candidates(kind: str, deck, rounds: list[dict], alphabet: str, width: int = 3) -> list[dict]:
    """Return the changes worth measuring: each side's worst letters into its best ones."""
    table = letter_table(kind, rounds)
    out = []
    for side in SIDES[kind]:
        rows = {e["letter"]: e for e in table if e["role"] == side}
        present = sorted({letter for s, _, letter in slots(kind, deck) if s == side})
        # A card changed from X to Y moves the stumped rate by about (rate X - rate Y) / cards:
        # the worst letters are the highest rates (seen in 20 rounds at least), and In
        # Extremis the letter whose cards caused most stumps as well.
        trusted = [l for l in present if rows.get(l, {}).get("rounds", 0) >= 20]
        bad = sorted(trusted, key=lambda l: (-rows[l]["rate"], l))[:width]
        caused = sorted((l for l in present if rows.get(l, {}).get("causes")),
                        key=lambda l: (-rows[l]["causes"], l))
        bad += [l for l in caused[:2] if l not in bad]
        # The best letters: the lowest stump rate where seen often enough to trust (20 rounds),
        # and, for a red side, letters not in the deck at all are the safest red of all.
        seen = [l for l in alphabet if rows.get(l, {}).get("rounds", 0) >= 20]
        good = sorted(seen, key=lambda l: (rows[l]["rate"], l))[:width]
        if side == "red":
            unseen = [l for l in alphabet if l not in present]
            good = (unseen[:1] + good)[:width]
        for letter in bad:
            where = next(i for s, i, l in slots(kind, deck) if s == side and l == letter)
            for to in good:
                if to == letter:
                    continue
                if kind == "extremis":
                    other = deck[where]["red" if side == "green" else "green"]
                    if other == to:
                        continue
                out.append({"side": side, "card": where, "from": letter, "to": to})
    return out


def suggest(kind: str, lang: str, deck, seed: int, rounds: int, players: int,
            changes: int = 2, progress=None) -> dict:
    """Return the greedy change to the deck that lowers the stumped rate, and its effect.

    Tuned on the rounds dealt with seeds seed .. seed+rounds-1; measured on the next `rounds`.
    """
    tune = Layouts(kind, lang, deck, range(seed, seed + rounds), players)
    held = Layouts(kind, lang, deck, range(seed + rounds, seed + 2 * rounds), players)
    alphabet = _alphabet(kind, lang)
    current = deck
    base = tune.rounds(current)
    best_rate = stumped_rate(base)
    chosen = []
    for _ in range(changes):
        trial = None
        for change in candidates(kind, current, base, alphabet):
            attempt = changed(kind, current, change)
            rate = stumped_rate(tune.rounds(attempt))
            if progress is not None:
                progress(1)
            if rate < best_rate - 1e-12 and (trial is None or rate < trial[0]):
                trial = (rate, change, attempt)
        if trial is None:
            break
        best_rate, change, current = trial
        chosen.append(dict(change, tuned_rate=round(best_rate, 4)))
        base = tune.rounds(current)
    before = held.rounds(deck)
    after = held.rounds(current) if chosen else before
    return {
        "changes": [dict(c, text=_describe(kind, deck, c)) for c in chosen],
        "tuned_on": [tune.seeds.start, tune.seeds.stop - 1],
        "measured_on": [held.seeds.start, held.seeds.stop - 1],
        "before": round(stumped_rate(before), 4), "after": round(stumped_rate(after), 4),
        "helps": stumped_rate(after) < stumped_rate(before),
        "tap_before": _tap_rate(before), "tap_after": _tap_rate(after),
        "deck": deck_text(kind, current),
    }


class Layouts:
    """Where each card of a deck lands in the first deal of each seed, whatever its letters.

    The engines shuffle by position: random.shuffle's permutation and the sides turned depend
    only on the seed and the deck's length, never on the letters. So the deal of a deck with
    one letter changed is the deal of the original with that letter changed, and a candidate
    deck is measured by a bitset query per round (about 20 us) instead of a deal (1 ms).
    The one exception, a red card equal to the yellow one (put back at random), is dealt
    again by the engine. tests/test_wordbots.py checks the equivalence.
    """

    def __init__(self, kind: str, lang: str, deck, seeds: range, players: int):
        self.kind, self.lang, self.seeds, self.players = kind, lang, seeds, players
        self._answers: dict = {}
        if kind == "extremis":
            blank = [{"green": "", "red": "", "n": i} for i in range(len(deck))]
            self._layouts = [self._extremis(blank, s) for s in seeds]
        else:
            tokens = {c: [f"{c}{i}" for i in range(len(deck[c]))] for c in ("red", "yellow")}
            self._layouts = []
            for s in seeds:
                state = rygame.new(_names(players), s, {"lang": lang, "decks": {
                    c: list(t) for c, t in tokens.items()}})
                decks = state["decks"]
                self._layouts.append((int(decks["yellow"][0][6:]), int(decks["red"][0][3:]),
                                      decks["thing"][0]))

    def _extremis(self, blank: list[dict], seed: int):
        state = xgame.new(_names(self.players), seed,
                          {"lang": self.lang, "cards": [dict(c) for c in blank]})
        tops = [(stack[-1]["n"], stack[-1]["up"]) for stack in state["stacks"] if stack]
        return state["initial"]["n"], tops

    def rounds(self, deck) -> list[dict]:
        """Return the first round of each seed, dealt from `deck` (same length as the original)."""
        if self.kind == "extremis":
            lex = Lexicon.open(self.lang)
            filt = xgame.word_filter({"lang": self.lang, "options": {}})
            out = []
            for initial, tops in self._layouts:
                green = tuple(deck[n]["green"] for n, up in tops if up == "green")
                red = tuple(deck[n]["red"] for n, up in tops if up == "red")
                cards = xrules.Cards(deck[initial]["green"], green, red)
                answers = None if cards.taps else xrules.count(lex, cards, filt)
                out.append({"tap": bool(cards.taps), "answers": answers,
                            "initial": cards.initial, "green": "".join(green),
                            "red": "".join(red), "taps": "".join(cards.taps)})
                if answers == 0:
                    out[-1]["causes"] = _causes(lex, cards, filt)
            return out
        cats, out = open_categories(self.lang), []
        for seed, (y, r, thing) in zip(self.seeds, self._layouts):
            yellow, red = deck["yellow"][y], deck["red"][r]
            if yellow == red:
                out.append(redyellow_round(self.lang, deck, seed, self.players))
                continue
            key = (thing, yellow, red)
            if key not in self._answers:
                self._answers[key] = ryrules.count(cats, ryrules.Cards(thing, yellow, red))[0]
            out.append({"thing": thing, "yellow": yellow, "red": red,
                        "answers": self._answers[key], "tap": False})
        return out


def _tap_rate(rounds: list[dict]) -> float:
    return round(sum(1 for r in rounds if r["tap"]) / len(rounds), 4) if rounds else 0.0


def _describe(kind: str, deck, change: dict) -> str:
    if kind == "extremis":
        card = deck[change["card"]]
        new = dict(card, **{change["side"]: change["to"]})
        return (f"card {change['card'] + 1} {card['green']}/{card['red']} becomes "
                f"{new['green']}/{new['red']} (one {change['side']} "
                f"{change['from'].upper()} fewer, one {change['to'].upper()} more)")
    return (f"one {change['side']} {change['from'].upper()} becomes "
            f"a {change['side']} {change['to'].upper()}")


def _alphabet(kind: str, lang: str) -> str:
    if kind == "extremis":
        return Lexicon.open(lang).alphabet.letters
    return open_categories(lang).alphabet.letters


def analyze(kind: str, lang: str = "en", deck_file: str | None = None,
            rounds: int = DEFAULT_ROUNDS, seed: int = 1, players: int = DEFAULT_PLAYERS,
            changes: int = 2, progress=None) -> dict:
    """Return the whole analysis of a deck: figures, letters, and the suggested change."""
    if rounds < 1:
        raise InputError("--rounds must be at least 1")
    if players < 2:
        raise InputError("a round needs at least two players")
    deck = load(kind, lang, deck_file)
    dealt = sample(kind, lang, deck, range(seed, seed + rounds), players)
    if progress is not None:
        progress(1)
    letters = letter_table(kind, dealt)
    return {
        "game": kind, "lang": lang, "deck": "custom" if deck_file else "default",
        "seed": seed, "players": players, **figures(kind, dealt),
        "letters": letters,
        "worst": [e for e in letters if e["causes"] or e["stumped"]][:8],
        "suggestion": suggest(kind, lang, deck, seed, rounds, players, changes, progress),
        "sample": dealt[:20],
    }
