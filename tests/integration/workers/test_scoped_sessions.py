"""Each job works with S3 credentials scoped to its own prefixes (pageport/workers/scoped.py):
it assumes its worker's job role with a session policy naming only that job's prefixes.

moto answers AssumeRole (and records the session policy) but enforces no policy, so these tests
check what AWS would enforce: the policy each job asks for, and that every S3 request of the job
is signed with the assumed session's credentials, not the worker's own."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from pageport.settings import get_settings
from pageport.workers import scoped

from devstack.apigw import lambda_context, load_function
from tests.conftest import AwsResources
from tests.support import sqs_event
from tests.support.workers import WebhookLog, card_convert_message

ACCOUNT = "123456789012"  # moto's
JOB_ROLE = f"arn:aws:iam::{ACCOUNT}:role/pageport-test-convert-job"
_CREDENTIAL = re.compile(r"Credential=([A-Z0-9]+)/")


@pytest.fixture
def job_role(stack: AwsResources, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """WORKER_JOB_ROLE_ARN set as infra sets it; yields the access key id of every S3 request
    this thread makes (the webhook handlers answer on the loopback server's threads)."""
    monkeypatch.setenv("WORKER_JOB_ROLE_ARN", JOB_ROLE)
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


def test_a_conversion_assumes_a_session_scoped_to_its_capture_and_its_own_prefix(
    db: Any, stack: AwsResources, tenant: Any, webhooks: WebhookLog, job_role: list[str]
) -> None:
    message = card_convert_message(db, tenant)
    before = len(_assumed_roles())
    job_role.clear()

    event = sqs_event([message.model_dump_json(by_alias=True)], queue="convert")
    result = load_function("convert_worker").lambda_handler(event, lambda_context("convert_worker", 120))

    assert result == {"batchItemFailures": []}
    assert db.execute("SELECT status FROM code2des").fetchone()["status"] == "1"
    (session,) = _assumed_roles()[before:]
    assert session.role_arn == JOB_ROLE and session.session_name == f"job-{message.code2des_id}"
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
    # Every S3 request the job made was signed with the session's key, never the worker's own.
    assert job_role and set(job_role) == {session.access_key_id}


def test_without_a_job_role_the_worker_uses_its_own_client(stack: AwsResources) -> None:
    store = scoped.job_store("any", writes=["code2des/any/"])
    assert store.client is None and store.bucket == stack.bucket
