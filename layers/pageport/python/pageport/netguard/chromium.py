"""Playwright/Chromium settings that force every browser request through the egress proxy.

Typical use in the capture worker::

    from playwright.sync_api import sync_playwright
    from pageport.netguard.chromium import (
        chromium_launch_kwargs, guard_context, new_guarded_context_kwargs)
    from pageport.netguard.policy import TargetPolicy
    from pageport.netguard.proxy import EgressProxy

    with EgressProxy(TargetPolicy()) as proxy, sync_playwright() as p:
        browser = p.chromium.launch(**chromium_launch_kwargs(proxy.url))
        context = browser.new_context(**new_guarded_context_kwargs(), viewport=...)
        # or, one browser for many jobs, one proxy per job:
        #   browser.new_context(**new_guarded_context_kwargs(job_proxy.url), ...)
        guard_context(context, proxy.blocked)
        page = context.new_page()
        page.goto(url)            # url already passed normalize_target_url()
        ...
        refusals = proxy.blocked  # list[BlockedRequest], reasons for the capture log

The proxy does the real work (it resolves, checks and pins every host); the route installed by
:func:`guard_context` only refuses what never reaches a proxy (non-network schemes).
"""

from __future__ import annotations

import json
import logging
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from pageport.netguard.policy import BlockedRequest

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Route

__all__ = [
    "CHROMIUM_ARGS",
    "CHROMIUM_PATH",
    "NON_NETWORK_URL",
    "BlockedRequest",
    "chromium_launch_kwargs",
    "guard_context",
    "new_guarded_context_kwargs",
]

CHROMIUM_PATH: str = os.environ.get("PAGEPORT_CHROMIUM") or "/usr/bin/chromium"

# WebRTC sends UDP (STUN, ICE) that no HTTP proxy carries, from places an init script does not
# reach (a sandboxed srcdoc frame, a popup): only a managed policy closes it for the whole
# browser ("disable_non_proxied_udp": no UDP at all; TCP only through the proxy). Chromium reads
# managed policies from this directory alone (no flag or environment variable moves it, and the
# `--force-webrtc-ip-handling-policy` switch is not honoured), so the worker image and set-up
# (scripts/bootstrap.sh, as root) install `chromium_policy.json` there.
MANAGED_POLICY_DIR = Path("/etc/chromium/policies/managed")
MANAGED_POLICY_FILE = MANAGED_POLICY_DIR / "pageport.json"
POLICY_SOURCE = Path(__file__).with_name("chromium_policy.json")


class BrowserPolicyMissing(RuntimeError):
    """The managed policy that closes WebRTC is not installed where Chromium reads it."""


def browser_policy_installed() -> bool:
    """Whether Chromium will apply our managed policy (the installed file says what ours says)."""
    try:
        installed = json.loads(MANAGED_POLICY_FILE.read_text("utf-8"))
    except (OSError, ValueError):
        return False
    return bool(installed == json.loads(POLICY_SOURCE.read_text("utf-8")))


def require_browser_policy() -> None:
    """Refuse to launch a capture browser without the policy where it matters (a Lambda: the
    image installs it, so its absence is a broken image); elsewhere, say once what to run."""
    if browser_policy_installed():
        return
    message = (
        f"Chromium's managed policy is not installed at {MANAGED_POLICY_FILE}: pages could send "
        f"WebRTC UDP around the egress proxy. Install it: sudo install -D -m 0644 {POLICY_SOURCE} "
        f"{MANAGED_POLICY_FILE} (scripts/bootstrap.sh does this when run as root)."
    )
    if os.environ.get("AWS_LAMBDA_FUNCTION_NAME"):
        raise BrowserPolicyMissing(message)
    global _warned
    if not _warned:
        _warned = True
        logging.getLogger("pageport.netguard").warning(message)


_warned = False

PAGE_HEAP_LIMIT_MB = 1024

# The flags every launch uses (see docs/helpers-common.md), plus hardening that keeps traffic
# inside the proxy.
CHROMIUM_ARGS: tuple[str, ...] = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # QUIC is UDP, which an HTTP proxy does not carry (WebRTC's UDP: MANAGED_POLICY_FILE).
    "--disable-quic",
    # A page's JavaScript heap is bounded well inside the worker's memory: a page that would
    # exhaust it crashes its own tab (a failed capture) instead of getting the worker killed.
    f"--js-flags=--max-old-space-size={PAGE_HEAP_LIMIT_MB}",
)


def chromium_launch_kwargs(proxy_url: str | None) -> dict[str, Any]:
    """Keyword arguments for ``playwright.chromium.launch(**kwargs)``.

    Gives ``executable_path`` (:data:`CHROMIUM_PATH`), ``headless=True`` and ``args``. With
    ``proxy_url`` (``EgressProxy.url``) it adds ``proxy={"server": proxy_url, "bypass":
    "<-loopback>"}`` and flags that send loopback through the proxy too
    (``--proxy-bypass-list=<-loopback>``) and stop Chromium from resolving any host itself
    (``--host-resolver-rules``). Callers may add their own keys (``env`` with a
    temporary ``HOME``, ``timeout``...).
    """
    args = list(CHROMIUM_ARGS)
    kwargs: dict[str, Any] = {"executable_path": CHROMIUM_PATH, "headless": True}
    if proxy_url is not None:
        proxy_host = urlsplit(proxy_url).hostname or "127.0.0.1"
        kwargs["proxy"] = _proxy_option(proxy_url)
        args += [
            # Playwright derives this from "bypass" too; explicit in case it stops doing so.
            "--proxy-bypass-list=<-loopback>",
            # Belt and braces: whatever might skip the proxy cannot resolve a name.
            f"--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE {proxy_host}",
        ]
    kwargs["args"] = args
    return kwargs


def new_guarded_context_kwargs(proxy_url: str | None = None) -> dict[str, Any]:
    """Keyword arguments for ``browser.new_context(**kwargs, viewport=..., ...)``.

    Service workers blocked (their fetches would escape ``context.route``), downloads refused.
    With ``proxy_url``, the context uses that proxy instead of the browser's (Chromium
    supports a proxy per context): one browser can serve many captures, each with its own
    :class:`~pageport.netguard.proxy.EgressProxy` and its own ``blocked`` list. The browser
    must still be launched with :func:`chromium_launch_kwargs` and a proxy.
    """
    kwargs: dict[str, Any] = {"service_workers": "block", "accept_downloads": False}
    if proxy_url is not None:
        kwargs["proxy"] = _proxy_option(proxy_url)
    return kwargs


def _proxy_option(proxy_url: str) -> dict[str, str]:
    # "<-loopback>": without it Chromium talks to loopback directly even with a proxy.
    return {"server": proxy_url, "bypass": "<-loopback>"}


# Runs before any page script: WebRTC would send UDP (STUN/TURN, ICE) around the proxy.
_NO_WEBRTC = """
for (const name of ["RTCPeerConnection", "webkitRTCPeerConnection", "RTCDataChannel"]) {
  try { delete globalThis[name]; } catch (e) {}
}
"""


def guard_context(context: BrowserContext, blocked: list[BlockedRequest]) -> None:
    """Refuse, in this context, every request whose scheme is not http/https/ws/wss.

    Installs a ``context.route`` that matches every URL whose scheme is not one of those:
    such requests (``file:``, ``chrome-extension:``, ...) are aborted and appended to
    ``blocked`` (pass ``proxy.blocked`` to keep one list). http(s)/ws(s) requests do not match,
    so Playwright's driver lets them on to the network (the proxy, which checks every host)
    without a round trip into Python: a regex, unlike a ``"**/*"`` glob with a Python check
    or a predicate function, is matched in the driver. Also removes WebRTC from pages.
    Synchronous Playwright API.

    Call it before opening pages and AFTER installing your own ``context.route`` handlers:
    Playwright runs the last registered handler first, and ``page.route`` handlers before
    any context handler, so those must ``route.fallback()`` for URLs they do not own.
    ``data:``, ``blob:`` and ``about:`` URLs never reach a route (Playwright does not route
    them); Chromium itself refuses page-initiated top-level navigations to ``data:`` and
    ``file:``.
    """

    def handle(route: Route) -> None:
        url = route.request.url
        scheme = url.partition(":")[0].lower()
        if scheme in _NETWORK_SCHEMES:  # never, given the pattern; kept should it ever change
            route.fallback()
            return
        blocked.append(
            BlockedRequest(
                url=url[:200],
                host=urlsplit(url).hostname or "",
                reason=f"{scheme}: URLs are not allowed",
                source="browser",
            )
        )
        route.abort("blockedbyclient")

    context.route(NON_NETWORK_URL, handle)
    context.add_init_script(_NO_WEBRTC)


_NETWORK_SCHEMES = frozenset({"http", "https", "ws", "wss"})
# Every URL whose scheme (up to the first ":") is not in _NETWORK_SCHEMES, in any case.
# Playwright's driver matches it as a JavaScript RegExp, the Python client again before calling
# the handler: were they to disagree, the request would go on unhandled. So no flags: ASCII
# classes, not IGNORECASE, whose Unicode folding differs between the engines (U+017F, the long
# s, is an "s" to Python only).
NON_NETWORK_URL = re.compile(r"^(?!(?:[Hh][Tt][Tt][Pp][Ss]?|[Ww][Ss][Ss]?):)")
