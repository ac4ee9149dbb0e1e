"""Local stand-ins for Cognito and IAM: per-data-dir secrets, bearer tokens, AWS credentials.

Tokens are HS256 JWTs signed with a random key kept in the data dir (mode 0600), so a token
only works against the stack that issued it. The gateway turns a verified token into the
same claims a Cognito User Pool authorizer would put in the event.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import string
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from devstack.paths import secrets_dir

ISSUER = "pageport-local"
AUDIENCE = "pageport-local"
DEFAULT_TTL_S = 7 * 24 * 3600
MAX_SUBJECT_LEN = 50  # organization_member.subject is varchar(50)
LOCAL_REGION = "us-east-1"
_HEADER = {"alg": "HS256", "typ": "JWT"}


class TokenRejected(Exception):
    """Missing, malformed, tampered, foreign or expired: the gateway answers 401."""


def read_or_create_secret(path: Path, make: Callable[[], str]) -> str:
    """Create `path` (0600) once, atomically: concurrent processes all end up reading the same
    value (the first link wins)."""
    try:
        return path.read_text("utf-8").strip()
    except FileNotFoundError:
        pass
    temp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(make())
    try:
        os.link(temp, path)
    except FileExistsError:
        pass
    finally:
        temp.unlink()
    return path.read_text("utf-8").strip()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    if not text or len(text) > 4096 or not set(text) <= _B64_CHARS:
        raise TokenRejected("malformed token")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:  # binascii.Error: a length no encoder produces
        raise TokenRejected("malformed token") from None


_B64_CHARS = set(string.ascii_letters + string.digits + "-_")


def check_subject(subject: str) -> str:
    if not subject or len(subject) > MAX_SUBJECT_LEN or not subject.isprintable() or subject != subject.strip():
        raise ValueError(f"a subject is 1-{MAX_SUBJECT_LEN} printable characters without surrounding spaces")
    return subject


@dataclass(frozen=True, slots=True)
class TokenKey:
    key: bytes

    @classmethod
    def for_data_dir(cls, data_dir: Path) -> TokenKey:
        text = read_or_create_secret(secrets_dir(data_dir) / "token.key", lambda: secrets.token_hex(32))
        return cls(bytes.fromhex(text))

    def _sign(self, signing_input: str) -> bytes:
        return hmac.new(self.key, signing_input.encode("ascii"), hashlib.sha256).digest()

    def issue(self, subject: str, *, ttl_s: int = DEFAULT_TTL_S, now: float | None = None) -> str:
        issued = int(now if now is not None else time.time())
        claims = {
            "sub": check_subject(subject),
            "cognito:username": subject,
            "token_use": "id",
            "iss": ISSUER,
            "aud": AUDIENCE,
            "iat": issued,
            "exp": issued + ttl_s,
        }
        signing_input = _b64(json.dumps(_HEADER).encode()) + "." + _b64(json.dumps(claims).encode())
        return signing_input + "." + _b64(self._sign(signing_input))

    def verify(self, token: str, *, now: float | None = None) -> dict[str, str]:
        """The Cognito-shaped claims (string values, as API Gateway passes them) or TokenRejected."""
        if not token.isascii():  # a JWT is ASCII; anything else (a Latin-1 header byte) is foreign
            raise TokenRejected("malformed token")
        parts = token.split(".")
        if len(parts) != 3:
            raise TokenRejected("malformed token")
        header_b64, claims_b64, signature_b64 = parts
        if not hmac.compare_digest(self._sign(f"{header_b64}.{claims_b64}"), _unb64(signature_b64)):
            raise TokenRejected("bad signature")
        try:
            header: Any = json.loads(_unb64(header_b64))
            claims: Any = json.loads(_unb64(claims_b64))
        except ValueError:
            raise TokenRejected("malformed token") from None
        if header != _HEADER or not isinstance(claims, dict):
            raise TokenRejected("malformed token")
        exp = claims.get("exp")
        if claims.get("iss") != ISSUER or claims.get("aud") != AUDIENCE or not isinstance(exp, int):
            raise TokenRejected("foreign token")
        if exp <= (now if now is not None else time.time()):
            raise TokenRejected("expired token")
        subject = claims.get("sub")
        if not isinstance(subject, str):
            raise TokenRejected("no subject")
        try:
            check_subject(subject)
        except ValueError:
            raise TokenRejected("bad subject") from None
        return {key: str(value) for key, value in claims.items()}


def bearer_token(authorization: str | None) -> str:
    if not authorization:
        raise TokenRejected("no token")
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise TokenRejected("not a bearer token")
    if not token.isascii():
        raise TokenRejected("malformed token")
    return token.strip()


@dataclass(frozen=True, slots=True)
class LocalCredentials:
    """The stack's own AWS credentials: what moto accepts and what the workers sign webhooks
    with. Random per data dir, so a signature made for another stack never verifies here."""

    access_key_id: str
    secret_access_key: str
    region: str = LOCAL_REGION

    @classmethod
    def for_data_dir(cls, data_dir: Path) -> LocalCredentials:
        def make() -> str:
            alphabet = string.ascii_uppercase + string.digits
            key_id = "AKIALOCAL" + "".join(secrets.choice(alphabet) for _ in range(11))
            return json.dumps({"accessKeyId": key_id, "secretAccessKey": secrets.token_urlsafe(30)})

        data = json.loads(read_or_create_secret(secrets_dir(data_dir) / "aws-credentials.json", make))
        return cls(data["accessKeyId"], data["secretAccessKey"])
