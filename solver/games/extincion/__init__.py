"""¡Extinción! (Gnomosaurus, 2020): the whole-game referee for 2 to 6 players.

Start reading at engine.py, the engine contract of solver/games/base.py (`new`, `judge`,
`apply`, `legal_moves`, `view`) and the moves it takes. Then:

    deck.py     decks as data: the card format, loading, validation, the bundled sample
                (sample-deck.yaml, wordref's own: the publisher's card list is not public)
    rules.py    the rules as queries on a state: who may eat whom, what fits where
    judge.py    verdicts and the legal moves
    play.py     the set-up and what each move does to a state
    bots.py     computer players and `simulate`

docs/extincion.md gives every rule with how it is enforced, and every ruling where the
rulebook is silent.
"""

from .engine import *  # noqa: F401,F403  (the engine's __all__ is the package's)
from .engine import __all__  # noqa: F401
