"""A fourth kind is one new package under `pageport.kinds` (here on a temporary path that
extends the package's `__path__`) and its migration: the registry, the batch API, the
dispatcher, the batch status function, the route and CDK permission tables and the local
stack's wiring and the CDK app (its worker, queue, DLQ, webhook URL and grants, all on the shared
worker and webhook handlers) pick it up with no other edit. docs/architecture.md, "How to add a
kind", lists the same steps."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import textwrap
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pageport import kinds
from pageport.batches import batch_view, registry

from tests.conftest import drain

NAME = "page_archive"

DESCRIPTOR = """
from pageport.kinds import Kind, Webhook

WEBHOOK = Webhook(function="page_archive_webhook", path="page-archives")

KIND = Kind(
    name="page_archive",
    queue="archive",
    worker="archive_worker",
    s3_prefix="page-archives/",
    chromium_image=False,
    webhook=WEBHOOK,
    job_table="page_archive",
    direct_senders=("create_page_archive",),
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
    registry._REGISTRY.pop(NAME, None)
    registry._loaded = False  # the next look-up imports every kind's operation found now
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
    }
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


# Synthesizes the app in a fresh interpreter whose `pageport.kinds` also scans the new kind's
# folder: the session's cached synth (tests/infra) must not see it, and the CDK modules bind the
# kinds' tables at import. cdk-nag runs as in `make synth`: a finding fails the synth.
SYNTH = """
import json, sys
import pageport.kinds as kinds
kinds.__path__.append(sys.argv[1])
from infra.app import build_app
from infra.nag import logical_id
from infra.paths import REPO_ROOT
app, stack = build_app("dev", account="111111111111", repo_root=REPO_ROOT, outdir=sys.argv[2])
template = app.synth().get_stack_artifact(stack.artifact_id).template
queue = stack.messaging.queues["archive"]
ids = {
    "worker": logical_id(stack.functions["archive_worker"].function),
    "worker_role": logical_id(stack.functions["archive_worker"].role),
    "webhook": logical_id(stack.functions["page_archive_webhook"].function),
    "url": logical_id(stack.webhooks.urls["page-archives"]),
    "queue": logical_id(queue.queue),
    "dlq": logical_id(queue.dlq),
}
with open(sys.argv[3], "w") as out:
    json.dump({"template": template, "ids": ids}, out)
"""


def _policy_statements(resources: dict[str, Any], role_id: str) -> list[dict[str, Any]]:
    return [
        statement
        for resource in resources.values()
        if resource["Type"] == "AWS::IAM::Policy" and {"Ref": role_id} in resource["Properties"]["Roles"]
        for statement in resource["Properties"]["PolicyDocument"]["Statement"]
    ]


def _actions(statement: dict[str, Any]) -> set[str]:
    actions = statement["Action"]
    return {actions} if isinstance(actions, str) else set(actions)


def test_the_cdk_app_builds_its_worker_queue_dlq_webhook_and_grants(tmp_path: Path) -> None:
    from infra.paths import REPO_ROOT

    package = tmp_path / "kinds" / NAME
    package.mkdir(parents=True)
    # Without its own create route (one would be a line of pageport.routes): the batch API suffices.
    descriptor = DESCRIPTOR.replace('    direct_senders=("create_page_archive",),\n', "")
    assert "direct_senders" not in descriptor
    (package / "__init__.py").write_text(textwrap.dedent(descriptor))
    out = tmp_path / "synth.json"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(REPO_ROOT / "layers/pageport/python"), str(REPO_ROOT)]),
        "PAGEPORT_BUILD_DIR": os.environ.get("PAGEPORT_BUILD_DIR", str(REPO_ROOT / "build")),  # the layer cache
        "JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION": "20",
    }
    run = subprocess.run(
        [sys.executable, "-c", SYNTH, str(tmp_path / "kinds"), str(tmp_path / "cdk.out"), str(out)],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-4000:]
    synthesized = json.loads(out.read_text())
    resources: dict[str, Any] = synthesized["template"]["Resources"]
    ids: dict[str, str] = synthesized["ids"]

    worker = resources[ids["worker"]]["Properties"]
    assert worker["Handler"] == "handler.lambda_handler" and worker["Runtime"].startswith("python")
    assert "VpcConfig" not in worker
    variables = worker["Environment"]["Variables"]
    assert variables["PAGEPORT_KIND"] == NAME and variables["CLAIM_EXPIRES_AFTER_S"] == "120"
    assert variables["PAGE_ARCHIVE_WEBHOOK_URL"] == {"Fn::GetAtt": [ids["url"], "FunctionUrl"]}
    # Fed by its own queue, which dead-letters into its own DLQ.
    (mapping,) = [
        r["Properties"]
        for r in resources.values()
        if r["Type"] == "AWS::Lambda::EventSourceMapping" and r["Properties"]["FunctionName"] == {"Ref": ids["worker"]}
    ]
    assert mapping["EventSourceArn"] == {"Fn::GetAtt": [ids["queue"], "Arn"]}
    assert mapping["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
    redrive = resources[ids["queue"]]["Properties"]["RedrivePolicy"]
    assert redrive["deadLetterTargetArn"] == {"Fn::GetAtt": [ids["dlq"], "Arn"]}
    assert any(
        r["Type"] == "AWS::Lambda::EventSourceMapping"
        and r["Properties"]["EventSourceArn"] == {"Fn::GetAtt": [ids["dlq"], "Arn"]}
        for r in resources.values()
    ), "the dead-letter consumer reads its DLQ"

    # Its webhook: the shared handler with its kind, behind an AWS_IAM function URL.
    webhook = resources[ids["webhook"]]["Properties"]
    assert webhook["Environment"]["Variables"]["PAGEPORT_KIND"] == NAME and "VpcConfig" in webhook
    url = resources[ids["url"]]["Properties"]
    assert url["AuthType"] == "AWS_IAM" and url["TargetFunctionArn"] == {"Fn::GetAtt": [ids["webhook"], "Arn"]}

    # Grants: its worker may invoke that URL, read and write its own prefix, and consume its queue.
    statements = _policy_statements(resources, ids["worker_role"])
    invoke = [s for s in statements if "lambda:InvokeFunctionUrl" in _actions(s)]
    assert invoke and all(s["Resource"] == {"Fn::GetAtt": [ids["webhook"], "Arn"]} for s in invoke)
    s3 = json.dumps([s for s in statements if _actions(s) & {"s3:PutObject", "s3:GetObject"}])
    assert "page-archives/*" in s3 and "s3:PutObject" in s3 and "s3:GetObject" in s3
    assert any(
        "sqs:ReceiveMessage" in _actions(s) and s["Resource"] == {"Fn::GetAtt": [ids["queue"], "Arn"]}
        for s in statements
    )
