"""A job cancelled after its message was sent is dropped by its worker before any work: the
cancel marks it in S3 once committed (pageport/cancellations.py), the worker looks first.
Real moto S3 and SQS, the real API and webhook handlers, real PostgreSQL."""

from __future__ import annotations

from typing import Any

from pageport.batches import ids
from pageport.cancellations import marker_key
from pageport.kinds.code2des.job import run_convert
from pageport.kinds.page_import.job import run_capture
from pageport.storage import ArtifactStore
from pageport.workers.webhook_client import Delivery

from devstack.apigw import invoke
from tests.conftest import AwsResources, Tenant
from tests.support.workers import WebhookLog, card_convert_message, objects_under, queued_capture_message


def _cancel_batch_of(db: Any, tenant: Tenant, job_id: str) -> dict[str, Any]:
    """Cancel, through the API, the batch that made `job_id` (a single create is a one-item batch)."""
    row = db.execute("SELECT batch_id, dispatched_at FROM batch_item WHERE job_id = %s", (job_id,)).fetchone()
    assert row["dispatched_at"] is not None  # sent: its message is on the queue
    batch_id = ids.shown(row["batch_id"])  # the id the project knows it by (batches/ids.py)
    cancelled = invoke("POST", f"/projects/{tenant.project_id}/page-batches/{batch_id}/cancel", subject=tenant.subject)
    assert cancelled.status == 200, cancelled.body
    body: dict[str, Any] = cancelled.body
    return body


def test_a_capture_cancelled_after_its_message_was_sent_never_runs(
    db: Any, stack: AwsResources, tenant: Tenant, site: str, webhooks: WebhookLog
) -> None:
    message = queued_capture_message(stack, tenant, site + "/index.html")

    assert _cancel_batch_of(db, tenant, message.page_import_id)["counts"]["cancelled"] == 1
    assert ArtifactStore.default().exists(marker_key("page-imports/", message.page_import_id))

    assert run_capture(message) is Delivery.REFUSED  # dropped: no browser, no artifacts, no webhook
    assert objects_under(stack.bucket, message.artifact_prefix) == {}
    assert webhooks.calls == []
    row = db.execute("SELECT status, error_message FROM page_import").fetchone()
    assert row["status"] == "2" and "cancel" in row["error_message"].lower()


def test_a_conversion_cancelled_after_its_message_was_sent_never_runs(
    db: Any, stack: AwsResources, tenant: Tenant, webhooks: WebhookLog
) -> None:
    message = card_convert_message(db, tenant)

    _cancel_batch_of(db, tenant, message.code2des_id)

    assert run_convert(message) is Delivery.REFUSED
    assert objects_under(stack.bucket, message.artifact_prefix) == {}
    assert webhooks.calls == []


def test_an_uncancelled_job_of_another_batch_still_runs(
    db: Any, stack: AwsResources, tenant: Tenant, site: str, webhooks: WebhookLog
) -> None:
    cancelled = queued_capture_message(stack, tenant, site + "/index.html")
    running = queued_capture_message(stack, tenant, site + "/about.html")
    _cancel_batch_of(db, tenant, cancelled.page_import_id)

    assert not ArtifactStore.default().exists(marker_key("page-imports/", running.page_import_id))
