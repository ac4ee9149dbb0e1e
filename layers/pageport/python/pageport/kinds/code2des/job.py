"""One conversion job: verified capture (a site design's: every variant's) -> Figma node tree ->
artifacts -> signed webhook."""

from __future__ import annotations

import hmac
import time
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial

from pageport import parallel
from pageport.kinds.code2des import KIND, WEBHOOK
from pageport.kinds.code2des import artifacts as code2des_artifacts
from pageport.kinds.code2des.messages import Code2DesManifest, Code2DesWebhook, ConvertMessage, VariantSource
from pageport.kinds.page_import.messages import PageImportManifest
from pageport.logging import logger
from pageport.settings import get_settings
from pageport.storage import ArtifactMissing, ArtifactStore, sha256_hex
from pageport.workers import attempts
from pageport.workers.entry import WorkerJob
from pageport.workers.faults import hand_back
from pageport.workers.scoped import job_store
from pageport.workers.webhook_client import Delivery, deliver, report_until

CAPTURE_MISMATCH = "The capture no longer matches the Page Import it came from."
WEBHOOK_URL_VARIABLE = WEBHOOK.url_variable
UNEXPECTED = "The design could not be generated because of an internal error."
OUT_OF_TIME = "The design could not be generated in time."
# Kept back from the Lambda's remaining time for writing result.json, its images and the
# manifest to S3 and sending the webhook (seconds at most). The manifest is what must fit: a
# webhook cut off by the timeout is sent again by the redelivered message (resend_if_finished).
RESERVE_S = 15.0


class _Unusable(Exception):
    def __init__(self, safe_message: str) -> None:
        super().__init__(safe_message)
        self.safe_message = safe_message


Loaded = list[tuple[bytes, dict[str, bytes]]]  # each capture.json with its assets by SHA-256


def _load_captures(store: ArtifactStore, message: ConvertMessage) -> Loaded:
    """The captures to convert, at once: a site design's variants, else the one capture."""
    sources: list[ConvertMessage | VariantSource] = [*message.variants] or [message]
    return parallel.run_all([partial(_load_capture, store, source) for source in sources])


def _load_capture(store: ArtifactStore, source: ConvertMessage | VariantSource) -> tuple[bytes, dict[str, bytes]]:
    if not source.capture_key.startswith(f"page-imports/{source.page_import_id}/"):
        raise _Unusable(CAPTURE_MISMATCH)
    prefix = source.capture_key.rsplit("/", 1)[0] + "/"
    # The capture and the manifest naming its assets at once, then every asset at once.
    capture, manifest_json = parallel.run_all(
        [partial(_get_if_present, store, key) for key in (source.capture_key, prefix + "manifest.json")]
    )
    if capture is None:
        raise _Unusable("The capture is missing.")
    if not hmac.compare_digest(sha256_hex(capture), source.capture_hash):
        raise _Unusable(CAPTURE_MISMATCH)
    if manifest_json is None:
        raise ArtifactMissing(prefix + "manifest.json")
    manifest = PageImportManifest.model_validate_json(manifest_json)
    digests = list(manifest.assets)
    read = parallel.run_all([partial(store.get, manifest.assets[digest].key) for digest in digests])
    # A corrupt asset is left out (the converter warns).
    return capture, {digest: data for digest, data in zip(digests, read, strict=True) if sha256_hex(data) == digest}


def _get_if_present(store: ArtifactStore, key: str) -> bytes | None:
    try:
        return store.get(key)
    except ArtifactMissing:
        return None


def run_convert(
    message: ConvertMessage,
    *,
    store: ArtifactStore | None = None,
    remaining_s: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Delivery:
    """Convert, write the attempt's artifacts and report them. `remaining_s` is the time the
    Lambda invocation has left (None outside Lambda: no time bound), as `clock` measures it."""
    # This job's S3 access: its capture's Page Import (read) and its own prefix (workers/scoped.py).
    store = store or job_store(KIND, message)

    until = report_until(remaining_s)

    def send(report: attempts.Report) -> Delivery:
        return deliver(
            get_settings().webhook_url(WEBHOOK_URL_VARIABLE),
            Code2DesWebhook(
                **message.fence_fields(),
                outcome=report.outcome,
                manifest_url=report.manifest_url,
                warning_count=report.warning_count,
            ),
            until=until,
        )

    deadline = None if remaining_s is None else clock() + remaining_s - RESERVE_S
    # The capture is read while attempts.run looks for a finished attempt: reads only, wasted
    # just for a duplicate message, and a round trip less before every conversion.
    with parallel.started(partial(_load_captures, store, message)) as loading:
        return attempts.run(
            store,
            message,
            Code2DesManifest,
            send,
            lambda: _convert(message, store, deadline, clock, loading),
            kind_prefix=KIND.s3_prefix,
        )


def _convert(
    message: ConvertMessage,
    store: ArtifactStore,
    deadline: float | None,
    clock: Callable[[], float],
    loading: Future[Loaded] | None = None,
) -> attempts.Attempted:
    """The conversion's outcome, warning count, and how to write its artifacts."""
    from pageport.convert import ConversionOutOfTime, convert_capture
    from pageport.convert.site import SiteCapture, convert_site

    log = {"code2des_id": message.code2des_id, "attempt": message.attempt}
    try:
        if deadline is not None and clock() >= deadline:
            raise _Unusable(OUT_OF_TIME)
        # The read started by run_convert (its result or its exception), else read now.
        loaded = loading.result() if loading is not None else _load_captures(store, message)
        try:
            if message.variants:
                captures = [
                    SiteCapture(v.breakpoint, v.theme, capture, assets)
                    for v, (capture, assets) in zip(message.variants, loaded, strict=True)
                ]
                conversion = convert_site(captures, message.options, deadline=deadline, clock=clock)
            else:
                ((capture, assets),) = loaded
                conversion = convert_capture(capture, assets, message.options, deadline=deadline, clock=clock)
        except ConversionOutOfTime:
            raise _Unusable(OUT_OF_TIME) from None
    except _Unusable as failure:
        logger.info("conversion failed", extra={**log, "reason": failure.safe_message})
        return attempts.Attempted(
            "failed", None, partial(code2des_artifacts.write_convert_failure, store, message, failure.safe_message)
        )
    except Exception as exc:
        if hand_back(exc, log):  # S3 throttled or unreachable while loading the capture
            raise
        logger.exception("conversion crashed", extra=log)
        return attempts.Attempted(
            "failed", None, partial(code2des_artifacts.write_convert_failure, store, message, UNEXPECTED)
        )
    logger.info("conversion succeeded", extra={**log, "warnings": conversion.warning_count})
    write = partial(
        code2des_artifacts.write_convert_success,
        store,
        message,
        result_json=conversion.result_json,
        images=conversion.images,
        warning_count=conversion.warning_count,
    )
    return attempts.Attempted("succeeded", conversion.warning_count, write)


# What the shared worker handler (functions/worker) runs for this kind.
JOB = WorkerJob(ConvertMessage, run_convert)
