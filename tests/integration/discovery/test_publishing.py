"""A discovery item's status.json has two writers, its worker and the backend (cancel, dead
letters). A terminal status is final, and each write is a compare-and-swap, so a write landing
between the other side's read and write is never overwritten. Real moto S3; the interleaving
is made with botocore's own event hook, so the code under test runs unchanged."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from typing import Any

import boto3
from pageport.kinds.page_discovery.layout import discovery_status_key
from pageport.kinds.page_discovery.operation import write_failed_status
from pageport.kinds.page_discovery.publishing import publish_status, read_status
from pageport.storage import ArtifactStore

from tests.support import before_s3_put


def _other_writer_puts(bucket: str, item_id: str, document: dict[str, Any]) -> Callable[[], None]:
    def put() -> None:
        boto3.client("s3").put_object(
            Bucket=bucket, Key=discovery_status_key(item_id), Body=json.dumps(document).encode()
        )

    return put


def test_writes_go_through_until_the_status_is_terminal(aws):
    store, item_id = ArtifactStore.default(), str(uuid.uuid4())
    assert publish_status(store, item_id, lambda _: {"status": "0", "pagesFound": 0}) is None  # first write
    assert publish_status(store, item_id, lambda _: {"status": "0", "pagesFound": 4}) is None  # progress
    assert publish_status(store, item_id, lambda _: {"status": "1", "pagesFound": 9}) is None  # completed

    assert publish_status(store, item_id, lambda _: {"status": "0", "pagesFound": 10}) == "1"
    assert write_failed_status(store, item_id, "Cancelled.") is False
    assert read_status(store, item_id) == {"status": "1", "pagesFound": 9}


def test_a_cancel_landing_between_the_workers_read_and_write_wins(aws):
    store, item_id = ArtifactStore.default(), str(uuid.uuid4())
    publish_status(store, item_id, lambda _: {"status": "0", "pagesFound": 3})
    cancelled = {"status": "2", "pagesFound": 3, "errorMessage": "Cancelled."}

    with before_s3_put(_other_writer_puts(aws.bucket, item_id, cancelled)):
        found = publish_status(store, item_id, lambda _: {"status": "1", "pagesFound": 7})

    assert found == "2"  # the worker's write lost, and it saw the cancellation
    assert read_status(store, item_id) == cancelled


def test_a_completion_landing_between_the_backends_read_and_write_wins(aws):
    store, item_id = ArtifactStore.default(), str(uuid.uuid4())
    publish_status(store, item_id, lambda _: {"status": "0", "pagesFound": 3})
    completed = {"status": "1", "pagesFound": 7}

    with before_s3_put(_other_writer_puts(aws.bucket, item_id, completed)):
        wrote = write_failed_status(store, item_id, "Cancelled.")

    assert wrote is False
    assert read_status(store, item_id) == completed


def test_the_first_write_races_too(aws):
    """No status yet: the worker's first progress and a cancellation race to create it."""
    store, item_id = ArtifactStore.default(), str(uuid.uuid4())
    cancelled = {"status": "2", "pagesFound": 0, "errorMessage": "Cancelled."}

    with before_s3_put(_other_writer_puts(aws.bucket, item_id, cancelled)):
        found = publish_status(store, item_id, lambda _: {"status": "0", "pagesFound": 0})

    assert found == "2"
    assert read_status(store, item_id) == cancelled
