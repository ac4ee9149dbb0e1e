"""Artifacts in S3: content-addressed writes, size-capped reads, and `s3://` pointers that
must name our own bucket (a pointer to anywhere else is treated as unverifiable)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from pageport import aws
from pageport.models.manifests import ArtifactRef
from pageport.settings import get_settings

if TYPE_CHECKING:
    from mypy_boto3_s3.type_defs import PutObjectRequestTypeDef


class ArtifactMissing(Exception):
    """The object is absent, too large, or the pointer names another bucket."""


class ArtifactExists(Exception):
    """A conditional write found the key taken: written already, or replaced since it was read."""


# S3's answers to a conditional write that lost: 412, or 409 when a racing write is in flight.
_LOST_CONDITIONAL_WRITE = frozenset({"PreconditionFailed", "ConditionalRequestConflict"})


@dataclass(frozen=True, slots=True)
class StoredObject:
    etag: str
    last_modified: datetime


@dataclass(frozen=True, slots=True)
class ArtifactStore:
    bucket: str

    @classmethod
    def default(cls) -> ArtifactStore:
        return cls(get_settings().artifact_bucket)

    def url(self, key: str) -> str:
        return f"s3://{self.bucket}/{key}"

    def key_of(self, url: str) -> str:
        prefix = f"s3://{self.bucket}/"
        if not url.startswith(prefix) or ".." in url:
            raise ArtifactMissing("pointer outside the artifact bucket")
        return url.removeprefix(prefix)

    def put(
        self,
        key: str,
        data: bytes,
        content_type: str = "application/octet-stream",
        *,
        only_if_absent: bool = False,
        replacing: StoredObject | None = None,
    ) -> ArtifactRef:
        """Write `data` at `key`. With `only_if_absent`, or `replacing` (the version read before),
        the write is conditional (S3 If-None-Match / If-Match) and raises ArtifactExists if it lost."""
        client = aws.s3()
        request: PutObjectRequestTypeDef = {
            "Bucket": self.bucket,
            "Key": key,
            "Body": data,
            "ContentType": content_type,
        }
        if only_if_absent:
            request["IfNoneMatch"] = "*"
        if replacing is not None:
            request["IfMatch"] = replacing.etag
        try:
            client.put_object(**request)
        except client.exceptions.ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in _LOST_CONDITIONAL_WRITE:
                raise ArtifactExists(key) from exc
            raise
        return ArtifactRef(key=key, sha256=sha256_hex(data), size=len(data), content_type=content_type)

    def head(self, key: str) -> StoredObject | None:
        client = aws.s3()
        try:
            obj = client.head_object(Bucket=self.bucket, Key=key)
        except client.exceptions.ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in {"404", "NoSuchKey", "NotFound"}:
                return None
            raise
        return StoredObject(etag=obj["ETag"], last_modified=obj["LastModified"])

    def get(self, key: str, *, max_bytes: int = 64 * 1024 * 1024) -> bytes:
        return self.get_versioned(key, max_bytes=max_bytes)[0]

    def get_versioned(self, key: str, *, max_bytes: int = 64 * 1024 * 1024) -> tuple[bytes, StoredObject]:
        """The object and the version read, for a later write `replacing` exactly that version."""
        client = aws.s3()
        try:
            obj = client.get_object(Bucket=self.bucket, Key=key)
        except client.exceptions.NoSuchKey as exc:
            raise ArtifactMissing(key) from exc
        if obj["ContentLength"] > max_bytes:
            raise ArtifactMissing(f"{key} is larger than {max_bytes} bytes")
        data: bytes = obj["Body"].read()
        return data, StoredObject(etag=obj["ETag"], last_modified=obj["LastModified"])

    def exists(self, key: str) -> bool:
        return self.head(key) is not None


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
