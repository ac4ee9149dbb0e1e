"""Shared fixtures: a real PostgreSQL (embedded, or `DATABASE_URL`), moto S3/SQS, tenants."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import psycopg
import pytest
from pageport import db as pageport_db
from pageport import kinds
from pageport.migrations import apply_migrations
from pageport.settings import get_settings
from psycopg import sql

# Fixtures that tests of more than one kind folder share (tests/support/), and pytester for
# tests/unit/codebase/test_layout.py; only this conftest declares plugins.
pytest_plugins = [
    "pytester",
    "tests.support.cognito",
    "tests.support.devstack",
    "tests.support.workers",
]


# Each kind's job table comes from its descriptor; one TRUNCATE ... CASCADE empties them all,
# whatever references one kind's table holds to another's (code2des -> page_import).
TABLES_IN_DELETE_ORDER = (
    "batch_item",
    "batch",
    *(kind.job_table for kind in kinds.all_kinds() if kind.job_table),
    "organization_member",
    "project",
    "organization",
)


# What every deployed function is given (infra) and the local stack sets (devstack/stack.py),
# for the variables a test does not set itself: a handler module checks them when it is imported
# (FunctionSettings.load). Fixtures put real values over these (`aws`: moto's bucket and queues;
# the sign-in fixtures: the local issuer); addresses are loopback's discard port, so nothing a
# test forgot to set can leave the machine.
FUNCTION_ENVIRONMENT = {
    "PAGEPORT_STAGE": "test",
    "ARTIFACT_BUCKET": "pageport-artifacts-test",
    **{kind.queue_url_variable: f"http://127.0.0.1:9/queue/{kind.queue}" for kind in kinds.all_kinds()},
    **{
        kind.webhook.url_variable: f"http://127.0.0.1:9/{kind.webhook.path}"
        for kind in kinds.all_kinds()
        if kind.webhook
    },
    "SIGNIN_TABLE": "pageport-signin-test",
    "SIGNIN_PROVIDER": "local",
    "SIGNIN_ISSUER_URL": "http://127.0.0.1:9/auth/local",
    "SIGNIN_CLIENT_ID": "pageport-test",
    "SIGNIN_REDIRECT_URI": "http://127.0.0.1:9/auth/callback",
}


@pytest.fixture
def function_module(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], ModuleType]:
    """A function's module as after its INIT, for a test without the test database: DB_HOST
    then names a database for the INIT check (nothing connects while loading)."""
    from devstack.apigw import load_function

    if not (os.environ.get("DATABASE_URL") or os.environ.get("DB_HOST")):
        monkeypatch.setenv("DB_HOST", "proxy.invalid")
    return load_function


def pytest_configure(config: pytest.Config) -> None:
    for name, value in FUNCTION_ENVIRONMENT.items():
        os.environ.setdefault(name, value)
    get_settings.cache_clear()


def _with_database(url: str, name: str) -> str:
    info = psycopg.conninfo.conninfo_to_dict(url)
    info["dbname"] = name
    return psycopg.conninfo.make_conninfo(**{k: v for k, v in info.items() if v is not None})


@pytest.fixture(scope="session")
def database_url() -> Iterator[str]:
    """A fresh database for this test session, migrated; dropped at the end."""
    embedded_dir: Path | None = None
    server_url = os.environ.get("DATABASE_URL")
    if not server_url:
        # Not under pytest's basetemp: concurrent pytest runs prune each other's old basetemps.
        embedded_dir = Path(tempfile.mkdtemp(prefix="pageport-test-pg-"))
        server_url = pageport_db.embedded_conninfo(embedded_dir / "data")
    name = f"pageport_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server_url, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    url = _with_database(server_url, name)
    apply_migrations(url)
    previous = os.environ.get("DATABASE_URL")
    os.environ["DATABASE_URL"] = url
    get_settings.cache_clear()
    yield url
    if previous is None:
        os.environ.pop("DATABASE_URL", None)
    else:
        os.environ["DATABASE_URL"] = previous
    get_settings.cache_clear()
    pageport_db.close_shared_connection()
    with psycopg.connect(server_url, autocommit=True) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
    if embedded_dir is not None:
        pageport_db.stop_embedded(embedded_dir / "data")
        shutil.rmtree(embedded_dir, ignore_errors=True)


@pytest.fixture
def db(database_url: str) -> Iterator[pageport_db.Connection]:
    """A connection for assertions; every table is emptied after the test."""
    conn = pageport_db.connect(database_url)
    try:
        yield conn
    finally:
        conn.execute("TRUNCATE " + ", ".join(TABLES_IN_DELETE_ORDER) + " RESTART IDENTITY CASCADE")
        conn.close()


@dataclass(frozen=True)
class Tenant:
    organization_id: int
    project_id: int
    subject: str


def make_tenant(conn: pageport_db.Connection, label: str) -> Tenant:
    subject = f"user-{label}-{uuid.uuid4().hex[:8]}"
    org = conn.execute("INSERT INTO organization (name) VALUES (%s) RETURNING id", (f"org {label}",)).fetchone()
    assert org is not None
    project = conn.execute(
        "INSERT INTO project (organization_id, name) VALUES (%s, %s) RETURNING id",
        (org["id"], f"project {label}"),
    ).fetchone()
    assert project is not None
    conn.execute("INSERT INTO organization_member (organization_id, subject) VALUES (%s, %s)", (org["id"], subject))
    return Tenant(org["id"], project["id"], subject)


@pytest.fixture
def tenant(db: pageport_db.Connection) -> Tenant:
    return make_tenant(db, "a")


@pytest.fixture
def other_tenant(db: pageport_db.Connection) -> Tenant:
    return make_tenant(db, "b")


def rows(conn: pageport_db.Connection, query: str, *params: Any) -> list[dict[str, Any]]:
    return conn.execute(query, params).fetchall()


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class AwsResources:
    bucket: str
    queues: dict[str, str]  # logical name -> queue URL


AWS_ENV = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_SECURITY_TOKEN": "testing",
    "AWS_SESSION_TOKEN": "testing",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_REGION": "us-east-1",
}


@pytest.fixture
def aws(monkeypatch: pytest.MonkeyPatch) -> Iterator[AwsResources]:
    """moto S3 and SQS with the artifact bucket and every worker queue (and its DLQ)."""
    from moto import mock_aws
    from pageport import aws as pageport_aws

    for key, value in AWS_ENV.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("AWS_ENDPOINT_URL", raising=False)
    with mock_aws():
        import boto3

        s3 = boto3.client("s3")
        sqs = boto3.client("sqs")
        bucket = "pageport-artifacts-test"
        s3.create_bucket(Bucket=bucket)
        queues: dict[str, str] = {}
        for name in (kind.queue for kind in kinds.all_kinds()):
            dlq = sqs.create_queue(QueueName=f"{name}-dlq")["QueueUrl"]
            dlq_arn = sqs.get_queue_attributes(QueueUrl=dlq, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
            queues[name] = sqs.create_queue(
                QueueName=name,
                Attributes={"RedrivePolicy": json.dumps({"deadLetterTargetArn": dlq_arn, "maxReceiveCount": "3"})},
            )["QueueUrl"]
            queues[f"{name}-dlq"] = dlq
            monkeypatch.setenv(f"{name.upper()}_QUEUE_URL", queues[name])
        monkeypatch.setenv("ARTIFACT_BUCKET", bucket)
        # The key that wraps each Page Import's own key for its sign-in details (pages behind a login).
        key = boto3.client("kms").create_key(Description="pageport page auth")["KeyMetadata"]["Arn"]
        monkeypatch.setenv("PAGE_AUTH_KEY_ARN", key)
        get_settings.cache_clear()
        pageport_aws.reset_clients()
        yield AwsResources(bucket=bucket, queues=queues)
        pageport_aws.reset_clients()
    get_settings.cache_clear()


def drain(queue_url: str, max_messages: int = 1000) -> list[dict[str, Any]]:
    """Receive (and delete) every visible message body on a moto queue."""
    import boto3

    sqs = boto3.client("sqs")
    bodies: list[dict[str, Any]] = []
    while len(bodies) < max_messages:
        got = sqs.receive_message(QueueUrl=queue_url, MaxNumberOfMessages=10).get("Messages", [])
        if not got:
            break
        bodies.extend(json.loads(message["Body"]) for message in got)
        sqs.delete_message_batch(
            QueueUrl=queue_url,
            Entries=[{"Id": str(i), "ReceiptHandle": message["ReceiptHandle"]} for i, message in enumerate(got)],
        )
    return bodies


@pytest.hookimpl(tryfirst=True)  # before `-m` selects by these markers
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Each test gets the marker of its kind folder (tests/<kind>/: unit, integration, chromium,
    infra, e2e), a whole run takes them in that order, and a test the layout does not allow
    (outside those folders, marked with another kind, or a unit test asking for a database,
    moto or Chromium fixture) fails collection (tests/support/layout.py)."""
    from tests.support import layout  # not at the top: tests.support imports this module

    layout.apply(config.rootpath, items)
