"""Who may touch which project: every user query is scoped through `Scope`."""

from __future__ import annotations

from dataclasses import dataclass

from pageport.db import Cursor, read
from pageport.errors import NotFound

# Audit value for writes made by the backend itself (webhooks, dispatcher, dead letters).
BACKEND_WEBHOOK = "backend:webhook"
BACKEND_DISPATCHER = "backend:dispatcher"
BACKEND_DEAD_LETTER = "backend:dead-letter"


@dataclass(frozen=True, slots=True)
class Scope:
    organization_id: int
    project_id: int
    subject: str


def resolve_scope(cur: Cursor, subject: str, project_id: int) -> Scope:
    """The caller's scope for `project_id`; 404 when the subject is not a member of its
    organization, exactly as when the project does not exist."""
    row = cur.execute(
        """SELECT p.organization_id FROM project p
           JOIN organization_member m ON m.organization_id = p.organization_id AND m.subject = %s
           WHERE p.id = %s""",
        (subject, project_id),
    ).fetchone()
    if row is None:
        raise NotFound("Project not found.")
    return Scope(organization_id=row["organization_id"], project_id=project_id, subject=subject)


def read_scope(subject: str, project_id: int) -> Scope:
    """`resolve_scope` on the shared connection, outside any transaction: a request's first round
    trip, so `read` retries it once if the proxy closed the connection."""
    return read(lambda cur: resolve_scope(cur, subject, project_id))


@dataclass(frozen=True, slots=True)
class MemberProject:
    project_id: int
    name: str


@dataclass(frozen=True, slots=True)
class Membership:
    organization_id: int
    name: str
    projects: list[MemberProject]


def memberships(cur: Cursor, subject: str) -> list[Membership]:
    """The organizations `subject` is a member of, with their projects, sorted by name (then id);
    nothing of an organization the subject does not belong to."""
    rows = cur.execute(
        """SELECT o.id AS organization_id, o.name AS organization_name, p.id AS project_id, p.name AS project_name
           FROM organization_member m
           JOIN organization o ON o.id = m.organization_id
           LEFT JOIN project p ON p.organization_id = o.id
           WHERE m.subject = %s
           ORDER BY o.name, o.id, p.name, p.id""",
        (subject,),
    ).fetchall()
    out: dict[int, Membership] = {}
    for row in rows:
        org = out.setdefault(row["organization_id"], Membership(row["organization_id"], row["organization_name"], []))
        if row["project_id"] is not None:
            org.projects.append(MemberProject(row["project_id"], row["project_name"]))
    return list(out.values())
