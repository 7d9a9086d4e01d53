"""Extreme Idiot, a Norwegian variant of Idiot (Shithead): the whole-game referee.

Start reading at engine.py, the engine contract of solver/games/base.py (`new`, `judge`,
`apply`, `legal_moves`, `view`) and `judge_play`, one play judged on a pile. Then, bottom up:

    cards.py    the 54 cards, their names and how they are typed ("9s", "9♠", "joker")
    pile.py     the pile: what lies on top, windows (5s), ladders (8s), the three-times table
    rules.py    may this play go on this pile? every paragraph, as a Verdict; house options
    table.py    the deal, the seats, the zones a player plays from (hand, face up, face down)
    judge.py    a whole move judged in a game: plays, pickups, penalties, 9s' demands
    moves.py    the distinct legal plays of a hand, for legal_moves and the bots
    apply.py    what a legal move does: burns, pickups, 4s, aces, going out, the idiot
    bots.py     computer players and `simulate`

docs/extreme-idiot.md gives every paragraph of the rulebook and every ruling on its gaps.
"""

from .engine import *  # noqa: F401,F403  (the engine's __all__ is the package's)
from .engine import __all__  # noqa: F401
