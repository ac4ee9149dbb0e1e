"""GET /me/projects: the caller's organizations and projects, and nobody else's."""

from __future__ import annotations

from devstack.apigw import invoke
from tests.conftest import make_tenant


def test_member_sees_their_organizations_and_projects(db, tenant, other_tenant) -> None:
    db.execute("INSERT INTO project (organization_id, name) VALUES (%s, 'Aardvark')", (tenant.organization_id,))
    second = make_tenant(db, "0-second")  # sorts before "org a"
    db.execute(
        "INSERT INTO organization_member (organization_id, subject) VALUES (%s, %s)",
        (second.organization_id, tenant.subject),
    )
    answer = invoke("GET", "/me/projects", subject=tenant.subject)
    assert answer.status == 200
    assert answer.body["subject"] == tenant.subject
    orgs = answer.body["organizations"]
    assert [o["organizationId"] for o in orgs] == [second.organization_id, tenant.organization_id]
    assert orgs[1]["name"] == "org a"
    assert [p["name"] for p in orgs[1]["projects"]] == ["Aardvark", "project a"]
    assert orgs[1]["projects"][1] == {"projectId": tenant.project_id, "name": "project a"}
    seen = {p["projectId"] for o in orgs for p in o["projects"]}
    assert other_tenant.project_id not in seen
    assert other_tenant.organization_id not in {o["organizationId"] for o in orgs}


def test_non_member_sees_none(db, tenant) -> None:
    answer = invoke("GET", "/me/projects", subject="nobody-at-all")
    assert answer.status == 200
    assert answer.body == {"subject": "nobody-at-all", "organizations": []}


def test_organization_without_projects_is_listed_empty(db) -> None:
    org = db.execute("INSERT INTO organization (name) VALUES ('Empty') RETURNING id").fetchone()
    db.execute("INSERT INTO organization_member (organization_id, subject) VALUES (%s, 'solo')", (org["id"],))
    answer = invoke("GET", "/me/projects", subject="solo")
    assert answer.body["organizations"] == [{"organizationId": org["id"], "name": "Empty", "projects": []}]


def test_needs_a_caller(db) -> None:
    answer = invoke("GET", "/me/projects", subject=None)
    assert answer.status == 401
