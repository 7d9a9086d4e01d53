"""`wordref serve`: the HTTP service under uvicorn."""

from __future__ import annotations

import os

import click


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; 0.0.0.0 serves every network of this machine.")
@click.option("--port", default=8080, show_default=True, type=click.IntRange(1, 65535))
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Worker processes (one per core is a good start).")
@click.option("--db", metavar="PATH|URL",
              help="The games database, shared with `wordref game`: a SQLite file, or "
                   "postgresql://USER@HOST:PORT/DB for replicas sharing one PostgreSQL.")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
              help="Also answer requests for this Host name (repeatable; '*' for any). IP "
                   "addresses, localhost and this machine's own name are always answered; "
                   "other names are refused, so that no web page can reach the server "
                   "through a name of its own (DNS rebinding).")
@click.option("--move-process", is_flag=True,
              help="Play the games' moves in a process of their own (one per worker), so "
                   "that live rooms' moves leave the word verbs this process's share of the "
                   "CPU; a crashed one is restarted.")
def serve(host, port, workers, db, allow_hosts, move_process):
    """Serve the referee over HTTP, with the web page for the table at /.

    \b
    Examples:
      wordref serve
      wordref serve --host 0.0.0.0 --port 8080 --workers 2
      wordref serve --move-process
      wordref serve --db postgresql://wordref@db.local:5432/wordref
      wordref serve --host 0.0.0.0 --allow-host referee.lan
    """
    try:
        import uvicorn
    except ImportError:
        raise click.ClickException("the service needs its extra: pip install 'wordref[serve]'") \
            from None
    if db:
        from ..pgstore import is_url
        os.environ["WORDREF_DB"] = db if is_url(db) else os.path.abspath(db)
    bad = [name for name in allow_hosts if not name or "," in name or "/" in name]
    if bad:
        raise click.BadParameter(f"{bad[0]!r} is not a host name", param_hint="--allow-host")
    os.environ["WORDREF_ALLOW_HOSTS"] = ",".join(allow_hosts)
    if move_process:  # read by service/mover.py, in each worker
        os.environ["WORDREF_MOVE_PROCESS"] = "1"
    click.echo(f"wordref serving http://{host}:{port}/ ({workers} worker"
               f"{'s' * (workers > 1)})", err=True)
    uvicorn.run("solver.service.app:app_from_environment", factory=True, host=host, port=port,
                workers=workers, log_level="warning", access_log=False)
