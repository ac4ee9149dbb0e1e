"""The local stack's PostgreSQL: `DATABASE_URL` if set, else the embedded server in the data dir
(pgserver), migrated; and the admin operations the CLI offers (tenants and members).

pgserver lets several processes share one server on the same pgdata: the last process to let
go stops it. So `pageport admin ...` works whether or not `pageport dev` is running.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

import psycopg

from devstack.localauth import check_subject
from devstack.paths import postgres_dir


class AdminError(Exception):
    """A refusal the CLI shows as one line."""


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


@dataclass(frozen=True, slots=True)
class CreatedProject:
    organization_id: int
    project_id: int

    def as_json(self) -> dict[str, int]:
        return {"organizationId": self.organization_id, "projectId": self.project_id}


def _subjects(members: list[str]) -> list[str]:
    try:
        return list(dict.fromkeys(check_subject(member) for member in members))
    except ValueError as exc:
        raise AdminError(str(exc)) from None


def create_project(url: str, org: str, project: str, members: list[str]) -> CreatedProject:
    """A new organization with one project and its members, in one transaction."""
    if not org.strip() or not project.strip() or len(org) > 255 or len(project) > 255:
        raise AdminError("organization and project names are 1-255 characters")
    subjects = _subjects(members)
    with psycopg.connect(url, prepare_threshold=None) as conn, conn.transaction():
        org_row = conn.execute("INSERT INTO organization (name) VALUES (%s) RETURNING id", (org,)).fetchone()
        assert org_row is not None
        project_row = conn.execute(
            "INSERT INTO project (organization_id, name) VALUES (%s, %s) RETURNING id", (org_row[0], project)
        ).fetchone()
        assert project_row is not None
        conn.cursor().executemany(
            "INSERT INTO organization_member (organization_id, subject) VALUES (%s, %s)",
            [(org_row[0], subject) for subject in subjects],
        )
    return CreatedProject(org_row[0], project_row[0])


def add_members(url: str, organization_id: int, members: list[str]) -> list[str]:
    """Add members to an existing organization (idempotent); returns the subjects added now."""
    subjects = _subjects(members)
    with psycopg.connect(url, prepare_threshold=None) as conn, conn.transaction():
        if conn.execute("SELECT 1 FROM organization WHERE id = %s", (organization_id,)).fetchone() is None:
            raise AdminError(f"no organization with id {organization_id}")
        added = []
        for subject in subjects:
            row = conn.execute(
                "INSERT INTO organization_member (organization_id, subject) VALUES (%s, %s)"
                " ON CONFLICT DO NOTHING RETURNING subject",
                (organization_id, subject),
            ).fetchone()
            if row is not None:
                added.append(subject)
    return added
