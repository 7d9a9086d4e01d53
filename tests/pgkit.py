"""A throwaway PostgreSQL for the tests: Debian's server binaries, a cluster in a temp dir.

`postgres` (session) starts one cluster on a free loopback port, as the postgres user when the
tests run as root (initdb refuses root), and removes it after; `pg_url` (per test) gives a
fresh, empty database in it. Tests that use them skip, saying why, where PostgreSQL or psycopg
is not installed. With $WORDREF_TEST_PG set to a server URL (for example pg_virtualenv's), that
server is used instead and nothing is started.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest


def _bin_dir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_postgres(args: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return args
    return ["runuser", "-u", "postgres", "--", *args]


class Unavailable(Exception):
    """PostgreSQL cannot be started here (the message says why)."""


@contextlib.contextmanager
def throwaway_cluster():
    """Start a PostgreSQL cluster in a temp dir on a free loopback port; yield the URL of its
    maintenance database; stop and remove it after. Raises Unavailable when it cannot."""
    bin_dir = _bin_dir()
    if bin_dir is None:
        raise Unavailable("PostgreSQL is not installed (apt-get install postgresql)")
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            raise Unavailable("no postgres user to run the PostgreSQL server as") from None
    work = Path(tempfile.mkdtemp(prefix="wordref-pg-"))
    os.chmod(work, 0o777)
    data, port = work / "data", _free_port()
    try:
        subprocess.run(_as_postgres([str(bin_dir / "initdb"), "-D", str(data), "-A", "trust",
                                     "-U", "postgres", "--no-sync", "-E", "UTF8"]),
                       check=True, capture_output=True)
        # fsync off: the tests kill wordref, never the database server, so its commits need
        # not reach the disk; max_connections for the replicas and their listeners.
        options = (f"-c port={port} -c listen_addresses=127.0.0.1 "
                   f"-c unix_socket_directories={work} -c fsync=off -c max_connections=200")
        started = subprocess.run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-l",
                                               str(work / "server.log"), "-o", options, "-w",
                                               "-t", "60", "start"]), capture_output=True)
        if started.returncode != 0:
            log = (work / "server.log").read_text(errors="replace") \
                if (work / "server.log").exists() else ""
            raise RuntimeError(f"the throwaway PostgreSQL did not start: "
                               f"{started.stderr.decode()} {log}")
        try:
            yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
        finally:
            subprocess.run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-m",
                                         "immediate", "stop"]), capture_output=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres():
    """Yield the URL of a PostgreSQL server's maintenance database (started here if need be)."""
    pytest.importorskip("psycopg", reason="psycopg is not installed (pip install psycopg)")
    given = os.environ.get("WORDREF_TEST_PG")
    if given:
        yield given
        return
    try:
        with throwaway_cluster() as url:
            yield url
    except Unavailable as why:
        pytest.skip(str(why))


def fresh_database(server_url: str) -> str:
    """Create an empty database on `server_url`'s server; return its URL."""
    import psycopg

    name = "t_" + secrets.token_hex(6)
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return server_url.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def pg_url(postgres):
    """Yield the URL of a new, empty database for one test."""
    yield fresh_database(postgres)


def wait_for(check, timeout: float = 10.0, every: float = 0.05):
    """Return check()'s first true value within `timeout` seconds, else None."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(every)
    return None
