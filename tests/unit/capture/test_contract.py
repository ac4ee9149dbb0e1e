"""contract: the deadline that turns an overrun into a safe failure."""

from __future__ import annotations

import time

import pytest
from pageport.capture.contract import CaptureFailed, Deadline


def test_deadline_counts_down_then_fails_safely() -> None:
    assert 0 < Deadline(60).remaining_s() <= 60
    with pytest.raises(CaptureFailed) as info:
        Deadline(1.5, start=time.monotonic() - 2).remaining_ms()
    assert info.value.code == "budget_exceeded"
    assert info.value.safe_message == "The capture did not finish within its 1.5 s time budget."
