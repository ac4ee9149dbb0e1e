"""SQS delivers at least once: a duplicate message never redoes (and overwrites) finished work.

Capture/convert: an attempt whose manifest exists is reported again from that manifest, or
dropped if the manifest names another nonce. Discovery: a terminal status.json is final.
Real moto S3, the real webhook handlers (recorded by the `webhooks` fixture), real PostgreSQL."""

from __future__ import annotations

import json

import pytest
from pageport.kinds.code2des import artifacts as code2des_artifacts
from pageport.kinds.code2des.job import run_convert
from pageport.kinds.page_discovery.job import run_discovery
from pageport.kinds.page_discovery.layout import discovery_pages_key, discovery_status_key
from pageport.kinds.page_discovery.models import DiscoveryMessage
from pageport.kinds.page_discovery.operation import write_failed_status
from pageport.kinds.page_import import artifacts as page_import_artifacts
from pageport.kinds.page_import.job import run_capture
from pageport.kinds.page_import.messages import CaptureMessage
from pageport.netguard.policy import TargetPolicy
from pageport.storage import ArtifactStore, sha256_hex
from pageport.workers.webhook_client import Delivery

from tests.support import PNG_1x1, queued_convert_message
from tests.support.workers import HookedSite, WebhookLog, discovery_message, objects_under, queued_capture_message

CAPTURE_JSON = json.dumps({"version": 1, "written": "by the first delivery"}).encode()


def _finish_capture(message: CaptureMessage) -> str:
    return page_import_artifacts.write_capture_success(
        ArtifactStore.default(), message, capture_json=CAPTURE_JSON, screenshot_png=PNG_1x1, assets={}, warnings=[]
    )


def test_a_duplicate_of_a_finished_capture_reports_it_again_and_rewrites_nothing(
    db, stack, tenant, site, webhooks: WebhookLog
):
    message = queued_capture_message(stack, tenant, site + "/index.html")
    manifest_url = _finish_capture(message)  # the attempt finished; its report was lost
    before = objects_under(stack.bucket, message.artifact_prefix)

    assert run_capture(message) is Delivery.APPLIED  # redelivery: completes the job from the manifest
    assert run_capture(message) is Delivery.APPLIED  # a duplicate after that: a harmless replay

    assert objects_under(stack.bucket, message.artifact_prefix) == before
    sent = webhooks.bodies("/page-imports")
    assert [(body["manifestUrl"], body["outcome"], body["nonce"]) for body in sent] == [
        (manifest_url, "succeeded", message.nonce)
    ] * 2
    row = db.execute("SELECT status, capture_hash FROM page_import").fetchone()
    assert row["status"] == "1" and row["capture_hash"] == sha256_hex(CAPTURE_JSON)


def test_a_duplicate_after_the_job_moved_on_is_refused_and_rewrites_nothing(db, stack, tenant, site, webhooks):
    message = queued_capture_message(stack, tenant, site + "/index.html")
    failed_url = page_import_artifacts.write_capture_failure(
        ArtifactStore.default(), message, "The page answered HTTP 500."
    )
    db.execute("UPDATE page_import SET status = '2', error_message = 'cancelled'")
    before = objects_under(stack.bucket, message.artifact_prefix)

    assert run_capture(message) is Delivery.REFUSED  # the webhook answered 409

    assert objects_under(stack.bucket, message.artifact_prefix) == before
    assert [(b["manifestUrl"], b["outcome"]) for b in webhooks.bodies("/page-imports")] == [(failed_url, "failed")]


def test_a_capture_message_whose_nonce_differs_from_the_finished_manifest_sends_nothing(
    db, stack, tenant, site, webhooks: WebhookLog
):
    message = queued_capture_message(stack, tenant, site + "/index.html")
    _finish_capture(message.model_copy(update={"nonce": "another-" + message.nonce}))
    before = objects_under(stack.bucket, message.artifact_prefix)

    assert run_capture(message) is Delivery.REFUSED

    assert webhooks.calls == []
    assert objects_under(stack.bucket, message.artifact_prefix) == before
    assert db.execute("SELECT status FROM page_import").fetchone()["status"] == "0"


def test_a_duplicate_of_a_finished_conversion_reports_it_again_and_rewrites_nothing(
    db, stack, tenant, webhooks: WebhookLog
):
    message = queued_convert_message(db, tenant)
    # Not a capture the converter could read: redoing the work would overwrite this with a failure.
    result_json = json.dumps({"version": 1, "document": {"type": "FRAME"}}).encode()
    manifest_url = code2des_artifacts.write_convert_success(
        ArtifactStore.default(), message, result_json=result_json, images={}, warning_count=3
    )
    before = objects_under(stack.bucket, message.artifact_prefix)

    assert run_convert(message) is Delivery.APPLIED
    assert run_convert(message) is Delivery.APPLIED

    assert objects_under(stack.bucket, message.artifact_prefix) == before
    sent = [(b["manifestUrl"], b["outcome"], b["warningCount"]) for b in webhooks.bodies("/code2des")]
    assert sent == [(manifest_url, "succeeded", 3)] * 2
    row = db.execute("SELECT status, warning_count FROM code2des").fetchone()
    assert row["status"] == "1" and row["warning_count"] == 3


def test_a_convert_message_whose_nonce_differs_from_the_finished_manifest_sends_nothing(
    db, stack, tenant, webhooks: WebhookLog
):
    message = queued_convert_message(db, tenant)
    code2des_artifacts.write_convert_failure(
        ArtifactStore.default(), message.model_copy(update={"nonce": "x"}), "Failed."
    )
    before = objects_under(stack.bucket, message.artifact_prefix)

    assert run_convert(message) is Delivery.REFUSED

    assert webhooks.bodies("/code2des") == []
    assert objects_under(stack.bucket, message.artifact_prefix) == before
    assert db.execute("SELECT status FROM code2des").fetchone()["status"] == "0"


def test_an_unreadable_manifest_means_not_finished(db, stack, tenant, webhooks: WebhookLog):
    message = queued_convert_message(db, tenant)
    ArtifactStore.default().put(message.artifact_prefix + "manifest.json", b"{truncated")

    assert run_convert(message) is Delivery.APPLIED  # the work is done (here: it fails safely)

    manifest = json.loads(ArtifactStore.default().get(message.artifact_prefix + "manifest.json"))
    assert manifest["nonce"] == message.nonce and manifest["outcome"] == "failed"
    assert db.execute("SELECT status FROM code2des").fetchone()["status"] == "2"


@pytest.mark.parametrize("status", ["1", "2"])
def test_a_discovery_message_for_a_finished_item_is_dropped(aws, hooked_site: HookedSite, status: str):
    message = discovery_message(hooked_site.page("/", "Home", ("/about",)))
    store = ArtifactStore.default()
    store.put(discovery_status_key(message.batch_item_id), json.dumps({"status": status, "pagesFound": 1}).encode())
    store.put(discovery_pages_key(message.batch_item_id), b'{"pages": [], "truncated": false}')
    before = objects_under(aws.bucket, message.artifact_prefix)

    assert run_discovery(message, policy=TargetPolicy(allow_private=True)) == status

    assert objects_under(aws.bucket, message.artifact_prefix) == before
    assert hooked_site.requests == []


def test_a_discovery_cancelled_while_running_is_not_overwritten(aws, hooked_site: HookedSite):
    message: DiscoveryMessage | None = None
    store = ArtifactStore.default()

    def cancel() -> None:  # what the backend does when the user cancels the batch
        assert message is not None
        assert write_failed_status(store, message.batch_item_id, "Cancelled.")

    message = discovery_message(hooked_site.page("/", "Home", ("/about",)))
    hooked_site.page("/about", "About", hook=cancel)

    assert run_discovery(message, policy=TargetPolicy(allow_private=True)) == "2"

    assert "/about" in hooked_site.requests
    status = json.loads(store.get(discovery_status_key(message.batch_item_id)))
    assert status["status"] == "2" and status["errorMessage"] == "Cancelled."
    assert list(objects_under(aws.bucket, message.artifact_prefix)) == [discovery_status_key(message.batch_item_id)]
