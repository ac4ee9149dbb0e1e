"""One discovery job: robots, sitemaps and links through the SSRF-safe fetcher; progress and
results published to S3 (`status.json` as it goes, `pages.json` before the final status).

A terminal `status.json` ("1" completed, "2" failed) is final: the backend writes "2" itself when
the item is cancelled or dead-lettered. So a message for a finished item is dropped, and every
status write is a compare-and-swap that stops the job, writing nothing, once somebody finished
the item (publishing.py). pages.json is a claim (workers/claims.py) between copies of
one message delivered at once."""

from __future__ import annotations

import json

from pageport.discovery import DiscoveryFailed, DiscoveryProgress, discover_site, pages_document, status_document
from pageport.kinds.page_discovery import KIND
from pageport.kinds.page_discovery.layout import discovery_pages_key
from pageport.kinds.page_discovery.models import DiscoveryMessage
from pageport.kinds.page_discovery.publishing import TERMINAL, publish_status, read_status, status_of
from pageport.logging import logger
from pageport.netguard.fetch import SafeFetcher
from pageport.netguard.policy import TargetPolicy
from pageport.settings import get_settings
from pageport.storage import ArtifactStore
from pageport.workers.claims import AttemptInProgress, claim, yield_to_live_claim
from pageport.workers.entry import WorkerJob
from pageport.workers.faults import hand_back
from pageport.workers.scoped import job_store

UNEXPECTED = "Discovery stopped because of an internal error."
FETCH_TIMEOUT_S = 10.0  # one fetch, all hops
# Kept back from the Lambda's remaining time: the budget is checked before each fetch, so the
# last fetch can overrun it by up to FETCH_TIMEOUT_S; the other 10 s cover reading status.json
# and writing pages.json and the final status.json (well under a second each in-region).
RESERVE_S = FETCH_TIMEOUT_S + 10.0


class _Finished(Exception):
    """Someone else (a duplicate delivery, cancellation, the dead-letter handler) finished the item."""

    def __init__(self, status: str) -> None:
        super().__init__(status)
        self.status = status


def run_discovery(
    message: DiscoveryMessage,
    *,
    store: ArtifactStore | None = None,
    policy: TargetPolicy | None = None,
    time_budget_s: float = 300,
    remaining_s: float | None = None,
) -> str:
    """Discover and publish; returns the item's terminal status. `remaining_s` is the time the
    Lambda invocation has left (None outside Lambda: `time_budget_s` alone bounds the work)."""
    # This job's S3 access: its own item's prefix only (workers/scoped.py).
    item_id = message.batch_item_id
    store = store or job_store(KIND, message)
    policy = policy or TargetPolicy(allow_private=get_settings().pageport_allow_private_targets)
    log = {"batch_item_id": item_id}
    if remaining_s is not None:
        time_budget_s = max(0.0, min(time_budget_s, remaining_s - RESERVE_S))

    def check() -> None:
        if (current := status_of(read_status(store, item_id))) in TERMINAL:
            raise _Finished(current)

    def publish(progress: DiscoveryProgress) -> None:
        if (final := publish_status(store, item_id, lambda _current: status_document(progress))) is not None:
            raise _Finished(final)

    def publish_failure(progress: DiscoveryProgress) -> None:
        # A simultaneous copy that is completing the item (it holds pages.json) wins over this one.
        yield_to_live_claim(store, discovery_pages_key(item_id))
        publish(progress)

    def work() -> str:
        check()
        try:
            result = discover_site(
                message.url,
                message.max_pages,
                SafeFetcher(policy, timeout=FETCH_TIMEOUT_S),
                on_progress=publish,
                time_budget_s=time_budget_s,
            )
        except _Finished:
            raise
        except DiscoveryFailed as failure:
            publish_failure(DiscoveryProgress.failed(failure))
            logger.info("discovery failed", extra=log)
            return "2"
        except Exception as exc:
            if hand_back(exc, log):  # S3 throttled or unreachable: redelivered, not failed
                raise
            logger.exception("discovery crashed", extra=log)
            publish_failure(DiscoveryProgress(status="2", pages_found=0, error_message=UNEXPECTED))
            return "2"
        # pages.json first, so a completed status never points at missing pages. It is a claim:
        # a simultaneous copy never replaces the pages of an item the other one completed. If
        # the item is cancelled meanwhile, the status write below finds that.
        check()
        try:
            claim(store, discovery_pages_key(item_id), json.dumps(pages_document(result)).encode(), "application/json")
        except AttemptInProgress:
            check()  # the other copy completed the item: nothing to do
            raise  # still completing it: SQS redelivers this copy later
        publish(DiscoveryProgress.completed(result))
        logger.info("discovery completed", extra={**log, "pages": len(result.pages)})
        return "1"

    try:
        return work()
    except _Finished as finished:
        logger.info("discovery item already finished: nothing written", extra={**log, "status": finished.status})
        return finished.status


# What the shared worker handler (functions/worker) runs for this kind.
JOB = WorkerJob(DiscoveryMessage, run_discovery)
