"""Fixtures shared by the Chromium tests: the capture fixture site on loopback, and a Chromium
launched as the capture worker launches it (one of each per test module)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.chromium.capture.site import launch_kwargs, serve_fixtures


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with serve_fixtures() as url:
        yield url


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    home = str(tmp_path_factory.mktemp("chromium-home"))
    with sync_playwright() as p:
        b = p.chromium.launch(**launch_kwargs(home))
        yield b
        b.close()
