"""Computer players in a live room: each shouts its answer when its time comes, as a phone does.

Start with `LiveBots.poke(game_id)`, which app.py calls after every move it commits and after
it starts a game with bots (POST /api/games {"bots": N, "level": ...}). It reads the game, asks
its bots (solver/games/wordbots.py) what each would do and after how long, and sets one timer
for the fastest move (an answer, a tap, the card a winner takes). When the timer fires the move
goes through the app's own move path (`play`: the seat guard, the referee's one transaction,
the live stream's notice), exactly as a phone's POST does; a move that landed first makes the
bot's answer stale (`stale_round`, refused and dropped), and the next poke sets a new timer.

Bots that know no answer only say so: with people at the table, the table is stumped when the
people say it. The replica that commits a move sets the timer for the bots' reply, so across
replicas each bot move is made once.
"""

from __future__ import annotations

import logging
import threading

log = logging.getLogger("wordref.bots")


class LiveBots:
    """One timer per game with computer players; `play(game_id, move)` makes a move."""

    def __init__(self, referees, play):
        self.referees, self.play = referees, play
        self.lock = threading.Lock()
        self.timers: dict[str, threading.Timer] = {}

    def poke(self, game_id: str) -> None:
        """Set the timer of the game's fastest bot move, after a move or at the start."""
        from ..games.wordbots import bots_of, decisions

        with self.referees() as games:
            state = games.get(game_id).state
        bots = bots_of(state)
        if not bots:
            return
        made = [d for d in decisions(state, bots) if d.move is not None]
        with self.lock:
            old = self.timers.pop(game_id, None)
            if old is not None:
                old.cancel()
            if not made:
                return
            first = made[0]
            timer = threading.Timer(first.delay, self._fire, (game_id, state["step"],
                                                               first.move))
            timer.daemon = True
            self.timers[game_id] = timer
            timer.start()

    def _fire(self, game_id: str, step: int, move: dict) -> None:
        with self.lock:
            self.timers.pop(game_id, None)
        try:
            self.play(game_id, move)  # pokes again once the move is committed
        except Exception:  # a timer thread has nobody to answer: log and carry on
            log.exception("a computer player's move in game %s (step %s) failed", game_id,
                          step)

    def close(self) -> None:
        """Cancel every timer."""
        with self.lock:
            for timer in self.timers.values():
                timer.cancel()
            self.timers.clear()
