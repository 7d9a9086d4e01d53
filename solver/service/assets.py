"""The page's files as the service sends them: read once, gzipped once, revalidated by ETag.

`Assets.response(name, request)` answers `/` ("index.html", with the list of games filled in)
and `/static/{name}`. Each file is read and compressed when the app starts (gzip level 9 over
the whole page measured 6 ms here), so a request costs a dictionary look-up. A browser that
accepts gzip gets the compressed body (about a third of the bytes; the README has the sizes); every
response says `Cache-Control: no-cache`, which lets the browser keep the files but ask each time
(a 304 without a body when nothing changed): the ES modules have no version in their names, so
a longer max-age could mix old and new modules after an upgrade.

The API's JSON is not compressed: the word-game verbs answer in about 130 bytes, where gzip
would only add work to the hot path. Files edited on disk are seen after a restart.
"""

from __future__ import annotations

import gzip
import hashlib
import re
from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import Response

TYPES = {"js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
         "html": "text/html; charset=utf-8"}
NAME = re.compile(r"[a-z0-9][a-z0-9-]*\.(js|css)")
CACHE = "no-cache"
# Below this size gzip saves less than its header and a round of work costs: send as is.
MIN_GZIP = 512


@dataclass(frozen=True)
class Asset:
    """One file: its bytes, their gzip, the ETag of each and the media type."""

    body: bytes
    gzipped: bytes | None
    etag: str
    media_type: str


def _asset(body: bytes, media_type: str) -> Asset:
    digest = hashlib.sha256(body).hexdigest()[:20]
    packed = gzip.compress(body, 9, mtime=0) if len(body) >= MIN_GZIP else None
    return Asset(body, packed if packed and len(packed) < len(body) else None, digest,
                 media_type)


def _accepts_gzip(request: Request) -> bool:
    for part in request.headers.get("accept-encoding", "").lower().split(","):
        coding, _, params = part.strip().partition(";")
        if coding.strip() in ("gzip", "*") and params.replace(" ", "") not in ("q=0", "q=0.0"):
            return True
    return False


class Assets:
    """The page's files, ready to send."""

    def __init__(self, folder, page: bytes):
        """Read every .js and .css file in `folder` (a Traversable); `page` is the home page."""
        self.files = {"index.html": _asset(page, TYPES["html"])}
        for entry in folder.iterdir():
            if NAME.fullmatch(entry.name) and entry.is_file():
                self.files[entry.name] = _asset(entry.read_bytes(),
                                                TYPES[entry.name.rpartition(".")[2]])

    def response(self, name: str, request: Request) -> Response | None:
        """Return the response for file `name`, or None when there is no such file."""
        asset = self.files.get(name)
        if asset is None:
            return None
        packed = asset.gzipped is not None and _accepts_gzip(request)
        # The two encodings are different bytes, so they carry different ETags.
        etag = f'"{asset.etag}{"-gz" if packed else ""}"'
        headers = {"ETag": etag, "Cache-Control": CACHE, "Vary": "Accept-Encoding",
                   "X-Content-Type-Options": "nosniff"}
        asked = request.headers.get("if-none-match", "")
        if etag in [tag.strip().removeprefix("W/") for tag in asked.split(",")]:
            return Response(status_code=304, headers=headers)
        if packed:
            headers["Content-Encoding"] = "gzip"
        return Response(asset.gzipped if packed else asset.body, media_type=asset.media_type,
                        headers=headers)

    def sizes(self) -> dict:
        """Return {name: (bytes, gzipped bytes)}: what the README's figures are made of."""
        return {name: (len(a.body), len(a.gzipped or a.body)) for name, a in self.files.items()}
