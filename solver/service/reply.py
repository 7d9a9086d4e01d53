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
from json.encoder import c_make_encoder, encode_basestring
from pathlib import Path

import orjson
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
# (a tenth of a word verb's time here). JSONEncoder.encode in turn makes a new C encoder each
# call (its iterencode: 8.6 k of the 28.4 k instructions of encoding a verdict); this one is
# made once, with JSONEncoder's own settings, so its bytes are json.dumps(data,
# ensure_ascii=False)'s (tests/test_service.py checks them). No check for circular data: an
# answer is built fresh from lists, dicts and scalars, never refers to itself.
_ENCODER = json.JSONEncoder(ensure_ascii=False)
_C_ENCODE = (c_make_encoder(None, _ENCODER.default, encode_basestring, None,
                            _ENCODER.key_separator, _ENCODER.item_separator, False, False, True)
             if c_make_encoder is not None else None)


def encode(data) -> bytes:
    """Return `data` as the service's JSON bytes."""
    try:
        if _C_ENCODE is None:  # a Python without the _json accelerator
            return _ENCODER.encode(data).encode()
        return "".join(_C_ENCODE(data, 0)).encode()
    except UnicodeEncodeError:  # half of a UTF-16 pair alone: written as JSON escapes it
        return json.dumps(data).encode()


def compact(data, status: int = 200) -> Response:
    """Return a JSON response written by orjson, with no spaces: a move's reply (its verdict,
    events and the table), 5 times as fast as `dumps` (an answer's reply: 13 us, not 67 us).
    What orjson refuses (half of a UTF-16 pair alone, a number past 64 bits) `dumps` writes;
    an infinite number, which JSON has not and no move's reply holds, it writes as null."""
    try:
        body = orjson.dumps(data)
    except TypeError:
        return dumps(data, status)
    return Response(body, status_code=status, media_type="application/json")


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
    head = [(b"content-type", JSON), (b"content-length", b"%d" % len(body))]
    if headers:
        head += headers
    await send({"type": "http.response.start", "status": status, "headers": head})
    await send({"type": "http.response.body", "body": body})


async def send_error(send, status: int, message: str, headers=()) -> None:
    """Send {"error": message} with `status`."""
    await send_json(send, status, encode(error_data(message)), headers)
