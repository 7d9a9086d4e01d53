"""The word games' numbers: `wordref analyze deck` (a deck's stumps, taps and answers, and a
change that stumps less) and `wordref simulate extremis|redyellow` (whole games between
computer players), which the `simulate` command of cards.py hands the word games to.

The figures come from solver/games/deckstats.py and wordsim.py; the HTML report is drawn by
solver/games/deckreport.py with matplotlib (the `analysis` extra).
"""

from __future__ import annotations

import sys

import click

from ..games import WORD_GAMES
from .common import EXIT_NO, FilePath, TextFile, emit, exit_with, json_option, lang_option


def simulate_words(kind: str, games: int, seed: int, players: int, players_given: bool,
                   deck, lang: str, level: str | None, house: dict, as_json: bool) -> None:
    """Run and print `wordref simulate` for a word game."""
    from ..games import wordbots, wordsim
    from ..referee import start_options

    if level is None:
        levels = list(wordbots.LEVELS) if not players_given else \
            [wordbots.DEFAULT_LEVEL] * players
    else:
        levels = wordbots.parse_levels(level)
        if len(levels) == 1:
            levels = levels * players
        elif players_given and len(levels) != players:
            raise click.UsageError(f"--players {players} but {len(levels)} levels: give one "
                                   f"level, or one per player")
    options = start_options(kind, lang, deck.read() if deck else None, extra=house)
    with click.progressbar(length=games, label="games", file=sys.stderr) as bar:
        result = wordsim.simulate(kind, games, seed, levels, options, progress=bar.update)
    if as_json:
        emit(result)
    else:
        for line in simulation_lines(result):
            click.echo(line)
    exit_with(0 if result["finished"] == result["games"] else EXIT_NO)


def simulation_lines(result: dict) -> list[str]:
    """Return a simulation's summary as lines of text."""
    moves, until = result["moves"], result["until_answer"]
    step = "flips" if result["game"] == "extremis" else "Things"
    lines = [f"{result['finished']} of {result['games']} games finished; moves per game: "
             f"median {moves['median']}, max {moves['max']}; {result['rounds']} rounds",
             f"first state with no answer: {result['first_state_no_answer']:.1%} of rounds; "
             f"{step} until an answer: median {until['median']}, max {until['max']}"]
    if result["game"] == "extremis":
        lines.append(f"rounds dealt with a tap: {result['first_state_tap']:.1%}; taps in all "
                     f"{result['taps']}")
    lines.append("answers at a state: median "
                 f"{result['answers_per_state']['median']}, max "
                 f"{result['answers_per_state']['max']}")
    lines.append("wins: " + ", ".join(
        f"{lv} {rate:.1%} of games ({result['round_win_rates'][lv]:.1%} of rounds)"
        for lv, rate in result["win_rates"].items()))
    return lines


@click.group()
def analyze():
    """Numbers about the word games' decks.

    \b
    Examples:
      wordref analyze deck extremis --lang fr
      wordref analyze deck redyellow --rounds 2000 --json
    """


@analyze.command("deck")
@click.argument("kind", type=click.Choice(WORD_GAMES))
@lang_option
@click.option("--deck", type=TextFile(), metavar="FILE",
              help="A deck file (YAML or JSON, as `game new --deck` reads); default: the "
                   "language's bundled deck.")
@click.option("--rounds", "-n", default=1000, show_default=True, type=click.IntRange(1, 200_000),
              help="Random rounds to deal (the suggestion is measured on as many more).")
@click.option("--seed", default=1, show_default=True, type=int,
              help="Round i is the first deal of a game with seed SEED + i.")
@click.option("--players", default=4, show_default=True, type=click.IntRange(2, 12),
              help="Players at the table (In Extremis: the cards in play).")
@click.option("--changes", default=2, show_default=True, type=click.IntRange(0, 10),
              help="Letters the suggested deck may change, one card side each.")
@click.option("--html", "html", type=FilePath(dir_okay=False, writable=True), metavar="FILE",
              help="Write a self-contained HTML report with charts (needs the analysis "
                   "extra: pip install 'wordref[analysis]').")
@json_option
def analyze_deck(kind, lang, deck, rounds, seed, players, changes, html, as_json):
    """How often a random round has no answer, which letters cause the stumps and taps, how
    many answers a round has, and a change to the deck's letters that stumps less, with its
    effect measured on rounds the choice never saw.

    \b
    Examples:
      wordref analyze deck extremis
      wordref analyze deck extremis --lang de --rounds 2000 --json
      wordref analyze deck redyellow --html report.html
      wordref analyze deck extremis --deck my-deck.yaml --players 3
    """
    from ..games import deckstats

    render = None
    if html:
        from ..games import deckreport

        render = deckreport.renderer()  # fails at once, before the work, without matplotlib
    text = deck.read() if deck else None
    deckstats.load(kind, lang, text)  # a bad deck or language: one line, before the bar
    with click.progressbar(length=1 + changes * 24, label="rounds", file=sys.stderr) as bar:
        result = deckstats.analyze(kind, lang, text, rounds, seed, players, changes,
                                   progress=bar.update)
    if html:
        with open(html, "w", encoding="utf-8") as handle:
            handle.write(render(result))
    if as_json:
        return emit(result)
    for line in analysis_lines(result):
        click.echo(line)
    if html:
        click.echo(f"report written to {html}")


def analysis_lines(result: dict) -> list[str]:
    """Return a deck analysis as lines of text."""
    answers = result["answers"]
    lines = [f"{result['rounds']} random rounds of {result['game']} ({result['lang']}, "
             f"{result['deck']} deck, {result['players']} players, seeds from {result['seed']})",
             f"no answer: {result['no_answer']:.1%} of rounds"]
    if result["game"] == "extremis":
        flips = result["flips_until_word"]
        lines[-1] += f"; a tap: {result['tap']:.1%}"
        lines.append(f"flips until a word exists: median {flips['median']} "
                     f"({flips['median_when_stumped']} when the first deal has none), "
                     f"max {flips['max']}")
    lines.append(f"answers in a round: median {answers['median']} "
                 f"(quartiles {answers['p25']} and {answers['p75']})")
    worst = result["worst"][:5]
    if worst:
        lines.append("letters behind most stumps: " + ", ".join(
            f"{e['role']} {e['letter'].upper()} ({e['stumped']} of {e['rounds']}"
            + (f", {e['causes']} caused" if e["causes"] else "") + ")" for e in worst))
    tapping = sorted((e for e in result["letters"] if e["taps"]),
                     key=lambda e: (-e["taps"], e["letter"]))[:5]
    if tapping:
        lines.append("letters in most taps: " + ", ".join(
            f"{e['role']} {e['letter'].upper()} ({e['taps']})" for e in tapping))
    suggestion = result["suggestion"]
    if suggestion["changes"]:
        lines.append("suggested: " + "; ".join(c["text"] for c in suggestion["changes"]))
        lo, hi = suggestion["measured_on"]
        lines.append(f"measured on rounds {lo}-{hi}: no answer {suggestion['before']:.1%} -> "
                     f"{suggestion['after']:.1%}"
                     + ("" if suggestion["helps"] else " (no better on unseen rounds)"))
    else:
        lines.append("suggested: no one-letter change stumps less on these rounds")
    return lines
