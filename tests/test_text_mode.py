"""Every game command in text mode (no --json), over whole seeded games of every game.

The moves are chosen by the computer players (card games) or from the referee's own hint (word
games), sent through the CLI one process-like invocation each, and after every move the table is
shown in text: nothing may crash, and every move prints what happened.
"""

import json
import random
import re

import pytest
from click.testing import CliRunner

import cli
from solver.referee import Referee


def run(db, *args):
    result = CliRunner().invoke(cli.main, [*args, "--db", str(db)], catch_exceptions=False)
    return result


def next_move(referee: Referee, game_id: str, chance: random.Random) -> dict | None:
    """Return the next move of a whole game, or None once it is over."""
    game = referee.get(game_id)
    state = game.state
    if game.game == "idiot":
        from solver.games.idiot.bots import greedy_player
        return None if state["over"] else greedy_player(state, chance)
    if game.game == "extincion":
        from solver.games.extincion.bots import greedy_player
        return None if state.get("result") else greedy_player(state, chance)
    view = referee.view(game)["state"]
    if view["status"] == "over":
        return None
    moves = referee.legal_moves(game)
    if view["status"] != "playing" or not view.get("any") or chance.random() < 0.3:
        return chance.choice(moves)
    # The hint quotes the word as Python does: "Macy's" in double quotes.
    word = re.search(r"'(.+)'|\"(.+)\"", referee.hint(game, 4))
    word = word.group(1) or word.group(2)
    return referee.answer_move(game, chance.choice(game.players), word, view["round"])


@pytest.mark.parametrize("kind, seed", [("idiot", 1), ("idiot", 2), ("extincion", 1),
                                        ("extincion", 2), ("extremis", 1), ("redyellow", 1)])
def test_a_whole_seeded_game_in_text_mode(tmp_path, kind, seed):
    db = tmp_path / "games.sqlite3"
    made = run(db, "game", "new", kind, "--players", "ann,bob,cy", "--seed", str(seed))
    assert made.exit_code == 0, made.output
    game_id = re.match(r"game (\w+) ", made.output).group(1)
    referee, chance = Referee.open(db), random.Random(seed)
    moves = 0
    while moves < 400:
        move = next_move(referee, game_id, chance)
        if move is None:
            break
        if move["type"] == "answer":
            said = run(db, "game", "answer", game_id, "--player", move["player"],
                       move.get("word") or move["answer"])
            assert said.exit_code in (0, 1), said.output
        else:
            said = run(db, "game", "move", game_id, json.dumps(move))
            assert said.exit_code == 0, (move, said.output)
        assert said.output.strip(), move  # every move says what happened
        shown = run(db, "game", "show", game_id)
        assert shown.exit_code == 0 and shown.output.startswith(f"game {game_id}"), shown.output
        moves += 1
    assert moves > 5
    if kind in ("idiot", "extincion"):
        assert move is None, "the card games are played to their end"
        assert "game over" in run(db, "game", "show", game_id).output
    for verb in ("replay", "moves"):
        result = run(db, "game", verb, game_id)
        assert result.exit_code == 0, result.output
    assert "replayed state equals the stored state" in run(db, "game", "replay", game_id).output
    listed = run(db, "game", "list")
    assert listed.exit_code == 0 and game_id in listed.output


def test_idiot_show_with_an_empty_face_up_place(tmp_path):
    """An endgame: a face-up place played out shows as _, not a TypeError."""
    db = tmp_path / "games.sqlite3"
    referee = Referee.open(db)
    created, _ = referee.create("idiot", ["ann", "bob"], 5)
    chance = random.Random(5)
    from solver.games.idiot.bots import greedy_player
    while not any(None in ups for ups in referee.get(created.id).state["up"].values()):
        referee.play(created.id, greedy_player(referee.get(created.id).state, chance))
    shown = run(db, "game", "show", created.id)
    assert shown.exit_code == 0, shown.output
    assert re.search(r"face up (\S+ )*_", shown.output)


def test_card_moves_print_their_events(tmp_path):
    db = tmp_path / "games.sqlite3"
    referee = Referee.open(db)
    created, _ = referee.create("idiot", ["ann", "bob"], 3)
    move = referee.legal_moves(referee.get(created.id))[0]
    played = run(db, "game", "play", created.id, "--player", "ann",
                 "--cards", " ".join(move["cards"]))
    assert played.exit_code == 0
    lines = played.output.splitlines()
    assert lines[0].startswith("ann plays ") and lines[-1].endswith(("to play", "to play (follow)"))
    flip = run(db, "game", "move", created.id, '{"type":"flip","player":"bob","row":1}')
    assert "Traceback" not in flip.output and flip.exit_code in (0, 2)
