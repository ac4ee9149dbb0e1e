"""One capture job: SSRF-guarded Chromium -> artifacts -> manifest -> signed webhook."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from pageport.logging import logger
from pageport.models.messages import CaptureMessage, PageImportWebhook
from pageport.netguard.policy import BlockedRequest, TargetPolicy
from pageport.settings import get_settings
from pageport.storage import ArtifactStore
from pageport.workers import artifacts
from pageport.workers.webhook_client import Delivery, deliver

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

    from pageport.netguard.proxy import EgressProxy

UNEXPECTED = "The page could not be captured because of an internal error."

_lock = threading.Lock()
_playwright: Playwright | None = None
_browser: Browser | None = None
_launch_proxy: EgressProxy | None = None


def warm_browser() -> Browser:
    """One Chromium per worker process, reused across jobs (each job gets a fresh context)."""
    global _playwright, _browser, _launch_proxy
    with _lock:
        if _browser is None or not _browser.is_connected():
            from playwright.sync_api import sync_playwright

            from pageport.netguard.chromium import chromium_launch_kwargs
            from pageport.netguard.proxy import EgressProxy

            # Each job's context brings its own proxy; this one (public targets only) is the
            # browser-wide default, so nothing can leave without a policy check.
            if _launch_proxy is None:
                _launch_proxy = EgressProxy(TargetPolicy(allow_private=False))
                _launch_proxy.start()
            if _playwright is None:
                _playwright = sync_playwright().start()
            # A first start on a fresh machine builds font caches: give it time rather than fail.
            _browser = _playwright.chromium.launch(**chromium_launch_kwargs(_launch_proxy.url), timeout=120_000)
        return _browser


def close_browser() -> None:
    global _playwright, _browser, _launch_proxy
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
    message: CaptureMessage, *, store: ArtifactStore | None = None, policy: TargetPolicy | None = None
) -> Delivery:
    from pageport.capture.capture import CaptureFailed, CaptureRequest, capture_page
    from pageport.netguard.chromium import guard_context, new_guarded_context_kwargs
    from pageport.netguard.proxy import EgressProxy

    settings = get_settings()
    store = store or ArtifactStore.default()
    policy = policy or TargetPolicy(allow_private=settings.pageport_allow_private_targets)
    log = {"page_import_id": message.page_import_id, "attempt": message.attempt}
    blocked: list[BlockedRequest] = []
    proxy = EgressProxy(policy)
    try:
        with proxy:
            bundle = capture_page(
                CaptureRequest(
                    url=message.source_url,
                    viewport_width=message.viewport.width,
                    viewport_height=message.viewport.height,
                    device_scale_factor=message.device_scale_factor,
                    ready_selector=message.ready_selector,
                ),
                browser=warm_browser(),
                context_kwargs=new_guarded_context_kwargs(proxy.url),
                on_context=lambda context: guard_context(context, blocked),
            )
        blocked.extend(proxy.blocked)
        warnings = bundle.warnings + [f"blocked {b.url}: {b.reason}" for b in blocked][:50]
        manifest_url = artifacts.write_capture_success(
            store,
            message,
            capture_json=bundle.capture_json,
            screenshot_png=bundle.screenshot_png,
            assets=bundle.assets,
            warnings=warnings,
        )
        outcome = "succeeded"
        logger.info("capture succeeded", extra={**log, "assets": len(bundle.assets), "blocked": len(blocked)})
    except CaptureFailed as failure:
        blocked.extend(proxy.blocked)
        manifest_url = artifacts.write_capture_failure(
            store,
            message,
            _refusal_message(message.source_url, blocked) or failure.safe_message,
            {"code": failure.code, "blocked": [f"{b.url}: {b.reason}" for b in blocked][:50]},
        )
        outcome = "failed"
        logger.info("capture failed", extra={**log, "code": failure.code})
    except Exception:
        logger.exception("capture crashed", extra=log)
        manifest_url = artifacts.write_capture_failure(store, message, UNEXPECTED, {"code": "internal"})
        outcome = "failed"
    return deliver(
        settings.page_import_webhook_url,
        PageImportWebhook(
            page_import_id=message.page_import_id,
            attempt=message.attempt,
            nonce=message.nonce,
            outcome=outcome,
            manifest_url=manifest_url,
        ),
    )
