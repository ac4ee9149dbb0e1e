"""Fault: the local stack's fault switch (devstack/faults.py) fails a share of the S3 and SQS
calls for a window in the middle of a batch, as those services do on a bad minute. Nothing is
lost and nothing fails that would have succeeded: every page of the batch completes."""

from __future__ import annotations

from collections import Counter
from typing import Any

from devstack.faults import switch_on
from tests.e2e.conftest import DevStack, FaultBatch

PAGES = 20
SHARE = 0.3
WINDOW_S = 15


def test_s3_and_sqs_errors_for_a_while_lose_nothing(make_stack: Any, site: str) -> None:
    stack: DevStack = make_stack("--allow-private-targets").start()
    batch = FaultBatch.start(stack, site, PAGES, "fay")
    batch.wait_completed(2)
    switch_on(stack.data_dir, "s3", SHARE, WINDOW_S)
    switch_on(stack.data_dir, "sqs", SHARE, WINDOW_S)

    assert batch.wait_end()["completed"] == PAGES
    injected = Counter(r.get("service") for r in stack.log_records() if r.get("message") == "fault injected")
    assert injected["s3"] > 0 and injected["sqs"] > 0, injected
