"""Telling a page's failure from the browser's: a capture whose browser died (killed for memory,
crashed) or stopped answering is not the page's fault, and is retried with a fresh browser; a
page that crashed its own tab (a renderer crash) fails alone while the browser goes on.

- :class:`BrowserLost`: what a capture raises when its browser is gone; the worker hands the
  message back (a transient failure) and launches a new browser for the next job.
- :class:`CrashWatch`: the page's ``crash`` event, and a probe of the browser after an error.
- :class:`Watchdog`: a browser whose process ended has its Playwright driver killed too, and a
  browser that makes no progress past the capture's budget is killed with its driver (their
  processes found through CDP at launch), so no Playwright call holds the worker for ever.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from pageport.capture.contract import CaptureFailed

POLL_S = 0.25  # how often the watchdog looks at the browser's process during a capture
PAGE_CRASHED = "The page crashed the browser tab capturing it (it may need more memory than a capture allows)."


class BrowserLost(Exception):
    """The browser died or stopped answering during a capture: the job is retried elsewhere."""


@dataclass(frozen=True, slots=True)
class BrowserProcesses:
    """The browser's process (the leader of its process group, with its renderers and helpers)
    and the Playwright driver that launched it (its parent); None where it cannot be told."""

    browser: int
    driver: int | None


def browser_processes(browser: Browser) -> BrowserProcesses | None:
    """Found through CDP's SystemInfo at launch, for the watchdog; None if it cannot say."""
    try:
        session = browser.new_browser_cdp_session()
        info = session.send("SystemInfo.getProcessInfo")
        session.detach()
    except PlaywrightError:
        return None
    pid = next((int(p["id"]) for p in info.get("processInfo", []) if p.get("type") == "browser"), None)
    return None if pid is None else BrowserProcesses(pid, _parent_of(pid))


def _stat_fields(pid: int) -> list[str]:
    """/proc's fields after the command name (which may hold spaces and parentheses): state,
    parent, ... Raises OSError where there is no /proc."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def _parent_of(pid: int) -> int | None:
    try:
        return int(_stat_fields(pid)[1])
    except (OSError, IndexError, ValueError):  # no /proc here: the watchdog kills the browser only
        return None


def process_running(pid: int) -> bool:
    """Whether `pid` exists and has not ended (an ended one its parent has not reaped yet has)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        return _stat_fields(pid)[0] != "Z"
    except (OSError, IndexError):  # no /proc: it exists
        return True


def is_alive(browser: Browser) -> bool:
    """A round trip to the browser (`is_connected` alone may not have seen its end yet)."""
    if not browser.is_connected():
        return False
    try:
        browser.new_browser_cdp_session().detach()
    except PlaywrightError:
        return False
    return True


class CrashWatch:
    """Whether the capture's page crashed, and what an error during the capture means."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.page_crashed = False

    def watch(self, page: Page) -> None:
        page.on("crash", self._crashed)

    def _crashed(self, page: Page) -> None:
        self.page_crashed = True

    def explain(self, failure: Exception) -> Exception:
        """What the capture raises for `failure`: BrowserLost if the browser is gone, the page's
        crash if its tab crashed, else `failure` itself."""
        if not is_alive(self.browser):
            return BrowserLost("the browser ended during the capture")
        if self.page_crashed:
            return CaptureFailed(PAGE_CRASHED, code="page_crashed")
        return failure


class Watchdog:
    """Watches the browser while the block runs:

    - its process ended (killed for memory, crashed): the Playwright driver is killed too, so
      that every call in flight fails at once. The driver notices the browser's end but may
      leave a call under way (a `new_page`, say) pending for ever;
    - still running after `after_s`: the browser hung, and answers no call (not even a close).
      Its process group (its renderers and helpers with it) and the driver are killed.

    Either way the capture's calls raise, and the worker launches a new browser and driver."""

    def __init__(self, processes: BrowserProcesses | None, after_s: float) -> None:
        self.processes = processes
        self.after_s = after_s
        self.fired = False
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="browser-watchdog", daemon=True)

    def _watch(self) -> None:
        if self.processes is None:
            return
        until = time.monotonic() + self.after_s
        while not self._done.wait(min(POLL_S, max(0.0, until - time.monotonic()))):
            ended = not process_running(self.processes.browser)
            if ended or time.monotonic() >= until:
                self.fired = True
                self._kill(self.processes)
                return

    @staticmethod
    def _kill(processes: BrowserProcesses) -> None:
        with contextlib.suppress(OSError):  # its group (it leads one, as Playwright launches it)
            os.killpg(processes.browser, signal.SIGKILL)
        with contextlib.suppress(OSError):  # and itself, if it does not; or ended meanwhile
            os.kill(processes.browser, signal.SIGKILL)
        if processes.driver is not None:
            with contextlib.suppress(OSError):
                os.kill(processes.driver, signal.SIGKILL)

    def __enter__(self) -> Watchdog:
        self._thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self._done.set()
        self._thread.join()
