"""What may be played on what in Extreme Idiot (§2-§16), and verdicts on single plays.

`check_play(top, cards)` lists every rule a play breaks against the top of the pile (see
pile.Top); `play_verdict` turns that into a Verdict with the paragraph and the
consequence; `judge_play` does it for a bare pile written on a command line. The rulings on the
rulebook's gaps are in docs/extreme-idiot.md; the house-rule options are OPTIONS.
"""

from __future__ import annotations

from ...errors import InputError
from ...verdict import Reason, Verdict
from .cards import (CARDS, JACK, JOKER, KING, QUEEN, RANK, SUIT, SUIT_SYMBOLS, colour,
                          parse_card, parse_cards, show_card, show_cards, show_rank)
from .pile import (BLACK_LADDER, EMPTY, RED_LADDER, THREE_TABLE, Laid, Top, kind_of,
                         lay, leading_eights, read_pile, top_of)

# The house rules a table chooses when a game starts, with their defaults.
OPTIONS = {
    # Cards: 1 is a 52-card deck with a red and a black joker; 2 is the double deck (§6).
    "decks": 1,
    # Open question 8: may the player on turn pick the pile up although they could play?
    "voluntary_pickup": True,
    # §2: a player who cannot follow their own 2 picks the pile up ("pickup") or only ends
    # their turn ("pass").
    "unfollowed_two": "pickup",
    # §4 part 2: must a card played out with a red 4 be legal on the 4? The rulebook only says
    # it "gets its function", so by default any face-up card of the 4's suit may go.
    "played_out_must_fit": False,
    # §25: is an illegal queen still punished after the next player has carried on, like the
    # zero-tolerance third 6? §20 part 2 says there is "no forgiveness" for it.
    "late_queen_punished": True,
    # A house rule against cycles: when the same position (every card in the same place, the
    # same player to move) comes round this many times with nothing moving on for good (no
    # burn, draw, flip, penalty, player going out or joining), the queens held are put aside
    # as in §27; if nobody holds one, the game ends and the remaining players rank by the
    # cards they hold. 0 turns it off, and then some games never end: a player holding only a
    # queen can be made to pick up the same ace for ever.
    "stalemate_repeats": 5,
}

_CHOICES = {"decks": (1, 2), "unfollowed_two": ("pickup", "pass")}

# Every reason code the Extreme Idiot engine gives, with what it means.
REASON_CODES = {
    "no_cards": "the play holds no card",
    "mixed_ranks": "the cards are not of one rank, and no 8 opens a ladder (§16; A3)",
    "too_low": "the card is lower than the top card (A2: play equal or higher)",
    "queen_on_empty": "a queen on an empty table, or on a 5 lying on one (§12)",
    "queen_on_two": "a queen on a 2, or on a 5 lying on one (§12)",
    "queen_on_six": "a queen on a 6 (§6, §12)",
    "three_sixes": "the play makes three 6s in a row; a 5 does not break the run (§6)",
    "demand_three_table": "after a 3: 3, 6, 9, Q, a joker or a 5 (§3)",
    "demand_seven": "after a 7: a 7 or lower, a joker or a 5 (§7)",
    "demand_nine_count": "after n 9s the next play is exactly 2n cards (§9)",
    "demand_nine_rank": "every card answering 9s beats 9: 9, 10, J, Q, K or A (§9)",
    "five_on_nine": "a 5 does not help against a 9 (§9)",
    "demand_jack_suit": "after a jack: a card of the jack's suit, another jack, or a 5 (§11)",
    "joker_jack_colour": "a joker goes on a jack only in the jack's colour (§15)",
    "demand_king": "after a king: only a king, an ace or a 5 (§13)",
    "joker_on_king": "a joker never goes on a king (§15)",
    "ladder_step": "a ladder card is not the same rank or the next step of the 8's ladder (§8)",
    "unknown_move": "the move's type is not one the game knows",
    "game_over": "the game is over",
    "unknown_player": "the player is not in the game (§22: join while the draw pile lasts)",
    "player_out": "the player has already gone out",
    "not_your_turn": "someone else is on turn (§23)",
    "not_held": "the player does not hold these cards where they must play from (A4)",
    "hand_first": "hand first, then face-up cards, then face-down cards (A4)",
    "must_give": "the black 4's card must be given first (§4 part 1)",
    "must_play_out": "the red 4's play-out must be made or declined first (§4 part 2)",
    "no_give": "no black 4 is waiting for a card to be given (§4 part 1)",
    "bad_target": "the card must go to an opponent still in the game (§4 part 1)",
    "target_full": "that opponent has four rows and no empty place (§4 part 1)",
    "no_play_out": "no red 4 is waiting for a face-up card (§4 part 2)",
    "play_out_suit": "a red 4 plays out a face-up card of its own suit only (§4 part 2)",
    "nothing_to_pick_up": "the pile is empty",
    "must_play": "this table does not allow picking up while a play is possible",
    "cannot_pass": "a player passes only when no play is possible on an empty table, or to "
                   "decline a red 4's play-out (§2, §4)",
    "no_face_down": "there is no face-down card in that row",
    "draw_pile_empty": "players join only while the draw pile lasts (§22)",
    "name_taken": "a player of that name is already in the game",
    "unknown_penalty": "the penalty names no rule the game knows",
    "too_late": "the next player has carried on, so the breach is forgiven (§25)",
}

PARAGRAPH = {
    "mixed_ranks": "§16", "too_low": "§3", "queen_on_empty": "§12", "queen_on_two": "§12",
    "queen_on_six": "§6", "three_sixes": "§6", "demand_three_table": "§3",
    "demand_seven": "§7", "demand_nine_count": "§9", "demand_nine_rank": "§9",
    "five_on_nine": "§9", "demand_jack_suit": "§11", "joker_jack_colour": "§15",
    "demand_king": "§13", "joker_on_king": "§15", "ladder_step": "§8", "not_your_turn": "§23",
    "not_held": "§1", "hand_first": "§1", "must_give": "§4", "must_play_out": "§4",
    "no_give": "§4", "bad_target": "§4", "target_full": "§4", "no_play_out": "§4",
    "play_out_suit": "§4", "cannot_pass": "§2", "draw_pile_empty": "§22", "too_late": "§25",
}

_CARD_PARAGRAPH = {2: "§2", 3: "§3", 4: "§4", 5: "§5", 6: "§6", 7: "§7", 8: "§8", 9: "§9",
                   10: "§10", JACK: "§11", QUEEN: "§12", KING: "§13", 14: "§14", JOKER: "§15"}
_SUIT_NAMES = {"s": "♠", "h": "♥", "d": "♦", "c": "♣", "r": "red", "b": "black"}


def resolve_options(chosen: dict | None) -> dict:
    """Return OPTIONS updated by `chosen`; raise InputError for an unknown name or a bad value."""
    out = dict(OPTIONS)
    for name, value in (chosen or {}).items():
        if name not in OPTIONS:
            raise InputError(f"unknown idiot option {name!r} (options: {', '.join(OPTIONS)})")
        default = OPTIONS[name]
        if name in _CHOICES and value not in _CHOICES[name]:
            allowed = ", ".join(map(str, _CHOICES[name]))
            raise InputError(f"option {name} must be one of {allowed}, not {value!r}")
        if type(value) is not type(default) or (isinstance(value, int) and value < 0):
            raise InputError(f"option {name} takes a {type(default).__name__} like {default!r}")
        out[name] = value
    return out


def reason(code: str, message: str) -> Reason:
    """Return the Reason `code` with its paragraph in front of `message`."""
    where = PARAGRAPH.get(code)
    return Reason(code, f"{where}: {message}" if where else message)


def check_play(top: Top, cards: list[str]) -> list[Reason]:
    """Return every rule that laying `cards` (bottom to top) on `top` breaks."""
    if not cards:
        return [reason("no_cards", "no card was played")]
    kind = kind_of(cards, top)
    if kind == "response":
        return _check_response(top, cards)
    if kind is None:
        return [reason("mixed_ranks", f"{show_cards(cards)} are not of one rank; only an 8 "
                                      f"opens a ladder, and jokers go only with jokers")]
    if kind == "ladder":
        return _check_ladder(top, cards)
    if kind == "jokers":
        return _check_jokers(top, cards)
    return _check_plain(top, cards)


def _check_plain(top: Top, cards: list[str]) -> list[Reason]:
    rank, first = RANK[cards[0]], cards[0]
    reasons = []
    demand = top.demand
    if rank == 5:
        pass                                   # a 5 goes on everything (§5)
    elif demand == "three":
        if rank not in THREE_TABLE:
            reasons.append(reason("demand_three_table", f"{show_rank(rank)} is not in the "
                                  "3-times table; after a 3 play 3, 6, 9, Q, a joker or a 5"))
    elif demand == "seven":
        if rank > 7:
            reasons.append(reason("demand_seven", f"after a 7 play a 7 or lower, a joker or a "
                                  f"5, not {show_rank(rank)}"))
    elif demand == "jack":
        if rank != JACK and not top.follows_jack(first):
            reasons.append(reason("demand_jack_suit", f"{show_card(first)} does not follow "
                                  f"{show_card(top.card)}: play {_jack_suit(top)}, a jack or "
                                  f"a 5"))
    elif demand == "king":
        if rank not in (KING, 14):
            reasons.append(reason("demand_king", f"only a king, an ace or a 5 goes on a king, "
                                  f"not {show_rank(rank)}"))
    else:
        reasons.extend(_rank_rules(rank, top))
    if rank == 6 and top.sixes + len(cards) >= 3:
        reasons.append(reason("three_sixes", "three 6s may never lie in a row, a 5 between "
                              "them or not"))
    return reasons


def _rank_rules(rank: int, top: Top) -> list[Reason]:
    """Return why `rank` may not go on a top card that asks nothing."""
    base = top.rank
    if rank == QUEEN:
        if base == 0:
            return [reason("queen_on_empty", "a queen may not open an empty table")]
        if base == 2:
            return [reason("queen_on_two", "a queen may not go on a 2")]
        if base == 6:
            return [reason("queen_on_six", "a queen may not go on a 6")]
    elif rank in (2, 10) or (rank == 6 and base == QUEEN):
        return []                              # the 2 and 10 go on any card that asks nothing
    if rank < base:
        return [reason("too_low", f"{show_rank(rank)} is lower than {show_rank(base)}")]
    return []


def _check_jokers(top: Top, cards: list[str]) -> list[Reason]:
    if top.rank == KING:
        if top.live:
            return [reason("demand_king", "only a king, an ace or a 5 goes on a king")]
        return [reason("joker_on_king", "a joker never goes on a king")]
    if top.demand == "jack":
        wrong = [c for c in cards if not top.follows_jack(c)]
        if wrong:
            return [reason("joker_jack_colour", f"{show_card(wrong[0])} is not the colour of "
                                                f"{show_card(top.card)}")]
    return []


def _check_response(top: Top, cards: list[str]) -> list[Reason]:
    need = 2 * top.nines
    nines = f"{top.nines} nine{'s' * (top.nines > 1)}"
    if len(cards) == 1 and RANK[cards[0]] == 5:
        return [reason("five_on_nine", f"a 5 does not help: after {nines} play {need} cards "
                                       f"that beat 9")]
    reasons = []
    if len(cards) != need:
        reasons.append(reason("demand_nine_count", f"after {nines} play exactly {need} cards "
                                                   f"at once, not {len(cards)}"))
    low = [c for c in cards if RANK[c] < 9]
    if low:
        reasons.append(reason("demand_nine_rank", f"{show_cards(low)} do not beat 9; answer 9s "
                                                  f"with 9, 10, J, Q, K or A"))
    return reasons


def _ladder_break(cards: list[str]) -> tuple[str, int] | None:
    """Return the first card of a ladder that does not follow its step, and the step's rank."""
    eights = leading_eights(cards)
    steps = RED_LADDER if colour(cards[eights - 1]) == "r" else BLACK_LADDER
    at, before = 0, 8
    for card in cards[eights:]:
        rank = RANK[card]
        if rank == before:
            continue
        if at + 1 < len(steps) and rank == steps[at + 1]:
            at, before = at + 1, rank
            continue
        return card, before
    return None


def _check_ladder(top: Top, cards: list[str]) -> list[Reason]:
    eights = leading_eights(cards)
    reasons = _check_plain(top, cards[:eights])
    red = colour(cards[eights - 1]) == "r"
    steps = RED_LADDER if red else BLACK_LADDER
    broken = _ladder_break(cards)
    if broken:
        card, before = broken
        ladder = ", ".join(show_rank(r) for r in steps)
        reasons.append(reason("ladder_step", f"{show_card(card)} does not follow "
                              f"{show_rank(before)} in a {'red' if red else 'black'} 8's "
                              f"ladder ({ladder})"))
    if sum(RANK[c] == 6 for c in cards) >= 3:
        reasons.append(reason("three_sixes", "three 6s may never lie in a row, not even in a "
                                             "ladder"))
    return reasons


def _queen_at_fault(top: Top, cards: list[str]) -> bool:
    """Return whether the card a refused play breaks the rules with is a queen (§12's offence,
    punished without mercy), rather than a play that merely holds a legal queen."""
    if not cards:
        return False
    kind = kind_of(cards, top)
    if kind == "plain":
        return RANK[cards[0]] == QUEEN
    if kind == "ladder":
        broken = _ladder_break(cards)
        if broken is None:              # the ladder holds; its opening eights are refused
            return False
        return RANK[broken[0]] == QUEEN
    return False                        # mixed ranks, jokers, an answer to 9s: not the queen


def _jack_suit(top: Top) -> str:
    if RANK[top.card] == JOKER:
        return f"a {_SUIT_NAMES[colour(top.card)]} card"
    return f"a {SUIT_SYMBOLS[SUIT[top.card]]} card"


def asks(top: Top) -> str:
    """Return what the next play must be, in words."""
    demand = top.demand
    if demand == "three":
        return "3, 6, 9 or Q (the 3-times table), a joker or a 5"
    if demand == "seven":
        return "a 7 or lower, a joker or a 5"
    if demand == "nine":
        return f"{2 * top.nines} cards at once, each beating 9 (9 to A)"
    if demand == "jack":
        return f"{_jack_suit(top)}, a jack or a 5"
    if demand == "king":
        return "a king, an ace or a 5"
    if top.rank in (0, 2):
        return "any card but a queen"
    if top.rank == 6:
        return "a 6 or higher but no queen, or a 2, 10, 5 or joker"
    if top.rank == KING:
        return "K or A, or a 2, 10 or 5"
    if top.rank == QUEEN:
        return "Q, K or A, a 6, or a 2, 10, 5 or joker"
    return f"{show_rank(top.rank)} or higher, or a 2, 10, 5 or joker"


def play_verdict(top: Top, pile: list, cards: list[str], answer: str, player: str | None,
                 draw_empty: bool, reasons: list[Reason] | None = None, check: bool = True
                 ) -> tuple[Verdict, Laid | None]:
    """Return the verdict on laying `cards` on `pile`, and the play laid when it is legal.

    `reasons` are objections found before (whose turn, which cards); `check` False skips the
    rules of what goes on what, for a card a red 4 plays out (§4 part 2).
    """
    placing = check_play(top, cards) if check else []
    reasons = list(reasons or []) + placing
    who = player or "the player"
    if reasons:
        codes = [r.code for r in reasons]
        if any(r.code == "three_sixes" for r in placing):
            penalty, zero = "three_sixes", True
        elif placing and _queen_at_fault(top, cards):
            penalty, zero = "illegal_queen", True        # §20 part 2: no forgiveness
        else:
            penalty, zero = "breach", False
        consequence = (f"{who} picks up the pile (§20 part 2: no mercy)" if zero else
                       f"the play is refused; past their third game {who} picks up the pile "
                       f"(§20 part 1)")
        extra = {"paragraph": PARAGRAPH.get(codes[0]), "consequence": consequence,
                 "penalty": penalty, "zero_tolerance": zero}
        return Verdict(answer, False, reasons, extra=extra), None
    kind = kind_of(cards, top)
    laid = lay(pile, top, cards, player, kind, draw_empty)
    paragraph, consequence = _consequence(laid, kind, cards, who)
    extra = {"paragraph": paragraph, "consequence": consequence, "effects": _effects(laid),
             "next": None if laid.burn or laid.ace_on_king else asks(top_of(laid.pile))}
    if laid.acts_as is not None:
        extra["acts_as"] = show_rank(laid.acts_as)
    return Verdict(answer, True, extra=extra), laid


def _consequence(laid: Laid, kind: str, cards: list[str], who: str) -> tuple[str, str | None]:
    """Return (paragraph, sentence) for what a legal play sets off."""
    if kind == "response":
        where = "§9"
    elif kind == "ladder":
        where = "§8"
    else:
        where = _CARD_PARAGRAPH[RANK[cards[-1]]]
    joker = f"the joker acts as {show_rank(laid.acts_as)}: " if laid.acts_as is not None else ""
    if laid.burn == "ten":
        return where if joker else "§10", f"{joker}the 10 burns the pile; {who} plays again"
    if laid.burn:
        rank = laid.pile[-1][2]
        where = {4: "§4", KING: "§13"}.get(rank, "§5")
        return where, f"{joker}four of a kind burn the pile; {who} plays again"
    if laid.ace_on_king:
        owner = f"{laid.king_owner} (whose king it was)" if laid.king_owner else "the king's player"
        return "§13", f"{owner} picks up the pile"
    if laid.follow:
        return where, f"{joker}{who} must lay one more card on the 2"
    if laid.four == "black":
        return where, f"{joker}{who} gives a card from their hand to an opponent's table"
    if laid.four == "red":
        suits = " or ".join(SUIT_SYMBOLS[s] for s in laid.out_suits)
        return where, f"{joker}{who} may play out a face-up {suits} card"
    if kind == "ladder":
        return where, "ladder cards have no function"
    if joker:
        return where, joker.rstrip(": ")
    return where, None


def _effects(laid: Laid) -> list[str]:
    found = []
    if laid.burn:
        found.append("burn")
    if laid.ace_on_king:
        found.append("king_picks_up")
    if laid.follow:
        found.append("follow")
    if laid.four == "black":
        found.append("give")
    if laid.four == "red":
        found.append("play_out")
    return found


def as_cards(cards) -> list[str]:
    """Return card ids from a written string or a list of ids or written cards."""
    if isinstance(cards, str):
        return parse_cards(cards)
    return [c if c in CARDS else parse_card(str(c)) for c in cards]


def judge_play(pile, play, options: dict | None = None, **context) -> Verdict:
    """Return the verdict on laying `play` on a bare `pile` (both bottom to top).

    `pile` and `play` are card lists or strings as people write them ("K♠ 5♥"). Context:
    draw_empty (bool: the draw pile is empty, so 4s have no function and four 4s burn), by (who
    laid each pile card, to name the king's player of §13) and player (who plays).
    """
    unknown = set(context) - {"draw_empty", "by", "player"}
    if unknown:
        raise InputError(f"unknown context {', '.join(sorted(unknown))} (draw_empty, by, player)")
    if options:
        resolve_options(options)   # reject unknown names, though no rule of a lone play reads one
    cards, below = as_cards(play), as_cards(pile)
    by = context.get("by")
    if by is not None and len(by) != len(below):
        raise InputError(f"by names {len(by)} players for {len(below)} pile cards")
    draw_empty = bool(context.get("draw_empty", False))
    entries = read_pile(below, draw_empty, by)[0] if below else []
    answer = play if isinstance(play, str) else show_cards(cards)
    top = top_of(entries) if entries else EMPTY
    verdict, _ = play_verdict(top, entries, cards, answer, context.get("player"), draw_empty)
    if any(RANK[c] == 8 for c in below[:-1]):
        # A game knows which cards were laid as one ladder (their functions are void); a bare
        # pile does not, and is read as single plays: said, so no ruling on a ladder is silent.
        verdict.extra["pile_read_as"] = PILE_READ_AS
    return verdict


PILE_READ_AS = ("each pile card as a play of its own, not a ladder (in a game, cards laid in "
                "a ladder have no function)")
