"""The ASGI app: the CLI's contract over HTTP, whole games in the shared store, and the web page.

    GET  /api/{extremis|redyellow}/{solve|any|judge|hint}?...   exactly the CLI's --json
    GET  /api/things, /api/lexicons, /healthz, /openapi.json
    POST /api/games                                             {"id", "token", "state"}
    GET  /api/games/{id}                                        {"id", "state"}
    POST /api/games/{id}/{answer|stumped|tap|take|overrule|undo|check|move}
    rooms, seats and the live stream (/api/rooms/..., /api/games/{id}/events): rooms.py

Who may do what: creating a game returns its referee token once; overrule, undo and check
(whether the table sees a word game's stumped check) need it (header X-Referee-Token), and
with it a game's view and a move's reply show the stumped check (docs/public.md); answers,
taps and takes do not. Bad input is a 4xx with a JSON
{"error": ...}, never a 500: 400 for values the rules cannot read, 422 for a move or option of
a shape the game does not know (solver/moves.py, schemas.py), 404 for an unknown game, 403 for a missing or
wrong token, 409 for a move the rules forbid now, 413 for a body over 64 KB, 415 for a state
change without a JSON body, 503 (with Retry-After) while a language's index is being built.

A request passes, in order: Guard (guard.py: the Host header, JSON bodies for state changes,
the body limit), WordVerbs (words.py: the hot word verbs, answered there), MoveRoutes
(fastmoves.py: a move whose body strict mode takes, handed to its route's function below), all
in front of Starlette's and FastAPI's own middleware (`in_front`), then FastAPI's routes below.
Nothing blocks the event loop for long: the games database and the engines run in worker
threads (each thread takes a store connection of its own from `Referees`; the moves, with
`wordref serve --move-process`, in a child process: mover.py), slow word verbs too, and
languages open in the background (words.Languages).
"""

from __future__ import annotations

import html
import inspect
import logging
import os
import queue
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from types import SimpleNamespace
from typing import Literal

from anyio import CapacityLimiter, to_thread
from fastapi import Body, FastAPI, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from .. import __version__
from ..errors import InputError, WordrefError
from ..games import KINDS
from .assets import Assets
from .fastmoves import MoveRoutes
from .rooms import mount as mount_rooms, tokens_now
from .guard import Guard, Hosts
from .livebots import LiveBots
from .mover import Gone, Mover, wanted as wanted_mover
from .reply import compact, dumps, error
from ..moves import REFEREE_MOVES, check_move, json_schema as move_schema
from .schemas import MAX_TEXT, BadShape, check_options
from .words import (EXTREMIS_PARAMS, FAILED_RETRY, REDYELLOW_PARAMS, Languages, Unavailable,
                    WarmingUp, WordVerbs, open_language, query_doc)

MAX_BODY = 64 * 1024
# Moves run on at most this many threads (not the 40 of the shared pool): each move's store
# round trips hand the GIL back and forth with the event loop, and with 40 threads doing so the
# judge verb fell from 5,876 to 592 requests a second beside 200 moves a second on two
# PostgreSQL replicas; with 4, 3,277 to 2,931 (benchmarks/fanout.py). Four keep a database
# round trip or the SQLite write lock from holding up the moves behind it.
MOVE_THREADS = 4
# The GIL's switch interval in a served process. Moves run in worker threads; at CPython's
# 5 ms default, the event loop's thread waits up to that long for the GIL whenever a worker
# holds it (the convoy effect, https://bugs.python.org/issue7946), so every request on the
# loop queues behind a move's judging. Beside 1,400 streams and 200 moves a second
# (benchmarks/fanout.py), the judge verb kept 0.54 of its throughput at 5 ms, 0.75 at 100 us.
SWITCH_INTERVAL = 1e-4
# What can follow the start of a game (the OpenAPI links from POST /api/games, which the
# stateful fuzz test follows: start a game, then fuzz its moves).
GAME_OPERATIONS = ("show_game", "answer", "stumped", "tap", "take", "overrule", "undo", "check",
                   "move", "legal_moves")
STATIC = resources.files("solver.service") / "static"
log = logging.getLogger("wordref.service")

Verb = Literal["solve", "any", "judge", "hint"]

# FastAPI 0.16x asks OpenTelemetry's providers on every request whether to trace it (10 us
# here); a table referee exports no traces, so newer FastAPIs are told so up front.
NO_TELEMETRY = ({"telemetry": {"tracing": False, "metrics": False, "logs": False,
                               "operation_spans": False}}
                if "telemetry" in inspect.signature(FastAPI).parameters else {})


class NewGame(BaseModel):
    """A game to start."""

    model_config = ConfigDict(extra="forbid")

    game: Literal[tuple(KINDS)]
    players: list[str] = Field(min_length=1, max_length=12)
    seed: int | None = Field(default=None, ge=0, le=2**63 - 1)
    lang: str = Field(default="en", max_length=16)
    allow: list[str] = Field(default=[], max_length=500)
    ban: list[str] = Field(default=[], max_length=500)
    options: dict = {}
    # Red Letter, Yellow Letter: the table's own Things, in the packs' format (tables.py): the
    # list of categories, or the pack's YAML text as the page's set-up form sends it.
    categories: list[dict] | str = Field(default=[], max_length=100_000)
    # The word games: computer players seated after the people (livebots.py), and their level.
    bots: int = Field(default=0, ge=0, le=10)
    level: str | None = Field(default=None, max_length=60)


class Answer(BaseModel):
    """An answer said at the table."""

    player: str = Field(max_length=60)
    answer: str = Field(max_length=MAX_TEXT)
    round: int | None = Field(default=None, ge=0, le=1_000_000)


class Player(BaseModel):
    """A move made by a player: a tap."""

    player: str = Field(max_length=60)


class Take(BaseModel):
    """The round's winner takes a card."""

    player: str = Field(max_length=60)
    card: Literal["red", "yellow", "thing"]


class Overrule(BaseModel):
    """The table's vote on the last verdict."""

    accept: bool


class Check(BaseModel):
    """Whether the table sees a word game's stumped check."""

    show: bool


class Nothing(BaseModel):
    """A move with nothing to say: the body is {} (a JSON body, so no other site can send it)."""

    model_config = ConfigDict(extra="forbid")


@dataclass(frozen=True)
class Said:
    """An answer move, made from the game it answers (a function of it, as `play` takes; a
    class, so that it can be handed to the moves' own process)."""

    player: str
    answer: str
    round: int | None

    def __call__(self, games, game):
        return games.answer_move(game, self.player, self.answer, self.round)


class Referees:
    """Referees of one games database, one per worker thread at a time (a connection each:
    sqlite3 connections must not interleave two threads' transactions)."""

    def __init__(self, path: str | None):
        if path == ":memory:":
            raise InputError("the service keeps games in a file (each connection to "
                             ":memory: would see a database of its own)")
        self.path, self.free = path, queue.SimpleQueue()

    @contextmanager
    def __call__(self):
        from ..referee import Referee

        try:
            referee = self.free.get_nowait()
        except queue.Empty:
            referee = Referee.open(self.path)
        try:
            yield referee
        finally:
            self.free.put(referee)


def create_app(db: str | None = None, hosts=(), languages: Languages | None = None) -> FastAPI:
    """Return the app; games live in the store at `db` (default: $WORDREF_DB or the data dir).

    `hosts` are Host names served besides IP literals, localhost and this machine's name
    ("*": any); `languages` opens the lexicons (default: every language installed).
    """
    from ..lexicon import available_codes

    app = FastAPI(title="wordref", version=__version__,
                  description="An offline referee for word games.", **NO_TELEMETRY)
    referees = Referees(db or os.environ.get("WORDREF_DB"))
    languages = languages or Languages(available_codes(), open_language)
    moves = in_front(app, Guard, WordVerbs, languages=languages, hosts=Hosts(hosts))
    seating = mount_rooms(app, referees)

    @app.exception_handler(WordrefError)
    async def wordref_error(request: Request, err: WordrefError):
        if isinstance(err, Unavailable):
            return error(str(err), 503, headers={"Retry-After": str(int(FAILED_RETRY))})
        return error(str(err), 422 if isinstance(err, BadShape) else 400)

    @app.exception_handler(WarmingUp)
    async def warming_up(request: Request, err: WarmingUp):
        return error(f"warming up: the {err} index is being built; try again in a few "
                     f"seconds", 503, headers={"Retry-After": "5"})

    @app.exception_handler(_NotFound)
    async def not_found(request: Request, err: Exception):
        return error(str(err), 404)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, err: HTTPException):
        return error(str(err.detail), err.status_code, headers=err.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, err: RequestValidationError):
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'][1:]) or 'body'}: {e['msg']}"
                             for e in err.errors()[:5])
        return error(problems or "invalid request", 422)

    @app.get("/healthz")
    async def healthz():
        """Say the service is up."""
        return dumps({"ok": True, "version": __version__})

    described = []

    @app.get("/api/lexicons")
    def lexicons():
        """Describe every lexicon, as `wordref lexicon info --json` without the file's path."""
        from ..lexicon import describe
        if not described:  # reads each file's header: once, in a worker thread
            described[:] = [{k: v for k, v in describe(code).items() if k != "path"}
                            for code in available_codes()]
        return dumps(described)

    @app.get("/api/things")
    def things(query: str | None = Query(None, max_length=MAX_TEXT)):
        """List the categories a Thing card can name, as `wordref things --json`."""
        from ..categories import Categories
        return dumps([c.to_json() for c in Categories.open().find(query)])

    # The word-game verbs are answered by WordVerbs before routing: these routes only describe
    # them in the OpenAPI schema (which the fuzz test checks them against).
    @app.get("/api/extremis/{verb}", openapi_extra=query_doc(EXTREMIS_PARAMS))
    async def extremis_doc(verb: Verb, request: Request):
        """In Extremis: solve, any (the stumped check), judge (one or more answer) or hint."""
        raise _NotFound(verb, "verb")  # not reached: WordVerbs answers first

    @app.get("/api/redyellow/{verb}", openapi_extra=query_doc(REDYELLOW_PARAMS))
    async def redyellow_doc(verb: Verb, request: Request):
        """Red Letter, Yellow Letter: solve, any, judge (one or more answer) or hint."""
        raise _NotFound(verb, "verb")  # not reached: WordVerbs answers first

    # Games ------------------------------------------------------------------------------------

    @app.post("/api/games", status_code=201, operation_id="new_game",
              openapi_extra={"responses": {"201": {"description": "The game started", "links": {
                  op: {"operationId": op, "parameters": {"game_id": "$response.body#/id"}}
                  for op in GAME_OPERATIONS}}}})
    async def new_game(body: NewGame):
        """Start a game; the referee token in the answer is shown once."""
        from ..referee import start_options

        if KINDS[body.game].family == "words":
            await languages.ready(body.lang)
        elif body.lang != "en":
            languages.check(body.lang)
        check_options(body.game, body.options)
        if isinstance(body.categories, str):
            from ..tables import pack_from_text

            body.categories = pack_from_text(body.categories)
        elif len(body.categories) > 100:
            raise InputError("categories: at most 100 categories")
        if body.categories and body.game != "redyellow":
            raise InputError(f"{body.game} has no Things: categories are for redyellow")

        def create():
            extra = {**body.options, **({"categories": body.categories} if body.categories
                                         else {})}
            options = start_options(body.game, body.lang, None, body.allow, body.ban, extra)
            players = list(body.players)
            if body.bots or body.level:
                from ..games.wordbots import seat_bots

                if KINDS[body.game].family != "words":
                    raise InputError(f"{body.game} has no computer players in rooms")
                options["bots"] = seat_bots(players, body.bots, body.level)
                players += list(options["bots"])
            with referees() as games:
                created, token = games.create(body.game, players, body.seed, options)
                return {"id": created.id, "token": token, **seating.opened(games, created.id),
                        "state": games.view(created)["state"]}

        made = await run_in_threadpool(create)
        if body.bots:
            await run_in_threadpool(bots.poke, made["id"])
        return dumps(made, 201)

    @app.get("/api/games/{game_id}", operation_id="show_game")
    def show_game(game_id: str, player: str | None = Query(None, max_length=60)):
        """Show a game; for a card game, `player` also shows that player's own hand."""
        with referees() as games:
            return dumps(seating.view(games, _game(games, game_id), player))

    def play(game_id: str, payload, token: str | None = None):
        """Play `payload` (a move, or a function of the game giving one); answer its outcome.

        Runs in a worker thread: judging an answer reads the lexicon, and the store waits
        for SQLite's write lock.
        """
        from ..games.base import IllegalMove
        from ..referee import Forbidden
        from ..store import NoGame

        if len(game_id) > 40:
            raise _NotFound(game_id)

        with referees() as games:
            def move(game):
                if "lang" in game.options:
                    languages.open(game.options["lang"])  # once, and never twice at a time
                made = payload(games, game) if callable(payload) else payload
                # Checked before the seats look at it (the referee checks it again).
                return check_move(game.game, made)

            try:
                outcome = games.play(game_id, seating.guard(games, move), token,
                                     need_token=True, herald=seating.herald)
            except NoGame:
                raise _NotFound(game_id) from None
            except Forbidden as err:
                return error(str(err), 403)
            except IllegalMove as err:
                return error(str(err), 409, ",".join(err.verdict.codes))
            except (BadShape, Unavailable):
                raise  # 422 and 503, not the rules' 409
            except InputError as err:
                return error(str(err), 409)
            seating.moved(outcome)
            out = {"events": outcome.events,
                   "state": seating.view(games, outcome.game, None)["state"]}
        if outcome.game.options.get("bots"):
            bots.poke(game_id)  # the computer players' reply
        verdict = outcome.verdict
        return compact({"verdict": verdict, **out} if verdict is not None else out)

    limits: list[CapacityLimiter] = []  # made on the event loop, at the first move

    async def in_thread(*args):
        if not limits:
            limits.append(CapacityLimiter(MOVE_THREADS))
        return await to_thread.run_sync(play, *args, limiter=limits[0])

    mover = Mover(lambda: seating._hub) if wanted_mover() else None
    if mover is not None:
        app.router.on_startup.append(mover.start)
    bots = LiveBots(referees, play if mover is None else
                    lambda *args: mover.play_soon(args) if mover.ready else play(*args))

    async def threaded(*args):
        if mover is not None and mover.ready:
            try:
                return await mover.play(args, tokens_now())
            except Gone:
                raise Unavailable("the moves' process restarted; try again") from None
        return await in_thread(*args)

    async def refusal(err: Exception):
        answer = await moves.refusal({"type": "http", "headers": []}, err)
        if answer is None:
            log.error("a move failed", exc_info=err)
            answer = error("internal error: the server log says why", 500)
        return answer

    # What the moves' own process (mover.py) plays with: the same functions, in its threads.
    app.state.moves = SimpleNamespace(seating=seating, referees=referees, threaded=in_thread,
                                      refusal=refusal)

    @app.post("/api/games/{game_id}/answer", operation_id="answer")
    async def answer_move(game_id: str, body: Answer):
        """An answer, said by a player; a valid one wins the round."""
        return await threaded(game_id, Said(body.player, body.answer, body.round))

    @app.post("/api/games/{game_id}/stumped", operation_id="stumped")
    async def stumped_move(game_id: str, body: Nothing):
        """The table gives up: was there an answer? then the rulebook's next step."""
        return await threaded(game_id, {"type": "stumped"})

    @app.post("/api/games/{game_id}/tap", operation_id="tap")
    async def tap_move(game_id: str, body: Player):
        """A player tapped first (In Extremis)."""
        return await threaded(game_id, {"type": "tap", "player": body.player})

    @app.post("/api/games/{game_id}/take", operation_id="take")
    async def take_move(game_id: str, body: Take):
        """The round's winner takes a card (Red Letter, Yellow Letter)."""
        return await threaded(game_id, {"type": "take", "player": body.player,
                                        "card": body.card})

    @app.post("/api/games/{game_id}/overrule", operation_id="overrule")
    async def overrule_move(game_id: str, body: Overrule,
                            x_referee_token: str | None = Header(None, max_length=200)):
        """The table overrules the last verdict (needs the referee token)."""
        return await threaded(game_id, {"type": "overrule", "accept": body.accept},
                              x_referee_token)

    @app.post("/api/games/{game_id}/undo", operation_id="undo")
    async def undo_move(game_id: str, body: Nothing,
                        x_referee_token: str | None = Header(None, max_length=200)):
        """Take back the latest move (needs the referee token)."""
        return await threaded(game_id, {"type": "undo"}, x_referee_token)

    @app.post("/api/games/{game_id}/check", operation_id="check")
    async def check_move_route(game_id: str, body: Check,
                               x_referee_token: str | None = Header(None, max_length=200)):
        """Show the stumped check to the table, or hide it (a word game; needs the referee
        token)."""
        return await threaded(game_id, {"type": "check", "show": body.show}, x_referee_token)

    # The body's schema is solver/moves.py's declaration, the one the move is checked against.
    @app.post("/api/games/{game_id}/move", operation_id="move", openapi_extra={"requestBody": {
        "content": {"application/json": {"schema": move_schema()}}}})
    async def any_move(game_id: str, body: dict = Body(...)):
        """Any move the game's engine knows, as JSON (the card games' plays, pickups, rescues).

        Answers, taps and takes have their own routes too; overrule and undo only there (they
        need the token). Each game's moves are in the schema; one of another game is a 422.
        """
        if body.get("type") in REFEREE_MOVES:
            raise BadShape(f"{body['type']} has its own route (it needs the referee token)")
        return await threaded(game_id, body)

    # The same functions, answered in front of FastAPI for a body strict mode takes (fastmoves).
    moves.routes.update({
        "answer": (answer_move, Answer, False), "stumped": (stumped_move, Nothing, False),
        "tap": (tap_move, Player, False), "take": (take_move, Take, False),
        "overrule": (overrule_move, Overrule, True), "undo": (undo_move, Nothing, True),
        "check": (check_move_route, Check, True), "move": (any_move, None, False)})
    moves.handlers = app.exception_handlers

    @app.get("/api/games/{game_id}/moves", operation_id="legal_moves")
    def legal(game_id: str):
        """List the moves the rules allow now."""
        with referees() as games:
            return dumps(seating.moves(games, _game(games, game_id)))

    @app.get("/api/idiot/judge")
    async def judge_idiot(pile: str = Query("", max_length=400),
                          play: str = Query(..., max_length=100),
                          draw_empty: bool = False):
        """Extreme Idiot: is this play legal on this pile (bottom to top), and why not."""
        from ..games.idiot import judge_play
        return dumps(judge_play("" if pile.strip() == "-" else pile, play,
                                draw_empty=draw_empty).to_json())

    # The page ---------------------------------------------------------------------------------

    files = Assets(STATIC, _page())  # read and gzipped once (assets.py)

    @app.get("/", include_in_schema=False)
    async def page(request: Request):
        return files.response("index.html", request)

    @app.get("/static/{name}", include_in_schema=False)
    async def static(name: str, request: Request):
        return files.response(name, request) or error("not found", 404)

    return app


def in_front(app: FastAPI, guard, verbs, languages, hosts) -> MoveRoutes:
    """Put the Guard, then the word verbs and the moves (fastmoves.py), in front of every
    middleware of `app`'s own; return the moves' router, for create_app to fill.

    Starlette and FastAPI wrap each request in an error page, a telemetry hook and a body
    limit before any middleware added with add_middleware: about 3 us a word verb, a fifth of
    what the judge route costs inside the app. The word verbs answer every error themselves
    (a 500 too, as JSON), and the Guard checks the body limit first; every other request goes
    on through the whole stack as before.
    """
    inner = app.build_middleware_stack
    moves = MoveRoutes(None)

    def build_middleware_stack():
        moves.app = inner()
        return guard(verbs(moves, languages=languages), hosts=hosts, limit=MAX_BODY)

    app.build_middleware_stack = build_middleware_stack
    return moves


def _game(games, game_id: str):
    from ..store import NoGame

    if len(game_id) > 40:
        raise _NotFound(game_id)
    try:
        return games.get(game_id)
    except NoGame:
        raise _NotFound(game_id) from None


class _NotFound(Exception):
    """An unknown game (or verb): 404, not 400."""

    def __init__(self, name: str, what: str = "game"):
        super().__init__(f"no {what} {name[:40]!r}")


def _page() -> bytes:
    """Return index.html with the list of games filled in from the engines' registry."""
    choices = "\n".join(
        f'          <label class="pick"><input type="radio" name="game" value="{kind.name}" '
        f'data-family="{kind.family}"'
        f'{" checked" if n == 0 else ""}>\n            <span>{html.escape(kind.title)}</span>'
        f'</label>'
        for n, kind in enumerate(KINDS.values()))
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    return page.replace("          <!-- games -->", choices).encode()


def app_from_environment() -> FastAPI:
    """Return the app for uvicorn's factory mode: the database from $WORDREF_DB, the Host
    names from $WORDREF_ALLOW_HOSTS (comma-separated)."""
    hosts = [h for h in os.environ.get("WORDREF_ALLOW_HOSTS", "").split(",") if h.strip()]
    sys.setswitchinterval(SWITCH_INTERVAL)
    return create_app(hosts=hosts)
