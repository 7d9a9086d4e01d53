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

import click


def register(main: click.Group) -> None:
    """Add every command to the root group `main`, in the order `wordref --help` lists them."""
    from . import analyze, botplay, cards, games, lexicon, serve, words

    for group in (words.solve, words.any_, words.judge, words.hint):
        main.add_command(group)
    words.judge.add_command(cards.judge_idiot)
    main.add_command(lexicon.things)
    main.add_command(lexicon.lexicon)
    for command in (cards.game_play, cards.game_pickup, cards.game_move, cards.game_moves):
        games.game.add_command(command)
    games.game.add_command(botplay.game_bot)
    main.add_command(games.game)
    main.add_command(games.play)
    main.add_command(serve.serve)
    main.add_command(cards.simulate)
    main.add_command(analyze.analyze)
