"""The word-game verbs over HTTP, the hot path: GET /api/{extremis|redyellow}/{verb}?...

Start with `WordVerbs.__call__`, a plain ASGI middleware that answers these two paths before
FastAPI routes anything (FastAPI's per-parameter validation measured 300 us a request for these
parameters, against 5 us for the verb itself; Starlette's Request and query_params another
third of the route). The query string is read once, from the raw bytes, into `PARAMS`' names;
the verb's `asker` is kept per set of options (`api.asker` opens the lexicon and its filter).
FastAPI still documents both routes in the OpenAPI schema, from `query_doc` (and the fuzz test
checks them against it).

Nothing here blocks the event loop for long:
- a language is opened by `Languages`: the first use of a compact lexicon builds its index for
  seconds (6.3 s for Norwegian), so that happens in a child process (`open_language`), waited
  for by a thread, and the requests meanwhile are
  answered 503 with Retry-After ("warming up"), /healthz and every other language still served;
- a request whose work is not a few microseconds (judging long or many answers, listing every
  word) runs in a worker thread; the cheap ones stay on the loop, where a thread hop would
  cost more than the verb.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import threading
import time
import traceback
from concurrent.futures import Future
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote

from anyio import CapacityLimiter, to_thread

from .. import api
from ..errors import InputError, LexiconError, WordrefError
from ..verdict import MAX_TEXT  # characters of an answer or a Thing, as everywhere
from .reply import encode, error_data, send_json

# Bytes of a query string: as much as a request body may hold (100 answers of 200 letters,
# percent-encoded, fit when they are mostly ASCII).
MAX_QUERY = 64 * 1024
# Work above this many answer characters, or a list of more words than this, leaves the loop.
INLINE_CHARS, INLINE_LIMIT = 64, 200
HEAVY_THREADS = 2
RETRY_AFTER = b"5"
FAILED_RETRY = 30.0  # seconds before a language that failed to open is tried again
RETRY_FAILED = str(int(FAILED_RETRY)).encode()

# name: (type, default, max length or range, description)
EXTREMIS_PARAMS = {
    "initial": ("string", None, 8, "The initial letter."),
    "green": ("string", "", 50, "Green letters in play, repeated as shown: UTT."),
    "red": ("string", "", 50, "Red letters in play."),
    "lang": ("string", "en", 16, "Language code (GET /api/lexicons lists them)."),
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
    "categories": ("string", "", MAX_QUERY, "The table's own Things: a JSON list of categories "
                   "in the packs' format (tables.py), read before the built-in ones."),
}
PARAMS = {"extremis": EXTREMIS_PARAMS, "redyellow": REDYELLOW_PARAMS}
_DEFAULTS = {id(spec): {name: default for name, (_, default, _, _) in spec.items()}
             for spec in PARAMS.values()}
# name -> (how to read it, its bound), read_query's table: _TEXT (a string of at most `bound`
# characters) and _ANSWER are read inline, anything else by _value.
_TEXT, _ANSWER = "text", "array"
_READERS = {id(spec): {name: (_TEXT if kind == "string" and isinstance(bound, int) else kind,
                              bound)
                       for name, (kind, _, bound, _) in spec.items()}
            for spec in PARAMS.values()}
PREFIXES = {"/api/extremis/": "extremis", "/api/redyellow/": "redyellow"}
MAX_ANSWERS = 100
WHOLE = re.compile(r"-?[0-9]{1,12}")


class WarmingUp(Exception):
    """A language is still being opened (its index built): 503 with Retry-After."""


class Unavailable(InputError):
    """A language this server cannot open now (say, a read-only cache): 503, tried again
    FAILED_RETRY seconds after it failed."""


class Languages:
    """The languages the service answers in, each opened once, off the event loop.

    `await ready(code)` returns once language `code` is open: at once when it is, within
    `wait` seconds when opening is quick (a shipped full lexicon opens in 2 to 7 ms, an index
    already in the cache in the 0.3 s of starting a process to check it), else it
    raises WarmingUp while a thread goes on building. `open(code)` is the blocking form, for
    code already in a worker thread (a move of a game in that language). A code not in
    `known` is refused before anything touches the file system: a language is a name from
    the list, never a path.
    """

    def __init__(self, known, opener, wait: float = 1.0):
        self.known, self.opener, self.wait = frozenset(known), opener, wait
        self.opened: set[str] = set()
        self._jobs: dict[str, Future] = {}
        self._failed: dict[str, float] = {}
        self._lock = threading.Lock()

    def check(self, code: str) -> None:
        """Raise InputError unless `code` names a language of the list."""
        if code not in self.known:
            raise InputError(f"no lexicon for language {code[:20]!r} (available: "
                             f"{', '.join(sorted(self.known))})")

    async def ready(self, code: str) -> None:
        """Return once `code` is open; raise InputError or WarmingUp (see the class)."""
        if code in self.opened:
            return
        self.check(code)
        job = self._start(code)
        try:
            await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(job)), self.wait)
        except asyncio.TimeoutError:
            raise WarmingUp(code) from None
        except Exception:  # noqa: BLE001 - the job's own error: _settle words it
            pass
        self._settle(code, job)

    def open(self, code: str) -> None:
        """Open `code` in this thread if no other thread is opening it; wait for it if one is."""
        if code in self.opened:
            return
        self.check(code)
        job = self._start(code)
        job.exception()  # waits for it
        self._settle(code, job)

    def _start(self, code: str) -> Future:
        with self._lock:
            job = self._jobs.get(code)
            failed = self._failed.get(code)
            if job is not None and failed is not None and time.monotonic() - failed > FAILED_RETRY:
                job = None  # try again: the disk may have room now
            if job is None:
                job = self._jobs[code] = Future()
                threading.Thread(target=self._build, args=(code, job), daemon=True,
                                 name=f"wordref-open-{code}").start()
            return job

    def _build(self, code: str, job: Future) -> None:
        try:
            self.opener(code)
        except BaseException as err:  # noqa: BLE001 - handed to whoever waits for it
            self._failed[code] = time.monotonic()
            print(f"wordref: cannot open the {code} lexicon: {err}", file=sys.stderr)
            job.set_exception(err)
        else:
            job.set_result(None)

    def _settle(self, code: str, job: Future) -> None:
        err = job.exception()
        if err is None:
            self.opened.add(code)
            return
        if isinstance(err, WordrefError):
            raise Unavailable(f"the {code} lexicon cannot be opened on this server: {err}")
        raise Unavailable(f"the {code} lexicon cannot be opened on this server (its log "
                          f"says why)")


# Builds a compact language's index into the cache, in a process of its own: the build holds
# the GIL in C code for seconds at a time (a thread left /healthz waiting 4.5 s while Norwegian
# built), and a process also keeps its 200 MB of build-time memory out of the server's.
BUILD = "import sys; from solver.api import open_extremis; open_extremis(sys.argv[1])[0].verify()"


def open_language(code: str) -> None:
    """Open what the word verbs need of `code`: its lexicon (and, in English, the categories).

    A lexicon shipped full is mapped here (2 to 7 ms); a compact one is opened first by a
    child process, which builds its index into the cache if it is not there yet, so that
    opening it here only maps the built file.
    """
    from ..lexicon import describe

    if describe(code)["shipped"] != "full":
        package_root = str(Path(__file__).resolve().parents[2])
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [package_root, *filter(None, [os.environ.get("PYTHONPATH")])])}
        child = subprocess.run([sys.executable, "-c", BUILD, code], env=env, text=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               timeout=900)
        if child.returncode:
            said = [line for line in child.stderr.splitlines() if line.strip()]
            raise LexiconError(said[-1] if said else f"the build stopped ({child.returncode})")
    api.open_extremis(code)[0].verify()  # every section checked on open, as a CLI run does lazily
    if code == "en":
        from ..categories import Categories
        Categories.open()


class WordVerbs:
    """Answer the word-game verbs (see the module docstring); pass anything else to `app`."""

    def __init__(self, app, languages: Languages):
        self.app, self.languages = app, languages
        self._limiter = None

    def _heavy(self) -> CapacityLimiter:
        # Two threads at most (the cores): every thread more that wants the GIL lengthens the
        # event loop's wait for it. With anyio's 40, eight parallel judges of 100 long answers
        # kept /healthz waiting 1.6 s on this machine.
        if self._limiter is None:
            self._limiter = CapacityLimiter(HEAVY_THREADS)
        return self._limiter

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
            path = scope["path"]
            game = PREFIXES.get(path[:14]) or PREFIXES.get(path[:15])
            if game is not None and path.count("/") == 3:
                status, body, headers = await self.answer(game, path.rsplit("/", 1)[1],
                                                          scope["query_string"])
                await send_json(send, status, body, headers)
                return
        await self.app(scope, receive, send)

    async def answer(self, game: str, verb: str, raw: bytes) -> tuple[int, bytes, list]:
        """Return (status, JSON body, extra headers) for one verb of `game`."""
        if verb not in api.VERBS:
            return 404, encode({"error": f"no verb {verb[:40]!r}"}), []
        try:
            q = read_query(raw, PARAMS[game])
            lang = q["lang"]
            if lang not in self.languages.opened and (game == "extremis" or lang == "en"):
                await self.languages.ready(lang)  # the categories are English only
            ask, cards = _asked(game, verb, q)
            answers = q["answer"]
            heavy = (sum(map(len, answers)) > INLINE_CHARS if verb == "judge"
                     else verb == "solve" and not 0 < q["limit"] <= INLINE_LIMIT)
            data = (await to_thread.run_sync(ask, cards, answers, limiter=self._heavy())
                    if heavy else ask(cards, answers))
        except WarmingUp:
            return 503, encode({"error": f"warming up: the {q['lang']} index is being built; "
                                         f"try again in a few seconds"}), \
                [(b"retry-after", RETRY_AFTER)]
        except Unavailable as err:
            return 503, encode(error_data(str(err))), [(b"retry-after", RETRY_FAILED)]
        except WordrefError as err:
            return 400, encode(error_data(str(err))), []
        except Exception:  # noqa: BLE001 - a fault of this server: logged, answered as JSON
            # In front of Starlette's error page (app.in_front), so its own 500, as JSON.
            traceback.print_exc()
            return 500, encode({"error": "internal error: the server log says why"}), []
        return 200, encode(data), []


def _asked(game: str, verb: str, q: dict):
    """Return (the function that answers the verb of `q`, its cards), to call here or in a
    thread as ask(cards, answers)."""
    if game == "extremis":
        return (_extremis_asker(verb, q["lang"], q["tier"], q["conjugated"], q["limit"],
                                q["level"]),
                (q["initial"], q["green"], q["red"]))
    used = tuple(u for u in q["used"].split(",") if u.strip())
    how = dict(lang=q["lang"], limit=q["limit"], level=q["level"], used=used)
    # A table's own pack comes as JSON text, never a path; its Shelf is kept by tables.py.
    ask = api.json_asker(game, verb, **how, categories=_pack(q["categories"])) \
        if q["categories"] else _asker(game, verb, **how)
    return ask, (q["thing"], q["yellow"], q["red"])


def _pack(text: str) -> list:
    """Return a table's pack sent as JSON text; raise InputError if it is not a JSON list."""
    import json

    try:
        pack = json.loads(text)
    except ValueError:
        raise InputError("categories is a JSON list of categories") from None
    if not isinstance(pack, list):
        raise InputError("categories is a JSON list of categories")
    return pack


# One asker per verb and options: opening the lexicon's filter and flags each request measured
# a fifth of the verb. Bounded, so that a visitor cycling through options cannot grow it.
_asker = lru_cache(maxsize=1024)(api.json_asker)


@lru_cache(maxsize=1024)
def _extremis_asker(verb: str, lang: str, tier: str, conjugated: bool | None, limit: int,
                    level: int):
    # Arguments by position: the cache's key is then the tuple of them, where keywords cost
    # 2.4 k instructions a request more to make one (4.1 k against 1.7 k).
    return api.json_asker("extremis", verb, lang=lang, tier=tier, level=level, limit=limit,
                          no_conjugated=None if conjugated is None else not conjugated)


def read_query(raw: bytes, spec: dict) -> dict:
    """Return the parameters of `spec` from a raw query string, checked; raise InputError.

    Read as Starlette reads it (names and values percent- and plus-decoded as UTF-8, the last
    of a repeated name, every `answer`), in one pass over the names given: the whole string
    is decoded once, and parts are unquoted only when it holds a "%" or a "+".
    """
    if len(raw) > MAX_QUERY:
        raise InputError(f"the query string is over {MAX_QUERY} bytes")
    try:
        text = raw.decode()
    except UnicodeDecodeError:
        raise InputError("the query string is not UTF-8") from None
    quoted = "%" in text or "+" in text
    out = dict(_DEFAULTS[id(spec)])
    readers = _READERS[id(spec)]
    answers = []
    for pair in text.split("&"):
        name, _, value = pair.partition("=")
        if quoted:
            name, value = _unquoted(name), _unquoted(value)
        found = readers.get(name)
        if found is None:
            continue
        how, bound = found
        if how == _TEXT:  # the cards and the language: a length check, inline
            if len(value) > bound:
                raise InputError(f"{name} is at most {bound} characters")
            out[name] = value
        elif how == _ANSWER:
            if len(value) > bound or len(answers) == MAX_ANSWERS:
                raise InputError(f"{name}: at most {MAX_ANSWERS} values of at most "
                                 f"{bound} characters")
            answers.append(value)
        else:
            out[name] = _value(name, how, bound, value)
    out["answer"] = answers
    return out


def _unquoted(part: str) -> str:
    try:
        return unquote(part.replace("+", " "), errors="strict")
    except UnicodeDecodeError:
        raise InputError("the query string is not UTF-8") from None


def _value(name: str, kind: str, bound, raw: str):
    if kind == "string":
        if isinstance(bound, list) and raw not in bound:
            raise InputError(f"{name} is one of {', '.join(bound)}")
        if isinstance(bound, int) and len(raw) > bound:
            raise InputError(f"{name} is at most {bound} characters")
        return raw
    if kind == "boolean":
        if raw.lower() not in ("true", "false", "1", "0"):
            raise InputError(f"{name} is true or false")
        return raw.lower() in ("true", "1")
    if not WHOLE.fullmatch(raw):
        raise InputError(f"{name} is a whole number")
    value = int(raw)
    if not bound[0] <= value <= bound[1]:
        raise InputError(f"{name} is between {bound[0]} and {bound[1]}")
    return value


def query_doc(spec: dict) -> dict:
    """Return the OpenAPI description of the query parameters in `spec`."""
    parameters = []
    for name, (kind, default, bound, text) in spec.items():
        schema: dict = {"type": kind}
        if kind == "array":
            schema = {"type": "array", "items": {"type": "string", "maxLength": bound},
                      "maxItems": MAX_ANSWERS}
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
