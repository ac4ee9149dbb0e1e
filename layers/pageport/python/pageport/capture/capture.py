"""Capture one web page in a warm Chromium: capture.json, screenshot.png and assets.

The worker owns the browser (launched behind the SSRF egress proxy) and calls
:func:`capture_page` once per job. Every byte this module gets from the web comes through that
browser: response bodies the page already loaded, or an in-page ``fetch`` for the rest, so the
proxy's checks apply to asset bytes too. There is no second HTTP client here.

This module drives the page (navigate, wait, scroll, walk, screenshot); ``contract`` holds the
request, limits and outcome types, ``network`` and ``assets`` the bytes, ``walker`` and
``scripts`` the JavaScript, ``stylesheets`` and ``mime`` the parsing.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Callable, Mapping
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from pageport.capture.assets import collect_assets
from pageport.capture.browser_health import BrowserLost, CrashWatch
from pageport.capture.contract import (
    DEFAULT_LIMITS,
    CaptureBundle,
    CaptureFailed,
    CaptureLimits,
    CaptureRequest,
    Deadline,
)
from pageport.capture.custom_properties import read_custom_properties
from pageport.capture.mime import png_size
from pageport.capture.motion import settle_motion, watch_canvases
from pageport.capture.network import Network
from pageport.capture.probes import probe_layouts
from pageport.capture.rendered_fonts import record_rendered_fonts
from pageport.capture.schema import (
    PSEUDO_STYLE_PROPERTIES,
    SCHEMA_VERSION,
    STYLE_DEFAULTS,
    TEXT_STYLE_PROPERTIES,
    CaptureDocument,
)
from pageport.capture.scripts import SCROLL_JS, SETTLE_JS
from pageport.capture.snapshots import attach_snapshots
from pageport.capture.stylesheets import external_pseudo_selectors, stylesheet_texts
from pageport.capture.themes import apply_color_scheme
from pageport.capture.walker import ATTRIBUTES, STYLE_GROUPS, walker_source

__all__ = [
    "DEFAULT_LIMITS",
    "CaptureBundle",
    "CaptureFailed",
    "CaptureLimits",
    "CaptureRequest",
    "capture_page",
]

_NET_ERROR = re.compile(r"net::ERR_[A-Z_]+")


FULL_WIDTH_PUNCTUATION_CSS = ":where(:root) { text-spacing-trim: space-all; }"
# A constructed sheet: no element in the page for the walk to meet, and no inline style for a
# Content-Security-Policy to refuse.
_ADOPT_SHEET_JS = """(css) => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}"""


def _navigation_failed(exc: PlaywrightError, url: str) -> CaptureFailed:
    match = _NET_ERROR.search(str(exc))
    detail = f" ({match.group(0)})" if match else ""
    return CaptureFailed(f"Could not load {url}{detail}.", code="navigation_failed")


def capture_page(
    request: CaptureRequest,
    *,
    browser: Browser,
    limits: CaptureLimits = DEFAULT_LIMITS,
    context_kwargs: Mapping[str, Any] | None = None,
    on_context: Callable[[BrowserContext], None] | None = None,
) -> CaptureBundle:
    """Render ``request.url`` in a fresh context of ``browser`` and capture it.

    ``context_kwargs`` are extra ``browser.new_context`` arguments (e.g.
    ``new_guarded_context_kwargs()``); viewport and scale always come from ``request``.
    ``on_context`` runs on the new context before any page opens (e.g. ``guard_context``).
    Raises :class:`CaptureFailed` with a safe message (``page_crashed`` when the page crashed
    its tab), or :class:`BrowserLost` when the browser itself ended or could not open a
    context; other exceptions are bugs.
    """
    deadline = Deadline(limits.time_budget_s)
    width, scale = request.viewport_width, request.device_scale_factor
    if width * request.viewport_height * scale * scale > limits.max_screenshot_pixels:
        raise CaptureFailed(
            f"The page is too large to capture: a {width} x {request.viewport_height} viewport "
            f"at scale {scale:g} exceeds {limits.max_screenshot_pixels} screenshot pixels.",
            code="page_too_large",
        )
    kwargs: dict[str, Any] = {"service_workers": "block", **(context_kwargs or {})}
    kwargs["viewport"] = {"width": width, "height": request.viewport_height}
    kwargs["device_scale_factor"] = scale
    kwargs["color_scheme"] = request.color_scheme
    watch = CrashWatch(browser)
    try:
        context = browser.new_context(**kwargs)
    except PlaywrightError as exc:  # not the page's doing: the browser is gone or broken
        raise BrowserLost("the browser could not open a context") from exc
    try:
        if on_context is not None:
            on_context(context)
        if request.auth is not None:
            from pageport.capture.login import apply_auth

            apply_auth(context, request.url, request.auth)
        net = Network(context)
        page = context.new_page()
        watch.watch(page)
        return _capture(page, net, request, limits, deadline)
    except (PlaywrightError, CaptureFailed) as exc:
        explained = watch.explain(_as_failure(exc, deadline))
        if explained is exc:
            raise
        raise explained from exc
    finally:
        with contextlib.suppress(PlaywrightError):  # a crashed browser must not mask the cause
            context.close()


def _as_failure(exc: PlaywrightError | CaptureFailed, deadline: Deadline) -> Exception:
    """The safe failure a capture error stands for (before asking whether the browser lived)."""
    if isinstance(exc, CaptureFailed):
        return exc
    if isinstance(exc, PlaywrightTimeoutError) or deadline.budget_s - (time.monotonic() - deadline.start) <= 0:
        return deadline.exceeded()
    return CaptureFailed("The page could not be captured (the browser reported an error).", code="browser_error")


def _capture(
    page: Page, net: Network, request: CaptureRequest, limits: CaptureLimits, deadline: Deadline
) -> CaptureBundle:
    warnings: list[str] = []
    try:
        response = page.goto(request.url, wait_until="load", timeout=deadline.remaining_ms())
    except PlaywrightTimeoutError:
        raise deadline.exceeded() from None
    except PlaywrightError as exc:
        raise _navigation_failed(exc, request.url) from None
    if response is not None and response.status >= 400:
        raise CaptureFailed(f"Could not load {request.url} (HTTP {response.status}).", code="navigation_failed")

    if request.ready_selector:
        remaining_s = deadline.remaining_s()
        timeout_s = min(limits.ready_selector_timeout_s, remaining_s)
        try:
            page.wait_for_selector(f"css={request.ready_selector}", state="visible", timeout=timeout_s * 1000)
        except PlaywrightTimeoutError:
            if remaining_s < limits.ready_selector_timeout_s:
                raise deadline.exceeded() from None
            raise CaptureFailed(
                f"readySelector '{request.ready_selector}' did not appear within {limits.ready_selector_timeout_s:g} s",
                code="ready_selector_timeout",
            ) from None
        except PlaywrightError:
            raise CaptureFailed(
                f"readySelector '{request.ready_selector}' is not a valid CSS selector", code="invalid_ready_selector"
            ) from None

    # Before the scroll and the walk, as the page's own theme toggle would.
    switch = apply_color_scheme(page, request.color_scheme, stylesheet_texts(net.stylesheets))
    # Chromium halves the space between two full-width CJK punctuation marks (text-spacing-trim),
    # which Figma's text cannot: the capture lays them out full width, as the design will show
    # them. Zero specificity, so a page that sets it keeps its own value.
    page.evaluate(_ADOPT_SHEET_JS, FULL_WIDTH_PUNCTUATION_CSS)

    watch_canvases(page, limits)  # from now on, so that the wait for still canvases overlaps the scroll

    # The largest height the screenshot may have (CSS px): the page-height limit, and the
    # pixel budget at this width and scale.
    scale = request.device_scale_factor
    max_height = min(
        limits.max_page_height, int(limits.max_screenshot_pixels / (request.viewport_width * scale * scale))
    )

    # Scroll first, then wait for quiet: the quiet window is measured from the last request,
    # so time spent scrolling counts towards it instead of adding to it.
    scroll_ms = min(limits.max_scroll_s, deadline.remaining_s()) * 1000
    scrolled = page.evaluate(SCROLL_JS, {"maxHeight": max_height, "maxMs": scroll_ms})
    if scrolled["timedOut"]:
        warnings.append("scrolling for lazy content stopped at its time limit")
    quiet_timeout = min(limits.network_quiet_timeout_s, deadline.remaining_s())
    if not net.wait_quiet(page, limits.network_quiet_ms, quiet_timeout):
        warnings.append(f"the network did not go quiet within {quiet_timeout:g} s; captured what had loaded")
    settle_ms = min(limits.network_quiet_timeout_s, deadline.remaining_s()) * 1000
    if page.evaluate(SETTLE_JS, settle_ms) != "ok":
        warnings.append("some fonts or images were still loading when the page was captured")
    # The full-page screenshot resizes the viewport, which runs the page's resize handlers (a
    # dashboard folds its sidebar's menus): run them now, so the walk sees what the shot shows.
    page.evaluate("() => window.dispatchEvent(new Event('resize'))")
    # After the scroll (which starts reveal-on-scroll animations) and the loads: one still frame
    # for both the walk and the screenshot.
    settle_motion(page, limits, deadline, warnings)

    walked = json.loads(
        page.evaluate(
            walker_source(),
            {
                "styleGroups": STYLE_GROUPS,
                "pseudoProps": PSEUDO_STYLE_PROPERTIES,
                "textProps": TEXT_STYLE_PROPERTIES,
                "defaults": STYLE_DEFAULTS,
                "attrNames": ATTRIBUTES,
                "maxNodes": limits.max_dom_nodes,
                "maxPageHeight": max_height,
                "externalPseudo": external_pseudo_selectors(net.stylesheets, page.url),
            },
        )
    )
    deadline.remaining_s()
    custom_properties = read_custom_properties(page)
    warnings.extend(walked["warnings"])
    record_rendered_fonts(page, walked["root"], deadline, warnings)
    info = walked["info"]
    full_height = float(info["fullPageHeight"])
    page_height = min(full_height, float(max_height))
    if page_height < full_height:
        warnings.append(f"page is {full_height:g} px tall; captured the top {page_height:g} px")

    png = page.screenshot(
        type="png",
        full_page=True,
        timeout=deadline.remaining_ms(),
        clip={"x": 0, "y": 0, "width": request.viewport_width, "height": page_height},
        # Finishes what started since settle_motion (frozen loops have rate 0: left as walked).
        animations="disabled",
    )
    shot_w, shot_h = png_size(png)

    assets, fonts = collect_assets(page, net, walked, limits, warnings)
    attach_snapshots(walked["root"], png, scale, (request.viewport_width, page_height), assets, limits, warnings)
    # Last: the probes lay the page out at other widths, which nothing captured may see.
    probes = probe_layouts(page, request.viewport_width, request.viewport_height, deadline, warnings)
    deadline.remaining_s()
    doc = {
        "version": SCHEMA_VERSION,
        "document": {
            **info,
            "requestedUrl": request.url,
            "deviceScaleFactor": request.device_scale_factor,
            "pageWidth": request.viewport_width,
            "pageHeight": page_height,
            "fullPageHeight": full_height,
            "screenshotSize": {"width": shot_w, "height": shot_h},
            "colorScheme": request.color_scheme,
            "themeSwitch": switch.label if switch else None,
        },
        "root": walked["root"],
        "assets": assets.info,
        "fonts": fonts,
        "customProperties": custom_properties,
        "stats": walked["stats"],
        "probes": probes,
        "warnings": warnings,
    }
    # Validate against the schema (the converter's contract), then serialize the validated
    # dict itself: a model_dump round trip would cost as much again on large pages.
    CaptureDocument.model_validate(doc)
    capture_json = json.dumps(
        doc,
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        allow_nan=False,
    ).encode("utf-8")
    return CaptureBundle(capture_json=capture_json, screenshot_png=png, assets=assets.files, warnings=warnings)
