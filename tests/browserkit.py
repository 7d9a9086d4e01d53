"""What the browser tests share: Debian's Chromium under Playwright, the real server on loopback.

Importing this module skips the importing test module when Playwright or Chromium is missing.
Screenshots go to $WORDREF_ARTIFACTS, or else to a folder under pytest's temporary directory
(its path is printed at the end of the run); `shot()` names one.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
CHROMIUM = "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import sync_playwright  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
_artifacts: list[Path] = []
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
# The colours of the verdict box (style.css: --green, --red).
GREEN, RED = "rgb(11, 110, 46)", "rgb(179, 18, 43)"


@pytest.fixture(scope="session", autouse=True)
def artifacts(tmp_path_factory):
    """The folder the screenshots go to."""
    folder = Path(os.environ.get("WORDREF_ARTIFACTS") or tmp_path_factory.mktemp("artifacts"))
    folder.mkdir(parents=True, exist_ok=True)
    _artifacts[:] = [folder]
    yield folder
    print(f"\nscreenshots in {folder}")


def shot(name: str) -> str:
    """Return the path a screenshot called `name` is saved to."""
    return str(_artifacts[0] / name)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, headers: dict | None = None):
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def post(url: str, body: dict):
    request = urllib.request.Request(url, json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The real service on a free loopback port, with a database of its own."""
    work = tmp_path_factory.mktemp("browser")
    port = free_port()
    log = open(work / "server.log", "w+b")
    process = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "solver.service.app:app_from_environment", "--factory",
         "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT, env={**os.environ, "WORDREF_DB": str(work / "games.sqlite3")},
        stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    try:
        while True:
            if process.poll() is not None:
                log.seek(0)
                pytest.fail(f"the server stopped:\n{log.read().decode(errors='replace')}")
            try:
                get(f"{base}/healthz")
                break
            except (OSError, urllib.error.URLError):
                if time.monotonic() > deadline:
                    pytest.fail("the server did not answer /healthz within 30 s")
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    yield page
    context.close()
    assert not errors, f"the page threw: {errors}"


def fill_setup(page, base: str, game: str, players: list[str], seed: int,
               typed: bool = False) -> None:
    """Open the page and fill in its set-up form: the game, the players, the shuffle number.

    With `typed`, names are typed key by key, as a person does, instead of pasted.
    """
    page.goto(base + "/")
    page.get_by_text(game, exact=True).click()
    fields = page.locator("#player-list input")
    while fields.count() < len(players):
        page.get_by_role("button", name="+ Add a player").click()
    for field, name in zip(fields.all(), players):
        if typed:
            field.fill("")
            field.press_sequentially(name)
        else:
            field.fill(name)
    page.get_by_text("Options").click()
    page.get_by_label("Shuffle number").fill(str(seed))


def answerable_seed(players: list[str], first: int = 3) -> int:
    """Return the first seed from `first` whose first Red Letter, Yellow Letter deal for
    `players` has an answer the solver finds: the Things deck is every category, so a new
    category reshuffles the deals, and a test that needs an answer must not hang on one seed."""
    from solver import redyellow
    from solver.categories import Categories
    from solver.games import redyellow as game

    cats = Categories.open()
    return next(seed for seed in range(first, first + 100) if redyellow.solve(
        cats, game.on_display(game.new(players, seed)), 1).words)
