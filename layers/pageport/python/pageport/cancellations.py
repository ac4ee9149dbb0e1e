"""Cancelled jobs whose worker message may already be in a queue.

Cancelling a batch fails its open children in the database, but a message the dispatcher had
already sent stays in SQS: its worker would capture or convert the page and only then be
refused by the webhook. So, once the cancel has committed, a marker per sent child is written to
S3 (`cancellations/<kind prefix><job id>/cancelled`), and a worker looks for it before starting the work:
a marked job's message is dropped unrun. The marker is written after commit, so it never names
a job the database did not cancel; a marker that could not be written only costs the old,
wasted run, whose result the webhook still refuses.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from pageport.parallel import run_all
from pageport.storage import ArtifactStore

CANCELLATIONS_PREFIX = "cancellations/"


def marker_prefix(kind_prefix: str) -> str:
    """Where a kind's markers live ("page-imports/" -> "cancellations/page-imports/")."""
    return CANCELLATIONS_PREFIX + kind_prefix


def marker_folder(kind_prefix: str, job_id: str) -> str:
    """A job's own folder of markers: what its worker's scoped credentials may read."""
    return f"{marker_prefix(kind_prefix)}{job_id}/"


def marker_key(kind_prefix: str, job_id: str) -> str:
    return marker_folder(kind_prefix, job_id) + "cancelled"


def mark_cancelled(store: ArtifactStore, kind_prefix: str, job_ids: Sequence[str]) -> None:
    """Write the markers, a few requests in flight at once."""
    run_all([partial(store.put, marker_key(kind_prefix, job_id), b"", "text/plain") for job_id in job_ids])


def is_cancelled(store: ArtifactStore, kind_prefix: str, job_id: str) -> bool:
    return store.exists(marker_key(kind_prefix, job_id))
