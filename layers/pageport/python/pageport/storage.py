"""Artifacts in S3: content-addressed writes, size-capped reads, and `s3://` pointers that
must name our own bucket (a pointer to anywhere else is treated as unverifiable)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from pageport import aws
from pageport.models.manifests import ArtifactRef
from pageport.settings import get_settings


class ArtifactMissing(Exception):
    """The object is absent, too large, or the pointer names another bucket."""


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

    def put(self, key: str, data: bytes, content_type: str = "application/octet-stream") -> ArtifactRef:
        aws.s3().put_object(Bucket=self.bucket, Key=key, Body=data, ContentType=content_type)
        return ArtifactRef(key=key, sha256=sha256_hex(data), size=len(data), content_type=content_type)

    def get(self, key: str, *, max_bytes: int = 64 * 1024 * 1024) -> bytes:
        client = aws.s3()
        try:
            obj = client.get_object(Bucket=self.bucket, Key=key)
        except client.exceptions.NoSuchKey as exc:
            raise ArtifactMissing(key) from exc
        if obj["ContentLength"] > max_bytes:
            raise ArtifactMissing(f"{key} is larger than {max_bytes} bytes")
        data: bytes = obj["Body"].read()
        return data

    def exists(self, key: str) -> bool:
        client = aws.s3()
        try:
            client.head_object(Bucket=self.bucket, Key=key)
        except client.exceptions.ClientError:
            return False
        return True


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
