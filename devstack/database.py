"""The local stack's PostgreSQL: `DATABASE_URL` if set, else the embedded server in the data dir
(pgserver), migrated. The admin operations on it (tenants and members) are the layer's
(pageport.services.admin), shared with the deployed admin function.

pgserver lets several processes share one server on the same pgdata: the last process to let
go stops it. So `pageport admin ...` works whether or not `pageport dev` is running.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from devstack.paths import postgres_dir


def forget_dead_handles(pgdata: Path) -> None:
    """pgserver counts its users in `.handle_pids.json` and stops the server when the last one
    exits; a process killed without cleanup would stay counted forever and keep the server up
    after every later stop. Drop pids that no longer run (under pgserver's own lock)."""
    from pageport.db import embedded_server_class

    handles = pgdata / ".handle_pids.json"
    if not handles.exists():
        return
    with embedded_server_class()._lock:
        try:
            pids = json.loads(handles.read_text())
        except ValueError:
            pids = []
        alive = [pid for pid in pids if isinstance(pid, int) and _running(pid)]
        if alive != pids:
            handles.write_text(json.dumps(alive))


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


def database_url(data_dir: Path) -> str:
    """The libpq URL of the stack's database, starting the embedded server if needed."""
    explicit = os.environ.get("DATABASE_URL")
    if explicit:
        return explicit
    from pageport.db import embedded_conninfo

    pgdata = postgres_dir(data_dir)
    if pgdata.exists():
        forget_dead_handles(pgdata)
    return embedded_conninfo(pgdata)


def prepare_database(data_dir: Path) -> str:
    """Start (or attach to) the database and apply pending migrations; returns its URL."""
    from pageport.migrations import apply_migrations

    url = database_url(data_dir)
    apply_migrations(url)
    return url
