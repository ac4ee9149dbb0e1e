"""Capture one web page in a warm Chromium: capture.json, screenshot.png and assets.

The worker owns the browser (launched behind the SSRF egress proxy) and calls
:func:`capture_page` once per job. Every byte this module gets from the web comes through that
browser: response bodies the page already loaded, or an in-page ``fetch`` for the rest, so the
proxy's checks apply to asset bytes too. There is no second HTTP client here.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import hashlib
import json
import re
import struct
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal
from urllib.parse import unquote_to_bytes, urljoin, urlsplit

from playwright.sync_api import Browser, BrowserContext, Page, Request, Response
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from pageport.capture.schema import (
    ELEMENT_STYLE_PROPERTIES,
    FLEX_ITEM_PROPERTIES,
    FONT_PROPERTIES,
    GAP_AND_GRID_TRACK_PROPERTIES,
    GRID_PLACEMENT_PROPERTIES,
    PSEUDO_STYLE_PROPERTIES,
    SCHEMA_VERSION,
    STYLE_DEFAULTS,
    TEXT_DECORATION_DETAIL_PROPERTIES,
    TEXT_STYLE_PROPERTIES,
    CaptureDocument,
)
from pageport.digits import ascii_int

__all__ = [
    "CaptureBundle",
    "CaptureFailed",
    "CaptureLimits",
    "CaptureRequest",
    "capture_page",
]

# Attributes worth keeping (semantics, accessibility names, links).
ATTRIBUTES: tuple[str, ...] = (
    "id",
    "class",
    "role",
    "aria-label",
    "alt",
    "href",
    "title",
    "name",
    "type",
    "lang",
    "dir",
)


def _style_groups() -> dict[str, Any]:
    """ELEMENT_STYLE_PROPERTIES split by the condition under which each group matters.

    The walker reads a group only when its condition holds (dom_walker.js, stylesOf); the
    schema module's docstring tells readers the same rules.
    """
    sides = ("top", "right", "bottom", "left")
    groups: dict[str, Any] = {
        "positioned": ("top", "right", "bottom", "left", "z-index"),
        "container": (
            "flex-direction",
            "flex-wrap",
            "justify-content",
            "justify-items",
            "align-items",
            "align-content",
            *GAP_AND_GRID_TRACK_PROPERTIES,
        ),
        "item": (
            "justify-self",
            "align-self",
            *FLEX_ITEM_PROPERTIES,
            *GRID_PLACEMENT_PROPERTIES,
            "z-index",
        ),
        "list": ("list-style-type", "list-style-position"),
        "replaced": ("object-fit", "object-position"),
        "transformed": ("transform-origin",),
        "border": {s: (f"border-{s}-style", f"border-{s}-width", f"border-{s}-color") for s in sides},
        "backgroundLayers": (
            "background-size",
            "background-position",
            "background-repeat",
            "background-origin",
            "background-attachment",
            "background-blend-mode",
        ),
        "outline": ("outline-style", "outline-width", "outline-color", "outline-offset"),
        # Read for elements with their own (non-blank) text, form controls and pseudos.
        "text": (
            *FONT_PROPERTIES,
            "text-transform",
            "text-indent",
            "text-decoration-line",
            "text-shadow",
            "white-space",
            "word-break",
            "overflow-wrap",
            "-webkit-text-stroke-width",
            "-webkit-background-clip",
        ),
        "decoration": TEXT_DECORATION_DETAIL_PROPERTIES,
        "stroke": ("-webkit-text-stroke-width", "-webkit-text-stroke-color"),
        "fill": ("-webkit-text-fill-color",),
    }
    gated = {p for key, props in groups.items() if key != "border" for p in props}
    gated |= {p for props in groups["border"].values() for p in props}
    groups["always"] = tuple(p for p in ELEMENT_STYLE_PROPERTIES if p not in gated)
    groups["borderSides"] = sides
    return groups


STYLE_GROUPS: dict[str, Any] = _style_groups()


@dataclass(frozen=True)
class CaptureRequest:
    """What to capture: the URL (already normalized and checked) and how to render it."""

    url: str
    viewport_width: int
    viewport_height: int
    device_scale_factor: float = 1
    ready_selector: str | None = None


@dataclass(frozen=True)
class CaptureLimits:
    """Bounds on one capture. Over a limit the capture truncates with a warning, or fails."""

    time_budget_s: float = 120
    max_page_height: int = 16384  # CSS px; taller pages are cut with a warning
    max_dom_nodes: int = 20000  # elements + text nodes; the rest is left out with a warning
    max_asset_bytes: int = 5_000_000  # per asset; bigger ones are skipped with a warning
    max_total_asset_bytes: int = 40_000_000
    ready_selector_timeout_s: float = 15
    network_quiet_ms: int = 250  # no request in flight for this long = "network quiet"
    network_quiet_timeout_s: float = 5  # long-polling pages never go quiet: proceed after this
    max_scroll_s: float = 10  # lazy-content scrolling stops after this long
    # Screenshot area in device pixels (~4 bytes each while encoding). Taller pages are cut
    # to fit; a viewport that alone does not fit fails.
    max_screenshot_pixels: int = 2**27


DEFAULT_LIMITS = CaptureLimits()


@dataclass(frozen=True)
class CaptureBundle:
    """The artifacts of one capture.

    ``capture_json`` is canonical (sorted keys, compact separators, UTF-8), so its SHA-256
    identifies it. ``assets`` maps SHA-256 (lowercase hex) to bytes.
    """

    capture_json: bytes
    screenshot_png: bytes
    assets: dict[str, bytes]
    warnings: list[str]


FailureCode = Literal[
    "navigation_failed",
    "ready_selector_timeout",
    "invalid_ready_selector",
    "budget_exceeded",
    "page_too_large",
    "browser_error",
]


class CaptureFailed(Exception):
    """The capture cannot produce a result. ``safe_message`` may be shown to users as is."""

    def __init__(self, safe_message: str, *, code: FailureCode) -> None:
        super().__init__(safe_message)
        self.safe_message = safe_message
        self.code = code


@dataclass
class _Deadline:
    budget_s: float
    start: float = field(default_factory=time.monotonic)

    def remaining_s(self) -> float:
        left = self.budget_s - (time.monotonic() - self.start)
        if left <= 0:
            raise self.exceeded()
        return left

    def remaining_ms(self) -> float:
        return self.remaining_s() * 1000

    def exceeded(self) -> CaptureFailed:
        return CaptureFailed(
            f"The capture did not finish within its {self.budget_s:g} s time budget.",
            code="budget_exceeded",
        )


class _Network:
    """Tracks requests in flight (for "network quiet") and keeps asset responses by URL."""

    _KEEP = frozenset({"image", "font", "media", "stylesheet"})

    def __init__(self, context: BrowserContext) -> None:
        self.inflight: set[Request] = set()
        self.last_activity = time.monotonic()
        self.responses: dict[str, Response] = {}
        self.stylesheets: list[Response] = []
        context.on("request", self._started)
        context.on("requestfinished", self._ended)
        context.on("requestfailed", self._ended)
        context.on("response", self._response)

    def _started(self, request: Request) -> None:
        self.inflight.add(request)
        self.last_activity = time.monotonic()

    def _ended(self, request: Request) -> None:
        self.inflight.discard(request)
        self.last_activity = time.monotonic()

    def _response(self, response: Response) -> None:
        request = response.request
        if request.resource_type not in self._KEEP or not 200 <= response.status < 300:
            return
        if request.resource_type == "stylesheet":
            self.stylesheets.append(response)
            return
        # currentSrc / url() name the URL before redirects: index the whole chain.
        hop: Request | None = request
        while hop is not None:
            self.responses.setdefault(hop.url, response)
            hop = hop.redirected_from

    def wait_quiet(self, page: Page, quiet_ms: int, timeout_s: float) -> bool:
        """Wait until nothing was in flight for ``quiet_ms``; False if that took too long."""
        give_up = time.monotonic() + timeout_s
        quiet_s = quiet_ms / 1000
        while True:
            now = time.monotonic()
            if not self.inflight and now - self.last_activity >= quiet_s:
                return True
            if now >= give_up:
                return False
            idle_for = now - self.last_activity
            wait_s = quiet_s - idle_for if not self.inflight else 0.05
            page.wait_for_timeout(max(10.0, min(wait_s, give_up - now) * 1000))


@cache
def _walker_source() -> str:
    return (Path(__file__).parent / "dom_walker.js").read_text(encoding="utf-8")


# Scrolls through the page (lazy images, infinite sections, reveal-on-scroll), then returns to
# the top with behavior 'instant' (scroll-behavior: smooth would animate) and waits until
# scrollY has settled at 0 for two frames, so boxes are not read mid-animation.
_SCROLL_JS = """
async ({ maxHeight, maxMs }) => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  const to = (y) => window.scrollTo({ top: y, left: 0, behavior: 'instant' });
  const se = document.scrollingElement || document.documentElement;
  const height = () => Math.min(maxHeight,
    Math.max(se.scrollHeight, document.body ? document.body.scrollHeight : 0));
  const vh = window.innerHeight;
  const start = performance.now();
  let y = 0;
  let steps = 0;
  while (y + vh < height() && performance.now() - start < maxMs) {
    y = Math.min(y + vh, height() - vh);
    to(y);
    await frame(); // intersection observers (and native lazy loading) run in this frame
    steps++;
  }
  to(0);
  let still = 0;
  for (let i = 0; i < 600 && still < 2; i++) {
    await frame();
    if (window.scrollY === 0 && window.scrollX === 0) still++; else { still = 0; to(0); }
  }
  return { steps, timedOut: performance.now() - start >= maxMs, scrollY: window.scrollY };
}
"""

# Fonts and images finished (or given up on) before measuring.
_SETTLE_JS = """
async (maxMs) => {
  const limit = new Promise((r) => setTimeout(() => r('timeout'), maxMs));
  const imgs = [...document.images].filter((i) => !i.complete)
    .map((i) => new Promise((r) => { i.addEventListener('load', r, { once: true });
                                     i.addEventListener('error', r, { once: true }); }));
  return Promise.race([Promise.all([document.fonts.ready, ...imgs]).then(() => 'ok'), limit]);
}
"""

# Asset bytes the page did not load itself (blob: URLs, evicted bodies), fetched by the page
# so the browser's egress path applies. Returns data: URLs.
_FETCH_JS = """
async ({ urls, cap }) => Promise.all(urls.map(async (u) => {
  try {
    const r = await fetch(u, { credentials: 'include' });
    if (!r.ok) return { error: `HTTP ${r.status}` };
    const b = await r.blob();
    if (b.size > cap) return { tooBig: b.size };
    const data = await new Promise((res, rej) => {
      const fr = new FileReader(); fr.onload = () => res(fr.result); fr.onerror = rej;
      fr.readAsDataURL(b);
    });
    return { data, mime: r.headers.get('content-type') };
  } catch (e) { return { error: 'network error' }; }
}))
"""

_NET_ERROR = re.compile(r"net::ERR_[A-Z_]+")
_FONT_FACE = re.compile(r"@font-face\s*\{([^}]*)\}", re.IGNORECASE)
_CSS_URL = re.compile(r"""url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)""")
_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF8", "image/gif"),
    (b"wOF2", "font/woff2"),
    (b"wOFF", "font/woff"),
    (b"OTTO", "font/otf"),
    (b"\x00\x01\x00\x00", "font/ttf"),
    (b"<svg", "image/svg+xml"),
    (b"<?xml", "image/svg+xml"),
)


def _sniff(data: bytes) -> str:
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    head = data[:256].lstrip()
    for magic, mime in _MAGIC:
        if head.startswith(magic):
            return mime
    return "application/octet-stream"


def _decode_data_url(url: str) -> tuple[bytes, str] | None:
    header, sep, payload = url[5:].partition(",")
    if not sep:
        return None
    mime = header.split(";")[0].strip().lower()
    try:
        data = base64.b64decode(payload) if header.endswith(";base64") else unquote_to_bytes(payload)
    except (binascii.Error, ValueError):
        return None
    return data, mime or _sniff(data)


def _png_size(png: bytes) -> tuple[int, int]:
    width, height = struct.unpack(">II", png[16:24])
    return int(width), int(height)


def _content_type(response: Response) -> str | None:
    value = response.headers.get("content-type")
    return value.split(";")[0].strip().lower() if value else None


def _navigation_failed(exc: PlaywrightError, url: str) -> CaptureFailed:
    match = _NET_ERROR.search(str(exc))
    detail = f" ({match.group(0)})" if match else ""
    return CaptureFailed(f"Could not load {url}{detail}.", code="navigation_failed")


def _image_refs(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every ImageRef dict in the walked tree, in document order."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield from n.get("images", ())
        for pseudo in (n.get("pseudo") or {}).values():
            yield from pseudo.get("images", ())
        stack.extend(reversed(n.get("children", ())))


@dataclass
class _Assets:
    """Asset files by SHA-256 within the per-asset and total byte caps."""

    limits: CaptureLimits
    warnings: list[str]
    files: dict[str, bytes] = field(default_factory=dict)
    info: dict[str, dict[str, Any]] = field(default_factory=dict)
    total: int = 0

    def add(self, data: bytes, *, kind: str, mime: str, url: str | None, **extra: Any) -> str | None:
        label = url if url and not url.startswith("data:") else f"{kind} ({mime})"
        if len(data) > self.limits.max_asset_bytes:
            self.warnings.append(
                f"asset {label} skipped: {len(data)} bytes exceeds the {self.limits.max_asset_bytes} byte limit"
            )
            return None
        digest = hashlib.sha256(data).hexdigest()
        if digest in self.files:
            return digest
        if self.total + len(data) > self.limits.max_total_asset_bytes:
            self.warnings.append(
                f"asset {label} skipped: total asset bytes would exceed {self.limits.max_total_asset_bytes}"
            )
            return None
        self.files[digest] = data
        self.total += len(data)
        kind = "svg" if kind == "image" and mime == "image/svg+xml" else kind
        stored_url = None if url is None or url.startswith("data:") else url
        self.info[digest] = {
            "kind": kind,
            "mime": mime,
            "bytes": len(data),
            "url": stored_url,
            **{k: v for k, v in extra.items() if v is not None},
        }
        return digest


def _fetch_bytes(
    page: Page, net: _Network, urls: list[str], limits: CaptureLimits, warnings: list[str]
) -> dict[str, tuple[bytes, str]]:
    """URL -> (bytes, mime) for every retrievable URL, through the browser only."""
    got: dict[str, tuple[bytes, str]] = {}
    missing: list[str] = []
    for url in urls:
        if url.startswith("data:"):
            decoded = _decode_data_url(url)
            if decoded:
                got[url] = decoded
            continue
        response = net.responses.get(url)
        if response is None:
            missing.append(url)
            continue
        declared = response.headers.get("content-length", "")
        declared_bytes = ascii_int(declared)
        if declared_bytes is not None and declared_bytes > limits.max_asset_bytes:
            warnings.append(f"asset {url} skipped: {declared} bytes exceeds the {limits.max_asset_bytes} byte limit")
            continue
        try:
            body = response.body()
        except PlaywrightError:
            missing.append(url)  # body evicted from the browser's buffer: ask the page
            continue
        got[url] = (body, _content_type(response) or _sniff(body))
    if missing:
        results = page.evaluate(_FETCH_JS, {"urls": missing, "cap": limits.max_asset_bytes})
        for url, result in zip(missing, results, strict=True):
            if "data" in result:
                decoded = _decode_data_url(result["data"])
                if decoded:
                    mime = (result.get("mime") or "").split(";")[0].strip().lower()
                    got[url] = (decoded[0], mime or _sniff(decoded[0]))
            elif "tooBig" in result:
                warnings.append(
                    f"asset {url} skipped: {result['tooBig']} bytes exceeds the {limits.max_asset_bytes} byte limit"
                )
            else:
                warnings.append(f"asset {url} not retrievable ({result['error']})")
    return got


def _font_sources_from_stylesheets(net: _Network) -> dict[str, list[str]]:
    """family (lowercase) -> src URLs, from stylesheet bodies (cross-origin CSS included)."""
    sources: dict[str, list[str]] = {}
    for response in net.stylesheets:
        try:
            css = response.text()
        except PlaywrightError:
            continue
        for block in _FONT_FACE.findall(css):
            family = re.search(r"font-family\s*:\s*([^;]+)", block, re.IGNORECASE)
            src = re.search(r"(?:^|;)\s*src\s*:\s*([^;]+)", block, re.IGNORECASE)
            if not family or not src:
                continue
            name = family.group(1).strip().strip("\"'").lower()
            for m in _CSS_URL.finditer(src.group(1)):
                sources.setdefault(name, []).append(urljoin(response.url, m.group(1) or m.group(2) or m.group(3)))
    return sources


_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_CSS_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_PSEUDO_SELECTOR = re.compile(r"::?(?:before|after)\b", re.IGNORECASE)


def _external_pseudo_selectors(net: _Network, page_url: str) -> dict[str, list[str]]:
    """Cross-origin stylesheet URL -> selectors of its ::before/::after rules that set content.

    Script cannot read cross-origin sheets' rules; the walker uses these to know which
    elements may have generated content without asking every element (see dom_walker.js).
    """
    origin = urlsplit(page_url)[:2]
    found: dict[str, list[str]] = {}
    for response in net.stylesheets:
        if urlsplit(response.url)[:2] == origin:
            continue
        try:
            css = _CSS_COMMENT.sub("", response.text())
        except PlaywrightError:
            continue  # the walker then asks every element
        found[response.url] = [
            selector.strip()
            for selector, body in _CSS_RULE.findall(css)
            if _PSEUDO_SELECTOR.search(selector) and "content" in body and not selector.lstrip().startswith("@")
        ]
    return found


def _collect_assets(
    page: Page, net: _Network, walked: dict[str, Any], limits: CaptureLimits, warnings: list[str]
) -> tuple[_Assets, list[dict[str, Any]]]:
    """Store the images, canvases and fonts the tree references; fill in their sha256."""
    assets = _Assets(limits, warnings)
    refs = list(_image_refs(walked["root"]))
    fonts: list[dict[str, Any]] = walked["fonts"]
    if any(not f["srcUrls"] for f in fonts):
        sheet_sources = _font_sources_from_stylesheets(net)
        for face in fonts:
            if not face["srcUrls"]:
                face["srcUrls"] = sheet_sources.get(face["family"].lower(), [])
    # The face's first src the browser actually loaded (or a data: URL).
    font_urls: dict[int, str] = {}
    for i, face in enumerate(fonts):
        for url in face["srcUrls"]:
            if url in net.responses or url.startswith("data:"):
                font_urls[i] = url
                break

    wanted = list(dict.fromkeys([r["url"] for r in refs if r.get("url")] + list(font_urls.values())))
    fetched = _fetch_bytes(page, net, wanted, limits, warnings)
    by_url: dict[str, str | None] = {}
    for ref in refs:
        key = ref.pop("canvasKey", None)
        if key is not None:
            decoded = _decode_data_url(walked["canvases"].get(key, ""))
            ref["sha256"] = decoded and assets.add(
                decoded[0],
                kind="canvas",
                mime="image/png",
                url=None,
                width=ref.get("naturalWidth"),
                height=ref.get("naturalHeight"),
            )
            continue
        url = ref["url"]
        if url not in by_url:
            data = fetched.get(url)
            by_url[url] = data and assets.add(
                data[0],
                kind="image",
                mime=data[1],
                url=url,
                width=ref.get("naturalWidth"),
                height=ref.get("naturalHeight"),
            )
        ref["sha256"] = by_url[url]
        if url.startswith("data:"):
            ref["url"] = None  # the bytes are in assets; keep capture.json small
    faces: list[dict[str, Any]] = []
    for i, face in enumerate(fonts):
        url = font_urls.get(i)
        data = fetched.get(url) if url else None
        sha = data and assets.add(data[0], kind="font", mime=data[1], url=url, family=face["family"])
        faces.append(
            {
                "family": face["family"],
                "weight": face["weight"],
                "style": face["style"],
                "stretch": face["stretch"],
                "unicodeRange": face["unicodeRange"],
                "url": None if url is None or url.startswith("data:") else url,
                "sha256": sha,
                "status": face["status"],
            }
        )
    return assets, faces


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
    Raises :class:`CaptureFailed` with a safe message; other exceptions are bugs.
    """
    deadline = _Deadline(limits.time_budget_s)
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
    context = browser.new_context(**kwargs)
    try:
        if on_context is not None:
            on_context(context)
        net = _Network(context)
        page = context.new_page()
        return _capture(page, net, request, limits, deadline)
    except PlaywrightTimeoutError:
        raise deadline.exceeded() from None
    except PlaywrightError as exc:
        if deadline.budget_s - (time.monotonic() - deadline.start) <= 0:
            raise deadline.exceeded() from None
        raise CaptureFailed(
            "The page could not be captured (the browser reported an error).", code="browser_error"
        ) from exc
    finally:
        with contextlib.suppress(PlaywrightError):  # a crashed browser must not mask the cause
            context.close()


def _capture(
    page: Page, net: _Network, request: CaptureRequest, limits: CaptureLimits, deadline: _Deadline
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

    # The largest height the screenshot may have (CSS px): the page-height limit, and the
    # pixel budget at this width and scale.
    scale = request.device_scale_factor
    max_height = min(
        limits.max_page_height, int(limits.max_screenshot_pixels / (request.viewport_width * scale * scale))
    )

    # Scroll first, then wait for quiet: the quiet window is measured from the last request,
    # so time spent scrolling counts towards it instead of adding to it.
    scroll_ms = min(limits.max_scroll_s, deadline.remaining_s()) * 1000
    scrolled = page.evaluate(_SCROLL_JS, {"maxHeight": max_height, "maxMs": scroll_ms})
    if scrolled["timedOut"]:
        warnings.append("scrolling for lazy content stopped at its time limit")
    quiet_timeout = min(limits.network_quiet_timeout_s, deadline.remaining_s())
    if not net.wait_quiet(page, limits.network_quiet_ms, quiet_timeout):
        warnings.append(f"the network did not go quiet within {quiet_timeout:g} s; captured what had loaded")
    settle_ms = min(limits.network_quiet_timeout_s, deadline.remaining_s()) * 1000
    if page.evaluate(_SETTLE_JS, settle_ms) != "ok":
        warnings.append("some fonts or images were still loading when the page was captured")

    walked = json.loads(
        page.evaluate(
            _walker_source(),
            {
                "styleGroups": STYLE_GROUPS,
                "pseudoProps": PSEUDO_STYLE_PROPERTIES,
                "textProps": TEXT_STYLE_PROPERTIES,
                "defaults": STYLE_DEFAULTS,
                "attrNames": ATTRIBUTES,
                "maxNodes": limits.max_dom_nodes,
                "maxPageHeight": max_height,
                "externalPseudo": _external_pseudo_selectors(net, page.url),
            },
        )
    )
    deadline.remaining_s()
    warnings.extend(walked["warnings"])
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
    )
    shot_w, shot_h = _png_size(png)

    assets, fonts = _collect_assets(page, net, walked, limits, warnings)
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
        },
        "root": walked["root"],
        "assets": assets.info,
        "fonts": fonts,
        "stats": walked["stats"],
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
