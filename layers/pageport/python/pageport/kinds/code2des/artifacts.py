"""A conversion attempt's artifacts under its prefix: result.json (the claim) and the images, or
failure.json; then its manifest (workers/attempts.py)."""

from __future__ import annotations

from collections.abc import Mapping

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
    manifest = Code2DesManifest(
        **message.fence_fields(),
        outcome="succeeded",
        result=claim(store, prefix + "result.json", result_json, "application/json"),  # first: the claim
        images={digest: store.put(f"{prefix}images/{digest}", data) for digest, data in sorted(images.items())},
        warning_count=warning_count,
    )
    return attempts.put_manifest(store, prefix, manifest)


def write_convert_failure(
    store: ArtifactStore, message: ConvertMessage, safe_message: str, detail: Mapping[str, object] | None = None
) -> str:
    return attempts.write_failure(store, message, Code2DesManifest, "result.json", safe_message, detail)
