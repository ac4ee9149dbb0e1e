"""What every job-table kind's worker shares: running an attempt, writing its manifest under
`{prefix}` (design.md's S3 layout) last, and reading it back so a duplicate message never redoes
(and overwrites) a finished attempt; and writing a failed attempt. Each kind's success writer is
in its package (`pageport.kinds.<kind>.artifacts`).

Copies of one message running at once are settled by claims (workers/claims.py): the first
copy-specific artifact (capture.json, result.json or failure.json) is a claim, and the manifest
is written only if absent too. A copy that loses either reports the winner's manifest, or hands
its message back to SQS while the winner is still writing. A failure gives way to a success
claim still being written, so a copy that failed never beats one that succeeded."""

from __future__ import annotations

import hmac
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, TypeVar, cast

from pydantic import BaseModel, ValidationError

from pageport.cancellations import is_cancelled
from pageport.logging import logger
from pageport.models.manifests import ArtifactRef
from pageport.models.messages import JobFence, Outcome
from pageport.storage import ArtifactMissing, ArtifactStore, ConditionalWriteLost
from pageport.workers.claims import AttemptInProgress, claim, yield_to_live_claim
from pageport.workers.webhook_client import Delivery

MAX_MANIFEST_BYTES = 1024 * 1024  # what the webhook handler accepts too


class JobMessage(JobFence, Protocol):
    """A job-table kind's worker message: its job's fence and where its attempt writes."""

    @property
    def artifact_prefix(self) -> str: ...

    def fence_fields(self) -> dict[str, Any]:
        """The fence under the kind's field names, as its manifest and webhook repeat it."""
        ...


class JobManifest(JobFence, Protocol):
    """A job-table kind's manifest: the fence it repeats, its outcome and what its webhook says."""

    @property
    def outcome(self) -> Outcome: ...

    @property
    def reported_warning_count(self) -> int | None: ...


ManifestT = TypeVar("ManifestT", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class Report:
    """What a job's webhook says: the attempt's outcome and where its manifest is."""

    outcome: Outcome
    manifest_url: str
    warning_count: int | None = None  # Code2Des only


class Attempted(NamedTuple):
    """What an attempt's work came to: its outcome, the warning count its webhook reports
    (Code2Des only) and how to write its artifacts (returns the manifest URL)."""

    outcome: Outcome
    warning_count: int | None
    write: Callable[[], str]


def run(
    store: ArtifactStore,
    message: JobMessage,
    manifest_model: type[BaseModel],
    send: Callable[[Report], Delivery],
    work: Callable[[], Attempted],
    *,
    kind_prefix: str,
) -> Delivery:
    """Do the attempt's `work`, write its artifacts and report them; a message whose attempt
    already finished is reported again, not redone, and one whose job was cancelled after it
    was sent is dropped unrun (its kind's artifacts live under `kind_prefix`)."""
    if (finished := resend_if_finished(store, message, manifest_model, send)) is not None:
        return finished
    if is_cancelled(store, kind_prefix, message.job_id):
        logger.info("job cancelled after its message was sent: dropped unrun", extra={"job_id": message.job_id})
        return Delivery.REFUSED
    return _finish(store, message, manifest_model, send, work())


def _finish(
    store: ArtifactStore,
    message: JobMessage,
    manifest_model: type[BaseModel],
    send: Callable[[Report], Delivery],
    attempted: Attempted,
) -> Delivery:
    """Write the attempt's artifacts and report them, unless another copy of the message
    finished the attempt first: then its manifest is reported."""
    # The work took a while: a duplicate delivery may have finished the attempt meanwhile.
    if (finished := resend_if_finished(store, message, manifest_model, send)) is not None:
        return finished
    try:
        manifest_url = attempted.write()
    except AttemptInProgress:
        if (finished := resend_if_finished(store, message, manifest_model, send)) is not None:
            return finished
        logger.info(
            "another copy of this message is writing the attempt: handed back to SQS",
            extra={"job_id": message.job_id, "attempt": message.attempt},
        )
        raise
    return send(Report(attempted.outcome, manifest_url, attempted.warning_count))


def resend_if_finished(
    store: ArtifactStore, message: JobMessage, manifest_model: type[BaseModel], send: Callable[[Report], Delivery]
) -> Delivery | None:
    """Handle a message whose attempt already finished (its manifest exists), without redoing it.

    The manifest is written last, so its presence means the attempt's artifacts are final: the
    webhook handler has checked (or will check) their hashes, and overwriting them would break
    that. If the manifest repeats this message's identity, its report is sent again (same
    outcome, same manifest URL): that completes the job if the first report was lost and is a
    harmless replay (200) or refusal (409) otherwise. A manifest naming another identity means
    the message is stale or forged: it is dropped (REFUSED) and nothing is sent.

    Returns None when the attempt has not finished (no manifest, or an unreadable one): do the work.
    """
    key = message.artifact_prefix + "manifest.json"
    log = {"job_id": message.job_id, "attempt": message.attempt}
    if (read := _read_manifest(store, key, manifest_model)) is None:
        return None
    manifest = cast(JobManifest, read)  # every job-table kind's manifest repeats its fence
    same = (
        manifest.job_id == message.job_id
        and manifest.attempt == message.attempt
        and hmac.compare_digest(manifest.nonce.encode(), message.nonce.encode())
    )
    if not same:
        logger.warning("stale or forged message dropped: its attempt finished under another identity", extra=log)
        return Delivery.REFUSED
    logger.info("attempt already finished: reporting it again, not redoing it", extra=log)
    return send(Report(manifest.outcome, store.url(key), manifest.reported_warning_count))


def _read_manifest(store: ArtifactStore, key: str, model: type[ManifestT]) -> ManifestT | None:
    """The attempt's manifest; None if there is none or it is unreadable (the attempt is redone)."""
    try:
        return model.model_validate_json(store.get(key, max_bytes=MAX_MANIFEST_BYTES))
    except ArtifactMissing:
        return None
    except ValidationError:
        logger.warning("unreadable manifest: the attempt is redone", extra={"key": key})
        return None


def put_manifest(store: ArtifactStore, prefix: str, manifest: BaseModel) -> str:
    """Written last: its presence means every artifact it names is already in place."""
    key = prefix + "manifest.json"
    body = manifest.model_dump_json(by_alias=True).encode()
    try:
        store.put(key, body, "application/json", only_if_absent=True)
    except ConditionalWriteLost:
        held = store.head(key)
        # Another copy finished first, unless what is there is unreadable: resend_if_finished
        # counts that as unfinished (the attempt is redone), so this one replaces it.
        if held is None or _read_manifest(store, key, type(manifest)) is not None:
            raise AttemptInProgress(key) from None
        try:
            store.put(key, body, "application/json", replacing=held)
        except ConditionalWriteLost:
            raise AttemptInProgress(key) from None
    return store.url(key)


def failure_artifact(
    store: ArtifactStore, prefix: str, success_claim: str, safe_message: str, detail: Mapping[str, object]
) -> ArtifactRef:
    yield_to_live_claim(store, prefix + success_claim)
    body = json.dumps({"errorMessage": safe_message, **detail}, sort_keys=True).encode()
    return claim(store, prefix + "failure.json", body, "application/json")


def write_failure(
    store: ArtifactStore,
    message: JobMessage,
    manifest_model: type[BaseModel],
    success_claim: str,
    safe_message: str,
    detail: Mapping[str, object] | None = None,
) -> str:
    """A failed attempt: failure.json (once no live `success_claim` is being written), then the
    manifest naming it."""
    prefix = message.artifact_prefix
    manifest = manifest_model(
        **message.fence_fields(),
        outcome="failed",
        failure=failure_artifact(store, prefix, success_claim, safe_message, detail or {}),
        error_message=safe_message,
    )
    return put_manifest(store, prefix, manifest)
