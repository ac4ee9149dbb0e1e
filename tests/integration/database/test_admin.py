"""The admin function against real PostgreSQL: its handler invoked with the events the CLI and
CloudFormation send, connected as the data-only role deployed functions use."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from pageport import db as pageport_db
from pageport.migrations import APP_ROLE, set_role_password
from pageport.settings import get_settings

from devstack.apigw import lambda_context
from tests.conftest import rows

APP_PASSWORD = "admin-tests-app-password"


@pytest.fixture
def as_app_role(database_url: str, db: psycopg.Connection, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The handler's connection logs in as pageport_app, as on AWS: what it does, that role may do."""
    set_role_password(database_url, APP_ROLE, APP_PASSWORD)
    monkeypatch.setenv(
        "DATABASE_URL", psycopg.conninfo.make_conninfo(database_url, user=APP_ROLE, password=APP_PASSWORD)
    )
    get_settings.cache_clear()
    pageport_db.close_shared_connection()
    yield
    pageport_db.close_shared_connection()
    get_settings.cache_clear()


def invoke(event: dict[str, Any]) -> dict[str, Any]:
    handler = importlib.import_module("functions.admin.handler")
    result: dict[str, Any] = handler.lambda_handler(event, lambda_context("admin"))
    return result


def test_create_project_add_member_and_list_as_the_app_role(as_app_role: None, db: psycopg.Connection) -> None:
    assert pageport_db.shared_connection().execute("SELECT current_user AS u").fetchone() == {"u": APP_ROLE}
    created = invoke(
        {"command": "create-project", "organization": "Acme", "project": "Website", "members": ["sub-1", "sub-1"]}
    )
    assert set(created) == {"organizationId", "projectId"}
    org, project = created["organizationId"], created["projectId"]
    assert rows(db, "SELECT organization_id, name FROM project WHERE id = %s", project) == [
        {"organization_id": org, "name": "Website"}
    ]

    added = invoke({"command": "add-member", "organizationId": org, "members": ["sub-2", "sub-1"]})
    assert added == {"organizationId": org, "added": ["sub-2"]}  # sub-1 was a member already
    again = invoke({"command": "add-member", "organizationId": org, "members": ["sub-2"]})
    assert again == {"organizationId": org, "added": []}

    listed = invoke({"command": "list"})
    assert listed == {
        "organizations": [
            {
                "organizationId": org,
                "name": "Acme",
                "projects": [{"projectId": project, "name": "Website"}],
                "members": ["sub-1", "sub-2"],
            }
        ]
    }


def test_create_project_again_finds_the_same_project_and_adds_its_members(
    as_app_role: None, db: psycopg.Connection
) -> None:
    first = invoke({"command": "create-project", "organization": "Acme", "project": "Website", "members": ["sub-1"]})
    again = invoke({"command": "create-project", "organization": "Acme", "project": "Website", "members": ["sub-2"]})
    assert again == first
    assert rows(db, "SELECT count(*) AS n FROM organization") == [{"n": 1}]
    assert rows(db, "SELECT subject FROM organization_member ORDER BY subject") == [
        {"subject": "sub-1"},
        {"subject": "sub-2"},
    ]
    other = invoke({"command": "create-project", "organization": "Acme", "project": "Docs", "members": ["sub-1"]})
    assert other["organizationId"] == first["organizationId"] and other["projectId"] != first["projectId"]


def test_an_unknown_organization_is_an_error_result_not_a_stack_trace(
    as_app_role: None, db: psycopg.Connection
) -> None:
    answer = invoke({"command": "add-member", "organizationId": 999999, "members": ["sub-1"]})
    assert answer == {
        "error": {"code": "unknown_organization", "message": "No organization with id 999999.", "details": []}
    }
    assert rows(db, "SELECT * FROM organization_member") == []


@pytest.mark.parametrize(
    ("event", "bad_field"),
    [
        ({"command": "drop-everything"}, "command"),
        ({"command": "create-project", "organization": "Acme", "project": "", "members": ["s"]}, "project"),
        ({"command": "create-project", "organization": "Acme", "project": "W", "members": []}, "members"),
        ({"command": "add-member", "organizationId": 1, "members": ["x" * 51]}, "members"),
        ({"command": "add-member", "organizationId": 1, "members": [" padded"]}, "members"),
        ({"command": "create-project", "organization": "a\x00b", "project": "W", "members": ["s"]}, "organization"),
        ({"command": "list", "extra": True}, "extra"),
    ],
)
def test_invalid_commands_are_refused_naming_the_field(
    as_app_role: None, db: psycopg.Connection, event: dict[str, Any], bad_field: str
) -> None:
    answer = invoke(event)
    assert answer["error"]["code"] == "validation_error"
    assert any(bad_field in [str(part) for part in detail["loc"]] for detail in answer["error"]["details"]), answer
    assert rows(db, "SELECT * FROM organization") == []


def _seed_event(request_type: str, seed: dict[str, Any]) -> dict[str, Any]:
    return {
        "RequestType": request_type,
        "ServiceToken": "arn:aws:lambda:eu-west-1:111111111111:function:provider",
        "ResourceType": "Custom::PageportSeed",
        "LogicalResourceId": "AdminSeed",
        "StackId": "arn:aws:cloudformation:eu-west-1:111111111111:stack/Pageport-dev/x",
        "RequestId": "r-1",
        "ResourceProperties": {"ServiceToken": "arn:aws:lambda:...", "Seed": seed},
        **({"PhysicalResourceId": "pageport-seed"} if request_type != "Create" else {}),
    }


def test_the_stage_seed_is_applied_once_whatever_the_redeploys(as_app_role: None, db: psycopg.Connection) -> None:
    seed = {"organization": "Acme", "project": "Website", "members": ["sub-1"]}
    first = invoke(_seed_event("Create", seed))
    assert first["PhysicalResourceId"] == "pageport-seed"
    again = invoke(_seed_event("Update", {**seed, "members": ["sub-1", "sub-2"]}))
    assert again == first  # the same organization and project: only the new member is added
    assert rows(db, "SELECT count(*) AS n FROM organization") == [{"n": 1}]
    assert rows(db, "SELECT count(*) AS n FROM project") == [{"n": 1}]
    assert [r["subject"] for r in rows(db, "SELECT subject FROM organization_member ORDER BY subject")] == [
        "sub-1",
        "sub-2",
    ]
    # A stack deletion keeps tenants: they are data.
    assert invoke(_seed_event("Delete", seed)) == {"PhysicalResourceId": "pageport-seed"}
    assert rows(db, "SELECT count(*) AS n FROM organization_member") == [{"n": 2}]


def test_a_seed_that_is_not_valid_fails_the_deploy(as_app_role: None, db: psycopg.Connection) -> None:
    from pageport.errors import ValidationFailed

    with pytest.raises(ValidationFailed):
        invoke(_seed_event("Create", {"organization": "Acme", "project": "", "members": []}))
