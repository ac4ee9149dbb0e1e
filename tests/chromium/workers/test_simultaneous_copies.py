"""SQS can hand one message to two workers at once; here the winner writes while this copy is
capturing with real Chromium (the other interleavings, and what they share with this one:
tests/integration/workers/test_simultaneous_copies.py)."""

from __future__ import annotations

import pytest
from pageport.kinds.page_import.job import run_capture
from pageport.kinds.page_import.messages import CaptureMessage, PageImportManifest
from pageport.models.manifests import ArtifactRef
from pageport.storage import ArtifactStore, sha256_hex
from pageport.workers.claims import AttemptInProgress
from pageport.workers.webhook_client import Delivery

from tests.integration.workers.test_simultaneous_copies import WINNER_CAPTURE, _winner_writes_manifest
from tests.support import PNG_1x1
from tests.support.workers import HookedSite, WebhookLog, objects_under, queued_capture_message


def _ref(key: str, data: bytes, content_type: str) -> ArtifactRef:
    return ArtifactRef(key=key, sha256=sha256_hex(data), size=len(data), content_type=content_type)


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

    with pytest.raises(AttemptInProgress):
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
