"""pageport.parallel.run_all: results in order, every call finished before an error is raised,
and the X-Ray entity of the caller carried onto the helper threads (tracing.carried)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from functools import partial

import pytest
from aws_xray_sdk import global_sdk_config
from aws_xray_sdk.core import AWSXRayRecorder
from pageport import parallel
from pageport.tracing import carried


def test_results_come_back_in_order_and_the_calls_overlap() -> None:
    started = threading.Barrier(3, timeout=5)  # passes only if three calls run at once

    def call(n: int) -> int:
        started.wait()
        time.sleep(0.01 * (3 - n))  # the first finishes last
        return n * 10

    assert parallel.run_all([partial(call, n) for n in range(3)]) == [0, 10, 20]


def test_a_single_call_runs_on_the_calling_thread() -> None:
    assert parallel.run_all([threading.current_thread]) == [threading.current_thread()]
    assert parallel.run_all([]) == []


def test_the_first_error_in_order_is_raised_after_every_call_ended() -> None:
    ended: list[str] = []

    def fails(name: str, delay: float) -> str:
        time.sleep(delay)
        ended.append(name)
        raise KeyError(name)

    def succeeds() -> str:
        time.sleep(0.05)
        ended.append("slow")
        return "slow"

    with pytest.raises(KeyError, match="first"):
        parallel.run_all([lambda: fails("first", 0.02), lambda: fails("second", 0), succeeds])
    assert sorted(ended) == ["first", "second", "slow"]


@pytest.fixture
def sdk_enabled() -> Iterator[None]:
    """The SDK on for one test (the tracer turns it off outside Lambda): entities are real."""
    was = global_sdk_config.sdk_enabled()
    global_sdk_config.set_sdk_enabled(True)
    yield
    global_sdk_config.set_sdk_enabled(was)


@pytest.mark.usefixtures("sdk_enabled")
def test_the_callers_trace_entity_is_carried_to_the_helper_thread() -> None:
    recorder = AWSXRayRecorder()
    recorder.configure(sampling=False, context_missing="IGNORE_ERROR")
    segment = recorder.begin_segment("job")
    subsegment = recorder.begin_subsegment("write artifacts")
    try:
        seen: list[object] = []
        worker = threading.Thread(target=carried(lambda: seen.append(recorder.get_trace_entity()), recorder=recorder))
        worker.start()
        worker.join()
        uncarried: list[object] = []
        worker = threading.Thread(target=lambda: uncarried.append(recorder.get_trace_entity()))
        worker.start()
        worker.join()
        assert seen == [subsegment] and subsegment.parent_id == segment.id
        assert uncarried == [None]  # what a helper thread sees without it
        assert recorder.get_trace_entity() is subsegment  # the caller's own context is untouched
    finally:
        recorder.clear_trace_entities()


def test_with_tracing_off_the_call_is_returned_as_it_is() -> None:
    def call() -> int:
        return 1

    assert carried(call) is call  # the tracer is off outside Lambda
