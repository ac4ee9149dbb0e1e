"""A Code2Des webhook outcome: a success names its result, verified against its SHA-256, and a
warning count that must agree with the manifest (the fence and the protocol are services/webhooks.py)."""

from __future__ import annotations

from typing import Any

from pageport.kinds.code2des import KIND
from pageport.kinds.code2des.messages import Code2DesManifest, Code2DesWebhook
from pageport.services import webhooks
from pageport.storage import ArtifactStore


def _code2des_success(manifest: Code2DesManifest, call: webhooks.WebhookCall, store: ArtifactStore) -> dict[str, Any]:
    result = webhooks.verified(store, manifest.result, webhooks.job_prefix(JOB_KIND, call))
    warnings = manifest.warning_count
    if call.warning_count is not None and warnings is not None and call.warning_count != warnings:
        raise webhooks.WebhookMismatch("The warning count differs from the manifest.")
    return {"status": "1", "result_url": store.url(result.key), "warning_count": warnings or call.warning_count or 0}


JOB_KIND = webhooks.JobKind(KIND, Code2DesManifest, _code2des_success)

# What the shared webhook handler (functions/webhook) serves for this kind.
ENDPOINT = webhooks.WebhookEndpoint(
    JOB_KIND,
    Code2DesWebhook,
    lambda body: webhooks.WebhookCall(
        body.code2des_id, body.attempt, body.nonce, body.outcome, body.manifest_url, body.warning_count
    ),
)
