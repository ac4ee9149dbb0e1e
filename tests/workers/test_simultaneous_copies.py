"""SQS can hand one message to two workers at once: both pass the manifest check and do the
work, and the writes decide. The first copy-specific artifact (capture.json, result.json,
failure.json) and the manifest are written only if absent; a copy that loses writes nothing
the winner's manifest names, then reports the winner's manifest or hands its message back.
Real moto S3 (its conditional writes), the real webhook handlers, real PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pageport.models.manifests import ArtifactRef, Code2DesManifest, PageImportManifest
from pageport.models.messages import CaptureMessage, ConvertMessage
from pageport.settings import get_settings
from pageport.storage import ArtifactExists, ArtifactStore, sha256_hex
from pageport.workers import artifacts
from pageport.workers.capture_job import run_capture
from pageport.workers.convert_job import run_convert
from pageport.workers.webhook_client import Delivery

from tests.support import (
    PNG_1x1,
    capture_message_for,
    convert_message_for,
    create_code2des,
    create_page_import,
    finish_capture,
)
from tests.workers.conftest import HookedSite, WebhookLog, objects_under, queued_capture_message

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "convert"
WINNER_CAPTURE = json.dumps({"version": 1, "written": "by the copy that won"}).encode()
WINNER_RESULT = json.dumps({"version": 1, "document": {"type": "FRAME", "name": "winner"}}).encode()


def _convert_message(db, tenant) -> ConvertMessage:
    """For a completed capture the converter can read (the card fixture)."""
    page_import_id = create_page_import(tenant)["pageImportId"]
    capture = json.loads((FIXTURES / "card.capture.json").read_text())
    finished = finish_capture(ArtifactStore.default(), capture_message_for(db, page_import_id), capture)
    assert finished.status == 200, finished.body
    created = create_code2des(tenant, page_import_id)
    assert created.status == 201, created.body
    return convert_message_for(db, created.body["code2desId"])


def _write_capture(message: CaptureMessage, capture_json: bytes) -> str:
    return artifacts.write_capture_success(
        ArtifactStore.default(), message, capture_json=capture_json, screenshot_png=PNG_1x1, assets={}, warnings=[]
    )


def test_conditional_writes_refuse_a_taken_key_and_a_replaced_version(aws):
    store = ArtifactStore.default()
    store.put("k", b"first", only_if_absent=True)
    with pytest.raises(ArtifactExists):
        store.put("k", b"second", only_if_absent=True)
    read = store.head("k")
    assert read is not None
    store.put("k", b"third")  # someone replaces it after it was read
    with pytest.raises(ArtifactExists):
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

    with pytest.raises(artifacts.AttemptInProgress):
        _write_capture(message, b'{"version": 1, "written": "by the late copy"}')
    with pytest.raises(artifacts.AttemptInProgress):
        artifacts.write_capture_failure(store, message, "The late copy failed.")
    assert objects_under(stack.bucket, message.artifact_prefix) == {
        **before,
        # The failing copy's claim is its own key, which the winner's manifest does not name.
        message.artifact_prefix + "failure.json": store.get(message.artifact_prefix + "failure.json"),
    }

    # SQS redelivers the late copy: it finds the winner's manifest and reports that.
    assert run_capture(message) is Delivery.APPLIED
    assert [b["manifestUrl"] for b in webhooks.bodies("/page-imports")] == [winner_manifest]
    row = db.execute("SELECT status, capture_hash FROM page_import").fetchone()
    assert row["status"] == "1" and row["capture_hash"] == sha256_hex(WINNER_CAPTURE)


def _ref(key: str, data: bytes, content_type: str) -> ArtifactRef:
    return ArtifactRef(key=key, sha256=sha256_hex(data), size=len(data), content_type=content_type)


def _winner_writes_manifest(store: ArtifactStore, manifest: PageImportManifest | Code2DesManifest, prefix: str) -> str:
    key = prefix + "manifest.json"
    store.put(key, manifest.model_dump_json(by_alias=True).encode(), "application/json", only_if_absent=True)
    return store.url(key)


@pytest.mark.chromium
def test_a_copy_that_loses_the_claim_while_the_winner_writes_hands_its_message_back(
    db, stack, tenant, hooked_site: HookedSite, webhooks: WebhookLog
):
    """The other copy claimed capture.json while this one was capturing, and has not written
    its manifest yet: this one raises (SQS redelivers it), and the redelivery reports the
    winner's manifest once it exists."""
    message: CaptureMessage | None = None
    store = ArtifactStore.default()

    def other_copy_claims() -> None:
        assert message is not None
        store.put(message.artifact_prefix + "capture.json", WINNER_CAPTURE, "application/json", only_if_absent=True)

    message = queued_capture_message(stack, tenant, hooked_site.page("/racing.html", "Racing", hook=other_copy_claims))

    with pytest.raises(artifacts.AttemptInProgress):
        run_capture(message)

    assert list(objects_under(stack.bucket, message.artifact_prefix)) == [message.artifact_prefix + "capture.json"]
    assert store.get(message.artifact_prefix + "capture.json") == WINNER_CAPTURE
    assert webhooks.calls == []
    assert db.execute("SELECT status FROM page_import").fetchone()["status"] == "0"

    # The winner finishes (its claim is already in place), then SQS redelivers this copy.
    store.put(message.artifact_prefix + "screenshot.png", PNG_1x1, "image/png")
    prefix = message.artifact_prefix
    manifest = PageImportManifest(
        page_import_id=message.page_import_id,
        attempt=message.attempt,
        nonce=message.nonce,
        outcome="succeeded",
        capture=_ref(prefix + "capture.json", WINNER_CAPTURE, "application/json"),
        screenshot=_ref(prefix + "screenshot.png", PNG_1x1, "image/png"),
    )
    winner_manifest = _winner_writes_manifest(store, manifest, prefix)
    assert run_capture(message) is Delivery.APPLIED
    assert hooked_site.requests.count("/racing.html") == 1  # the redelivery did not capture again
    assert [b["manifestUrl"] for b in webhooks.bodies("/page-imports")] == [winner_manifest]
    assert db.execute("SELECT capture_hash FROM page_import").fetchone()["capture_hash"] == sha256_hex(WINNER_CAPTURE)


def test_a_conversion_claimed_by_another_copy_is_handed_back_then_reported(db, stack, tenant, webhooks: WebhookLog):
    message = _convert_message(db, tenant)
    store = ArtifactStore.default()
    claim = store.put(message.artifact_prefix + "result.json", WINNER_RESULT, "application/json", only_if_absent=True)

    with pytest.raises(artifacts.AttemptInProgress):
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
    is older than any Lambda can run, the redelivered copy redoes the attempt."""
    message = _convert_message(db, tenant)
    store = ArtifactStore.default()
    store.put(message.artifact_prefix + "result.json", b"{half written by a copy that stopped", only_if_absent=True)
    # As if the worker's timeout had passed since the claim (SQS redelivers after 6x that).
    monkeypatch.setenv("WORKER_TIMEOUT_S", "0")
    get_settings.cache_clear()

    assert run_convert(message) is Delivery.APPLIED

    manifest = json.loads(store.get(message.artifact_prefix + "manifest.json"))
    result = store.get(message.artifact_prefix + "result.json")
    assert manifest["outcome"] == "succeeded" and manifest["result"]["sha256"] == sha256_hex(result)
    assert not result.startswith(b"{half")
    assert db.execute("SELECT status FROM code2des").fetchone()["status"] == "1"
