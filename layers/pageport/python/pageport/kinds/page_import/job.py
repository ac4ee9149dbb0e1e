"""One capture job: SSRF-guarded Chromium -> artifacts -> manifest -> signed webhook."""

from __future__ import annotations

import math
import threading
import time
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from botocore.exceptions import ClientError

from pageport.kinds.page_import import KIND, WEBHOOK, sealing
from pageport.kinds.page_import import artifacts as page_import_artifacts
from pageport.kinds.page_import.auth import PageAuth
from pageport.kinds.page_import.messages import CaptureMessage, PageImportManifest, PageImportWebhook
from pageport.logging import logger
from pageport.netguard.policy import BlockedRequest, TargetPolicy
from pageport.settings import get_settings
from pageport.storage import ArtifactMissing, ArtifactStore
from pageport.workers import attempts
from pageport.workers.entry import WorkerJob
from pageport.workers.faults import hand_back
from pageport.workers.scoped import job_kms, job_store
from pageport.workers.webhook_client import Delivery, deliver, report_until

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

    from pageport.capture.browser_health import BrowserProcesses
    from pageport.netguard.proxy import EgressProxy

WEBHOOK_URL_VARIABLE = WEBHOOK.url_variable
UNEXPECTED = "The page could not be captured because of an internal error."
AUTH_GONE = "The sign-in details for this page are no longer there: import it again with them."
OUT_OF_TIME = "The page could not be captured in time."
# A first start on a fresh machine builds font caches: give it time rather than fail.
LAUNCH_TIMEOUT_S = 120.0
# Kept back from the Lambda's remaining time for what follows the capture budget: the capture
# overrunning it a little (closing the context), writing up to ~45 MB of assets, screenshot and
# the manifest to S3 (a few seconds in-region), and the webhook (normally well under a second).
# The manifest is what must fit: if the webhook alone is cut off, the redelivered message finds
# the manifest and sends the webhook again (attempts.resend_if_finished).
RESERVE_S = 20.0

# A browser still busy this long past the capture's budget has hung: it is killed and replaced.
HANG_GRACE_S = 15.0
PROBE_S = 5.0  # a browser that does not answer a CDP round trip in this long between jobs has hung

_lock = threading.Lock()
_playwright: Playwright | None = None
_browser: Browser | None = None
_browser_processes: BrowserProcesses | None = None  # its process and its driver's, for the watchdog
_launch_proxy: EgressProxy | None = None
# Whose pages the running browser has opened: a browser is never shared between tenants.
_NO_TENANT = object()
_browser_tenant: object = _NO_TENANT


def warm_browser(launch_timeout_s: float = LAUNCH_TIMEOUT_S, *, tenant: object = None) -> Browser:
    """One Chromium per worker process and tenant, reused across that tenant's jobs (each job
    gets a fresh context). A job of another tenant (or of none known) gets a fresh browser: an
    exploit in one organization's page must not find a later organization's pages in the same
    browser process."""
    global _playwright, _browser, _browser_processes, _launch_proxy, _browser_tenant
    with _lock:
        if _browser is not None and not _answers(_browser):
            # It died (killed for memory, crashed, or by the watchdog) or hung: so may have
            # Playwright's driver with it, and a fresh one costs a fraction of a second.
            logger.warning("the capture browser ended or hung; launching a new one")
            _discard_playwright()
        if _browser is not None and (tenant is None or tenant != _browser_tenant):
            from playwright.sync_api import Error as PlaywrightError

            try:
                _browser.close()
            except PlaywrightError as exc:  # it ended between the probe and the close: launched anew below
                logger.info("the previous tenant's browser ended before it was closed", extra={"error": str(exc)[:200]})
            _browser = None
        if _browser is None:
            from playwright.sync_api import sync_playwright

            from pageport.capture.browser_env import browser_environment
            from pageport.capture.browser_health import browser_processes
            from pageport.netguard.chromium import chromium_launch_kwargs, require_browser_policy
            from pageport.netguard.proxy import EgressProxy

            require_browser_policy()  # WebRTC closed at the browser, not only in page scripts

            # Each job's context brings its own proxy; this one (public targets only) is the
            # browser-wide default, so nothing can leave without a policy check.
            if _launch_proxy is None:
                _launch_proxy = EgressProxy(TargetPolicy(allow_private=False))
                _launch_proxy.start()
            if _playwright is None:
                _playwright = sync_playwright().start()
            # Never the worker's environment: it holds the role's credentials (capture/browser_env.py).
            _browser = _playwright.chromium.launch(
                **chromium_launch_kwargs(_launch_proxy.url),
                env=browser_environment(),
                timeout=launch_timeout_s * 1000,
            )
            _browser_processes = browser_processes(_browser)
            _browser_tenant = tenant if tenant is not None else _NO_TENANT
        return _browser


def _answers(browser: Browser) -> bool:
    """Whether the browser answers a round trip within PROBE_S (one that does not is killed)."""
    from pageport.capture.browser_health import Watchdog, is_alive

    with Watchdog(_browser_processes, PROBE_S) as watchdog:
        alive = is_alive(browser)
    return alive and not watchdog.fired


def _discard_playwright() -> None:
    """Let go of a dead browser and its driver, whatever state they are in (called locked)."""
    global _playwright, _browser, _browser_processes
    if _playwright is not None:
        try:
            _playwright.stop()
        except Exception as exc:  # a dead driver fails in its own ways; a new one is started either way
            logger.info(
                "the old Playwright driver did not stop cleanly", extra={"error": f"{type(exc).__name__}: {exc}"[:200]}
            )
    _playwright = _browser = _browser_processes = None


def forget_browser() -> None:
    """The running job found its browser gone: the next job launches a new one."""
    with _lock:
        _discard_playwright()


def close_browser() -> None:
    global _playwright, _browser, _launch_proxy, _browser_tenant
    _browser_tenant = _NO_TENANT
    with _lock:
        if _browser is not None:
            _browser.close()
        if _playwright is not None:
            _playwright.stop()
        if _launch_proxy is not None:
            _launch_proxy.close()
        _browser = _playwright = _launch_proxy = None


def _refusal_message(url: str, blocked: list[BlockedRequest]) -> str | None:
    """When the page itself was refused by the SSRF policy, say so instead of "HTTP 403"."""
    from urllib.parse import urlsplit

    host = urlsplit(url).hostname
    reason = next((b.reason for b in blocked if b.host == host), None)
    return f"The page's address is not allowed ({reason})." if reason else None


def run_capture(
    message: CaptureMessage,
    *,
    store: ArtifactStore | None = None,
    policy: TargetPolicy | None = None,
    remaining_s: float | None = None,
) -> Delivery:
    """Capture, write the attempt's artifacts and report them. `remaining_s` is the time the
    Lambda invocation has left (None outside Lambda: the default budgets apply)."""
    settings = get_settings()
    # This job's S3 access: its own Page Import's prefix only (workers/scoped.py).
    store = store or job_store(KIND, message)
    policy = policy or TargetPolicy(allow_private=settings.pageport_allow_private_targets)

    until = report_until(remaining_s)

    def send(report: attempts.Report) -> Delivery:
        return deliver(
            settings.webhook_url(WEBHOOK_URL_VARIABLE),
            PageImportWebhook(**message.fence_fields(), outcome=report.outcome, manifest_url=report.manifest_url),
            until=until,
        )

    deadline = None if remaining_s is None else time.monotonic() + remaining_s - RESERVE_S
    return attempts.run(
        store,
        message,
        PageImportManifest,
        send,
        lambda: _capture(message, store, policy, deadline),
        kind_prefix=KIND.s3_prefix,
    )


def _seconds_left(deadline: float | None, default_s: float) -> float:
    return default_s if deadline is None else min(default_s, deadline - time.monotonic())


def _capture(
    message: CaptureMessage, store: ArtifactStore, policy: TargetPolicy, deadline: float | None
) -> attempts.Attempted:
    """The capture's outcome and how to write its artifacts (a page's sign-in details deleted
    once they are written)."""
    from pageport.netguard.proxy import EgressProxy

    log: dict[str, object] = {"page_import_id": message.page_import_id, "attempt": message.attempt}
    blocked: list[BlockedRequest] = []
    proxy = EgressProxy(policy)
    attempted = _attempt(message, store, policy, deadline, log, blocked, proxy)
    if message.auth is None:
        return attempted
    # The capture is done with the page's sign-in details: they go once its outcome is written.
    write, sealed = attempted.write, message.auth

    def write_then_discard() -> str:
        manifest_url = write()
        sealing.discard(sealed, store)
        return manifest_url

    return attempts.Attempted(attempted.outcome, attempted.warning_count, write_then_discard)


def _open_auth(message: CaptureMessage, store: ArtifactStore) -> PageAuth | None:
    from pageport.capture.capture import CaptureFailed

    if message.auth is None:
        return None
    try:
        return sealing.unseal(message.auth, message.page_import_id, store, job_kms(KIND, message))
    except ArtifactMissing:
        raise CaptureFailed(AUTH_GONE, code="auth_missing") from None
    except ClientError as error:
        # Its key is not there (a local stack restarted since) or no longer opens it.
        if error.response.get("Error", {}).get("Code") in ("InvalidCiphertextException", "NotFoundException"):
            raise CaptureFailed(AUTH_GONE, code="auth_missing") from None
        raise


def _attempt(
    message: CaptureMessage,
    store: ArtifactStore,
    policy: TargetPolicy,
    deadline: float | None,
    log: dict[str, object],
    blocked: list[BlockedRequest],
    proxy: EgressProxy,
) -> attempts.Attempted:
    """One capture's outcome and how to write its artifacts."""
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    from pageport.capture.browser_health import BrowserLost, Watchdog
    from pageport.capture.capture import DEFAULT_LIMITS, CaptureFailed, CaptureRequest, capture_page
    from pageport.netguard.chromium import guard_context, new_guarded_context_kwargs

    try:
        auth = _open_auth(message, store)
        launch_s = _seconds_left(deadline, LAUNCH_TIMEOUT_S)
        if launch_s < 1:
            raise CaptureFailed(OUT_OF_TIME, code="budget_exceeded")
        try:
            browser = warm_browser(launch_s, tenant=message.organization_id)
        except PlaywrightTimeoutError:
            raise CaptureFailed(OUT_OF_TIME, code="budget_exceeded") from None
        except PlaywrightError as exc:  # the machine's fault, not the page's: retried
            raise BrowserLost("the browser could not be launched") from exc
        # Whole seconds: the budget appears in the failure message.
        budget_s = math.floor(_seconds_left(deadline, DEFAULT_LIMITS.time_budget_s))
        if budget_s < 1:
            raise CaptureFailed(OUT_OF_TIME, code="budget_exceeded")
        with proxy, Watchdog(_browser_processes, budget_s + HANG_GRACE_S):
            bundle = capture_page(
                CaptureRequest(
                    url=message.source_url,
                    viewport_width=message.viewport.width,
                    viewport_height=message.viewport.height,
                    device_scale_factor=message.device_scale_factor,
                    ready_selector=message.ready_selector,
                    color_scheme=message.color_scheme,
                    auth=auth,
                ),
                browser=browser,
                limits=replace(DEFAULT_LIMITS, time_budget_s=budget_s),
                context_kwargs=new_guarded_context_kwargs(proxy.url),
                on_context=lambda context: guard_context(context, blocked),
            )
        blocked.extend(proxy.blocked)
        warnings = bundle.warnings + [f"blocked {b.url}: {b.reason}" for b in blocked][:50]
        logger.info("capture succeeded", extra={**log, "assets": len(bundle.assets), "blocked": len(blocked)})
        write = partial(
            page_import_artifacts.write_capture_success,
            store,
            message,
            capture_json=bundle.capture_json,
            screenshot_png=bundle.screenshot_png,
            assets=bundle.assets,
            warnings=warnings,
        )
        return attempts.Attempted("succeeded", None, write)
    except BrowserLost:
        # Not the page's doing: the message goes back to SQS (within its receive count) and
        # this worker's next job launches a new browser.
        logger.warning("the capture browser ended during the capture; the message goes back", extra=log)
        forget_browser()
        raise
    except CaptureFailed as failure:
        blocked.extend(proxy.blocked)
        logger.info("capture failed", extra={**log, "code": failure.code})
        write = partial(
            page_import_artifacts.write_capture_failure,
            store,
            message,
            _refusal_message(message.source_url, blocked) or failure.safe_message,
            {"code": failure.code, "blocked": [f"{b.url}: {b.reason}" for b in blocked][:50]},
        )
        return attempts.Attempted("failed", None, write)
    except Exception as exc:
        if hand_back(exc, log):
            raise
        logger.exception("capture crashed", extra=log)
        write = partial(page_import_artifacts.write_capture_failure, store, message, UNEXPECTED, {"code": "internal"})
        return attempts.Attempted("failed", None, write)


# What the shared worker handler (functions/worker) runs for this kind.
JOB = WorkerJob(CaptureMessage, run_capture)
