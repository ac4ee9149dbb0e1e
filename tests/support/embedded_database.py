"""Stop and start the local stack's embedded PostgreSQL underneath it, as an outage would: with
pgserver's own pg_ctl, as the system user and with the socket directory pgserver used."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

# pgserver runs the server as this user when started by root (postgres refuses root), else as us.
PGSERVER_ROOT_USER = "pgserver"


@dataclass(frozen=True)
class EmbeddedDatabase:
    pgdata: Path

    def _pg_ctl(self, args: list[str]) -> None:
        from pageport.db import embedded_server_class

        embedded_server_class()  # imports pgserver without its XDG_RUNTIME_DIR warning
        from pgserver._commands import pg_ctl  # type: ignore[attr-defined]  # made at import time

        user = PGSERVER_ROOT_USER if os.geteuid() == 0 else None
        pg_ctl(args, pgdata=self.pgdata, user=user, timeout=60)

    def stop(self) -> str:
        """Stop it at once (connections are cut); returns its socket directory for `start`."""
        socket_dir = (self.pgdata / "postmaster.pid").read_text().splitlines()[4]
        self._pg_ctl(["-w", "stop", "-m", "fast"])
        return socket_dir

    def start(self, socket_dir: str) -> None:
        self._pg_ctl(["-w", "-o", '-h ""', "-o", f"-k {socket_dir}", "-l", str(self.pgdata / "log"), "start"])
