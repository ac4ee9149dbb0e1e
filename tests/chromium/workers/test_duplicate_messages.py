"""SQS delivers at least once: a duplicate delivery that finishes the attempt while this one is
still capturing with real Chromium (the other duplicates, and what they share with this one:
tests/integration/workers/test_duplicate_messages.py)."""

from __future__ import annotations

from pageport.kinds.page_import.job import run_capture
from pageport.kinds.page_import.messages import CaptureMessage
from pageport.storage import ArtifactStore
from pageport.workers.webhook_client import Delivery

from tests.integration.workers.test_duplicate_messages import CAPTURE_JSON, _finish_capture
from tests.support.workers import HookedSite, WebhookLog, queued_capture_message


def test_a_manifest_written_while_capturing_is_reported_and_not_overwritten(
    db, stack, tenant, hooked_site: HookedSite, webhooks: WebhookLog
):
    """A duplicate delivery finishes the attempt while this one is still capturing."""
    message: CaptureMessage | None = None
    manifest_urls: list[str] = []

    def finish_meanwhile() -> None:
        assert message is not None
        manifest_urls.append(_finish_capture(message))

    url = hooked_site.page("/racing.html", "Racing", hook=finish_meanwhile)
    message = queued_capture_message(stack, tenant, url)

    assert run_capture(message) is Delivery.APPLIED

    assert hooked_site.requests.count("/racing.html") == 1 and len(manifest_urls) == 1
    store = ArtifactStore.default()
    assert store.get(message.artifact_prefix + "capture.json") == CAPTURE_JSON
    assert [b["manifestUrl"] for b in webhooks.bodies("/page-imports")] == manifest_urls
