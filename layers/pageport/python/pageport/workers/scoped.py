"""Each job touches S3 with credentials scoped to its own prefixes, minted by whoever sends its
message, never by the worker.

A kind's job role (infra/workers.py) holds the kind's S3 grants and trusts only the functions
that send the kind's messages (the dispatcher, the creating routes). When one of them sends a
message it assumes that role with a session policy naming only that job's prefixes (the kind's
`s3_access`: a capture `page-imports/{id}/`; a conversion reading `page-imports/{pageImportId}/`
and writing `code2des/{id}/`; a discovery `discovery/{itemId}/`) and puts the session's
credentials in the message (`credentials`, beside the stored message, which never holds them).
The worker uses those; its own role holds no S3 grant and may assume nothing. So whoever holds
the worker's own credentials (a browser exploit reading the runtime's environment) cannot reach
any job's objects beyond those of the messages in front of it, and a mistake in how a job builds
a key cannot read or overwrite another job's artifacts, nor read the nonce in its manifest.

A session lasts at most an hour (role chaining from a Lambda's own session). A message older
than that carries expired credentials: its worker hands it back unrun (`CredentialsExpired`),
and after the queue's tries the dead-letter consumer fails the job, which a retry sends again
with fresh credentials (docs/architecture.md has the arithmetic).

Without a kind's `{KIND}_JOB_ROLE_ARN` (tests that run a worker on its own) nothing is minted and
the worker uses the process's own client; the local stack sets the roles, and moto's STS
answers AssumeRole (any ARN) and records the policy, though it enforces none.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from functools import cache
from typing import Any

from pydantic import BaseModel

from pageport.kinds import Kind
from pageport.settings import get_settings
from pageport.storage import ArtifactStore

_READ = ["s3:GetObject"]
_WRITE = ["s3:PutObject", "s3:AbortMultipartUpload"]
# Role chaining from a Lambda's own session caps a session at an hour.
SESSION_S = 3600
_SESSION_NAME = re.compile(r"[^\w+=,.@-]")
# `kind/job-id/` or deeper: each segment letters, digits, `_`, `-` or `.`, never a wildcard.
_JOB_PREFIX = re.compile(r"(?:[A-Za-z0-9_.-]+/){2,}")
CREDENTIALS_FIELD = "credentials"

_carried: ContextVar[Mapping[str, str] | None] = ContextVar("job_credentials", default=None)


class CredentialsMissing(RuntimeError):
    """A worker that requires carried credentials got a message without any."""


class CredentialsExpired(RuntimeError):
    """The message's credentials end before its job could: handed back, never run."""


def session_policy(
    bucket: str,
    *,
    reads: Iterable[str],
    writes: Iterable[str],
    deletes: Iterable[str] = (),
    decrypts: Iterable[tuple[str, str]] = (),
    key_arn: str | None = None,
) -> dict[str, Any]:
    """The session policy for one job: read (and list) under `reads`, write under `writes`,
    delete under `deletes`, and decrypt with `key_arn` under each encryption context of
    `decrypts`. A writer reads back what it writes (a finished attempt's manifest means a
    duplicate)."""
    writes = sorted(set(writes))
    deletes = sorted(set(deletes))
    reads = sorted(set(reads) | set(writes))
    for prefix in (*reads, *writes, *deletes):
        # Plain path segments only: IAM reads `*` and `?` as wildcards and `${...}` as a variable.
        if not _JOB_PREFIX.fullmatch(prefix) or ".." in prefix:
            raise ValueError(f"not a job prefix: {prefix!r}")
    objects = f"arn:aws:s3:::{bucket}/"
    statements: list[dict[str, Any]] = [
        {"Effect": "Allow", "Action": _READ, "Resource": [objects + p + "*" for p in reads]},
        {
            "Effect": "Allow",
            "Action": ["s3:ListBucket"],  # so a missing key is 404, not 403
            "Resource": f"arn:aws:s3:::{bucket}",
            "Condition": {"StringLike": {"s3:prefix": [p + "*" for p in reads]}},
        },
    ]
    if writes:
        statements.append({"Effect": "Allow", "Action": _WRITE, "Resource": [objects + p + "*" for p in writes]})
    if deletes:
        statements.append(
            {"Effect": "Allow", "Action": ["s3:DeleteObject"], "Resource": [objects + p + "*" for p in deletes]}
        )
    for name, value in sorted(set(decrypts)):
        if not key_arn:
            raise ValueError("a job that decrypts needs the key's ARN")
        condition = {"StringEquals": {f"kms:EncryptionContext:{name}": value}}
        statements.append({"Effect": "Allow", "Action": ["kms:Decrypt"], "Resource": key_arn, "Condition": condition})
    return {"Version": "2012-10-17", "Statement": statements}


def mints(kind: Kind) -> bool:
    """Whether this process mints credentials for `kind`'s jobs (its job role is set here)."""
    return bool(get_settings().job_role_arn(kind.job_role_variable))


def mint(kind: Kind, message: Mapping[str, Any]) -> dict[str, str] | None:
    """Credentials for the job `message` describes, scoped by its kind's `s3_access`; None when
    the kind has no job role here (nothing to mint: the worker uses its own client)."""
    role_arn = get_settings().job_role_arn(kind.job_role_variable)
    if not role_arn:
        return None
    access = kind.s3_access(message)
    settings = get_settings()
    policy = session_policy(
        settings.artifact_bucket,
        reads=access.reads,
        writes=access.writes,
        deletes=access.deletes,
        decrypts=access.decrypts,
        key_arn=settings.page_auth_key_arn,
    )
    assumed = _sts().assume_role(
        RoleArn=role_arn,
        RoleSessionName=_SESSION_NAME.sub("-", f"job-{access.job_id}")[:64],
        Policy=json.dumps(policy, separators=(",", ":")),
        DurationSeconds=SESSION_S,
    )
    credentials = assumed["Credentials"]
    expiration = credentials["Expiration"]
    return {
        "accessKeyId": credentials["AccessKeyId"],
        "secretAccessKey": credentials["SecretAccessKey"],
        "sessionToken": credentials["SessionToken"],
        "expiration": expiration.astimezone(UTC).isoformat() if isinstance(expiration, datetime) else str(expiration),
    }


def with_credentials(body: str, kind: Kind) -> str:
    """The message body to send: the stored one, plus freshly minted credentials if any."""
    if not mints(kind):
        return body
    message = json.loads(body)
    credentials = mint(kind, message)
    if credentials is None:
        return body
    return json.dumps({**message, CREDENTIALS_FIELD: credentials}, separators=(",", ":"))


def split_credentials(body: str) -> tuple[dict[str, Any], Mapping[str, str] | None]:
    """A received body as the job's message and the credentials it carried (None: none)."""
    message: dict[str, Any] = json.loads(body)
    carried = message.pop(CREDENTIALS_FIELD, None)
    return message, carried if isinstance(carried, dict) else None


@contextmanager
def carrying(credentials: Mapping[str, str] | None) -> Iterator[None]:
    """Run one job with the credentials its message carried."""
    token = _carried.set(credentials)
    try:
        yield
    finally:
        _carried.reset(token)


def job_store(kind: Kind, message: BaseModel) -> ArtifactStore:
    """The artifact store the job of `message` works with: the credentials its message carried
    (scoped by the sender to the kind's `s3_access`), else the process's own where none are
    required."""
    access = kind.s3_access(message.model_dump(mode="json", by_alias=True))
    store = ArtifactStore.default()
    credentials = _carried.get()
    if credentials is None:
        if get_settings().job_credentials_required:
            raise CredentialsMissing(f"the message for job {access.job_id} carried no credentials")
        return store
    expires = datetime.fromisoformat(credentials["expiration"]).timestamp()
    # A job starts only if its credentials outlast its longest run (the worker's timeout).
    if expires - time.time() < get_settings().claim_expires_after_s + 60:
        raise CredentialsExpired(f"the credentials for job {access.job_id} end too soon to start it")
    return ArtifactStore(
        store.bucket,
        client=_s3_client(credentials["accessKeyId"], credentials["secretAccessKey"], credentials["sessionToken"]),
    )


def job_kms(kind: Kind, message: BaseModel) -> Any:
    """The KMS client the job of `message` decrypts with: its carried credentials' (scoped to
    its own encryption context), else the process's own where none are required."""
    credentials = _carried.get()
    if credentials is None:
        if get_settings().job_credentials_required:
            access = kind.s3_access(message.model_dump(mode="json", by_alias=True))
            raise CredentialsMissing(f"the message for job {access.job_id} carried no credentials")
        from pageport import aws

        return aws.kms()
    import boto3

    return boto3.client(
        "kms",
        aws_access_key_id=credentials["accessKeyId"],
        aws_secret_access_key=credentials["secretAccessKey"],
        aws_session_token=credentials["sessionToken"],
        config=_config(),
    )


JOB_CALL_ATTEMPTS = 6


def _config() -> Any:
    from botocore.config import Config

    from pageport.tracing import trace_aws_calls

    trace_aws_calls()  # as pageport.aws does for the shared clients
    # A job's S3 and KMS calls ride out a bad minute (botocore's standard backoff, capped at
    # 20 s a pause) before the message is handed back: a job rarely has other work to do.
    return Config(retries={"mode": "standard", "max_attempts": JOB_CALL_ATTEMPTS}, connect_timeout=5, read_timeout=20)


@cache
def _sts() -> Any:
    import boto3

    return boto3.client("sts", config=_config())


def _s3_client(access_key: str, secret_key: str, token: str) -> Any:
    import boto3

    return boto3.client(
        "s3",
        aws_access_key_id=access_key,
        aws_secret_access_key=secret_key,
        aws_session_token=token,
        config=_config(),
    )


def reset() -> None:
    """Tests re-point the STS client after changing the environment."""
    _sts.cache_clear()
