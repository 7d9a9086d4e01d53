"""Moves in a process of their own: the serving process parses and answers, the mover plays.

    wordref serve --move-process        (or WORDREF_MOVE_PROCESS=1)

A move's judging, its transaction and its live event take about a millisecond of Python, in
worker threads that share the GIL with the event loop: beside 200 moves a second the word verbs
of the same process kept 0.39 to 0.75 of their throughput (benchmarks/fanout.py), while the
machine's other core sat partly idle. With this option each served process starts one child,
`python -m solver.service.mover`, which builds the same app over the same database and plays
every move; the serving process only parses the request, hands the route's arguments over a
pipe and sends back the answer and the move's event.

Start with `Mover.play` (the serving side, called by app.py's `threaded` for every move) and
`main` (the child). Frames on both pipes are a 4-byte length and a pickle (the two processes
are one program): to the child ("play", id, args, tokens); from it ("ready",), ("done", id,
status, headers, body), ("event", game, seq, data, state), ("tell", game, seq, seats) and, on
PostgreSQL, ("listening",) and ("note", payload) for the NOTIFYs of other replicas' moves. A
move's event is written before its answer, so no screen hears of a move after its player.

The child runs under Linux's SCHED_BATCH policy: a move handed to it wakes it without taking
the serving process's core away (with the default policy the kernel ran the woken child at
once, and each hand-over held the event loop 200 to 240 us instead of 30 us; beside 1,400
streams and 200 moves a second the judge verb then kept 0.50 to 0.73 of its throughput, and
0.86 to 0.93 with the policy, benchmarks/fanout.py). The child's own moves lose nothing the
clients see: it still runs as soon as a core is free.

The child's streams hub is a `Relay`: it encodes every move's event, as a replica on
PostgreSQL does, and passes it to the serving process's hub (which drops what it heard
already, by sequence number: its file watch hears the same moves; on PostgreSQL the child
LISTENs in its stead, see Relay). Computer players'
moves are made by the child's own timers. If the child dies, the moves waiting on it are
answered 503 (with Retry-After; each was committed or not, as when a server dies), the next
moves are played in the serving process, and a new child is started.
"""

from __future__ import annotations

import asyncio
import logging
import os
import pickle
import signal
import sys
import threading

from starlette.responses import Response

from ..games import engine as find_engine
from .live import Hub, move_event, parse_note

ENV = "WORDREF_MOVE_PROCESS"
RESTART = 1.0  # seconds before a new child, after one died
OWN_KEPT = 10_000  # own moves whose NOTIFY the child waits for, at most
log = logging.getLogger("wordref.mover")


def wanted() -> bool:
    """Whether this served process plays its moves in a child process."""
    return os.environ.get(ENV, "") not in ("", "0")


def _frame(message) -> bytes:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return len(data).to_bytes(4, "big") + data


async def _read(reader: asyncio.StreamReader):
    size = int.from_bytes(await reader.readexactly(4), "big")
    return pickle.loads(await reader.readexactly(size))


class Gone(Exception):
    """The moves' process died with this move in its hands."""


class Mover:
    """The child process that plays this process's moves, from the serving side."""

    def __init__(self, hub_of):
        self.hub_of = hub_of  # () -> this process's live Hub, or None if no stream was opened
        self.writer: asyncio.StreamWriter | None = None
        self.pending: dict[int, asyncio.Future] = {}
        self.count = 0
        self.task: asyncio.Task | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    async def start(self) -> None:
        """Start the child (the app's start-up, on the event loop); moves go to it once it
        is ready, and are played in this process until then."""
        if self.task is None:
            self.loop = asyncio.get_running_loop()
            self.task = self.loop.create_task(self._run())

    @property
    def ready(self) -> bool:
        """Whether moves go to the child now (else the serving process plays them)."""
        return self.writer is not None

    async def play(self, args: tuple, tokens: tuple) -> Response:
        """Play `args` (app.py's `play` arguments) with the request's `tokens` in the child;
        return its answer. Raises Gone if the child died first."""
        self.count += 1
        ident = self.count
        done = self.pending[ident] = self.loop.create_future()
        self.writer.write(_frame(("play", ident, args, tokens)))
        status, headers, body = await done
        answer = Response(body, status_code=status)
        answer.raw_headers = headers
        return answer

    def play_soon(self, args: tuple) -> None:
        """From any thread (a computer player's timer here): play `args` in the child."""
        asyncio.run_coroutine_threadsafe(self.play(args, (None, None)), self.loop).result()

    async def _run(self) -> None:
        env = {k: v for k, v in os.environ.items() if k != ENV}
        while True:
            try:
                child = await asyncio.create_subprocess_exec(
                    sys.executable, "-m", "solver.service.mover", env=env,
                    stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
            except OSError:
                log.exception("starting the moves' process")
                await asyncio.sleep(RESTART)
                continue
            try:
                await self._listen(child)
            except (asyncio.IncompleteReadError, ConnectionError):
                pass
            finally:
                self.writer = None
                hub = self.hub_of()
                if hub is not None:
                    hub.forwarded = False  # its own LISTEN takes the notifications again
                for waiting in self.pending.values():
                    if not waiting.done():
                        waiting.set_exception(Gone())
                self.pending.clear()
                if child.returncode is None:
                    child.kill()
                await child.wait()
            log.warning("the moves' process ended (%s); starting another", child.returncode)
            await asyncio.sleep(RESTART)

    async def _listen(self, child) -> None:
        while True:
            message = await _read(child.stdout)
            kind = message[0]
            if kind == "done":
                waiting = self.pending.pop(message[1], None)
                if waiting is not None and not waiting.done():
                    waiting.set_result(message[2:])
            elif kind == "event" or kind == "tell":
                hub = self.hub_of()
                if hub is not None and message[1] in hub.channels:
                    (hub.heard if kind == "event" else hub.tell)(*message[1:])
            elif kind == "note":
                hub = self.hub_of()
                if hub is not None:
                    hub.noted(message[1])
            elif kind == "listening":
                hub = self.hub_of()
                if hub is not None and hub.started:
                    hub.forwarded = True
                    await hub._catch_up()  # what its own LISTEN might have missed meanwhile
            elif kind == "ready":
                self.writer = child.stdin


class Relay(Hub):
    """The child's hub: no streams of its own; every move's event goes to the serving process.

    On PostgreSQL it also LISTENs for the serving process (`listen`): every other replica's
    move reaches the serving process over the pipe, read by its event loop as the child's own
    events are, and no thread of the serving process takes the GIL from its event loop for
    each NOTIFY. The NOTIFYs of the child's own moves, which the serving process has already
    from `published`, are dropped here."""

    def __init__(self, target, send):
        super().__init__(target)
        self.send = send
        self.own: set[tuple[str, str]] = set()  # (game, seq) published, its NOTIFY not back

    def listen(self) -> None:
        """Start relaying the notifications (PostgreSQL only)."""
        if self.postgres:
            threading.Thread(target=self._listen, name="wordref-listen", daemon=True).start()

    def _catch_up_soon(self) -> None:
        self.send(("listening",))

    def _noted(self, payload: str) -> None:
        game_id, seq, _ = parse_note(payload)
        if (game_id, seq) in self.own:
            self.own.discard((game_id, seq))
        else:
            self.send(("note", payload))

    def herald(self, game, at: float, move: dict, events: list, state: dict) -> str | None:
        if not self.postgres:
            self._watch_file()  # its thread checkpoints the WAL (live.CHECKPOINT)
        return move_event(find_engine(game.game), game.seq + 1, at, move, events, state)

    def published(self, game_id: str, seq: int, data: bytes, state: dict | None = None) -> None:
        if self.postgres:
            if len(self.own) > OWN_KEPT:  # NOTIFYs that never came back (a lost connection)
                self.own.clear()
            self.own.add((game_id, str(seq)))
        self.send(("event", game_id, seq, data, state))

    def tell(self, game_id: str, seq: int | None, seats: bool = False) -> None:
        self.send(("tell", game_id, seq, seats))


async def _serve() -> None:
    from .app import create_app
    from .rooms import tokens_kept

    out, lock = sys.stdout.buffer, threading.Lock()
    sys.stdout = sys.stderr  # nothing else may write to the frames' pipe

    def send(message) -> None:
        data = _frame(message)
        with lock:
            out.write(data)
            out.flush()

    app = create_app()
    moves = app.state.moves
    moves.seating._hub = relay = Relay(moves.referees.path, send)
    relay.listen()
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)

    async def play(ident: int, args: tuple, tokens: tuple) -> None:
        with tokens_kept(*tokens):
            try:
                answer = await moves.threaded(*args)
            except Exception as err:  # noqa: BLE001 (answered as the app answers it, or 500)
                answer = await moves.refusal(err)
        send(("done", ident, answer.status_code, answer.raw_headers, answer.body))

    send(("ready",))
    while True:
        try:
            _, ident, args, tokens = await _read(reader)
        except asyncio.IncompleteReadError:
            return  # the serving process ended
        loop.create_task(play(ident, args, tokens))


def main() -> None:
    """The child: play the moves the serving process sends until it goes away (Ctrl-C at the
    terminal stops the serving process, which closes the pipe)."""
    from .app import SWITCH_INTERVAL

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.setswitchinterval(SWITCH_INTERVAL)
    if hasattr(os, "SCHED_BATCH"):  # Linux: see the module docstring
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))
    asyncio.run(_serve())


if __name__ == "__main__":
    main()
