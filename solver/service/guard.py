"""What every request must be before any route sees it: for this server, small, and not forged.

`Guard` is a plain ASGI middleware (Starlette's BaseHTTPMiddleware runs each request through
memory streams and a task group, which measured 8 event-loop turns a request here). It
refuses, each with a JSON error:

- a Host header that names none of the server's names (400). A page on another site can make a
  browser on the table's network talk to this server by pointing its own domain name at the
  server's address (DNS rebinding); the browser then sends that domain as Host. IP literals and
  `localhost` are always served (a rebinding attack needs a name), and so is this machine's
  own name; other names are added with `wordref serve --allow-host NAME` ("*": any).
- a request that could change something (not GET, HEAD or OPTIONS) without a JSON body (415,
  or 400 when empty). A cross-site form can send only form encodings or text/plain, and a
  cross-site `fetch` with `Content-Type: application/json` needs a CORS preflight, which this
  server never grants; so no other site can answer, tap or stumped a game, even knowing its id.
- a body over `limit` bytes, or of unknown length (chunked): 413.
- a NUL character in the query string (400): no name or value of this API holds one, and
  text with a NUL in it only invites trouble further down (file names, logs, SQLite).
"""

from __future__ import annotations

import ipaddress
import socket

from .reply import send_error

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def own_names() -> set[str]:
    """Return the names this machine answers to: localhost, its host name (and .local)."""
    names = {"localhost"}
    try:
        host = socket.gethostname().lower().rstrip(".")
    except OSError:
        host = ""
    if host:
        names |= {host, f"{host.split('.')[0]}.local"}
    return names


class Hosts:
    """The Host header values a server accepts: IP literals, its own names, `extra` names."""

    def __init__(self, extra=()):
        extra = {name.lower().rstrip(".") for name in extra}
        self.anything = "*" in extra
        self.names = own_names() | extra
        self._seen: dict[bytes, bool] = {}

    def allows(self, host: bytes | None) -> bool:
        """Return whether a request with this Host header (None: none sent) is served."""
        if host is None or self.anything:
            return True
        known = self._seen.get(host)
        if known is None:
            known = self._allows(host)
            if len(self._seen) < 4096:  # a visitor sending random names cannot grow it forever
                self._seen[host] = known
        return known

    def _allows(self, host: bytes) -> bool:
        try:
            text = host.decode("ascii").lower()
        except UnicodeDecodeError:
            return False
        if text.startswith("["):  # [::1]:8080
            literal, bracket, rest = text[1:].partition("]")
            port_ok = rest == "" or (rest.startswith(":") and rest[1:].isdigit())
            return bracket == "]" and port_ok and _is_ip(literal)
        name, colon, port = text.rpartition(":")
        if not colon or not port.isdigit():
            name = text
        name = name.rstrip(".")
        return _is_ip(name) or name in self.names


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


class Guard:
    """Refuse requests for other hosts, forged state changes and oversized bodies (see above)."""

    def __init__(self, app, hosts: Hosts, limit: int):
        self.app, self.hosts, self.limit = app, hosts, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = length = kind = chunked = None
        for name, value in scope["headers"]:
            if name == b"host":
                host = value
            elif name == b"content-length":
                length = value
            elif name == b"content-type":
                kind = value
            elif name == b"transfer-encoding":
                chunked = b"chunked" in value.lower()
        if not self.hosts.allows(host):
            await send_error(send, 400, "this server does not serve that Host name "
                             "(wordref serve --allow-host NAME adds one)")
            return
        query = scope["query_string"]
        if query and (b"%00" in query or b"\x00" in query):
            await send_error(send, 400, "the query string holds a NUL character")
            return
        if (length is not None and (not length.isdigit() or int(length) > self.limit)) \
                or (length is None and chunked):
            await send_error(send, 413, f"the body is over {self.limit} bytes (or of unknown "
                                        "length)")
            return
        if scope["method"] not in SAFE_METHODS:
            if kind is None or kind.split(b";")[0].strip().lower() != b"application/json":
                await send_error(send, 415, "a request that changes something sends a JSON "
                                            "body (Content-Type: application/json)")
                return
            if not length or int(length) == 0:
                await send_error(send, 400, "this request needs a JSON body ({} will do)")
                return
        await self.app(scope, receive, send)
