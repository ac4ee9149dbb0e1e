"""The page's network as the capture sees it: requests in flight (for "network quiet"), the
asset responses it kept, and asset bytes fetched through the browser only."""

from __future__ import annotations

import time

from playwright.sync_api import BrowserContext, Page, Request, Response
from playwright.sync_api import Error as PlaywrightError

from pageport.capture.contract import CaptureLimits
from pageport.capture.mime import decode_data_url, sniff
from pageport.capture.scripts import FETCH_JS
from pageport.digits import ascii_int


class Network:
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


def content_type(response: Response) -> str | None:
    value = response.headers.get("content-type")
    return value.split(";")[0].strip().lower() if value else None


def fetch_bytes(
    page: Page, net: Network, urls: list[str], limits: CaptureLimits, warnings: list[str]
) -> dict[str, tuple[bytes, str]]:
    """URL -> (bytes, mime) for every retrievable URL, through the browser only."""
    got: dict[str, tuple[bytes, str]] = {}
    missing: list[str] = []
    for url in urls:
        if url.startswith("data:"):
            decoded = decode_data_url(url)
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
        got[url] = (body, content_type(response) or sniff(body))
    if missing:
        results = page.evaluate(FETCH_JS, {"urls": missing, "cap": limits.max_asset_bytes})
        for url, result in zip(missing, results, strict=True):
            if "data" in result:
                decoded = decode_data_url(result["data"])
                if decoded:
                    mime = (result.get("mime") or "").split(";")[0].strip().lower()
                    got[url] = (decoded[0], mime or sniff(decoded[0]))
            elif "tooBig" in result:
                warnings.append(
                    f"asset {url} skipped: {result['tooBig']} bytes exceeds the {limits.max_asset_bytes} byte limit"
                )
            else:
                warnings.append(f"asset {url} not retrievable ({result['error']})")
    return got
