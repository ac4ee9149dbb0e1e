"""A Page Import's webhook outcome: a success names its capture and screenshot, both verified
against their SHA-256 (the fence and the protocol are services/webhooks.py)."""

from __future__ import annotations

from functools import partial
from typing import Any

from pageport import parallel
from pageport.kinds.page_import import KIND
from pageport.kinds.page_import.messages import PageImportManifest, PageImportWebhook
from pageport.services import webhooks
from pageport.storage import ArtifactStore


def _page_import_success(
    manifest: PageImportManifest, call: webhooks.WebhookCall, store: ArtifactStore
) -> dict[str, Any]:
    prefix = webhooks.job_prefix(JOB_KIND, call)
    # Both read at once; a failure of the capture's check is the one reported, as before.
    capture, screenshot = parallel.run_all(
        [partial(webhooks.verified, store, ref, prefix) for ref in (manifest.capture, manifest.screenshot)]
    )
    return {
        "status": "1",
        "result_url": store.url(capture.key),
        "capture_hash": capture.sha256,
        "screenshot_url": store.url(screenshot.key),
    }


JOB_KIND = webhooks.JobKind(KIND, PageImportManifest, _page_import_success)

# What the shared webhook handler (functions/webhook) serves for this kind.
ENDPOINT = webhooks.WebhookEndpoint(
    JOB_KIND,
    PageImportWebhook,
    lambda body: webhooks.WebhookCall(body.page_import_id, body.attempt, body.nonce, body.outcome, body.manifest_url),
)
