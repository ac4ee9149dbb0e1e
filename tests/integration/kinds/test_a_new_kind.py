"""A fourth kind is one new package under `pageport.kinds` (here on a temporary path that
extends the package's `__path__`) and its migration: the registry, the batch API, the
dispatcher, the batch status function, the route and CDK permission tables and the local
stack's wiring and the CDK app (its worker, queue, DLQ, webhook URL and grants, all on the shared
worker and webhook handlers: tests/infra/test_a_new_kind.py synthesizes it) pick it up with no
other edit. docs/architecture.md, "How to add a kind", lists the same steps."""

from __future__ import annotations

import importlib
import sys
import textwrap
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from pageport import kinds
from pageport.batches import batch_view, registry

from tests.conftest import drain

NAME = "page_archive"

DESCRIPTOR = """
from pageport.kinds import JobAccess, Kind, Webhook

WEBHOOK = Webhook(function="page_archive_webhook", path="page-archives")


def _s3_access(message):
    job = message["pageArchiveId"]
    return JobAccess(job, writes=(f"page-archives/{job}/",))

KIND = Kind(
    name="page_archive",
    queue="archive",
    worker="archive_worker",
    s3_prefix="page-archives/",
    chromium_image=False,
    webhook=WEBHOOK,
    job_table="page_archive",
    direct_senders=("create_page_archive",),
    s3_access=_s3_access,
)
"""

OPERATION = '''
"""`page_archive`: one archived page per item (a job table, like page_import)."""

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import Field

from pageport.batches.job_tables import JobTableOperation
from pageport.batches.registry import Prepared, register
from pageport.ids import new_id, new_nonce
from pageport.kinds.page_archive import KIND
from pageport.models.base import CamelRequest


class PageArchiveRequest(CamelRequest):
    url: str = Field(min_length=1, max_length=4096)


class PageArchiveOperation(JobTableOperation):
    type = KIND.name
    queue = KIND.queue
    message_kind = KIND.queue
    table = KIND.job_table or ""
    request_model = PageArchiveRequest

    def prepare(self, cur, scope, requests, item_ids) -> list[Prepared]:
        prepared = []
        for request in requests:
            job_id, nonce = new_id(), new_nonce()
            cur.execute(
                "INSERT INTO page_archive (id, url, nonce) VALUES (%s, %s, %s)", (job_id, request["url"], nonce)
            )
            message = {"kind": KIND.queue, "pageArchiveId": job_id, "attempt": 1, "nonce": nonce}
            prepared.append(Prepared(job_id, message))
        return prepared

    def retryable(self, cur, scope, requests) -> list[bool]:
        return [True for _ in requests]

    def dead_letter(self, cur, message: Mapping[str, Any], safe_message: str) -> bool:
        return False


register(PageArchiveOperation())
'''

# Its migration: the job table with the fence columns every job-table operation reads.
MIGRATION = """
CREATE TYPE page_archive_status AS ENUM ('0', '1', '2');
CREATE TABLE page_archive (
    id            varchar(255) PRIMARY KEY,
    url           text NOT NULL,
    status        page_archive_status NOT NULL DEFAULT '0',
    attempt       integer NOT NULL DEFAULT 1,
    nonce         varchar(64) NOT NULL,
    error_message text,
    updated_at    timestamptz NOT NULL DEFAULT now(),
    updated_by    varchar(255) NOT NULL DEFAULT 'test',
    deleted_at    timestamptz
);
"""


def _reset_tables() -> None:
    """What was built from the kinds at import: built again from the kinds found now."""
    kinds.all_kinds.cache_clear()
    registry._REGISTRY.pop(NAME, None)  # the next look-up imports every kind's operation found now
    import pageport.routes

    importlib.reload(pageport.routes)
    for module in ("infra.permissions", "devstack.apigw"):
        importlib.reload(importlib.import_module(module))


@pytest.fixture
def new_kind(tmp_path: Path, database_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    package = tmp_path / NAME
    package.mkdir()
    (package / "__init__.py").write_text(textwrap.dedent(DESCRIPTOR))
    (package / "operation.py").write_text(textwrap.dedent(OPERATION))
    monkeypatch.setattr(kinds, "__path__", [*kinds.__path__, str(tmp_path)])
    import psycopg

    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(MIGRATION)
        conn.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON page_archive TO pageport_app")
    _reset_tables()
    try:
        yield
    finally:
        monkeypatch.undo()
        _reset_tables()
        for module in [m for m in sys.modules if m.startswith(f"pageport.kinds.{NAME}")]:
            del sys.modules[module]
        with psycopg.connect(database_url, autocommit=True) as conn:
            conn.execute("DROP TABLE page_archive")
            conn.execute("DROP TYPE page_archive_status")


def test_the_registry_the_api_and_the_dispatcher_take_the_new_kind(new_kind, aws, db, tenant) -> None:
    from devstack.apigw import invoke

    assert registry.types() == ["code2des", "page_archive", "page_discovery", "page_import"]
    assert registry.operation_for_message_kind("archive") is registry.operation(NAME)

    body = {"id": str(uuid.uuid4()), "type": NAME, "requests": [{"url": "https://example.com/a"}]}
    created = invoke("POST", f"/projects/{tenant.project_id}/page-batches", subject=tenant.subject, body=body)
    assert created.status == 201, created.body
    assert created.body["type"] == NAME and created.body["counts"]["total"] == 1
    # Dispatched right after commit onto the kind's own queue (its URL from its descriptor).
    (message,) = drain(aws.queues["archive"])
    assert message["kind"] == "archive"
    job = db.execute("SELECT status::text AS status FROM page_archive WHERE id = %s", (message["pageArchiveId"],))
    assert job.fetchone()["status"] == "0"
    got = invoke("GET", f"/projects/{tenant.project_id}/page-batches/{body['id']}", subject=tenant.subject)
    assert got.status == 200 and got.body["counts"]["running"] == 1


def test_the_status_function_renders_a_branch_for_it_under_a_new_name(new_kind, db) -> None:
    definition = batch_view.render(db, name="public.batch_view_v2")
    assert definition.startswith("CREATE OR REPLACE FUNCTION public.batch_view_v2(")
    assert "type = 'page_archive' THEN" in definition and '"page_archive" j' in definition
    db.execute(definition.encode())  # it is valid PL/pgSQL against the kind's table
    db.execute("DROP FUNCTION public.batch_view_v2(varchar, bigint, bigint)")


def test_the_route_cdk_and_local_stack_tables_list_it(new_kind) -> None:
    from pageport import routes

    from devstack.topology import queue_specs
    from infra import permissions

    assert routes.WORKER_QUEUES["archive_worker"] == "archive"
    assert routes.WEBHOOK_FUNCTIONS["page-archives"] == "page_archive_webhook"
    assert permissions.WORKER_WEBHOOKS["archive_worker"] == ("page-archives", "PAGE_ARCHIVE_WEBHOOK_URL")
    assert {(a.mode, a.prefix) for a in permissions.S3_ACCESS["archive_worker"]} == {
        ("read", "page-archives/"),
        ("write", "page-archives/"),
        ("read", "cancellations/page-archives/"),  # a cancel's marks, read before each job
    }
    cancel_grants = {(a.mode, a.prefix) for a in permissions.S3_ACCESS["cancel_batch"]}
    assert ("write", "cancellations/page-archives/") in cancel_grants
    assert permissions.QUEUE_SENDERS["create_page_archive"] == ("archive",)
    assert "archive" in permissions.QUEUE_SENDERS["dispatcher"]
    assert "page_archive_webhook" in permissions.DATABASE_USERS
    # Its functions run the shared handlers with its kind: no folder of its own under functions/.
    assert routes.KIND_FUNCTIONS["archive_worker"] == routes.KindFunction("archive_worker", "worker", NAME)
    assert routes.KIND_FUNCTIONS["page_archive_webhook"] == routes.KindFunction("page_archive_webhook", "webhook", NAME)
    assert routes.KIND_FUNCTIONS["page_archive_webhook"].handler_module == "functions.webhook.handler"
    spec = next(spec for spec in queue_specs() if spec.name == "archive")
    assert (spec.worker, spec.url_variable, spec.consumer_timeout_s) == ("archive_worker", "ARCHIVE_QUEUE_URL", 120)


def test_without_it_everything_is_as_before() -> None:
    from pageport import routes

    assert registry.types() == ["code2des", "page_discovery", "page_import"]
    assert "archive_worker" not in routes.WORKER_QUEUES
