"""A capture attempt's artifacts under its prefix: capture.json (the claim), the screenshot, the
assets, or failure.json; then its manifest (workers/attempts.py)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from pageport import parallel
from pageport.kinds.page_import.messages import CaptureMessage, PageImportManifest
from pageport.storage import ArtifactStore
from pageport.workers import attempts
from pageport.workers.claims import claim


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
    # The claim first: a copy that loses it has written nothing the winner's manifest names
    # differently. Assets are content-addressed (the same bytes from any copy), so they are
    # written alongside the claim; the screenshot only once the claim is won.
    ordered = sorted(assets.items())
    capture, *stored = parallel.run_all(
        [
            partial(claim, store, prefix + "capture.json", capture_json, "application/json"),
            *(partial(store.put, f"{prefix}assets/{digest}", data) for digest, data in ordered),
        ]
    )
    manifest = PageImportManifest(
        **message.fence_fields(),
        outcome="succeeded",
        capture=capture,
        screenshot=store.put(prefix + "screenshot.png", screenshot_png, "image/png"),
        assets={digest: ref for (digest, _), ref in zip(ordered, stored, strict=True)},
        warnings=warnings,
    )
    return attempts.put_manifest(store, prefix, manifest)


def write_capture_failure(
    store: ArtifactStore, message: CaptureMessage, safe_message: str, detail: Mapping[str, object] | None = None
) -> str:
    return attempts.write_failure(store, message, PageImportManifest, "capture.json", safe_message, detail)
