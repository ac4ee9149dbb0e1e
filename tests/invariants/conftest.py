"""Fixtures of the invariants suite: a Chromium launched as the capture worker launches it, and
the plugin's placement oracle (one node process for the session)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.chromium.capture.site import launch_kwargs
from tests.support.placement import PlacementOracle


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    home = str(tmp_path_factory.mktemp("chromium-home"))
    with sync_playwright() as p:
        b = p.chromium.launch(**launch_kwargs(home))
        yield b
        b.close()


@pytest.fixture(scope="session")
def oracle() -> Iterator[PlacementOracle]:
    with PlacementOracle() as placed:
        yield placed
