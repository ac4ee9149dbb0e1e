"""The Code2Des result, read through the backend: verified against its manifest (identity and
SHA-256), images hydrated as base64 and paged to stay under Lambda's response limit."""

from __future__ import annotations

import base64
import hmac
import json
from typing import Any

from pydantic import ValidationError

from pageport.errors import Conflict, UpstreamUnverifiable
from pageport.kinds.code2des.messages import Code2DesManifest
from pageport.kinds.code2des.models import Code2DesResultOut, Code2DesRow
from pageport.logging import logger
from pageport.services.jobs import parse_offset_cursor
from pageport.storage import ArtifactMissing, ArtifactStore, sha256_hex


def _unverifiable(row: Code2DesRow, reason: str) -> UpstreamUnverifiable:
    logger.error("result failed verification", extra={"code2des_id": row.id, "reason": reason})
    return UpstreamUnverifiable("The stored result could not be verified.")


def load_result(row: Code2DesRow, store: ArtifactStore, *, cursor: str | None, page_bytes: int) -> Code2DesResultOut:
    if row.status != "1" or row.result_url is None:
        raise Conflict("The Code2Des result is not ready.", code="result_not_ready")
    offset = parse_offset_cursor(cursor) or 0
    prefix = f"code2des/{row.id}/{row.attempt}/"
    try:
        manifest = Code2DesManifest.model_validate_json(store.get(prefix + "manifest.json", max_bytes=1 << 20))
        if (
            manifest.code2des_id != row.id
            or manifest.attempt != row.attempt
            or not hmac.compare_digest(manifest.nonce.encode(), row.nonce.encode())
            or manifest.result is None
            or store.url(manifest.result.key) != row.result_url
        ):
            raise _unverifiable(row, "manifest identity")
        result_bytes = store.get(manifest.result.key)
        if not hmac.compare_digest(sha256_hex(result_bytes), manifest.result.sha256):
            raise _unverifiable(row, "result hash")
        result: dict[str, Any] = json.loads(result_bytes)
    except (ArtifactMissing, ValidationError, ValueError) as exc:
        raise _unverifiable(row, type(exc).__name__) from None

    refs = sorted(manifest.images.items())
    images: dict[str, str] = {}
    used = 0
    index = offset
    while index < len(refs):
        image_hash, ref = refs[index]
        if not ref.key.startswith(prefix):
            raise _unverifiable(row, "image outside prefix")
        try:
            data = store.get(ref.key)
        except ArtifactMissing:
            raise _unverifiable(row, "image missing") from None
        if not hmac.compare_digest(sha256_hex(data), ref.sha256):
            raise _unverifiable(row, "image hash")
        encoded = base64.b64encode(data).decode("ascii")
        # Always make progress: one image per page at least, even if it alone is large.
        if images and used + len(encoded) > page_bytes:
            break
        images[image_hash] = encoded
        used += len(encoded)
        index += 1
    return Code2DesResultOut(
        code2des_id=row.id,
        warning_count=row.warning_count,
        document=result if offset == 0 else None,
        images=images,
        next_cursor=str(index) if index < len(refs) else None,
    )
