"""A conversion attempt's artifacts under its prefix: result.json (the claim) and the images, or
failure.json; then its manifest (workers/attempts.py)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from pageport import parallel
from pageport.kinds.code2des.messages import Code2DesManifest, ConvertMessage
from pageport.storage import ArtifactStore
from pageport.workers import attempts
from pageport.workers.claims import claim


def write_convert_success(
    store: ArtifactStore,
    message: ConvertMessage,
    *,
    result_json: bytes,
    images: Mapping[str, bytes],
    warning_count: int,
) -> str:
    prefix = message.artifact_prefix
    # The claim decides which copy's result the manifest names; the images are content-addressed
    # (the same bytes from any copy), so they are written alongside it.
    ordered = sorted(images.items())
    result, *stored = parallel.run_all(
        [
            partial(claim, store, prefix + "result.json", result_json, "application/json"),
            *(partial(store.put, f"{prefix}images/{digest}", data) for digest, data in ordered),
        ]
    )
    manifest = Code2DesManifest(
        **message.fence_fields(),
        outcome="succeeded",
        result=result,
        images={digest: ref for (digest, _), ref in zip(ordered, stored, strict=True)},
        warning_count=warning_count,
    )
    return attempts.put_manifest(store, prefix, manifest)


def write_convert_failure(
    store: ArtifactStore, message: ConvertMessage, safe_message: str, detail: Mapping[str, object] | None = None
) -> str:
    return attempts.write_failure(store, message, Code2DesManifest, "result.json", safe_message, detail)
