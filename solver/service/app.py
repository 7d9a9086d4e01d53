"""The ASGI app: the CLI's contract over HTTP, whole games in the shared store, and the web page.

    GET  /api/{extremis|redyellow}/{solve|any|judge|hint}?...   exactly the CLI's --json
    GET  /api/things, /api/lexicons, /healthz, /openapi.json
    POST /api/games                                             {"id", "token", "state"}
    GET  /api/games/{id}                                        {"id", "state"}
    POST /api/games/{id}/{answer|stumped|tap|take|overrule|undo}

Who may do what: creating a game returns its referee token once; overrule and undo need it
(header X-Referee-Token); answers, taps and takes do not. Bad input is a 4xx with a JSON
{"error": ...}, never a 500: 400 for values the rules cannot read, 404 for an unknown game, 403
for a missing or wrong token, 409 for a move the rules forbid now, 413 for a body over 64 KB.

Handlers are `async def` on purpose: every verb takes microseconds, so running them on the event
loop beats handing them to a thread pool; responses are JSON encoded once, by hand.
"""

from __future__ import annotations

import html
import inspect
import json
import os
from importlib import resources
from typing import Literal

from fastapi import FastAPI, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from pydantic import BaseModel, Field
from starlette.routing import Route

from .. import __version__, api
from ..errors import InputError, WordrefError
from ..games import KINDS
from .assets import Assets

MAX_TEXT = 200  # characters of an answer or a Thing
MAX_BODY = 64 * 1024
STATIC = resources.files("solver.service") / "static"

Verb = Literal["solve", "any", "judge", "hint"]

# FastAPI 0.16x asks OpenTelemetry's providers on every request whether to trace it (10 us
# here); a table referee exports no traces, so newer FastAPIs are told so up front.
NO_TELEMETRY = ({"telemetry": {"tracing": False, "metrics": False, "logs": False,
                               "operation_spans": False}}
                if "telemetry" in inspect.signature(FastAPI).parameters else {})


def dumps(data, status: int = 200) -> Response:
    """Return a JSON response, encoded once."""
    return Response(json.dumps(data, ensure_ascii=False), status_code=status,
                    media_type="application/json")


def error(message: str, status: int, code: str | None = None) -> Response:
    body = {"error": message}
    if code:
        body["code"] = code
    return dumps(body, status)


class NewGame(BaseModel):
    """A game to start."""

    game: Literal[tuple(KINDS)]
    players: list[str] = Field(min_length=1, max_length=12)
    seed: int | None = Field(default=None, ge=0, le=2**63 - 1)
    lang: str = Field(default="en", max_length=16)
    allow: list[str] = Field(default=[], max_length=500)
    ban: list[str] = Field(default=[], max_length=500)
    options: dict = {}


class Answer(BaseModel):
    """An answer said at the table."""

    player: str = Field(max_length=60)
    answer: str = Field(max_length=MAX_TEXT)
    round: int | None = None


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


def create_app(db: str | None = None) -> FastAPI:
    """Return the app; games live in the store at `db` (default: $WORDREF_DB or the data dir)."""
    app = FastAPI(title="wordref", version=__version__,
                  description="An offline referee for word games.", **NO_TELEMETRY)
    store_path = db or os.environ.get("WORDREF_DB")
    state = {}

    def referee():
        if "referee" not in state:
            from ..referee import Referee
            state["referee"] = Referee.open(store_path)
        return state["referee"]

    app.add_middleware(BodyLimit, limit=MAX_BODY)

    @app.exception_handler(WordrefError)
    async def wordref_error(request: Request, err: WordrefError):
        return error(str(err), 400)

    @app.exception_handler(_NotFound)
    async def not_found(request: Request, err: Exception):
        return error(str(err), 404)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, err: RequestValidationError):
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'][1:]) or 'body'}: {e['msg']}"
                             for e in err.errors())
        return error(problems or "invalid request", 422)

    @app.get("/healthz")
    async def healthz():
        """Say the service is up."""
        return dumps({"ok": True, "version": __version__})

    @app.get("/api/lexicons")
    async def lexicons():
        """Describe every lexicon, as `wordref lexicon info --json`."""
        from ..lexicon import available_codes, describe
        return dumps([describe(code) for code in available_codes()])

    @app.get("/api/things")
    async def things(query: str | None = Query(None, max_length=MAX_TEXT)):
        """List the categories a Thing card can name, as `wordref things --json`."""
        from ..categories import Categories
        return dumps([c.to_json() for c in Categories.open().find(query)])

    async def extremis_verb(request: Request):
        verb = _verb(request)
        q = _query(request, EXTREMIS_PARAMS)
        conjugated = q["conjugated"]
        return dumps(api.verb_json("extremis", verb, (q["initial"], q["green"], q["red"]),
                                   q["answer"], lang=q["lang"], tier=q["tier"],
                                   no_conjugated=None if conjugated is None else not conjugated,
                                   limit=q["limit"], level=q["level"]))

    async def redyellow_verb(request: Request):
        verb = _verb(request)
        q = _query(request, REDYELLOW_PARAMS)
        already = [u for u in q["used"].split(",") if u.strip()]
        return dumps(api.verb_json("redyellow", verb, (q["thing"], q["yellow"], q["red"]),
                                   q["answer"], lang=q["lang"], limit=q["limit"],
                                   level=q["level"], used=already))

    # The word-game verbs are the hot path (the load test's 10,000 requests a second): they are
    # plain Starlette routes, placed first so that they answer, which saves FastAPI's 40 us of
    # dependency solving a request. The FastAPI routes below only describe them in the OpenAPI
    # schema (which the fuzz test checks the fast routes against).
    app.router.routes[:0] = [Route("/api/extremis/{verb}", extremis_verb, methods=["GET"]),
                             Route("/api/redyellow/{verb}", redyellow_verb, methods=["GET"])]

    @app.get("/api/extremis/{verb}", openapi_extra=_query_doc(EXTREMIS_PARAMS))
    async def extremis_doc(verb: Verb, request: Request):
        """In Extremis: solve, any (the stumped check), judge (one or more answer) or hint."""
        return await extremis_verb(request)

    @app.get("/api/redyellow/{verb}", openapi_extra=_query_doc(REDYELLOW_PARAMS))
    async def redyellow_doc(verb: Verb, request: Request):
        """Red Letter, Yellow Letter: solve, any, judge (one or more answer) or hint."""
        return await redyellow_verb(request)

    # Games ------------------------------------------------------------------------------------

    @app.post("/api/games", status_code=201)
    async def new_game(body: NewGame):
        """Start a game; the referee token in the answer is shown once."""
        from ..referee import start_options

        if body.options and KINDS[body.game].family == "words":
            raise InputError(f"{body.game} takes lang, allow and ban, not options")
        if "deck" in body.options and not isinstance(body.options["deck"], dict):
            # A string could name a file on this server: over HTTP a deck is a JSON object.
            raise InputError("over HTTP a deck is a JSON object, not a path or text")
        options = start_options(body.game, body.lang, None, body.allow, body.ban, body.options)
        games = referee()
        created, token = games.create(body.game, body.players, body.seed, options)
        return dumps({"id": created.id, "token": token,
                      "state": games.view(created)["state"]}, 201)

    @app.get("/api/games/{game_id}")
    async def show_game(game_id: str, player: str | None = Query(None, max_length=60)):
        """Show a game; for a card game, `player` also shows that player's own hand."""
        games = referee()
        return dumps(games.view(_game(games, game_id), player))

    async def move(game_id: str, payload, token: str | None = None):
        """Play `payload` (a move, or a function of the game giving one); answer its outcome."""
        from ..games.base import IllegalMove
        from ..referee import Forbidden
        from ..store import NoGame

        games = referee()
        if len(game_id) > 40:
            raise _NotFound(game_id)
        try:
            outcome = games.play(game_id, payload, token, need_token=True)
        except NoGame:
            raise _NotFound(game_id) from None
        except Forbidden as err:
            return error(str(err), 403)
        except IllegalMove as err:
            return error(str(err), 409, ",".join(err.verdict.codes))
        except InputError as err:
            return error(str(err), 409)
        out = {"events": outcome.events, "state": games.view(outcome.game)["state"]}
        verdict = outcome.verdict
        return dumps({"verdict": verdict, **out} if verdict is not None else out)

    @app.post("/api/games/{game_id}/answer")
    async def answer_move(game_id: str, body: Answer):
        """An answer, said by a player; a valid one wins the round."""
        games = referee()
        return await move(game_id, lambda game: games.answer_move(game, body.player,
                                                                 body.answer, body.round))

    @app.post("/api/games/{game_id}/stumped")
    async def stumped_move(game_id: str):
        """The table gives up: was there an answer? then the rulebook's next step."""
        return await move(game_id, {"type": "stumped"})

    @app.post("/api/games/{game_id}/tap")
    async def tap_move(game_id: str, body: Player):
        """A player tapped first (In Extremis)."""
        return await move(game_id, {"type": "tap", "player": body.player})

    @app.post("/api/games/{game_id}/take")
    async def take_move(game_id: str, body: Take):
        """The round's winner takes a card (Red Letter, Yellow Letter)."""
        return await move(game_id, {"type": "take", "player": body.player, "card": body.card})

    @app.post("/api/games/{game_id}/overrule")
    async def overrule_move(game_id: str, body: Overrule,
                            x_referee_token: str | None = Header(None, max_length=200)):
        """The table overrules the last verdict (needs the referee token)."""
        return await move(game_id, {"type": "overrule", "accept": body.accept}, x_referee_token)

    @app.post("/api/games/{game_id}/undo")
    async def undo_move(game_id: str,
                        x_referee_token: str | None = Header(None, max_length=200)):
        """Take back the latest move (needs the referee token)."""
        return await move(game_id, {"type": "undo"}, x_referee_token)

    @app.post("/api/games/{game_id}/move")
    async def any_move(game_id: str, body: dict):
        """Any move the game's engine knows, as JSON (the card games' plays, pickups, rescues).

        Answers, taps and takes have their own routes; overrule and undo need the token there.
        """
        if not isinstance(body.get("type"), str) or body["type"] in ("overrule", "undo"):
            raise InputError('a move is an object with a "type" (overrule and undo have '
                             'their own routes)')
        return await move(game_id, body)

    @app.get("/api/games/{game_id}/moves")
    async def legal(game_id: str):
        """List the moves the rules allow now."""
        games = referee()
        return dumps(games.legal_moves(_game(games, game_id)))

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


class BodyLimit:
    """Refuse request bodies over `limit` bytes with 413, before any handler reads them.

    A plain ASGI middleware: Starlette's BaseHTTPMiddleware runs each request through memory
    streams and a task group, which measured 8 event-loop turns a request here.
    """

    def __init__(self, app, limit: int):
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            headers = dict(scope["headers"])
            length = headers.get(b"content-length")
            chunked = b"chunked" in headers.get(b"transfer-encoding", b"")
            if (length is not None and (not length.isdigit() or int(length) > self.limit)) \
                    or (length is None and chunked):
                await error(f"the body is over {self.limit} bytes (or of unknown length)",
                            413)(scope, receive, send)
                return
        await self.app(scope, receive, send)


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
        super().__init__(f"no {what} {name!r}")


# The word-game verbs read their query strings by hand: FastAPI's per-parameter validation
# measured 300 us a request for these eleven parameters, against 5 us for the verb itself.
# The parameters are still documented in the OpenAPI schema (and fuzzed from it).
# name: (type, default, max length or range, description)
EXTREMIS_PARAMS = {
    "initial": ("string", None, 8, "The initial letter."),
    "green": ("string", "", 50, "Green letters in play, repeated as shown: UTT."),
    "red": ("string", "", 50, "Red letters in play."),
    "lang": ("string", "en", 16, "Language code."),
    "tier": ("string", "all", ["all", "common"], "Which words count."),
    "conjugated": ("boolean", None, None, "Allow conjugated verbs (default: not in French)."),
    "limit": ("integer", 20, (0, 1_000_000), "How many to list (0: all)."),
    "level": ("integer", 1, (1, 10), "Hint level, 1 to 4."),
    "answer": ("array", [], MAX_TEXT, "An answer to judge (repeatable)."),
}
REDYELLOW_PARAMS = {
    "thing": ("string", None, MAX_TEXT, "The Thing card."),
    "yellow": ("string", None, 8, "The yellow letter."),
    "red": ("string", None, 8, "The red letter."),
    "lang": ("string", "en", 16, "Language code."),
    "limit": ("integer", 20, (0, 1_000_000), "How many to list (0: all)."),
    "level": ("integer", 1, (1, 10), "Hint level, 1 to 4."),
    "answer": ("array", [], MAX_TEXT, "An answer to judge (repeatable)."),
    "used": ("string", "", 20 * MAX_TEXT, "Answers already given, comma-separated."),
}


def _verb(request: Request) -> str:
    verb = request.path_params["verb"]
    if verb not in api.VERBS:
        raise _NotFound(f"/{verb}", "verb")
    return verb


def _query(request: Request, spec: dict) -> dict:
    """Return the query parameters of `spec`, checked; raise InputError (400) otherwise."""
    params = request.query_params
    out = {}
    for name, (kind, default, bound, _) in spec.items():
        if kind == "array":
            values = params.getlist(name)
            if len(values) > 100 or any(len(v) > bound for v in values):
                raise InputError(f"{name}: at most 100 values of at most {bound} characters")
            out[name] = values
            continue
        raw = params.get(name)
        if raw is None:
            out[name] = default
        elif kind == "string":
            if isinstance(bound, list) and raw not in bound:
                raise InputError(f"{name} is one of {', '.join(bound)}")
            if isinstance(bound, int) and len(raw) > bound:
                raise InputError(f"{name} is at most {bound} characters")
            out[name] = raw
        elif kind == "boolean":
            if raw.lower() not in ("true", "false", "1", "0"):
                raise InputError(f"{name} is true or false")
            out[name] = raw.lower() in ("true", "1")
        else:
            try:
                value = int(raw)
            except ValueError:
                raise InputError(f"{name} is a whole number") from None
            if not bound[0] <= value <= bound[1]:
                raise InputError(f"{name} is between {bound[0]} and {bound[1]}")
            out[name] = value
    return out


def _query_doc(spec: dict) -> dict:
    """Return the OpenAPI description of query parameters in `spec`."""
    parameters = []
    for name, (kind, default, bound, text) in spec.items():
        schema: dict = {"type": kind}
        if kind == "array":
            schema = {"type": "array", "items": {"type": "string", "maxLength": bound},
                      "maxItems": 100}
        elif kind == "string" and isinstance(bound, list):
            schema["enum"] = bound
        elif kind == "string":
            schema["maxLength"] = bound
        elif kind == "integer":
            schema.update(minimum=bound[0], maximum=bound[1])
        if default is not None and kind != "array":
            schema["default"] = default
        parameters.append({"name": name, "in": "query", "required": False,
                           "description": text, "schema": schema})
    return {"parameters": parameters}


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
    """Return the app for uvicorn's factory mode (the database from $WORDREF_DB)."""
    return create_app()
