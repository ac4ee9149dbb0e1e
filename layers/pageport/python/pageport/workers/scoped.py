"""Each job touches S3 with credentials scoped to its own prefixes.

The worker's role may assume its kind's job role (infra/workers.py), which holds the kind's S3
grants; the worker's own role holds none. Each job assumes it with a session policy that allows
only that job's prefixes (a capture: `page-imports/{id}/`; a conversion: reading
`page-imports/{pageImportId}/` and writing `code2des/{id}/`; a discovery: `discovery/{itemId}/`).
The effective permissions are the intersection of the role's and the session policy's, so a
mistake in how a job builds a key (or a message naming another job's capture) cannot read or
overwrite another job's artifacts, nor read the nonce in another job's manifest.

This narrows what the job's code can reach; it does not stop whoever holds the worker's own
credentials from assuming the job role without a session policy (README, "Security").

Without `WORKER_JOB_ROLE_ARN` (the local stack, tests) the process's own client is used: moto
answers AssumeRole but enforces no policy, so there is nothing to gain locally.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from pageport.settings import get_settings
from pageport.storage import ArtifactStore

_READ = ["s3:GetObject"]
_WRITE = ["s3:PutObject", "s3:AbortMultipartUpload"]
# AssumeRole's bounds: a session lasts 900 s to 1 h (role chaining from Lambda's own session).
_MIN_SESSION_S, _MAX_SESSION_S = 900, 3600
_SESSION_NAME = re.compile(r"[^\w+=,.@-]")
# `kind/job-id/` or deeper: each segment letters, digits, `_`, `-` or `.`, never a wildcard.
_JOB_PREFIX = re.compile(r"(?:[A-Za-z0-9_.-]+/){2,}")


def session_policy(bucket: str, *, reads: Iterable[str], writes: Iterable[str]) -> dict[str, Any]:
    """The session policy for one job: read (and list) under `reads`, write under `writes`.
    A writer reads back what it writes (a finished attempt's manifest means a duplicate)."""
    writes = sorted(set(writes))
    reads = sorted(set(reads) | set(writes))
    for prefix in (*reads, *writes):
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
    return {"Version": "2012-10-17", "Statement": statements}


def job_store(job_id: str, *, reads: Iterable[str] = (), writes: Iterable[str] = ()) -> ArtifactStore:
    """The artifact store one job works with: scoped credentials where a job role is configured,
    else the process's own (see the module docstring)."""
    settings = get_settings()
    store = ArtifactStore.default()
    if not settings.worker_job_role_arn:
        return store
    policy = session_policy(store.bucket, reads=reads, writes=writes)
    duration = min(_MAX_SESSION_S, max(_MIN_SESSION_S, settings.claim_expires_after_s + 60))
    assumed = _sts().assume_role(
        RoleArn=settings.worker_job_role_arn,
        RoleSessionName=_SESSION_NAME.sub("-", f"job-{job_id}")[:64],
        Policy=json.dumps(policy, separators=(",", ":")),
        DurationSeconds=duration,
    )
    credentials = assumed["Credentials"]
    return ArtifactStore(
        store.bucket,
        client=_s3_client(credentials["AccessKeyId"], credentials["SecretAccessKey"], credentials["SessionToken"]),
    )


def _config() -> Any:
    from botocore.config import Config

    from pageport.tracing import trace_aws_calls

    trace_aws_calls()  # as pageport.aws does for the shared clients
    return Config(retries={"mode": "standard", "max_attempts": 3}, connect_timeout=5, read_timeout=20)


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
