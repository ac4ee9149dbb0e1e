"""The converter bounds its work by a deadline, checked as it goes (the jobs that pass it the Lambda
invocation's remaining time: tests/integration/workers/test_time_budgets.py)."""

from __future__ import annotations

import pytest
from pageport.convert import ConversionOutOfTime, convert_capture

from tests.support.workers import CARD_CAPTURE


class SteppingClock:
    """A clock that moves one second each time it is read: the deadline passes after a known
    number of checks, wherever they are in the conversion."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


def test_a_conversion_past_its_deadline_stops_instead_of_running_on():
    """Checked per element, text run and pseudo-element: a late conversion raises rather than
    running on in the container after the job has reported its failure."""
    capture = CARD_CAPTURE.read_bytes()
    clock = SteppingClock()
    with pytest.raises(ConversionOutOfTime):
        convert_capture(capture, {}, deadline=4.0, clock=clock)
    assert clock.now == 5  # stopped at the first check past the deadline, mid-conversion
    in_time = convert_capture(capture, {}, deadline=10_000.0, clock=SteppingClock())
    assert in_time.result_json == convert_capture(capture, {}).result_json
