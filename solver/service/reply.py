"""JSON replies as the service sends them, from FastAPI routes and from plain ASGI code alike.

`dumps(data, status)` is a Starlette Response; `send_json(send, status, data)` writes the same
bytes straight to an ASGI `send` (the word verbs and the request guard answer that way, below
FastAPI's routing). Every error message goes through `scrub`, which cuts this server's own
directories out of it: a message may quote a file the library could not read, and a visitor
has no business learning where wordref is installed or whose home directory it runs in.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from starlette.responses import Response

from ..paths import cache_dir, data_dir

JSON = b"application/json"


def _server_dirs() -> list[str]:
    here = Path(__file__).resolve().parents[2]  # the directory that holds the package
    found = {str(here), str(data_dir()), str(cache_dir()), str(Path.home())}
    found |= {os.path.realpath(d) for d in found}
    # Longest first, so that a home directory does not leave half of a path inside it.
    return sorted((d for d in found if len(d) > 1), key=len, reverse=True)


SERVER_DIRS = _server_dirs()


def scrub(message: str) -> str:
    """Return `message` with this server's directories replaced by "…"."""
    for folder in SERVER_DIRS:
        if folder in message:
            message = message.replace(folder, "…")
    return message


# One encoder for every answer: json.dumps with any option builds a new JSONEncoder each call
# (a tenth of a word verb's time here).
_ENCODE = json.JSONEncoder(ensure_ascii=False).encode


def encode(data) -> bytes:
    """Return `data` as the service's JSON bytes."""
    return _ENCODE(data).encode()


def error_data(message: str, code: str | None = None) -> dict:
    """Return the JSON of an error: {"error": message, "code": code}."""
    body = {"error": scrub(message)}
    if code:
        body["code"] = code
    return body


def dumps(data, status: int = 200, headers: dict | None = None) -> Response:
    """Return a JSON response, encoded once."""
    return Response(encode(data), status_code=status, media_type="application/json",
                    headers=headers)


def error(message: str, status: int, code: str | None = None,
          headers: dict | None = None) -> Response:
    """Return an error response: {"error": message} (and "code")."""
    return dumps(error_data(message, code), status, headers)


async def send_json(send, status: int, body: bytes, headers=()) -> None:
    """Send a whole JSON response of `body` bytes to an ASGI `send`."""
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", JSON),
                            (b"content-length", str(len(body)).encode()), *headers]})
    await send({"type": "http.response.body", "body": body})


async def send_error(send, status: int, message: str, headers=()) -> None:
    """Send {"error": message} with `status`."""
    await send_json(send, status, encode(error_data(message)), headers)
