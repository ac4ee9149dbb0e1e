"""Telling a page's failure from the browser's: a capture whose browser died (killed for memory,
crashed) or stopped answering is not the page's fault, and is retried with a fresh browser; a
page that crashed its own tab (a renderer crash) fails alone while the browser goes on.

- :class:`BrowserLost`: what a capture raises when its browser is gone; the worker hands the
  message back (a transient failure) and launches a new browser for the next job.
- :class:`CrashWatch`: the page's ``crash`` event, and a probe of the browser after an error.
- :class:`Watchdog`: a browser that makes no progress past the capture's budget is killed (its
  process, found through CDP at launch), so a hung Playwright call returns instead of holding
  the worker forever.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from types import TracebackType

from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from pageport.capture.contract import CaptureFailed

PAGE_CRASHED = "The page crashed the browser tab capturing it (it may need more memory than a capture allows)."


class BrowserLost(Exception):
    """The browser died or stopped answering during a capture: the job is retried elsewhere."""


def browser_pid(browser: Browser) -> int | None:
    """The browser process's id (CDP's SystemInfo), for the watchdog; None if it cannot say."""
    try:
        session = browser.new_browser_cdp_session()
        info = session.send("SystemInfo.getProcessInfo")
        session.detach()
    except PlaywrightError:
        return None
    return next((int(p["id"]) for p in info.get("processInfo", []) if p.get("type") == "browser"), None)


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
    """Kill the browser process `pid` if the block is still running after `after_s`: a hung
    browser answers no Playwright call (not even a close), and this ends them all."""

    def __init__(self, pid: int | None, after_s: float) -> None:
        self.pid = pid
        self.fired = False
        self._timer = threading.Timer(after_s, self._kill)
        self._timer.daemon = True

    def _kill(self) -> None:
        if self.pid is None:
            return
        self.fired = True
        with contextlib.suppress(OSError):  # it ended meanwhile
            os.kill(self.pid, signal.SIGKILL)

    def __enter__(self) -> Watchdog:
        self._timer.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self._timer.cancel()
