"""Tenant administration: organizations, their projects and members. The one implementation
behind `pageport admin` on the local stack and the deployed admin function (and its seed).

Everything here is rows in organization, project and organization_member, so it runs as the
data-only application role (0004_app_role.sql); no DDL, no role management.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pageport.db import Connection
from pageport.errors import NotFound
from pageport.models.admin import AddMember, CreateProject, ListTenants, Seed

# Serializes concurrent seeds (two deploys at once) so that neither creates a duplicate; any
# fixed key that no other advisory lock of ours uses.
_SEED_LOCK_KEY = 0x5061_6765_7365_6564  # "Pageseed"


class UnknownOrganization(NotFound):
    code = "unknown_organization"


@dataclass(frozen=True, slots=True)
class CreatedProject:
    organization_id: int
    project_id: int


def create_project(conn: Connection, organization: str, project: str, members: list[str]) -> CreatedProject:
    """The organization (by name) with its project (by name) and members: made where missing, in
    one transaction, so running the command again changes nothing but members it adds."""
    seeded = seed(conn, organization, project, members)
    return CreatedProject(seeded.organization_id, seeded.project_id)


def add_members(conn: Connection, organization_id: int, members: list[str]) -> list[str]:
    """Add members to an existing organization; returns the subjects that were not members yet."""
    with conn.transaction(), conn.cursor() as cur:
        # FOR SHARE: the organization cannot be deleted while its members are added.
        if cur.execute("SELECT 1 FROM organization WHERE id = %s FOR SHARE", (organization_id,)).fetchone() is None:
            raise UnknownOrganization(f"No organization with id {organization_id}.")
        return _insert_members(cur, organization_id, members)


def _insert_members(cur: Any, organization_id: int, members: list[str]) -> list[str]:
    subjects = list(dict.fromkeys(members))
    if not subjects:
        return []
    rows = cur.execute(
        """INSERT INTO organization_member (organization_id, subject)
           SELECT %s, s FROM unnest(%s::varchar[]) AS s
           ON CONFLICT DO NOTHING RETURNING subject""",
        (organization_id, subjects),
    ).fetchall()
    added = {row["subject"] for row in rows}
    return [subject for subject in subjects if subject in added]


def list_tenants(conn: Connection) -> list[dict[str, Any]]:
    """Every organization, oldest first, with its projects and members (one consistent read)."""
    with conn.transaction(), conn.cursor() as cur:
        rows = cur.execute(
            """SELECT o.id, o.name,
                      COALESCE((SELECT json_agg(json_build_object('projectId', p.id, 'name', p.name) ORDER BY p.id)
                                FROM project p WHERE p.organization_id = o.id), '[]'::json) AS projects,
                      COALESCE((SELECT json_agg(m.subject ORDER BY m.subject)
                                FROM organization_member m WHERE m.organization_id = o.id), '[]'::json) AS members
               FROM organization o ORDER BY o.id"""
        ).fetchall()
    return [
        {"organizationId": row["id"], "name": row["name"], "projects": row["projects"], "members": row["members"]}
        for row in rows
    ]


@dataclass(frozen=True, slots=True)
class Seeded:
    organization_id: int
    project_id: int
    created: bool  # whether this call created the organization or the project
    added: list[str]


def seed(conn: Connection, organization: str, project: str, members: list[str]) -> Seeded:
    """Make sure the organization (by name), its project (by name) and the members exist;
    creates only what is missing, so a re-deploy changes nothing."""
    with conn.transaction(), conn.cursor() as cur:
        cur.execute("SELECT pg_advisory_xact_lock(%s)", (_SEED_LOCK_KEY & 0x7FFF_FFFF_FFFF_FFFF,))
        created = False
        org = cur.execute("SELECT id FROM organization WHERE name = %s ORDER BY id LIMIT 1", (organization,)).fetchone()
        if org is None:
            org = cur.execute("INSERT INTO organization (name) VALUES (%s) RETURNING id", (organization,)).fetchone()
            created = True
        assert org is not None
        found = cur.execute(
            "SELECT id FROM project WHERE organization_id = %s AND name = %s ORDER BY id LIMIT 1", (org["id"], project)
        ).fetchone()
        if found is None:
            found = cur.execute(
                "INSERT INTO project (organization_id, name) VALUES (%s, %s) RETURNING id", (org["id"], project)
            ).fetchone()
            created = True
        assert found is not None
        added = _insert_members(cur, org["id"], members)
    return Seeded(org["id"], found["id"], created, added)


def run_command(conn: Connection, command: CreateProject | AddMember | ListTenants | Seed) -> dict[str, Any]:
    """A command's JSON result, the same whether the CLI ran it locally or the function did."""
    match command:
        case CreateProject():
            made = create_project(conn, command.organization, command.project, command.members)
            return {"organizationId": made.organization_id, "projectId": made.project_id}
        case AddMember():
            added = add_members(conn, command.organization_id, command.members)
            return {"organizationId": command.organization_id, "added": added}
        case ListTenants():
            return {"organizations": list_tenants(conn)}
        case Seed():
            seeded = seed(conn, command.organization, command.project, command.members)
            return {
                "organizationId": seeded.organization_id,
                "projectId": seeded.project_id,
                "created": seeded.created,
                "added": seeded.added,
            }
