"""Live streams: every move of a game, as Server-Sent Events, to every screen of that game.

    GET /api/games/{id}/events     text/event-stream; `Last-Event-ID: N` (or ?after=N) resumes

Each move is one event: `id:` is its number in the game's append-only log and `data:` is JSON
{"seq", "at" (when it was logged), "move", "events", "state" (the public view after the move),
"status"}. A stream opened
without a number starts with one `event: snapshot` (the current seq and state), so a screen
never needs a separate GET. A comment line every HEARTBEAT seconds keeps proxies from closing
an idle stream.

Start with `Hub`. One per process: it keeps a `Channel` per game that has listeners. A move's
event is encoded once, by the process that commits it, from what the referee already holds
(`Hub.herald`: seq, move, events, new state; no read of the log), and handed to the channel
(`Hub.published`), which wakes every listener of that game, however many there are. Other
processes hear of the move thus:

- PostgreSQL: the move's transaction NOTIFYs its number and, when it fits the payload, the
  encoded event itself, so a replica passes it on as it is (pgstore.py);
- SQLite shared by several processes (`--workers 2`, a CLI move): a thread watches the file's
  change counter (`PRAGMA data_version`, no read of the log) every WATCH seconds;
- on both, a slow poll of the log is the safety net.

A move told without its event (too big for a NOTIFY, made by the CLI, seen by the watch or the
poll), or one that arrives after a gap, is read from the log once, on the hub's own store
connections and threads (never on the event loop). A listener that fell behind the channel's
recent events (a resume after a reconnect) reads its gap from the log, so a client sees every
move once, in order: never a gap, never a repeat.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections import deque
from concurrent.futures import ThreadPoolExecutor

from fastapi import Query, Request
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool

from ..games import engine as find_engine, status_of
from ..games.base import public_record
from ..pgstore import CHANNEL, connect, is_url
from ..store import open_store

HEARTBEAT = 15.0  # seconds between comment lines on every stream
RECENT = 256  # events kept per channel for listeners a little behind
READERS = 4  # threads reading the log for the live streams
# How often the log is polled for moves nothing told of: a safety net under the notices.
POLL = 2.0
FORWARD_CHECK = 0.5  # seconds: how soon a resting LISTEN notices it must listen again
# How often a SQLite file's change counter is read for moves of other processes (a CLI move,
# --workers 2): one PRAGMA on one connection, a few microseconds; the log is read only when
# the counter moved.
WATCH = 0.03
# How often the same thread copies the WAL back into the database file (a PASSIVE checkpoint:
# it blocks no reader or writer), so the WAL never reaches SQLite's 1,000 pages, past which
# the move that crosses it checkpoints inside its own commit: with 1,400 streams, those moves
# reached their screens 7 s late (fanout.py; 1.6 s worst without them).
CHECKPOINT = 0.5
log = logging.getLogger("wordref.live")


class Channel:
    """One game's listeners and its recent events."""

    def __init__(self, game_id: str):
        self.game_id = game_id
        self.seq: int | None = None  # the latest move read from the log
        self.state: dict | None = None  # the game's state after it, when known
        self.recent: deque[tuple[int, bytes]] = deque(maxlen=RECENT)
        self.listeners = 0
        self.reading = False
        self.again = False
        self.waiters: list[asyncio.Future] = []  # one per listener waiting for news
        self.beats = 0  # heartbeats so far (Hub._heartbeat)
        # A snapshot sent to every listener when the seats change (a phone joined, a seat was
        # renamed before the first move): no move, so no sequence number.
        self.notice: bytes | None = None
        self.notices = 0

    def wake(self) -> None:
        waiters, self.waiters = self.waiters, []
        for waiter in waiters:
            if not waiter.done():  # not a listener gone meanwhile
                waiter.set_result(None)

    def wait(self) -> asyncio.Future:
        """Return a future of this listener's own, done at the next news (a listener that
        goes away cancels only its own: a shared one would be cancelled for all)."""
        waiter = asyncio.get_running_loop().create_future()
        self.waiters.append(waiter)
        return waiter

    def since(self, after: int) -> list[tuple[int, bytes]] | None:
        """Return the recent events after `after`, or None when some are no longer kept."""
        if self.seq is None or after >= self.seq:
            return []
        count = self.seq - after
        if count > len(self.recent):
            return None
        # The recent events are numbered one after another, up to self.seq: the last `count`
        # (a deque is read from its nearer end; scanning all 256 for every listener of every
        # move cost more than the move's own writes).
        return [self.recent[-i] for i in range(count, 0, -1)]


class Hub:
    """The live channels of one process, over the games store at `target`."""

    def __init__(self, target):
        self.target = target
        self.postgres = is_url(str(target))
        self.channels: dict[str, Channel] = {}
        # READERS threads, each with a store connection of its own: reads never wait on the
        # event loop nor share a connection with the move handlers, and a round trip to
        # PostgreSQL does not hold up the other games' reads (one thread fell 20 s behind
        # with 200 moves a second on two replicas, benchmarks/fanout.py).
        self.executor = ThreadPoolExecutor(READERS, thread_name_prefix="wordref-live")
        self.local = threading.local()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.started = False
        self.watching = False
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        # On PostgreSQL, whether another process (the moves' own, mover.py) LISTENs and hands
        # this hub the notifications: its own LISTEN rests while it does, and listens again
        # when that process is gone (mover.py sets and clears it).
        self.forwarded = False

    def close(self) -> None:
        """Stop the hub's threads (the service's ends with the process)."""
        self.stopping.set()
        self.executor.shutdown(wait=False)

    # Reading the log (on the hub's thread) ---------------------------------------------------

    def _store(self):
        store = getattr(self.local, "store", None)
        if store is None:
            store = self.local.store = open_store(self.target)
        return store

    async def call(self, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(self.executor, fn, *args)

    def _latest(self, game_ids: list[str]) -> dict[str, int]:
        marks = ",".join("?" * len(game_ids))
        rows = self._store().run(f"SELECT game_id, MAX(seq) FROM moves WHERE game_id IN "
                                 f"({marks}) GROUP BY game_id", tuple(game_ids))
        return {r[0]: r[1] for r in rows}

    def _snapshot(self, game_id: str, with_id: bool = True) -> tuple[int, bytes]:
        store = self._store()
        game = store.get(game_id)
        data = {"seq": game.seq, "state": find_engine(game.game).view(game.state),
                "status": status_of(game.state)}
        try:
            taken = {r[0] for r in store.run("SELECT seat FROM seats WHERE game_id = ?",
                                             (game_id,))}
            data["seats"] = [{"name": p if isinstance(p, str) else p.get("name"),
                              "taken": (p if isinstance(p, str) else p.get("name")) in taken}
                             for p in game.players]
        except Exception:  # noqa: BLE001 (a database from before rooms: no seats table)
            pass
        return game.seq, encode(game.seq if with_id else None, data, "snapshot")

    def _events(self, game_id: str, after: int, upto: int | None = None,
                base: dict | None = None) -> list:
        """Return [(seq, encoded event)] for the moves after `after` (up to `upto`); `base`,
        the state after move `after` if known, spares replaying the log from the seed."""
        store = self._store()
        game = store.get(game_id)
        last = game.seq if upto is None else min(upto, game.seq)
        rows = store.run("SELECT seq, move, events, at FROM moves WHERE game_id = ? AND seq > ? "
                         "AND seq <= ? ORDER BY seq", (game_id, after, last))
        if not rows:
            return []
        module = find_engine(game.game)
        moves = [json.loads(r[1]) for r in rows]
        if len(rows) == 1 and rows[0][0] == game.seq:
            states = {game.seq: game.state}  # the common case: one new move, the state kept
        elif base is not None and not any(m.get("type") == "undo" for m in moves):
            # A few moves at once: on from the state the channel knows (replaying the whole
            # log instead grew with it, and fell further behind the more behind it was).
            states, state = {}, base
            for (seq, *_), move in zip(rows, moves):
                state = states[seq] = module.apply(state, move)[0]
        else:
            states = states_after(store, game, module)
        return [(seq, states[seq], move_event(module, seq, at, move, json.loads(events),
                                              states[seq]).encode())
                for (seq, _, events, at), move in zip(rows, moves)]

    # Channels (on the event loop) ------------------------------------------------------------

    async def join(self, game_id: str) -> Channel:
        self._start()
        channel = self.channels.get(game_id)
        if channel is None:
            channel = self.channels[game_id] = Channel(game_id)
        channel.listeners += 1
        if channel.seq is None:
            latest = (await self.call(self._latest, [game_id])).get(game_id, 0)
            if channel.seq is None:
                channel.seq = latest
        return channel

    def leave(self, channel: Channel) -> None:
        channel.listeners -= 1
        if channel.listeners <= 0 and self.channels.get(channel.game_id) is channel:
            del self.channels[channel.game_id]

    def herald(self, game, at: float, move: dict, events: list, state: dict) -> str | None:
        """Return move game.seq + 1's event, as every stream sends it (Referee.play's herald,
        on the move's thread); None when nobody can hear it (SQLite, and no stream of the game
        in this process: other processes on the file read the log)."""
        if not self.postgres:
            self._watch_file()
            if game.id not in self.channels:
                return None
        return move_event(find_engine(game.game), game.seq + 1, at, move, events, state)

    def published(self, game_id: str, seq: int, data: bytes, state: dict | None = None) -> None:
        """From any thread: move `seq` of game `game_id` is committed; `data` is its event and
        `state` (if known) the game's state after it."""
        if self.loop is not None and game_id in self.channels:
            self.loop.call_soon_threadsafe(self.heard, game_id, seq, data, state)

    def heard(self, game_id: str, seq: int, data: bytes, state: dict | None) -> None:
        """On the event loop: as `published`."""
        channel = self.channels.get(game_id)
        if channel is None or channel.seq is None or seq <= channel.seq:
            return  # no stream here, or already told (our own NOTIFY comes back to us)
        if seq > channel.seq + 1:
            self.poke(game_id, seq)  # a move between not heard yet: read them from the log
            return
        channel.recent.append((seq, data))
        channel.seq, channel.state = seq, state
        channel.wake()

    def tell(self, game_id: str, seq: int | None, seats: bool = False) -> None:
        """From any thread: game `game_id` has move `seq` (or, with `seats`, new seats)."""
        if self.loop is not None and game_id in self.channels:
            self.loop.call_soon_threadsafe(self.seated if seats else self.poke, game_id, seq)

    def poke(self, game_id: str, seq: int | None = None) -> None:
        """Say that game `game_id` has a new move (`seq`, if known): its listeners get it."""
        channel = self.channels.get(game_id)
        if channel is None or channel.seq is None or (seq is not None and seq <= channel.seq):
            return
        if channel.reading:
            channel.again = True
            return
        channel.reading = True
        asyncio.get_running_loop().create_task(self._read(channel))

    def seated(self, game_id: str, _seq=None) -> None:
        """Say that game `game_id`'s seats changed: its listeners get a new snapshot."""
        channel = self.channels.get(game_id)
        if channel is not None:
            asyncio.get_running_loop().create_task(self._notice(channel))

    async def _notice(self, channel: Channel) -> None:
        try:
            _, channel.notice = await self.call(self._snapshot, channel.game_id, False)
        except Exception:  # noqa: BLE001
            log.exception("reading the seats of %s", channel.game_id)
            return
        channel.notices += 1
        channel.wake()

    async def _read(self, channel: Channel) -> None:
        try:
            while True:
                channel.again = False
                try:
                    new = await self.call(self._events, channel.game_id, channel.seq, None,
                                          channel.state)
                except Exception:  # noqa: BLE001 (a database hiccup: the poll retries)
                    log.exception("reading the moves of %s", channel.game_id)
                    new = []
                for seq, state, data in new:
                    if seq > channel.seq:
                        channel.recent.append((seq, data))
                        channel.seq, channel.state = seq, state
                if new:
                    channel.wake()
                if not channel.again:
                    break
        finally:
            channel.reading = False

    def _start(self) -> None:
        if self.started:
            return
        self.started = True
        self.loop = asyncio.get_running_loop()
        self.loop.create_task(self._poll())
        self.loop.create_task(self._heartbeat())
        if self.postgres:
            threading.Thread(target=self._listen, name="wordref-listen", daemon=True).start()
        else:
            self._watch_file()

    def _watch_file(self) -> None:
        """Start the SQLite file's watch, once (from any thread: a move or a stream)."""
        with self.lock:
            if self.watching:
                return
            self.watching = True
        threading.Thread(target=self._watch, name="wordref-watch", daemon=True).start()

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(POLL)
            await self._catch_up()

    async def _heartbeat(self) -> None:
        """Every HEARTBEAT seconds, each stream sends a comment line (one timer for all)."""
        while True:
            await asyncio.sleep(HEARTBEAT)
            for channel in list(self.channels.values()):
                channel.beats += 1
                channel.wake()

    async def _catch_up(self) -> None:
        """Read the latest move of every game streamed here; poke those that moved."""
        ids = [g for g, c in self.channels.items() if c.seq is not None]
        if not ids:
            return
        try:
            latest = await self.call(self._latest, ids)
        except Exception:  # noqa: BLE001
            log.exception("polling the moves log")
            return
        for game_id, seq in latest.items():
            self.poke(game_id, seq)

    def _moved_since(self, store, mark: int) -> int:
        """Poke the games streamed here that have moves logged past rowid `mark` (the log is
        append-only: its rowids only grow) and are not told yet; return the new mark.

        Most of them were this process's own moves, told already: they cost no hop to the
        event loop (catching up every game on each change of the file took 6 % of the
        server's time at 200 moves a second)."""
        rows = store.run("SELECT game_id, MAX(seq), MAX(rowid) FROM moves WHERE rowid > ? "
                         "GROUP BY game_id", (mark,))
        for game_id, seq, rowid in rows:
            mark = max(mark, rowid)
            channel = self.channels.get(game_id)
            if channel is not None and channel.seq is not None and seq > channel.seq and \
                    self.loop is not None:
                self.loop.call_soon_threadsafe(self.poke, game_id, seq)
        return mark

    def _catch_up_soon(self) -> None:
        """From any thread: run _catch_up on the event loop."""
        asyncio.run_coroutine_threadsafe(self._catch_up(), self.loop)

    def _watch(self) -> None:
        """Watch the SQLite file's change counter: catch up when another connection wrote, and
        checkpoint the WAL every CHECKPOINT seconds when it grew."""
        seen = None
        while not self.stopping.is_set():
            try:
                store = open_store(self.target)
                mark = store.run("SELECT COALESCE(MAX(rowid), 0) FROM moves")[0][0]
                ticks, every, wrote = 0, round(CHECKPOINT / WATCH), False
                while not self.stopping.wait(WATCH):
                    version = store.run("PRAGMA data_version")[0][0]
                    if seen is not None and version != seen:
                        wrote = True
                        mark = self._moved_since(store, mark)
                    seen = version
                    ticks += 1
                    if wrote and ticks % every == 0:
                        store.run("PRAGMA wal_checkpoint(PASSIVE)")
                        wrote = False
                store.close()
            except Exception:  # noqa: BLE001 (the file went away: the poll still runs)
                log.warning("watching %s failed; watching again in 2 s", self.target)
                self.stopping.wait(2.0)

    def _listen(self) -> None:
        """LISTEN for moves committed by any replica; poke the channel on the event loop.
        While the notifications are forwarded (see `forwarded`) it rests."""
        delay = 0.5
        while not self.stopping.is_set():
            if self.forwarded:
                self.stopping.wait(FORWARD_CHECK)
                continue
            try:
                # Closed when the database goes away too, before listening again.
                with connect(str(self.target)) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._catch_up_soon()  # moves made before anybody listened: read them
                    delay = 0.5
                    while not self.stopping.is_set() and not self.forwarded:
                        for note in conn.notifies(timeout=FORWARD_CHECK):
                            self._noted(note.payload)
            except Exception:  # noqa: BLE001 (the database went away: listen again)
                log.warning("live notifications interrupted; listening again in %.1f s", delay)
                self.stopping.wait(delay)
                delay = min(delay * 2, 10.0)

    def _noted(self, payload: str) -> None:
        """Pass on one NOTIFY: "GAME seats", "GAME SEQ", or "GAME SEQ" and a newline and the
        move's event (pgstore.py)."""
        game_id, seq, data = parse_note(payload)
        if seq == "seats":
            self.tell(game_id, None, True)
        elif seq.isdigit() and data:
            self.published(game_id, int(seq), data.encode())
        elif seq.isdigit():
            self.tell(game_id, int(seq))

    def noted(self, payload: str) -> None:
        """On the event loop: pass on one NOTIFY another process heard (as `_noted`)."""
        self.forwarded = True
        game_id, seq, data = parse_note(payload)
        if game_id not in self.channels:
            return
        if seq == "seats":
            self.seated(game_id)
        elif seq.isdigit() and data:
            self.heard(game_id, int(seq), data.encode(), None)
        elif seq.isdigit():
            self.poke(game_id, int(seq))


def parse_note(payload: str) -> tuple[str, str, str]:
    """Return (game, "seats" or the move's number, its event or "") of a NOTIFY's payload."""
    head, _, data = payload.partition("\n")
    game_id, _, seq = head.partition(" ")
    return game_id, seq, data


def states_after(store, game, module) -> dict[int, dict]:
    """Return {seq: state after that move} for the whole log, replayed from the seed.

    An undo restores the state before the move it cancels, as the referee's undo does.
    """
    from ..referee import _copy
    state = module.new(list(game.players), game.seed, _copy(game.options))
    stack, out = [state], {}
    for seq, move in store.run("SELECT seq, move FROM moves WHERE game_id = ? ORDER BY seq",
                               (game.id,)):
        move = json.loads(move)
        if move.get("type") == "undo":
            if len(stack) > 1:
                stack.pop()
        else:
            stack.append(module.apply(stack[-1], move)[0])
        out[seq] = stack[-1]
    return out


def move_event(module, seq: int, at: float, move: dict, events: list, state: dict) -> str:
    """Return the SSE event of move `seq` (logged at `at`) of a game of engine `module`.

    A stream takes no token: every screen of the table may open it, so it carries the move
    and its events in their public form (base.public_record), never a card the rulebook
    keeps hidden; the mover has the whole of them in the move's reply.
    """
    move, events = public_record(module, move, events)
    return event_text(seq, {"seq": seq, "at": at, "move": move, "events": events,
                            "state": module.view(state), "status": status_of(state)})


def event_text(seq: int | None, data: dict, kind: str | None = None) -> str:
    """Return one SSE event; without `seq` it has no id, and leaves the client's last id be."""
    head = (f"event: {kind}\n" if kind else "") + (f"id: {seq}\n" if seq is not None else "")
    return f"{head}data: {json.dumps(data, ensure_ascii=False)}\n\n"


def encode(seq: int | None, data: dict, kind: str | None = None) -> bytes:
    """Return one SSE event as bytes (see event_text)."""
    return event_text(seq, data, kind).encode()


async def stream(hub: Hub, game_id: str, after: int | None):
    """Yield a game's events as SSE bytes: a snapshot or the moves after `after`, then live."""
    channel = await hub.join(game_id)
    notices, beats = channel.notices, channel.beats
    try:
        yield b"retry: 1000\n\n"
        if after is None:
            after, snapshot = await hub.call(hub._snapshot, game_id)
            yield snapshot
        while True:
            waiting = channel.wait()
            if channel.notices != notices:
                notices = channel.notices
                yield channel.notice
            items = channel.since(after)
            if items is None:  # fell behind what the channel keeps: read the gap
                items = [(seq, data) for seq, _, data in
                         await hub.call(hub._events, game_id, after, channel.seq)]
            for seq, data in items:
                if seq == after + 1:
                    after = seq
                    yield data
            if channel.seq is not None and after < channel.seq:
                continue
            await waiting
            if channel.beats != beats:
                beats = channel.beats
                yield b": ping\n\n"
    finally:
        hub.leave(channel)


def add_routes(app, get_hub, find_game) -> None:
    """Add GET /api/games/{id}/events to `app`: `get_hub()` gives the process's Hub and
    `find_game(id)` raises for an unknown game."""

    @app.get("/api/games/{game_id}/events", response_class=StreamingResponse,
             responses={200: {"content": {"text/event-stream": {}}}})
    async def events(game_id: str, request: Request, after: int | None = Query(None, ge=0)):
        """The game's moves, live, as Server-Sent Events (Last-Event-ID or ?after= resumes)."""
        last = request.headers.get("last-event-id")
        if last is not None and last.strip().isdigit():
            after = int(last)
        await run_in_threadpool(find_game, game_id)
        return StreamingResponse(stream(get_hub(), game_id, after), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache",
                                          "X-Accel-Buffering": "no"})

    del events

