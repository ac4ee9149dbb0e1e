"""The role deployed functions connect as can read and write rows and nothing else."""

from __future__ import annotations

import json

import psycopg
import pytest
from pageport.batches import batch_view
from pageport.migrations import APP_ROLE, set_role_password
from psycopg import errors


def _as_app(database_url: str) -> psycopg.Connection[tuple[object, ...]]:
    return psycopg.connect(
        psycopg.conninfo.make_conninfo(database_url, user=APP_ROLE, password="app-password-for-tests"),
        autocommit=True,
    )


def test_the_app_role_reads_and_writes_rows(database_url: str, db: psycopg.Connection) -> None:
    set_role_password(database_url, APP_ROLE, "app-password-for-tests")
    with _as_app(database_url) as app:
        assert app.execute("SELECT current_user").fetchone() == (APP_ROLE,)
        org = app.execute("INSERT INTO organization (name) VALUES ('by app') RETURNING id").fetchone()
        assert org is not None
        app.execute("UPDATE organization SET name = 'renamed' WHERE id = %s", org)
        assert app.execute("SELECT name FROM organization WHERE id = %s", org).fetchone() == ("renamed",)
        # The status read's function (installed by the runner, as its owner) is the app's to call.
        project = app.execute("INSERT INTO project (organization_id, name) VALUES (%s, 'p') RETURNING id", org)
        assert app.execute(batch_view.CALL, ("no-such-batch", org[0], project.fetchone()[0])).fetchall() == []
        app.execute("DELETE FROM organization WHERE id = %s", org)


@pytest.mark.parametrize(
    "statement",
    [
        "CREATE TABLE intruder (id int)",
        "ALTER TABLE batch ADD COLUMN intruder int",
        "DROP TABLE batch_item",
        "TRUNCATE page_import",
        "SELECT * FROM schema_migration",
        "DELETE FROM schema_migration",
        "CREATE ROLE intruder",
        f"ALTER ROLE {APP_ROLE} SUPERUSER",
    ],
)
def test_the_app_role_cannot_change_the_schema_or_the_migrations(
    database_url: str, db: psycopg.Connection, statement: str
) -> None:
    set_role_password(database_url, APP_ROLE, "app-password-for-tests")
    with _as_app(database_url) as app, pytest.raises(errors.InsufficientPrivilege):
        app.execute(statement)


def test_the_password_is_stored_as_a_scram_verifier(database_url: str, db: psycopg.Connection) -> None:
    set_role_password(database_url, APP_ROLE, "app-password-for-tests")
    row = db.execute("SELECT rolcanlogin, rolpassword FROM pg_authid WHERE rolname = %s", (APP_ROLE,)).fetchone()
    assert row is not None and row["rolcanlogin"] is True
    assert row["rolpassword"].startswith("SCRAM-SHA-256$") and "app-password-for-tests" not in row["rolpassword"]


def test_the_deploy_time_runner_sets_the_password_the_proxy_holds(
    database_url: str, db: psycopg.Connection, aws: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    import boto3

    from devstack.apigw import lambda_context
    from functions.migrate.handler import lambda_handler

    secret = boto3.client("secretsmanager").create_secret(
        Name="pageport-app", SecretString=json.dumps({"username": APP_ROLE, "password": "from-the-secret"})
    )
    db.execute(f"ALTER ROLE {APP_ROLE} PASSWORD NULL")
    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.setenv("APP_DB_SECRET_ARN", secret["ARN"])
    result = lambda_handler({"RequestType": "Update"}, lambda_context("migrate"))
    assert result["PhysicalResourceId"] == "pageport-schema"
    row = db.execute("SELECT rolpassword FROM pg_authid WHERE rolname = %s", (APP_ROLE,)).fetchone()
    assert row is not None and str(row["rolpassword"]).startswith("SCRAM-SHA-256$")
