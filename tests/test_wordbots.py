"""Computer players for the word games: what they know, how fast they say it, taps, takes,
stumps; whole seeded games in every language; simulations reproducible byte for byte."""

import json
import random

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

import cli
from solver import extremis as xrules
from solver.games import extremis as xgame
from solver.games import redyellow as rygame
from solver.games.wordbots import (LEVELS, Found, WordBot, decisions, level, parse_levels,
                                   seat_bots, table_move, take_choice)
from solver.games.wordsim import play_game, simulate
from solver.lexicon import Lexicon
from solver.paths import available_lexicons

PLAYERS = ["ann", "bob", "cy"]


def run(*args, input=None):
    return CliRunner().invoke(cli.main, list(args), input=input, catch_exceptions=False)


def extremis_state(initial, green="", red="", seed=1):
    """Return a playing In Extremis state with these cards in play."""
    state = xgame.new(PLAYERS, seed)
    state["initial"] = {"green": initial, "red": "q", "up": "green"}
    tops = [{"green": g, "red": "z", "up": "green"} for g in green] + \
           [{"green": "e", "red": r, "up": "red"} for r in red]
    state["stacks"] = [[t] for t in tops] + [[] for _ in range(len(PLAYERS) - len(tops))]
    state["status"] = "tap" if xgame.in_play(state).taps else "playing"
    return state


# What a bot knows and says ---------------------------------------------------------------------

@pytest.mark.parametrize("name", list(LEVELS))
def test_a_bot_says_the_commonest_word_it_knows(name):
    state = extremis_state("b", "ut", "x")
    decision = WordBot("ann", name).decide(state)
    lex = Lexicon.open("en")
    every = xrules.solve(lex, xgame.in_play(state), None).words
    known = [w for w in every if lex.lookup(w).zipf >= LEVELS[name].word_zipf]
    assert decision.move == {"type": "answer", "player": "ann", "word": known[0], "round": 1}
    assert decision.known == len(known)
    assert xgame.judge(state, decision.move).valid


def test_levels_know_more_words_the_higher_they_are():
    state = extremis_state("c", "ao", "")
    found = Found(state)
    counts = [found.known_count(LEVELS[n], state) for n in ("beginner", "regular", "expert")]
    assert counts[0] < counts[1] < counts[2] <= found.count


def test_a_bot_that_knows_no_word_says_stumped_and_alone_the_table_is_stumped():
    # Words exist for Q with a green E and W ("qwerty"), but none a beginner knows.
    state = extremis_state("q", "ew", "")
    found = Found(state)
    assert found.count > 0 and found.known_count(LEVELS["expert"], state) > 0
    assert found.known_count(LEVELS["beginner"], state) == 0
    decision = WordBot("ann", "beginner").decide(state)
    assert decision.move is None and decision.said == "stumped"
    assert table_move(state, [WordBot("ann", "beginner")]).move == {"type": "stumped"}
    assert table_move(state, [WordBot("ann", "beginner")], humans=1) is None


def test_the_house_ban_is_respected():
    state = extremis_state("b", "ut", "x")
    first = WordBot("ann", "regular").decide(state).said
    state["house"]["ban"] = [Lexicon.open("en").alphabet.fold(first)]
    second = WordBot("ann", "regular").decide(state)
    assert second.said != first and xgame.judge(state, second.move).valid


def test_reaction_grows_with_rarity_length_and_scarcity():
    bot = WordBot("ann", "regular")
    fixed = lambda: random.Random(0)  # the same noise for every case
    easy = bot.reaction("bat", 5.0, 100, fixed())
    assert bot.reaction("bat", 3.0, 100, fixed()) > easy
    assert bot.reaction("battalion", 5.0, 100, fixed()) > easy
    assert bot.reaction("bat", 5.0, 2, fixed()) > easy


def test_decisions_are_seeded_not_timed():
    state = extremis_state("b", "ut", "x")
    once = WordBot("ann", "expert", seed=3).decide(state)
    assert WordBot("ann", "expert", seed=3).decide(state) == once
    delays = {WordBot("ann", "expert", seed=s).decide(state).delay for s in range(6)}
    assert len(delays) > 1


def test_every_bot_taps_when_a_tap_is_on_and_the_fastest_lands():
    state = extremis_state("b", "u", "u")
    assert state["status"] == "tap"
    bots = [WordBot(n, lv) for n, lv in zip(PLAYERS, LEVELS)]
    made = decisions(state, bots)
    assert all(d.move == {"type": "tap", "player": d.player} for d in made)
    assert table_move(state, bots) == made[0] and made[0].delay == min(d.delay for d in made)


def test_the_take_policy_balances_the_types_and_is_legal():
    state = rygame.new(PLAYERS, 2)
    state["players"][0].update(red=["a", "b"], yellow=["c"], thing=["Rivers", "Fish", "Cars"])
    state["status"], state["chooser"] = "choose", "ann"
    assert take_choice(state, "ann") == "yellow"
    decision = WordBot("ann", "regular").decide(state)
    assert decision.move == {"type": "take", "player": "ann", "card": "yellow"}
    assert rygame.judge(state, decision.move).valid
    assert WordBot("bob", "regular").decide(state) is None


def test_a_red_letter_yellow_letter_bot_answers_with_a_member_it_knows():
    for seed in range(1, 30):
        state = rygame.new(PLAYERS, seed)
        decision = WordBot("ann", "expert").decide(state)
        if decision.move is not None:
            break
    verdict = rygame.judge(state, decision.move)
    assert verdict.valid and verdict.zipf >= LEVELS["expert"].member_zipf


def test_levels_and_seats_are_checked():
    assert level("expert").word_zipf < level("regular").word_zipf < level("beginner").word_zipf
    assert parse_levels("regular", 3) == ["regular"] * 3
    assert seat_bots(["ann"], 2, "regular") == {"bot-regular-1": "regular",
                                                "bot-regular-2": "regular"}
    for bad in (lambda: level("wizard"), lambda: parse_levels("regular,expert", 3),
                lambda: seat_bots(["bot-expert"], 1, "expert"), lambda: seat_bots([], 0, "x")):
        with pytest.raises(Exception) as err:
            bad()
        assert "\n" not in str(err.value)


# Whole games -----------------------------------------------------------------------------------

LANGS = sorted(available_lexicons())


@pytest.mark.parametrize("lang", LANGS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), levels=st.lists(st.sampled_from(list(LEVELS)), min_size=2,
                                                    max_size=4))
def test_seeded_bot_games_of_in_extremis_play_to_the_end(lang, seed, levels):
    record = play_game("extremis", levels, seed, {"lang": lang})
    assert record["finished"]
    assert record["winners"]
    held = sum(r["states"].count(None) for r in record["rounds"])
    assert held == sum(r["taps"] for r in record["rounds"])


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), levels=st.lists(st.sampled_from(list(LEVELS)), min_size=2,
                                                    max_size=4))
def test_seeded_bot_games_of_red_letter_yellow_letter_play_to_the_end(seed, levels):
    record = play_game("redyellow", levels, seed, {"lang": "en"})
    assert record["finished"]
    assert all(r["end"] in ("answer", "over") for r in record["rounds"])


def test_simulation_records_what_the_game_did():
    result = simulate("extremis", 4, 11, ["beginner", "expert"], {"lang": "en"})
    assert result["finished"] == 4
    assert sum(result["wins"].values()) == pytest.approx(4)
    assert result["rounds"] == sum(len(g["rounds"]) for g in result["per_game"])
    for game in result["per_game"]:
        for rd in game["rounds"]:
            first = rd["until_answer"]
            assert first is None or (rd["states"][first] and not any(rd["states"][:first]))
    # Seats turn: each level led the first round in half of the games.
    assert [g["levels"] for g in result["per_game"]][:2] == [
        {"beginner": "beginner", "expert": "expert"}, {"expert": "expert", "beginner": "beginner"}]


@pytest.mark.parametrize("kind", ["extremis", "redyellow"])
def test_seeded_simulations_are_reproducible_byte_for_byte(kind):
    args = ["simulate", kind, "--games", "3", "--seed", "5", "--json"]
    first, second = run(*args), run(*args)
    assert first.exit_code == 0
    assert first.stdout == second.stdout
    assert json.loads(first.stdout)["games"] == 3
    assert run("simulate", kind, "--games", "3", "--seed", "6", "--json").stdout != first.stdout


def test_simulate_text_and_errors():
    result = run("simulate", "extremis", "--games", "2", "--level", "expert", "--players", "2")
    assert result.exit_code == 0 and "expert" in result.stdout
    for args in (["--level", "wizard"], ["--level", "regular,expert", "--players", "3"]):
        bad = run("simulate", "extremis", "--games", "1", *args)
        assert bad.exit_code == 2 and len(bad.output.strip().splitlines()) == 1
    assert run("simulate", "idiot", "--games", "1", "--level", "expert").exit_code == 2


# At the table: play, game new, game bot ---------------------------------------------------------

def test_game_new_seats_bots_and_game_bot_moves_for_them(tmp_path):
    db = str(tmp_path / "g.sqlite3")
    made = json.loads(run("game", "new", "extremis", "--players", "ann", "--bots", "2",
                          "--level", "regular,expert", "--seed", "4", "--db", db, "--json").stdout)
    assert [p["name"] for p in made["state"]["players"]] == ["ann", "bot-regular", "bot-expert"]
    before = made["state"]["round"]
    moved = json.loads(run("game", "bot", made["id"], "--db", db, "--json").stdout)
    assert moved["move"]["player"] in ("bot-regular", "bot-expert", None) or \
        moved["move"] == {"type": "stumped"}
    assert moved["state"]["round"] > before
    plain = json.loads(run("game", "new", "extremis", "--players", "ann,bob", "--db", db,
                           "--json").stdout)
    refused = run("game", "bot", plain["id"], "--db", db)
    assert refused.exit_code == 2 and "no computer players" in refused.output


def test_play_with_bots_lets_them_answer_when_the_people_pass(tmp_path):
    db = str(tmp_path / "g.sqlite3")
    result = run("play", "redyellow", "--players", "ann", "--bots", "2", "--seed", "3",
                 "--db", db, input="\n\n\nquit\n")
    assert result.exit_code == 0
    assert "computer players: bot-regular-1 (regular), bot-regular-2 (regular)" in result.output
    from solver.referee import Referee

    referee = Referee.open(db)
    game_id = referee.list()[0]["id"]
    moves = referee.moves_in_effect(game_id)
    assert moves and all(m.get("player", "table").startswith("bot-") or m["type"] == "stumped"
                         for m in moves)
    referee.close()
    assert run("play", "idiot", "--players", "ann", "--bots", "1").exit_code == 2


def test_at_a_terminal_bots_shout_when_their_time_comes(tmp_path):
    """Nobody types: on a terminal (a pty here) the bots answer on their own, then quit."""
    import os
    import pty
    import re
    import select
    import subprocess
    import sys
    import time

    main, child = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-c", "import cli; cli.main()", "play", "extremis", "--players", "ann",
         "--bots", "2", "--level", "expert", "--seed", "3", "--db", str(tmp_path / "g.db")],
        stdin=child, stdout=child, stderr=child, close_fds=True)
    os.close(child)
    out, started = b"", time.monotonic()
    try:
        while b"claims" not in out and time.monotonic() - started < 60:
            if select.select([main], [], [], 0.5)[0]:
                out += os.read(main, 4096)
        os.write(main, b"quit\n")
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
    text = re.sub(r"\x1b\[[0-9;]*m", "", out.decode(errors="replace"))
    assert re.search(r"bot-expert-\d( taps the initial card|: [A-Z]+!) \(\d+\.\d s\)", text)
    assert re.search(r"bot-expert-\d claims \d+ cards", text)
