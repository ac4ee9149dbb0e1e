"""Each job works with S3 credentials scoped to its own prefixes (pageport/workers/scoped.py),
minted by whoever sends its message (the creating route's fast path here, the dispatcher
otherwise) and carried in the message; the worker mints nothing and runs nothing without them.

moto answers AssumeRole (and records the session policy) but enforces no policy, so these tests
check what AWS would enforce: the policy each job's session has, and that every S3 request of the
job is signed with that session's credentials, not the worker's own."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import boto3
import pytest
from pageport import kinds
from pageport.settings import get_settings
from pageport.workers import scoped

from devstack.apigw import lambda_context, load_function
from tests.conftest import AwsResources
from tests.support import sqs_event
from tests.support.workers import WebhookLog, card_convert_message

ACCOUNT = "123456789012"  # moto's
_CREDENTIAL = re.compile(r"Credential=([A-Z0-9]+)/")


def _role(kind: kinds.Kind) -> str:
    return f"arn:aws:iam::{ACCOUNT}:role/pageport-test-{kind.name}-job"


@pytest.fixture
def job_roles(stack: AwsResources, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Each kind's job role set on the senders and credentials required by workers, as infra
    sets them; yields the access key id of every S3 request this thread makes (the webhook
    handlers answer on the loopback server's threads)."""
    for kind in kinds.all_kinds():
        monkeypatch.setenv(kind.job_role_variable, _role(kind))
    monkeypatch.setenv("JOB_CREDENTIALS_REQUIRED", "true")
    get_settings.cache_clear()
    scoped.reset()
    signed_by: list[str] = []

    worker_thread = threading.get_ident()

    def record(request: Any, **_kwargs: Any) -> None:
        if threading.get_ident() != worker_thread:
            return
        if match := _CREDENTIAL.search(str(request.headers.get("Authorization", ""))):
            signed_by.append(match.group(1))

    # On the default session: every S3 client made from now on (the jobs' own included) has it.
    if boto3.DEFAULT_SESSION is None:
        boto3.setup_default_session()
    session = boto3.DEFAULT_SESSION
    assert session is not None
    session.events.register("before-send.s3", record)
    yield signed_by
    session.events.unregister("before-send.s3", record)
    scoped.reset()
    get_settings.cache_clear()


def _assumed_roles() -> list[Any]:
    from moto.sts.models import sts_backends

    return list(sts_backends[ACCOUNT]["aws"].assumed_roles)


def _sent_bodies(queue_url: str) -> list[str]:
    sqs = boto3.client("sqs")
    found = sqs.receive_message(QueueUrl=queue_url, MaxNumberOfMessages=10, WaitTimeSeconds=0).get("Messages", [])
    return [message["Body"] for message in found]


def _convert(body: str) -> dict[str, Any]:
    result: dict[str, Any] = load_function("convert_worker").lambda_handler(
        sqs_event([body], queue="convert"), lambda_context("convert_worker", 120)
    )
    return result


def test_the_sender_mints_a_session_scoped_to_the_job_and_the_worker_uses_only_it(
    db: Any, stack: AwsResources, tenant: Any, webhooks: WebhookLog, job_roles: list[str]
) -> None:
    before = len(_assumed_roles())
    message = card_convert_message(db, tenant)  # created through the API: its route sent it
    (body,) = _sent_bodies(stack.queues["convert"])
    sent = json.loads(body)
    credentials = sent.pop("credentials")
    assert sent == json.loads(message.model_dump_json(by_alias=True))  # the stored message, plus them
    stored = db.execute("SELECT message FROM batch_item WHERE job_id = %s", (message.code2des_id,)).fetchone()
    assert "credentials" not in stored["message"]  # never at rest in the database

    sessions = [s for s in _assumed_roles()[before:] if s.session_name == f"job-{message.code2des_id}"]
    (session,) = sessions
    assert session.role_arn == _role(kinds.by_name("code2des"))
    assert credentials["accessKeyId"] == session.access_key_id
    policy = json.loads(session.policy)
    bucket = f"arn:aws:s3:::{stack.bucket}"
    by_action = {tuple(s["Action"]): s for s in policy["Statement"]}
    assert sorted(by_action[("s3:GetObject",)]["Resource"]) == [
        f"{bucket}/cancellations/code2des/{message.code2des_id}/*",  # its cancellation mark, if any
        f"{bucket}/code2des/{message.code2des_id}/*",
        f"{bucket}/page-imports/{message.page_import_id}/*",
    ]
    assert by_action[("s3:PutObject", "s3:AbortMultipartUpload")]["Resource"] == [
        f"{bucket}/code2des/{message.code2des_id}/*"
    ]
    listing = by_action[("s3:ListBucket",)]
    assert listing["Resource"] == bucket
    assert sorted(listing["Condition"]["StringLike"]["s3:prefix"]) == [
        f"cancellations/code2des/{message.code2des_id}/*",
        f"code2des/{message.code2des_id}/*",
        f"page-imports/{message.page_import_id}/*",
    ]

    job_roles.clear()
    minted_before = len(_assumed_roles())
    assert _convert(body) == {"batchItemFailures": []}
    assert db.execute("SELECT status FROM code2des").fetchone()["status"] == "1"
    # The worker minted nothing, and every S3 request of the job was signed with the carried key.
    assert len(_assumed_roles()) == minted_before
    assert job_roles and set(job_roles) == {session.access_key_id}


@pytest.mark.parametrize("carried", ["none", "expiring"])
def test_a_worker_runs_nothing_without_credentials_that_outlast_the_job(
    db: Any, stack: AwsResources, tenant: Any, webhooks: WebhookLog, job_roles: list[str], carried: str
) -> None:
    message = card_convert_message(db, tenant)
    body = json.loads(message.model_dump_json(by_alias=True))
    if carried == "expiring":
        soon = datetime.now(UTC) + timedelta(seconds=30)
        body["credentials"] = {
            "accessKeyId": "ASIA",
            "secretAccessKey": "s",
            "sessionToken": "t",
            "expiration": soon.isoformat(),
        }
    job_roles.clear()
    result = _convert(json.dumps(body))
    assert len(result["batchItemFailures"]) == 1  # handed back to SQS, not run
    assert db.execute("SELECT status FROM code2des").fetchone()["status"] == "0"
    assert job_roles == []  # not one S3 request


def test_without_a_job_role_nothing_is_minted_and_the_worker_uses_its_own_client(
    db: Any, stack: AwsResources, tenant: Any
) -> None:
    message = card_convert_message(db, tenant)
    body = message.model_dump_json(by_alias=True)
    assert scoped.with_credentials(body, kinds.by_name("code2des")) == body
    store = scoped.job_store(kinds.by_name("code2des"), message)
    assert store.client is None and store.bucket == stack.bucket


def test_a_message_whose_credentials_cannot_be_minted_is_a_failed_send_kept_for_later(
    db: Any, stack: AwsResources, tenant: Any, job_roles: list[str]
) -> None:
    """A message naming no job (here: no pageImportId) cannot be scoped: it is not sent without
    credentials, it counts as a failed send (logged), keeps its lease and is tried again later;
    the rest of the round is sent."""
    from pageport.batches.dispatch import Dispatcher, enqueue_job
    from pageport.services.tenancy import Scope

    scope = Scope(tenant.organization_id, tenant.project_id, tenant.subject)
    with db.transaction(), db.cursor() as cur:
        enqueue_job(cur, scope, "page_import", "job-x", {"url": "https://example.com/"}, {"kind": "capture"})
    report = Dispatcher(db, boto3.client("sqs")).run(max_rounds=1)
    assert (report.claimed, report.sent, report.failed_sends) == (1, 0, 1)
    item = db.execute("SELECT dispatched_at, lease_until, dispatch_attempts FROM batch_item").fetchone()
    assert item["dispatched_at"] is None and item["lease_until"] is not None and item["dispatch_attempts"] == 1
    assert _sent_bodies(stack.queues["capture"]) == []


def test_a_dead_letter_carrying_credentials_fails_its_job_and_never_keeps_them(
    db: Any, stack: AwsResources, tenant: Any, job_roles: list[str]
) -> None:
    """A message that exhausted its receives reaches its DLQ as it was sent, credentials and
    all: the dead-letter function fails its job all the same (the credentials are no part of
    the job's message), and a letter it keeps for a person holds none."""
    from pageport.batches.dead_letters import DEAD_LETTER_MESSAGE

    from devstack.apigw import invoke

    created = invoke(
        "POST",
        f"/projects/{tenant.project_id}/page-imports",
        subject=tenant.subject,
        body={"url": "https://example.com/", "viewport": {"width": 800, "height": 600}},
    )
    assert created.status == 201, created.body
    (body,) = _sent_bodies(stack.queues["capture"])
    assert "credentials" in json.loads(body)
    unknown = json.dumps({**json.loads(body), "kind": "nothing-we-know"})

    event = sqs_event([body, unknown], queue="capture-dlq", receive_count=4)
    assert load_function("dead_letter").lambda_handler(event, lambda_context("dead_letter")) == {
        "batchItemFailures": []
    }
    row = db.execute("SELECT status, error_message FROM page_import").fetchone()
    assert (row["status"], row["error_message"]) == ("2", DEAD_LETTER_MESSAGE)
    s3 = boto3.client("s3")
    (kept,) = s3.list_objects_v2(Bucket=stack.bucket, Prefix="dead-letters/")["Contents"]
    letter = json.loads(s3.get_object(Bucket=stack.bucket, Key=kept["Key"])["Body"].read())
    assert json.loads(letter["body"])["kind"] == "nothing-we-know"
    assert "credentials" not in letter["body"] and "secretAccessKey" not in json.dumps(letter)
