"""Writing a job's artifacts and its manifest under `{prefix}` (design.md's S3 layout), and
reading that manifest back so a duplicate message never redoes (and overwrites) a finished attempt."""

from __future__ import annotations

import hmac
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pydantic import ValidationError

from pageport.logging import logger
from pageport.models.manifests import ArtifactRef, Code2DesManifest, PageImportManifest
from pageport.models.messages import CaptureMessage, ConvertMessage, Outcome
from pageport.storage import ArtifactMissing, ArtifactStore
from pageport.workers.webhook_client import Delivery

MAX_MANIFEST_BYTES = 1024 * 1024  # what the webhook handler accepts too


@dataclass(frozen=True, slots=True)
class Report:
    """What a job's webhook says: the attempt's outcome and where its manifest is."""

    outcome: Outcome
    manifest_url: str
    warning_count: int | None = None  # Code2Des only


def resend_if_finished(
    store: ArtifactStore, message: CaptureMessage | ConvertMessage, send: Callable[[Report], Delivery]
) -> Delivery | None:
    """Handle a message whose attempt already finished (its manifest exists), without redoing it.

    The manifest is written last, so its presence means the attempt's artifacts are final: the
    webhook handler has checked (or will check) their hashes, and overwriting them would break
    that. If the manifest repeats this message's identity, its report is sent again (same
    outcome, same manifest URL): that completes the job if the first report was lost and is a
    harmless replay (200) or refusal (409) otherwise. A manifest naming another identity means
    the message is stale or forged: it is dropped (REFUSED) and nothing is sent.

    Returns None when the attempt has not finished (no manifest, or an unreadable one): do the work.
    """
    key = message.artifact_prefix + "manifest.json"
    model = Code2DesManifest if isinstance(message, ConvertMessage) else PageImportManifest
    log = {"job_id": _job_id(message), "attempt": message.attempt}
    try:
        manifest = model.model_validate_json(store.get(key, max_bytes=MAX_MANIFEST_BYTES))
    except ArtifactMissing:
        return None
    except ValidationError:
        logger.warning("unreadable manifest: the attempt is redone", extra=log)
        return None
    same = (
        _job_id(manifest) == _job_id(message)
        and manifest.attempt == message.attempt
        and hmac.compare_digest(manifest.nonce.encode(), message.nonce.encode())
    )
    if not same:
        logger.warning("stale or forged message dropped: its attempt finished under another identity", extra=log)
        return Delivery.REFUSED
    logger.info("attempt already finished: reporting it again, not redoing it", extra=log)
    warning_count = manifest.warning_count if isinstance(manifest, Code2DesManifest) else None
    return send(Report(manifest.outcome, store.url(key), warning_count))


def _job_id(item: CaptureMessage | ConvertMessage | PageImportManifest | Code2DesManifest) -> str:
    # Not `page_import_id` for Code2Des: a ConvertMessage names its source Page Import too.
    if isinstance(item, ConvertMessage | Code2DesManifest):
        return item.code2des_id
    return item.page_import_id


def _put_manifest(store: ArtifactStore, prefix: str, manifest: PageImportManifest | Code2DesManifest) -> str:
    """Written last: its presence means every artifact it names is already in place."""
    store.put(prefix + "manifest.json", manifest.model_dump_json(by_alias=True).encode(), "application/json")
    return store.url(prefix + "manifest.json")


def _failure_artifact(
    store: ArtifactStore, prefix: str, safe_message: str, detail: Mapping[str, object]
) -> ArtifactRef:
    body = json.dumps({"errorMessage": safe_message, **detail}, sort_keys=True).encode()
    return store.put(prefix + "failure.json", body, "application/json")


def write_capture_success(
    store: ArtifactStore,
    message: CaptureMessage,
    *,
    capture_json: bytes,
    screenshot_png: bytes,
    assets: Mapping[str, bytes],
    warnings: list[str],
) -> str:
    prefix = message.artifact_prefix
    stored_assets = {digest: store.put(f"{prefix}assets/{digest}", data) for digest, data in sorted(assets.items())}
    manifest = PageImportManifest(
        page_import_id=message.page_import_id,
        attempt=message.attempt,
        nonce=message.nonce,
        outcome="succeeded",
        capture=store.put(prefix + "capture.json", capture_json, "application/json"),
        screenshot=store.put(prefix + "screenshot.png", screenshot_png, "image/png"),
        assets=stored_assets,
        warnings=warnings,
    )
    return _put_manifest(store, prefix, manifest)


def write_capture_failure(
    store: ArtifactStore, message: CaptureMessage, safe_message: str, detail: Mapping[str, object] | None = None
) -> str:
    prefix = message.artifact_prefix
    manifest = PageImportManifest(
        page_import_id=message.page_import_id,
        attempt=message.attempt,
        nonce=message.nonce,
        outcome="failed",
        failure=_failure_artifact(store, prefix, safe_message, detail or {}),
        error_message=safe_message,
    )
    return _put_manifest(store, prefix, manifest)


def write_convert_success(
    store: ArtifactStore,
    message: ConvertMessage,
    *,
    result_json: bytes,
    images: Mapping[str, bytes],
    warning_count: int,
) -> str:
    prefix = message.artifact_prefix
    manifest = Code2DesManifest(
        code2des_id=message.code2des_id,
        attempt=message.attempt,
        nonce=message.nonce,
        outcome="succeeded",
        result=store.put(prefix + "result.json", result_json, "application/json"),
        images={digest: store.put(f"{prefix}images/{digest}", data) for digest, data in sorted(images.items())},
        warning_count=warning_count,
    )
    return _put_manifest(store, prefix, manifest)


def write_convert_failure(
    store: ArtifactStore, message: ConvertMessage, safe_message: str, detail: Mapping[str, object] | None = None
) -> str:
    prefix = message.artifact_prefix
    manifest = Code2DesManifest(
        code2des_id=message.code2des_id,
        attempt=message.attempt,
        nonce=message.nonce,
        outcome="failed",
        failure=_failure_artifact(store, prefix, safe_message, detail or {}),
        error_message=safe_message,
    )
    return _put_manifest(store, prefix, manifest)
