"""`discover_site`: robots.txt, sitemaps, then same-site links breadth-first.

Order of work: the homepage's robots.txt, the homepage (page 1, depth 0; its links are the
first depth-1 candidates), the sitemaps (their pages are depth-1 candidates after the
homepage's links), then the candidates in FIFO order, each page's links one level deeper.

Every fetch goes through the `Fetcher` (SSRF-checked in production) and is preceded by a
robots.txt check for its origin (robots.txt itself excepted); each origin's robots.txt is
fetched once. A page is listed only if it answered 2xx with an HTML content type; anything
else is skipped with a warning (an image or a PDF is not a page Pageport can import).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from pageport.discovery.fetching import BlockedTarget, Fetcher, FetchError, FetchResponse
from pageport.discovery.html import PageInfo, is_html, parse_page
from pageport.discovery.models import (
    RUNNING,
    DiscoveredPage,
    DiscoveryFailed,
    DiscoveryProgress,
    DiscoveryResult,
)
from pageport.discovery.robots import RobotsRules, parse_robots
from pageport.discovery.sitemaps import SitemapKind, parse_sitemap
from pageport.discovery.urls import (
    normalize_url,
    page_key,
    path_and_query,
    site_of,
    url_host,
    url_origin,
)

DEFAULT_MAX_BYTES = 64 * 1024 * 1024  # all responses of one discovery together
MAX_SITEMAP_DOCUMENTS = 25
MAX_SITEMAP_NESTING = 3  # robots.txt -> index -> index -> urlset is as deep as we go
MAX_KNOWN_URLS = 100_000
MAX_WARNINGS = 50
MAX_TRUNCATION_PROBES = 5
PROGRESS_INTERVAL_S = 1.0

ProgressCallback = Callable[[DiscoveryProgress], None]


class _BudgetSpent(Exception):
    """No time, fetches or bytes left: stop where we are and report `truncated`."""


@dataclass
class _Budget:
    clock: Callable[[], float]
    deadline: float
    fetches_left: int
    bytes_left: int

    def take_fetch(self) -> None:
        if self.clock() >= self.deadline:
            raise _BudgetSpent("time budget")
        if self.fetches_left <= 0:
            raise _BudgetSpent("fetch budget")
        if self.bytes_left <= 0:
            raise _BudgetSpent("byte budget")
        self.fetches_left -= 1


@dataclass
class _Warnings:
    items: list[str] = field(default_factory=list)
    suppressed: int = 0

    def add(self, message: str) -> None:
        if len(self.items) < MAX_WARNINGS:
            self.items.append(message)
        else:
            self.suppressed += 1

    def summary(self, counts: dict[str, int]) -> list[str]:
        lines = [*self.items]
        lines += [f"{n} {what}" for what, n in counts.items() if n]
        if self.suppressed:
            lines.append(f"{self.suppressed} more warnings not shown")
        return lines


@dataclass
class _Candidate:
    url: str
    depth: int


class _Discovery:
    def __init__(
        self,
        max_pages: int,
        fetcher: Fetcher,
        on_progress: ProgressCallback | None,
        budget: _Budget,
        progress_interval_s: float,
    ) -> None:
        self.max_pages = max_pages
        self.fetcher = fetcher
        self.on_progress = on_progress
        self.budget = budget
        self.progress_interval_s = progress_interval_s
        self.clock = budget.clock
        self.sites: set[str] = set()
        self.robots: dict[str, RobotsRules | BlockedTarget] = {}
        self.known: set[str] = set()  # page keys ever queued, listed or refused
        self.listed: set[str] = set()  # page keys of listed pages
        self.queue: deque[_Candidate] = deque()
        self.pages: list[DiscoveredPage] = []
        self.warnings = _Warnings()
        self.counts = {"URLs disallowed by robots.txt": 0, "non-HTML responses skipped": 0}
        self.truncated = False
        self.last_progress: tuple[float, int] | None = None
        self.sitemap_sources: list[str] = []  # pages whose origin's sitemaps we read

    # -- plumbing ---------------------------------------------------------------------------

    def fetch(self, url: str) -> FetchResponse:
        self.budget.take_fetch()
        response = self.fetcher.fetch(url)
        self.budget.bytes_left -= len(response.body)
        return response

    def progress(self, *, force: bool = False) -> None:
        if self.on_progress is None:
            return
        now, found = self.clock(), len(self.pages)
        last = self.last_progress
        if force or (last is not None and found != last[1] and now - last[0] >= self.progress_interval_s):
            self.on_progress(DiscoveryProgress(RUNNING, found, None))
            self.last_progress = (now, found)

    def rules_for(self, url: str) -> RobotsRules:
        """robots.txt of the URL's origin, fetched once. Raises `BlockedTarget` if refused."""
        origin = url_origin(url)
        cached = self.robots.get(origin)
        if cached is None:
            cached = self.robots[origin] = self._fetch_robots(origin)
        if isinstance(cached, BlockedTarget):
            raise cached
        return cached

    def _fetch_robots(self, origin: str) -> RobotsRules | BlockedTarget:
        # RFC 9309 section 2.3.1: 4xx means no rules; 5xx or unreachable means disallow all.
        # 429 is treated like 5xx: the site asked us to back off.
        try:
            response = self.fetch(origin + "/robots.txt")
        except BlockedTarget as blocked:
            return blocked
        except FetchError as error:
            self.warnings.add(f"{origin}/robots.txt unreachable ({error}): not crawling there")
            return RobotsRules.disallow_all()
        if response.ok:
            return parse_robots(response.body.decode("utf-8", errors="replace"))
        if response.status >= 500 or response.status == 429:
            self.warnings.add(f"{origin}/robots.txt answered HTTP {response.status}: not crawling")
            return RobotsRules.disallow_all()
        return RobotsRules.allow_all()

    def allowed(self, url: str) -> bool:
        if self.rules_for(url).allows(path_and_query(url)):
            return True
        self.counts["URLs disallowed by robots.txt"] += 1
        return False

    def same_site(self, url: str) -> bool:
        return site_of(url_host(url)) in self.sites

    def offer(self, raw: str, base: str | None, depth: int) -> None:
        """Queue a link or sitemap entry if it is a same-site page we have not met yet."""
        url = normalize_url(raw, base)
        if url is None or not self.same_site(url):
            return
        key = page_key(url)
        if key in self.known or len(self.known) >= MAX_KNOWN_URLS:
            return
        self.known.add(key)
        try:
            if not self.allowed(url):
                return
        except BlockedTarget as blocked:
            self.warnings.add(f"{url}: skipped, address not allowed ({blocked.reason})")
            return
        self.queue.append(_Candidate(url, depth))

    def add_page(self, page: DiscoveredPage) -> None:
        self.pages.append(page)
        self.listed.add(page_key(page.url))
        self.progress()

    # -- stages -----------------------------------------------------------------------------

    def homepage(self, homepage: str) -> None:
        home = normalize_url(homepage)
        if home is None:
            raise DiscoveryFailed("The homepage URL is not a valid http(s) URL.")
        self.sites.add(site_of(url_host(home)))
        self.known.add(page_key(home))
        self.progress(force=True)
        try:
            if not self.rules_for(home).allows(path_and_query(home)):
                self.warnings.add(f"{home}: robots.txt disallows the homepage; listed unfetched")
                self.add_page(DiscoveredPage(home, None, None, 0))
                self.sitemap_sources = [home]
                return
            response = self.fetch(home)
        except BlockedTarget as blocked:
            raise DiscoveryFailed("The homepage address is not allowed.") from blocked
        except FetchError as error:
            raise DiscoveryFailed("The homepage could not be fetched.") from error
        except _BudgetSpent as spent:
            raise DiscoveryFailed("The homepage could not be fetched in time.") from spent
        if not response.ok:
            raise DiscoveryFailed(f"The homepage answered HTTP {response.status}.")
        final = normalize_url(response.url) or home
        # A homepage that redirects (apex -> www, or to a new domain) makes that host ours too.
        self.sites.add(site_of(url_host(final)))
        self.known.add(page_key(final))
        html = is_html(response.headers, response.body)
        info = parse_page(response.headers, response.body) if html else PageInfo()
        self.add_page(DiscoveredPage(final, info.title, info.description, 0))
        self.offer_links(info, final, 1)
        self.sitemap_sources = [home] if final == home else [home, final]

    def offer_links(self, info: PageInfo, page_url: str, depth: int) -> None:
        base = normalize_url(info.base_href, page_url) if info.base_href else None
        for link in info.links:
            self.offer(link, base or page_url, depth)

    def sitemaps(self) -> None:
        """Read sitemaps named in robots.txt, and /sitemap.xml; queue their pages at depth 1."""
        pending: deque[tuple[str, int, bool]] = deque()  # (url, nesting, guessed)
        seen: set[str] = set()

        def push(raw: str, nesting: int, guessed: bool) -> None:
            url = normalize_url(raw)
            if url is not None and url not in seen:
                seen.add(url)
                pending.append((url, nesting, guessed))

        for page_url in self.sitemap_sources:
            try:
                declared = self.rules_for(page_url).sitemaps
            except BlockedTarget:
                declared = ()
            for raw in declared:
                push(raw, 1, False)
            push(url_origin(page_url) + "/sitemap.xml", 1, True)

        documents = 0
        # Once the queue holds twice what we can list, more sitemap entries change nothing.
        while pending and documents < MAX_SITEMAP_DOCUMENTS and len(self.queue) < 2 * (self.max_pages + 1):
            url, nesting, guessed = pending.popleft()
            documents += 1
            for child in self.read_sitemap(url, guessed):
                if nesting >= MAX_SITEMAP_NESTING:
                    self.warnings.add(f"{url}: sitemap index nested too deep, {child} ignored")
                    break
                push(child, nesting + 1, False)
        if pending:
            self.warnings.add(f"{len(pending)} sitemaps not read (enough candidates or limit)")

    def read_sitemap(self, url: str, guessed: bool) -> list[str]:
        """Queue the pages of one sitemap; return the sitemaps an index names."""
        try:
            if not self.allowed(url):
                return []
            response = self.fetch(url)
        except BlockedTarget as blocked:
            self.warnings.add(f"{url}: sitemap skipped, address not allowed ({blocked.reason})")
            return []
        except FetchError as error:
            self.warnings.add(f"{url}: sitemap fetch failed ({error})")
            return []
        if not response.ok or is_html(response.headers, response.body):
            if not guessed:  # a missing /sitemap.xml (or a soft-404 page) is not news
                self.warnings.add(f"{url}: not a sitemap (HTTP {response.status})")
            return []
        sitemap = parse_sitemap(response.body)
        if sitemap.error:
            self.warnings.add(f"{url}: {sitemap.error}; kept {len(sitemap.locs)} entries before it")
        if response.truncated or sitemap.truncated:
            self.warnings.add(f"{url}: sitemap cut at the byte cap")
        if sitemap.kind is SitemapKind.INDEX:
            return sitemap.locs
        if sitemap.kind is SitemapKind.URLSET:
            for loc in sitemap.locs:
                self.offer(loc, None, 1)
        elif not guessed:
            self.warnings.add(f"{url}: not a sitemap (unknown root element)")
        return []

    def crawl(self) -> None:
        """Visit candidates in FIFO (= breadth-first) order until max_pages are listed, then
        look for one more listable page to know whether the list is `truncated`."""
        probes = 0
        while self.queue:
            if len(self.pages) >= self.max_pages:
                if probes >= MAX_TRUNCATION_PROBES:
                    self.truncated = True  # candidates remain, none confirmed: assume more
                    return
                probes += 1
            candidate = self.queue.popleft()
            page = self.visit(candidate, follow_links=len(self.pages) < self.max_pages)
            if page is None:
                continue
            if len(self.pages) >= self.max_pages:
                self.truncated = True
                return
            self.add_page(page)

    def visit(self, candidate: _Candidate, *, follow_links: bool) -> DiscoveredPage | None:
        url = candidate.url
        if page_key(url) in self.listed:
            return None
        try:
            response = self.fetch(url)
        except BlockedTarget as blocked:
            self.warnings.add(f"{url}: skipped, address not allowed ({blocked.reason})")
            return None
        except FetchError as error:
            self.warnings.add(f"{url}: fetch failed ({error})")
            return None
        if not response.ok:
            self.warnings.add(f"{url}: HTTP {response.status}")
            return None
        final = normalize_url(response.url) or url
        if final != url and not self.redirect_target_ok(url, final):
            return None
        if not is_html(response.headers, response.body):
            self.counts["non-HTML responses skipped"] += 1
            return None
        info = parse_page(response.headers, response.body)
        if follow_links:
            self.offer_links(info, final, candidate.depth + 1)
        return DiscoveredPage(final, info.title, info.description, candidate.depth)

    def redirect_target_ok(self, url: str, final: str) -> bool:
        if not self.same_site(final):
            self.warnings.add(f"{url}: redirects off-site to {final}, skipped")
            return False
        key = page_key(final)
        if key in self.listed:
            return False  # another address of a page already listed
        self.known.add(key)
        try:
            # The fetcher followed the redirect itself; still, do not list a disallowed page.
            return self.allowed(final)
        except BlockedTarget:
            return False


def discover_site(
    homepage: str,
    max_pages: int,
    fetcher: Fetcher,
    *,
    on_progress: ProgressCallback | None = None,
    time_budget_s: float = 300,
    max_fetches: int | None = None,
    clock: Callable[[], float] = time.monotonic,
    max_bytes: int = DEFAULT_MAX_BYTES,
    progress_interval_s: float = PROGRESS_INTERVAL_S,
) -> DiscoveryResult:
    """Find up to `max_pages` pages of the site whose homepage is `homepage`.

    The homepage is always page 1 (depth 0). `on_progress` receives running updates (status
    "0", throttled to one per `progress_interval_s` once pages are found, the first one
    immediately); the caller publishes the terminal status itself, after `pages.json`, with
    `DiscoveryProgress.completed(result)` or `DiscoveryProgress.failed(error)`.

    `time_budget_s`, `max_fetches` (default `3 * max_pages + 50`, robots and sitemaps
    included) and `max_bytes` (all response bodies together) bound the work: when one runs
    out, what was found so far is returned with `truncated=True`. The time budget is checked
    before each fetch, so one fetch (bounded by the fetcher's timeout) can overrun it.

    Raises `DiscoveryFailed` (safe message) if the homepage cannot be fetched or answers an
    error status.
    """
    if max_pages < 1:
        raise ValueError("max_pages must be at least 1")
    budget = _Budget(
        clock=clock,
        deadline=clock() + time_budget_s,
        fetches_left=max_fetches if max_fetches is not None else 3 * max_pages + 50,
        bytes_left=max_bytes,
    )
    run = _Discovery(max_pages, fetcher, on_progress, budget, progress_interval_s)
    run.homepage(homepage)
    try:
        run.sitemaps()
        run.crawl()
    except _BudgetSpent as spent:
        run.truncated = True
        run.warnings.add(f"stopped early: {spent} exhausted")
    return DiscoveryResult(run.pages, run.truncated, run.warnings.summary(run.counts))
