"""Key material for sign-in sessions; the scheme is described in `pageport.signin`."""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import re
import secrets

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

# token_urlsafe(32): 43 characters of base64url, no padding.
KEY_PATTERN = re.compile(r"^[A-Za-z0-9_-]{43}$")
_NONCE = 12
_PUBLIC = 32


class SealBroken(Exception):
    """A sealed value that does not open under the given key (wrong key or tampered)."""


def new_key() -> str:
    return secrets.token_urlsafe(32)


def new_verifier() -> str:
    # RFC 7636: 43-128 unreserved characters; 64 characters of base64url = 384 bits.
    return secrets.token_urlsafe(48)


# RFC 8628 §6.1's user code alphabet: 20 consonants, no vowels (no words), none easily confused.
USER_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ"
USER_CODE_LENGTH = 8  # 20^8: about 34.6 bits, against at most MAX_CONFIRM_MISSES guesses per session


def new_user_code() -> str:
    """The code the plugin shows and the sign-in page asks for, as `BCDF-GHJK`."""
    letters = "".join(secrets.choice(USER_CODE_ALPHABET) for _ in range(USER_CODE_LENGTH))
    return f"{letters[:4]}-{letters[4:]}"


def normal_user_code(typed: str) -> str | None:
    """What the person typed, without case, spaces or dashes; None unless it is a user code."""
    letters = re.sub(r"[\s-]", "", typed).upper()
    if len(letters) != USER_CODE_LENGTH or not set(letters) <= set(USER_CODE_ALPHABET):
        return None
    return letters


def user_code_tag(user_code: str, write_key: str) -> bytes:
    """What the session stores of the user code: keyed by the write key, so a copy of the table
    alone cannot be searched for it."""
    normal = normal_user_code(user_code)
    assert normal is not None
    return hmac.new(
        _hkdf(write_key.encode("ascii"), b"pageport sign-in: user code"), normal.encode(), "sha256"
    ).digest()


def is_key(text: object) -> bool:
    return isinstance(text, str) and KEY_PATTERN.fullmatch(text) is not None


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("ascii")).hexdigest()


def s256(verifier: str) -> str:
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


def _hkdf(material: bytes, info: bytes, salt: bytes | None = None) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=salt, info=info).derive(material)


def _read_private(read_key: str) -> X25519PrivateKey:
    return X25519PrivateKey.from_private_bytes(_hkdf(read_key.encode("ascii"), b"pageport sign-in: read key pair"))


def read_public(read_key: str) -> bytes:
    """The public half of the read key's pair: what the session stores so the callback can seal."""
    return _read_private(read_key).public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


def _seal_key(shared: bytes, ephemeral: bytes, recipient: bytes) -> bytes:
    return _hkdf(shared, b"pageport sign-in: sealed tokens", salt=ephemeral + recipient)


def seal(plaintext: bytes, recipient: bytes, aad: bytes) -> bytes:
    """Encrypt to the holder of the read key whose public half is `recipient`."""
    ephemeral = X25519PrivateKey.generate()
    ephemeral_public = ephemeral.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    shared = ephemeral.exchange(X25519PublicKey.from_public_bytes(recipient))
    nonce = os.urandom(_NONCE)
    sealed = AESGCM(_seal_key(shared, ephemeral_public, recipient)).encrypt(nonce, plaintext, aad)
    return ephemeral_public + nonce + sealed


def open_sealed(sealed: bytes, read_key: str, aad: bytes) -> bytes:
    private = _read_private(read_key)
    recipient = private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    ephemeral_public, nonce, body = sealed[:_PUBLIC], sealed[_PUBLIC : _PUBLIC + _NONCE], sealed[_PUBLIC + _NONCE :]
    try:
        shared = private.exchange(X25519PublicKey.from_public_bytes(ephemeral_public))
        return AESGCM(_seal_key(shared, ephemeral_public, recipient)).decrypt(nonce, body, aad)
    except (InvalidTag, ValueError):  # tampered or wrong key; a malformed public key or nonce
        raise SealBroken() from None


def _write_cipher(write_key: str) -> AESGCM:
    return AESGCM(_hkdf(write_key.encode("ascii"), b"pageport sign-in: pkce verifier"))


def encrypt_verifier(verifier: str, write_key: str, aad: bytes) -> bytes:
    nonce = os.urandom(_NONCE)
    return nonce + _write_cipher(write_key).encrypt(nonce, verifier.encode("ascii"), aad)


def decrypt_verifier(ciphertext: bytes, write_key: str, aad: bytes) -> str:
    try:
        return _write_cipher(write_key).decrypt(ciphertext[:_NONCE], ciphertext[_NONCE:], aad).decode("ascii")
    except (InvalidTag, ValueError):  # ValueError: a short nonce or a verifier that is not ASCII
        raise SealBroken() from None
