"""Artifacts in S3: content-addressed writes, size-capped reads, and `s3://` pointers that
must name our own bucket (a pointer to anywhere else is treated as unverifiable)."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from pageport import aws
from pageport.models.manifests import ArtifactRef
from pageport.settings import get_settings

if TYPE_CHECKING:
    from mypy_boto3_s3 import S3Client
    from mypy_boto3_s3.type_defs import PutObjectRequestTypeDef


# Dead letters no job could be found for, kept whole (batches/dead_letters.py); only the
# dead-letter function may write here.
DEAD_LETTER_PREFIX = "dead-letters/"


class ArtifactMissing(Exception):
    """The object is absent, too large, or the pointer names another bucket."""


class ConditionalWriteLost(Exception):
    """A conditional write lost: the key was written already, or replaced since it was read."""


# A conditional write racing another one on the same key may get 409: S3 asks for a retry.
_CONFLICT_RETRIES = 3
_CONFLICT_BACKOFF_S = 0.1


@dataclass(frozen=True, slots=True)
class ObjectVersion:
    """One version of an object, as read: what a write `replacing` it must still find."""

    etag: str
    last_modified: datetime


@dataclass(frozen=True, slots=True)
class ArtifactStore:
    bucket: str
    # A job's own S3 client, with credentials scoped to its prefixes (workers/scoped.py);
    # None: the process's shared client.
    client: S3Client | None = field(default=None, compare=False, repr=False)

    def _s3(self) -> S3Client:
        return self.client if self.client is not None else aws.s3()

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
        replacing: ObjectVersion | None = None,
    ) -> ArtifactRef:
        """Write `data` at `key`. With `only_if_absent`, or `replacing` (the version read before),
        the write is conditional (S3 If-None-Match / If-Match): ConditionalWriteLost if it lost."""
        client = self._s3()
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
        for attempt in range(_CONFLICT_RETRIES + 1):
            try:
                client.put_object(**request)
                break
            except client.exceptions.ClientError as exc:
                code = exc.response.get("Error", {}).get("Code")
                if code == "PreconditionFailed":  # 412: the condition did not hold
                    raise ConditionalWriteLost(key) from exc
                if code != "ConditionalRequestConflict" or attempt == _CONFLICT_RETRIES:
                    raise
                time.sleep(_CONFLICT_BACKOFF_S * (attempt + 1))
        return ArtifactRef(key=key, sha256=sha256_hex(data), size=len(data), content_type=content_type)

    def head(self, key: str) -> ObjectVersion | None:
        client = self._s3()
        try:
            obj = client.head_object(Bucket=self.bucket, Key=key)
        except client.exceptions.ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in {"404", "NoSuchKey", "NotFound"}:
                return None
            raise
        return ObjectVersion(etag=obj["ETag"], last_modified=obj["LastModified"])

    def get(self, key: str, *, max_bytes: int = 64 * 1024 * 1024) -> bytes:
        return self.get_versioned(key, max_bytes=max_bytes)[0]

    def get_versioned(self, key: str, *, max_bytes: int = 64 * 1024 * 1024) -> tuple[bytes, ObjectVersion]:
        """The object and the version read, for a later write `replacing` exactly that version."""
        client = self._s3()
        try:
            obj = client.get_object(Bucket=self.bucket, Key=key)
        except client.exceptions.NoSuchKey as exc:
            raise ArtifactMissing(key) from exc
        if obj["ContentLength"] > max_bytes:
            raise ArtifactMissing(f"{key} is larger than {max_bytes} bytes")
        data: bytes = obj["Body"].read()
        return data, ObjectVersion(etag=obj["ETag"], last_modified=obj["LastModified"])

    def exists(self, key: str) -> bool:
        return self.head(key) is not None

    def put_secret(self, key: str, data: bytes, tags: Mapping[str, str]) -> str | None:
        """Write ciphertext that must not outlive its use; returns its version id (None where the
        bucket keeps none), so that deleting that version removes it for good."""
        written = self._s3().put_object(Bucket=self.bucket, Key=key, Body=data, Tagging=urlencode(tags))
        return written.get("VersionId")

    def delete(self, key: str, version: str | None = None) -> None:
        """Remove `key`, or that version of it for good (nothing happens if it is not there)."""
        if version:
            self._s3().delete_object(Bucket=self.bucket, Key=key, VersionId=version)
        else:
            self._s3().delete_object(Bucket=self.bucket, Key=key)


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
