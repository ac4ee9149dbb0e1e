"""SQS can hand one message to two workers at once: both pass the manifest check and do the
work, and the writes decide (workers/claims.py). The first copy-specific artifact (capture.json,
result.json, failure.json, a discovery's pages.json) and the manifest are written only if absent;
a copy that loses writes nothing the winner's results name, then reports the winner's manifest
or hands its message back. A failure gives way to a success still being written; a claim left
by a copy that stopped is taken over. Real moto S3 (its conditional writes), the real webhook
handlers, real PostgreSQL; interleavings through botocore's event hook (tests.support)."""

from __future__ import annotations

import json
import time
from typing import Any

import boto3
import pytest
from botocore.awsrequest import AWSResponse
from pageport import aws as pageport_aws
from pageport.kinds.code2des.job import run_convert
from pageport.kinds.code2des.messages import Code2DesManifest
from pageport.kinds.page_discovery.job import run_discovery
from pageport.kinds.page_discovery.layout import discovery_pages_key
from pageport.kinds.page_discovery.models import DiscoveryMessage
from pageport.kinds.page_discovery.publishing import publish_status, read_status
from pageport.kinds.page_import import artifacts as page_import_artifacts
from pageport.kinds.page_import.job import run_capture
from pageport.kinds.page_import.messages import CaptureMessage, PageImportManifest
from pageport.netguard.policy import TargetPolicy
from pageport.settings import get_settings
from pageport.storage import ArtifactStore, ConditionalWriteLost, sha256_hex
from pageport.workers.claims import AttemptInProgress
from pageport.workers.webhook_client import Delivery

from tests.support import PNG_1x1, before_s3_put, queued_convert_message
from tests.support.workers import (
    HookedSite,
    WebhookLog,
    card_convert_message,
    discovery_message,
    objects_under,
    queued_capture_message,
)

WINNER_CAPTURE = json.dumps({"version": 1, "written": "by the copy that won"}).encode()
OTHER_PAGES = json.dumps({"pages": [{"url": "https://other.example/"}], "truncated": False}).encode()
WINNER_RESULT = json.dumps({"version": 1, "document": {"type": "FRAME", "name": "winner"}}).encode()


def _expire_claims(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every claim written so far becomes older than the expiry: as if the copies that wrote
    them had run out their Lambda timeout (SQS redelivers only after 6x that)."""
    monkeypatch.setenv("CLAIM_EXPIRES_AFTER_S", "1")
    get_settings.cache_clear()
    time.sleep(1.1)


def _write_capture(message: CaptureMessage, capture_json: bytes) -> str:
    return page_import_artifacts.write_capture_success(
        ArtifactStore.default(), message, capture_json=capture_json, screenshot_png=PNG_1x1, assets={}, warnings=[]
    )


def test_conditional_writes_refuse_a_taken_key_and_a_replaced_version(aws):
    store = ArtifactStore.default()
    store.put("k", b"first", only_if_absent=True)
    with pytest.raises(ConditionalWriteLost):
        store.put("k", b"second", only_if_absent=True)
    read = store.head("k")
    assert read is not None
    store.put("k", b"third")  # someone replaces it after it was read
    with pytest.raises(ConditionalWriteLost):
        store.put("k", b"fourth", replacing=read)
    assert store.get("k") == b"third"
    assert store.head("missing") is None


def test_a_copy_finishing_after_the_winner_writes_nothing_and_reports_the_winner(
    db, stack, tenant, site, webhooks: WebhookLog
):
    """Both copies captured; the winner wrote and reported first. The loser's write must not
    replace capture.json under the hash the job already stored."""
    message = queued_capture_message(stack, tenant, site + "/index.html")
    store = ArtifactStore.default()
    winner_manifest = _write_capture(message, WINNER_CAPTURE)
    before = objects_under(stack.bucket, message.artifact_prefix)

    with pytest.raises(AttemptInProgress):
        _write_capture(message, b'{"version": 1, "written": "by the late copy"}')
    with pytest.raises(AttemptInProgress):  # a failing copy gives way to the success
        page_import_artifacts.write_capture_failure(store, message, "The late copy failed.")
    assert objects_under(stack.bucket, message.artifact_prefix) == before

    # SQS redelivers the late copy: it finds the winner's manifest and reports that.
    assert run_capture(message) is Delivery.APPLIED
    assert [b["manifestUrl"] for b in webhooks.bodies("/page-imports")] == [winner_manifest]
    row = db.execute("SELECT status, capture_hash FROM page_import").fetchone()
    assert row["status"] == "1" and row["capture_hash"] == sha256_hex(WINNER_CAPTURE)


def _winner_writes_manifest(store: ArtifactStore, manifest: PageImportManifest | Code2DesManifest, prefix: str) -> str:
    key = prefix + "manifest.json"
    store.put(key, manifest.model_dump_json(by_alias=True).encode(), "application/json", only_if_absent=True)
    return store.url(key)


def test_a_conversion_claimed_by_another_copy_is_handed_back_then_reported(db, stack, tenant, webhooks: WebhookLog):
    message = card_convert_message(db, tenant)
    store = ArtifactStore.default()
    claim = store.put(message.artifact_prefix + "result.json", WINNER_RESULT, "application/json", only_if_absent=True)

    with pytest.raises(AttemptInProgress):
        run_convert(message)
    assert list(objects_under(stack.bucket, message.artifact_prefix)) == [claim.key]
    assert webhooks.bodies("/code2des") == []

    manifest = Code2DesManifest(
        code2des_id=message.code2des_id,
        attempt=message.attempt,
        nonce=message.nonce,
        outcome="succeeded",
        result=claim,
        warning_count=0,
    )
    winner_manifest = _winner_writes_manifest(store, manifest, message.artifact_prefix)
    assert run_convert(message) is Delivery.APPLIED
    assert store.get(claim.key) == WINNER_RESULT
    assert [b["manifestUrl"] for b in webhooks.bodies("/code2des")] == [winner_manifest]


def test_a_claim_left_by_a_copy_that_stopped_is_taken_over(db, stack, tenant, webhooks: WebhookLog, monkeypatch):
    """A copy claimed result.json and its Lambda timed out before the manifest: once the claim
    is older than any copy can run, the redelivered copy redoes the attempt."""
    message = card_convert_message(db, tenant)
    store = ArtifactStore.default()
    store.put(message.artifact_prefix + "result.json", b"{half written by a copy that stopped", only_if_absent=True)
    _expire_claims(monkeypatch)

    assert run_convert(message) is Delivery.APPLIED

    manifest = json.loads(store.get(message.artifact_prefix + "manifest.json"))
    result = store.get(message.artifact_prefix + "result.json")
    assert manifest["outcome"] == "succeeded" and manifest["result"]["sha256"] == sha256_hex(result)
    assert not result.startswith(b"{half")
    assert db.execute("SELECT status FROM code2des").fetchone()["status"] == "1"


def test_losing_a_takeover_to_another_copy_hands_the_message_back(db, stack, tenant, webhooks, monkeypatch):
    message = card_convert_message(db, tenant)
    key = message.artifact_prefix + "result.json"
    store = ArtifactStore.default()
    store.put(key, b"{left by a copy that stopped", only_if_absent=True)
    _expire_claims(monkeypatch)

    def other_copy_takes_over() -> None:
        boto3.client("s3").put_object(Bucket=stack.bucket, Key=key, Body=WINNER_RESULT)

    taking_over = before_s3_put(other_copy_takes_over, when=lambda request: "If-Match" in request["headers"])
    with taking_over, pytest.raises(AttemptInProgress):
        run_convert(message)

    assert store.get(key) == WINNER_RESULT
    assert list(objects_under(stack.bucket, message.artifact_prefix)) == [key]
    assert webhooks.bodies("/code2des") == []


def test_a_failing_copy_gives_way_to_a_success_being_written_until_that_copy_stops(
    db, stack, tenant, webhooks: WebhookLog, monkeypatch
):
    message = queued_convert_message(db, tenant)  # a capture the converter cannot read
    store = ArtifactStore.default()
    claim = store.put(message.artifact_prefix + "result.json", WINNER_RESULT, "application/json", only_if_absent=True)

    with pytest.raises(AttemptInProgress):  # the other copy succeeded and is writing its manifest
        run_convert(message)
    assert list(objects_under(stack.bucket, message.artifact_prefix)) == [claim.key]
    assert webhooks.bodies("/code2des") == []

    _expire_claims(monkeypatch)  # ... but it stopped before the manifest: this failure stands
    assert run_convert(message) is Delivery.APPLIED
    assert [b["outcome"] for b in webhooks.bodies("/code2des")] == ["failed"]
    assert db.execute("SELECT status FROM code2des").fetchone()["status"] == "2"


def test_a_conditional_write_that_meets_a_concurrent_one_is_retried(aws):
    """S3 answers 409 ConditionalRequestConflict when two conditional writes race: retry."""
    answered: list[int] = []

    def conflict_once(**_: Any) -> tuple[AWSResponse, dict[str, Any]] | None:
        if answered:
            return None
        answered.append(409)
        error = {"Code": "ConditionalRequestConflict", "Message": "A conflicting operation is in progress."}
        return AWSResponse("https://s3", 409, {}, None), {"Error": error, "ResponseMetadata": {"HTTPStatusCode": 409}}

    events = pageport_aws.s3().meta.events
    events.register("before-call.s3.PutObject", conflict_once, unique_id="conflict-once")
    try:
        ArtifactStore.default().put("claimed", b"data", only_if_absent=True)
    finally:
        events.unregister("before-call.s3.PutObject", unique_id="conflict-once")

    assert answered == [409]
    assert ArtifactStore.default().get("claimed") == b"data"
    with pytest.raises(ConditionalWriteLost):
        ArtifactStore.default().put("claimed", b"other", only_if_absent=True)


def test_a_discovery_copy_never_replaces_the_pages_of_a_copy_completing_the_item(aws, hooked_site: HookedSite):
    message: DiscoveryMessage | None = None
    store = ArtifactStore.default()

    def other_copy_claims_the_pages() -> None:
        assert message is not None
        store.put(discovery_pages_key(message.batch_item_id), OTHER_PAGES, "application/json", only_if_absent=True)

    message = discovery_message(hooked_site.page("/", "Home", ("/about",)))
    hooked_site.page("/about", "About", hook=other_copy_claims_the_pages)

    with pytest.raises(AttemptInProgress):
        run_discovery(message, policy=TargetPolicy(allow_private=True))
    assert store.get(discovery_pages_key(message.batch_item_id)) == OTHER_PAGES
    assert (read_status(store, message.batch_item_id) or {}).get("status") == "0"

    # The other copy completes the item; SQS redelivers this one, which finds it finished.
    assert publish_status(store, message.batch_item_id, lambda _: {"status": "1", "pagesFound": 1}) is None
    fetched = len(hooked_site.requests)
    assert run_discovery(message, policy=TargetPolicy(allow_private=True)) == "1"
    assert len(hooked_site.requests) == fetched
    assert store.get(discovery_pages_key(message.batch_item_id)) == OTHER_PAGES


def test_a_failing_discovery_copy_gives_way_to_one_completing_the_item(aws, hooked_site: HookedSite):
    message = discovery_message(hooked_site.url + "/missing")  # the homepage answers 404
    store = ArtifactStore.default()
    store.put(discovery_pages_key(message.batch_item_id), OTHER_PAGES, "application/json", only_if_absent=True)

    with pytest.raises(AttemptInProgress):
        run_discovery(message, policy=TargetPolicy(allow_private=True))
    assert (read_status(store, message.batch_item_id) or {}).get("status") == "0"  # no failure published
