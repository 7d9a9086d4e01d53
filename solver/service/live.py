"""Live streams: every move of a game, as Server-Sent Events, to every screen of that game.

    GET /api/games/{id}/events     text/event-stream; `Last-Event-ID: N` (or ?after=N) resumes

Each move is one event: `id:` is its number in the game's append-only log and `data:` is JSON
{"seq", "at" (when it was logged), "move", "events", "state" (the public view after the move),
"status"}. A stream opened
without a number starts with one `event: snapshot` (the current seq and state), so a screen
never needs a separate GET. A comment line every HEARTBEAT seconds keeps proxies from closing
an idle stream.

Start with `Hub`. One per process: it keeps a `Channel` per game that has listeners. When a
move is committed the channel is poked (by this process's move handler, by PostgreSQL's
LISTEN/NOTIFY for moves made by another replica, and by a slow poll as a safety net, the only
way for SQLite shared by several processes); the hub then reads the new log entries once, on
its own store connection and thread (never on the event loop), encodes each event once, and
wakes every listener of that game, however many there are. A listener that fell behind the
channel's recent events (a resume after a reconnect) reads its gap from the log, so a client
sees every move once, in order: never a gap, never a repeat.
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
from ..pgstore import CHANNEL, connect, is_url
from ..store import open_store

HEARTBEAT = 15.0  # seconds between comment lines on an idle stream
RECENT = 256  # events kept per channel for listeners a little behind
READERS = 4  # threads reading the log for the live streams
# How often the log is polled for moves no notification told of: other processes on one SQLite
# file (a CLI move, --workers 2); on PostgreSQL only a safety net under LISTEN/NOTIFY.
POLL_SQLITE, POLL_POSTGRES = 0.25, 2.0
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
        self.changed: asyncio.Future | None = None
        # A snapshot sent to every listener when the seats change (a phone joined, a seat was
        # renamed before the first move): no move, so no sequence number.
        self.notice: bytes | None = None
        self.notices = 0

    def wake(self) -> None:
        if self.changed is not None and not self.changed.done():
            self.changed.set_result(None)
        self.changed = None

    def wait(self) -> asyncio.Future:
        if self.changed is None:
            self.changed = asyncio.get_running_loop().create_future()
        return self.changed

    def since(self, after: int) -> list[tuple[int, bytes]] | None:
        """Return the recent events after `after`, or None when some are no longer kept."""
        if self.seq is None or after >= self.seq:
            return []
        if not self.recent or self.recent[0][0] > after + 1:
            return None
        return [item for item in self.recent if item[0] > after]


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
        out = []
        for (seq, _, events, at), move in zip(rows, moves):
            state = states[seq]
            out.append((seq, state, encode(seq, {"seq": seq, "at": at, "move": move,
                                          "events": json.loads(events),
                                          "state": module.view(state),
                                          "status": status_of(state)})))
        return out

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
        if self.postgres:
            threading.Thread(target=self._listen, name="wordref-listen", daemon=True).start()

    async def _poll(self) -> None:
        every = POLL_POSTGRES if self.postgres else POLL_SQLITE
        while True:
            await asyncio.sleep(every)
            ids = [g for g, c in self.channels.items() if c.seq is not None]
            if not ids:
                continue
            try:
                latest = await self.call(self._latest, ids)
            except Exception:  # noqa: BLE001
                log.exception("polling the moves log")
                continue
            for game_id, seq in latest.items():
                self.poke(game_id, seq)

    def _listen(self) -> None:
        """LISTEN for moves committed by any replica; poke the channel on the event loop."""
        delay = 0.5
        while True:
            try:
                conn = connect(str(self.target))
                conn.execute(f"LISTEN {CHANNEL}")
                delay = 0.5
                for note in conn.notifies():
                    game_id, _, seq = note.payload.partition(" ")
                    if seq == "seats" or seq.isdigit():
                        self.tell(game_id, int(seq) if seq.isdigit() else None, seq == "seats")
            except Exception:  # noqa: BLE001 (the database went away: listen again)
                log.warning("live notifications interrupted; listening again in %.1f s", delay)
                threading.Event().wait(delay)
                delay = min(delay * 2, 10.0)


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


def encode(seq: int | None, data: dict, kind: str | None = None) -> bytes:
    """Return one SSE event; without `seq` it has no id, and leaves the client's last id be."""
    head = (f"event: {kind}\n" if kind else "") + (f"id: {seq}\n" if seq is not None else "")
    return f"{head}data: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


async def stream(hub: Hub, game_id: str, after: int | None):
    """Yield a game's events as SSE bytes: a snapshot or the moves after `after`, then live."""
    channel = await hub.join(game_id)
    notices = channel.notices
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
            try:
                await asyncio.wait_for(asyncio.shield(waiting), HEARTBEAT)
            except asyncio.TimeoutError:
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

