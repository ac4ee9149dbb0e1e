"""Writing a job's artifacts and its manifest under `{prefix}` (design.md's S3 layout)."""

from __future__ import annotations

import json
from collections.abc import Mapping

from pageport.models.manifests import ArtifactRef, Code2DesManifest, PageImportManifest
from pageport.models.messages import CaptureMessage, ConvertMessage
from pageport.storage import ArtifactStore


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
