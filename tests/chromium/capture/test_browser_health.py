"""The capture's watchdog (capture/browser_health.py) against a real Chromium and Playwright
driver: a call in flight never outlives its browser, and a hung browser goes with everything it
started.

Playwright's driver notices a killed browser, but now and then leaves a call that was under way
(a `new_page`) pending for ever: a capture worker stalled on one in CI. A stopped driver settles
nothing at all, so it stands in for that here, and deterministically."""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pageport.capture.browser_health import BrowserProcesses, Watchdog, browser_processes
from playwright.sync_api import Browser, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from tests.chromium.capture.site import launch_kwargs
from tests.support.processes import command_of, descendants, running


def _all_ended(pids: list[int], within_s: float = 30) -> bool:
    until = time.monotonic() + within_s
    while left := [pid for pid in pids if running(pid)]:
        if time.monotonic() > until:
            raise AssertionError(f"still running: {[(pid, os.getpgid(pid), command_of(pid)[:80]) for pid in left]}")
        time.sleep(0.05)
    return True


@pytest.fixture
def launched(tmp_path: Path) -> Iterator[tuple[Browser, BrowserProcesses]]:
    """A browser of its own (each test kills it) and its processes."""
    playwright = sync_playwright().start()
    browser = playwright.chromium.launch(**launch_kwargs(str(tmp_path)))
    processes = browser_processes(browser)
    assert processes is not None and processes.driver is not None
    try:
        yield browser, processes
    finally:
        for pid in (processes.browser, processes.driver):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGCONT)  # so a stopped one can end
        with contextlib.suppress(PlaywrightError, OSError):
            playwright.stop()


def test_the_processes_found_at_launch_are_the_browser_and_the_driver(
    launched: tuple[Browser, BrowserProcesses],
) -> None:
    _, processes = launched
    assert os.getpgid(processes.browser) == processes.browser  # it leads its process group
    assert "chrom" in command_of(processes.browser)
    assert "run-driver" in command_of(processes.driver or 0)


@pytest.mark.timeout(90)  # without the watchdog's kill of the driver, the call never returns
def test_a_call_in_flight_fails_when_the_browser_ends_under_it(launched: tuple[Browser, BrowserProcesses]) -> None:
    browser, processes = launched
    page = browser.new_page()
    os.kill(processes.driver or 0, signal.SIGSTOP)  # it settles nothing from now on
    threading.Timer(0.5, os.killpg, (processes.browser, signal.SIGKILL)).start()  # an out-of-memory kill

    with pytest.raises(PlaywrightError), Watchdog(processes, after_s=600) as watchdog:
        page.evaluate("1 + 1")

    assert watchdog.fired  # on the browser's end, long before its 600 s
    assert _all_ended([processes.driver or 0])


def test_a_hung_browser_is_killed_with_every_process_it_started(launched: tuple[Browser, BrowserProcesses]) -> None:
    browser, processes = launched
    page = browser.new_page()
    started = descendants([processes.browser])
    assert len(started) > 1  # its zygotes, renderers and helpers
    os.kill(processes.browser, signal.SIGSTOP)  # it neither ends nor answers

    with pytest.raises(PlaywrightError), Watchdog(processes, after_s=1) as watchdog:
        page.evaluate("1 + 1")

    assert watchdog.fired
    # SIGKILLed, each ends as soon as the kernel gets to it.
    assert _all_ended([*started, processes.driver or 0])


def test_a_capture_that_ends_in_time_kills_nothing(launched: tuple[Browser, BrowserProcesses]) -> None:
    browser, processes = launched
    page = browser.new_page()
    with Watchdog(processes, after_s=60) as watchdog:
        assert page.evaluate("1 + 1") == 2
    assert not watchdog.fired
    assert running(processes.browser) and running(processes.driver or 0)
    assert page.evaluate("2 + 2") == 4
