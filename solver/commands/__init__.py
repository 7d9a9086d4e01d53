"""The `wordref` commands, one module a family; `register` below is where each joins the tree.

    common.py    the root group's error handling, shared options, JSON output, batch mode
    words.py     solve / any / judge / hint, for In Extremis and Red Letter, Yellow Letter
    lexicon.py   lexicon info / words / build, and things (the categories)
    games.py     game new / show / answer / stumped / tap / take / overrule / undo / list /
                 replay / resume, and play (the interactive referee of play.py)
    cards.py     judge idiot, simulate, and game play / pickup / move / moves
    analyze.py   analyze deck, and simulate for the word games
    botplay.py   computer players at the prompt (play --bots), and game bot
    render.py    a game's table and events as text
    serve.py     the HTTP service

Each command reads its options, calls the library (solver/api.py for the word verbs,
solver/referee.py for whole games) and prints; no rule of any game is decided here.
"""

from __future__ import annotations

from .common import LazyGroup


COMMANDS = {
    "solve": "words:solve", "any": "words:any_", "judge": "words:judge", "hint": "words:hint",
    "judge idiot": "cards:judge_idiot",
    "things": "lexicon:things", "lexicon": "lexicon:lexicon",
    "game": "games:game", "play": "games:play",
    "game play": "cards:game_play", "game pickup": "cards:game_pickup",
    "game move": "cards:game_move", "game moves": "cards:game_moves",
    "game bot": "botplay:game_bot",
    "serve": "serve:serve", "simulate": "cards:simulate", "analyze": "analyze:analyze",
}


def register(main: LazyGroup) -> None:
    """Name every command of the root group `main`, to be imported when a command line uses it."""
    main.lazy.update({name: f"{__name__}.{target}" for name, target in COMMANDS.items()})
