"""A game's moves over HTTP, the hot path: POST /api/games/{id}/{answer|stumped|tap|...|move}.

Start with `MoveRoutes.__call__`, a plain ASGI middleware in front of FastAPI (app.in_front), as
words.WordVerbs is for the word verbs. Through FastAPI, routing the request, solving the route's
dependencies and reading its body cost 490 k of a wrong answer's 2,229 k instructions, and 570 k
of an Extreme Idiot play's 2,021 k (benchmarks/inapp_moves.py --count); here the body is read
once, checked against the route's own pydantic model in strict mode, and handed to the route's
own function (app.py), whose answer is sent as it is. What strict mode does not take as it
stands (a number sent as text, a field missing, a header too long: whatever FastAPI would
convert or refuse) goes on to FastAPI with its bytes, and is answered there as before: this
path answers nothing differently, only sooner.

An error the route raises (no such game, a move of the wrong shape, a language warming up) is
answered by the app's own handler of its class, looked up as Starlette does; anything else is
a 500 in JSON, logged, as the word verbs answer theirs.
"""

from __future__ import annotations

import json
import traceback

from pydantic import ValidationError
from starlette.requests import Request

from .reply import encode, send_json
from .rooms import seat_and_referee, tokens_kept

PREFIX = "/api/games/"
MAX_TOKEN = 200  # characters of an X-Referee-Token header (the routes' Header(max_length))


class MoveRoutes:
    """Answer the game moves (see the module docstring); pass anything else to `app`.

    `routes` (filled by app.create_app) maps a move route's last path part to (its function,
    its body's model or None for any JSON object, whether it takes the referee token).
    """

    def __init__(self, app):
        self.app = app
        self.routes: dict[str, tuple] = {}
        self.handlers: dict = {}

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["method"] == "POST" and \
                scope["path"].startswith(PREFIX):
            parts = scope["path"][len(PREFIX):].split("/")
            route = self.routes.get(parts[-1]) if len(parts) == 2 and parts[0] else None
            if route is not None:
                await self.move(scope, receive, send, parts[0], *route)
                return
        await self.app(scope, receive, send)

    async def move(self, scope, receive, send, game_id, function, model, takes_token):
        body, more = b"", True
        while more:  # the Guard let through only a JSON body of at most 64 KB
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body += message.get("body", b"")
            more = message.get("more_body", False)
        args = _checked(body, model)
        # The route's own X-Referee-Token is the header's first value, as FastAPI reads it.
        token = next((v.decode("latin-1") for k, v in scope["headers"]
                      if k == b"x-referee-token"), None) if takes_token else None
        if args is None or (token is not None and len(token) > MAX_TOKEN):
            await self.app(scope, _replay(body, receive), send)  # FastAPI answers it
            return
        if takes_token:
            args.append(token)
        with tokens_kept(*seat_and_referee(scope["headers"])):
            try:
                response = await function(game_id, *args)
            except Exception as err:  # noqa: BLE001 (answered by the app's handler, or 500)
                response = await self.refusal(scope, err)
                if response is None:
                    traceback.print_exc()
                    await send_json(send, 500, encode(
                        {"error": "internal error: the server log says why"}))
                    return
        await response(scope, receive, send)

    async def refusal(self, scope, err: Exception):
        """Return the app's answer to `err` (its handler for the nearest class), or None."""
        for kind in type(err).__mro__:
            handler = self.handlers.get(kind)
            if handler is not None:
                return await handler(Request(scope), err)
        return None


def _checked(body: bytes, model) -> list | None:
    """Return the route's arguments after the game id from `body`, or None if FastAPI is
    to judge it: not a JSON object (as FastAPI reads it), or not of `model` in strict mode."""
    try:
        data = json.loads(body)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    if model is None:
        return [data]
    try:
        return [model.model_validate(data, strict=True)]
    except ValidationError:
        return None


def _replay(body: bytes, receive):
    """Return an ASGI receive that gives `body` once, then what `receive` gives."""
    sent = False

    async def replayed():
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}
    return replayed
