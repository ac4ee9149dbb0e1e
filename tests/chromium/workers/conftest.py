"""The capture worker keeps one Chromium per process (`warm_browser`): each test module that
started it closes it at its end. The worker fixtures are in tests/support/workers.py."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pageport.kinds.page_import import job as capture_job


@pytest.fixture(scope="module", autouse=True)
def browser_lifecycle() -> Iterator[None]:
    yield
    capture_job.close_browser()
