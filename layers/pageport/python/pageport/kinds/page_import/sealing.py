"""A Page Import's `auth`, sealed with a key of its own: encrypted at rest, opened only by its
capture, deleted when the capture is done.

The creating route asks KMS for a data key bound to the import (`GenerateDataKey`, encryption
context `{"pageImportId": <id>}`), encrypts the auth with it (AES-256-GCM, the import's id as
associated data) and stores only the ciphertext, in S3 at `page-imports/<id>/auth/sealed`
(tagged so a lifecycle rule removes it, every version, within a day should nothing else). The worker message
carries the wrapped data key and that key's location; the plaintext data key is dropped at once.
Only the import's own capture can open it: its job credentials may call `kms:Decrypt` under
that encryption context alone and read (and delete) that object alone (workers/scoped.py).
"""

from __future__ import annotations

import base64
import os
from typing import Any

from pydantic import Field

from pageport import aws
from pageport.errors import ServiceUnavailable
from pageport.kinds.page_import.auth import PageAuth
from pageport.models.base import CamelModel
from pageport.settings import get_settings
from pageport.storage import ArtifactStore

SECRET_TAGS = {"pageport": "secret"}  # the bucket's lifecycle rule expires these within a day
_NONCE_BYTES = 12


class SealedAuth(CamelModel):
    """What a capture message carries of its import's auth: nothing readable."""

    key: str = Field(description="S3 key of the ciphertext")
    version: str | None = Field(default=None, description="Its S3 version: deleted for good when done")
    wrapped_key: str = Field(description="The import's data key, encrypted by KMS (base64)")


def sealed_key(page_import_id: str) -> str:
    return f"page-imports/{page_import_id}/auth/sealed"


def context(page_import_id: str) -> dict[str, str]:
    return {"pageImportId": page_import_id}


def seal(auth: PageAuth, page_import_id: str, store: ArtifactStore) -> SealedAuth:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    key_arn = get_settings().page_auth_key_arn
    if not key_arn:
        raise ServiceUnavailable("Pages behind a login cannot be imported here: no key is configured for them.")
    generated = aws.kms().generate_data_key(KeyId=key_arn, KeySpec="AES_256", EncryptionContext=context(page_import_id))
    nonce = os.urandom(_NONCE_BYTES)
    sealed = nonce + AESGCM(generated["Plaintext"]).encrypt(nonce, auth.plaintext(), page_import_id.encode())
    key = sealed_key(page_import_id)
    version = store.put_secret(key, sealed, SECRET_TAGS)
    return SealedAuth(key=key, version=version, wrapped_key=base64.b64encode(generated["CiphertextBlob"]).decode())


def unseal(sealed: SealedAuth, page_import_id: str, store: ArtifactStore, kms: Any) -> PageAuth:
    """The auth, opened with `kms` (the job's own client). Raises if it is not this import's."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    if sealed.key != sealed_key(page_import_id):
        raise ValueError("the sealed auth is not this Page Import's")
    blob = store.get(sealed.key, max_bytes=1024 * 1024)
    data_key = kms.decrypt(
        CiphertextBlob=base64.b64decode(sealed.wrapped_key), EncryptionContext=context(page_import_id)
    )["Plaintext"]
    nonce, ciphertext = blob[:_NONCE_BYTES], blob[_NONCE_BYTES:]
    plaintext = AESGCM(data_key).decrypt(nonce, ciphertext, page_import_id.encode())
    return PageAuth.model_validate_json(plaintext)


def discard(sealed: SealedAuth, store: ArtifactStore) -> None:
    store.delete(sealed.key, sealed.version)
