"""One conversion job: verified capture -> Figma node tree -> artifacts -> signed webhook."""

from __future__ import annotations

import hmac

from pageport.logging import logger
from pageport.models.manifests import PageImportManifest
from pageport.models.messages import Code2DesWebhook, ConvertMessage
from pageport.settings import get_settings
from pageport.storage import ArtifactMissing, ArtifactStore, sha256_hex
from pageport.workers import artifacts
from pageport.workers.webhook_client import Delivery, deliver

CAPTURE_MISMATCH = "The capture no longer matches the Page Import it came from."
UNEXPECTED = "The design could not be generated because of an internal error."


class _Unusable(Exception):
    def __init__(self, safe_message: str) -> None:
        super().__init__(safe_message)
        self.safe_message = safe_message


def _load_capture(store: ArtifactStore, message: ConvertMessage) -> tuple[bytes, dict[str, bytes]]:
    if not message.capture_key.startswith(f"page-imports/{message.page_import_id}/"):
        raise _Unusable(CAPTURE_MISMATCH)
    try:
        capture = store.get(message.capture_key)
    except ArtifactMissing:
        raise _Unusable("The capture is missing.") from None
    if not hmac.compare_digest(sha256_hex(capture), message.capture_hash):
        raise _Unusable(CAPTURE_MISMATCH)
    prefix = message.capture_key.rsplit("/", 1)[0] + "/"
    manifest = PageImportManifest.model_validate_json(store.get(prefix + "manifest.json"))
    assets: dict[str, bytes] = {}
    for digest, ref in manifest.assets.items():
        data = store.get(ref.key)
        if sha256_hex(data) == digest:  # a corrupt asset is left out (the converter warns)
            assets[digest] = data
    return capture, assets


def run_convert(message: ConvertMessage, *, store: ArtifactStore | None = None) -> Delivery:
    from pageport.convert import convert_capture

    store = store or ArtifactStore.default()
    log = {"code2des_id": message.code2des_id, "attempt": message.attempt}
    warning_count: int | None = None
    try:
        capture, assets = _load_capture(store, message)
        conversion = convert_capture(capture, assets)
        manifest_url = artifacts.write_convert_success(
            store,
            message,
            result_json=conversion.result_json,
            images=conversion.images,
            warning_count=conversion.warning_count,
        )
        warning_count = conversion.warning_count
        outcome = "succeeded"
        logger.info("conversion succeeded", extra={**log, "warnings": warning_count})
    except _Unusable as failure:
        manifest_url = artifacts.write_convert_failure(store, message, failure.safe_message)
        outcome = "failed"
    except Exception:
        logger.exception("conversion crashed", extra=log)
        manifest_url = artifacts.write_convert_failure(store, message, UNEXPECTED)
        outcome = "failed"
    return deliver(
        get_settings().code2des_webhook_url,
        Code2DesWebhook(
            code2des_id=message.code2des_id,
            attempt=message.attempt,
            nonce=message.nonce,
            outcome=outcome,
            manifest_url=manifest_url,
            warning_count=warning_count,
        ),
    )
