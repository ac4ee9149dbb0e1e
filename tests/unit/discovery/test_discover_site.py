"""discover_site end to end: real SafeFetcher, fixture site on 127.0.0.1."""

from __future__ import annotations

import itertools

import pytest
from pageport.discovery import (
    DiscoveredPage,
    DiscoveryFailed,
    DiscoveryProgress,
    discover_site,
    pages_document,
)
from pageport.netguard.fetch import SafeFetcher
from pageport.netguard.policy import TargetPolicy

from tests.unit.discovery.conftest import resolver
from tests.unit.discovery.site_server import FixtureSite, Route, html_page, redirect, static_site


def test_static_site(site: FixtureSite, fetcher: SafeFetcher) -> None:
    site.reset(static_site(site))
    o = site.origin

    result = discover_site(o, 50, fetcher, progress_interval_s=0)

    assert result.truncated is False
    assert result.pages == [
        DiscoveredPage(f"{o}/", "Acme & Co — Home", "Welcome to Acme.", 0),
        # homepage links first, in document order (duplicates and variants folded)
        DiscoveredPage(f"{o}/about", "About", "About Acme (from og:description).", 1),
        DiscoveredPage(f"{o}/contact", "Contact", None, 1),
        DiscoveredPage(f"{o}/private/open", "Open", None, 1),
        DiscoveredPage(f"{o}/new-home", "New home of the moved page", None, 1),  # via /old
        # then the sitemap entries (the index -> a plain and a gzip sitemap)
        DiscoveredPage(f"{o}/sitemap-only", "Only in the sitemap", None, 1),
        DiscoveredPage(f"{o}/blog/1", "Blog 1", "First post.", 1),
        DiscoveredPage(f"{o}/blog/2", "Blog 2", None, 1),
        # then links of depth-1 pages, breadth-first
        DiscoveredPage(f"{o}/team", "Team", None, 2),
        DiscoveredPage(f"{o}/team/deep", "Deep", "Three links from home.", 3),
    ]

    fetched = site.paths("site.test")
    # robots.txt is honoured: disallowed paths were never requested
    assert not [p for p in fetched if p.startswith("/private") and p != "/private/open"]
    assert "/doc.pdf" not in fetched  # Disallow: /*.pdf$
    assert "/doc.pdf?download=1" in fetched  # $ anchors: the query makes it allowed
    # each page once, although linked many times and in several spellings (cycles included)
    assert sorted(fetched) == sorted(set(fetched))
    assert fetched[:2] == ["/robots.txt", "/"]
    assert {"/sitemap-index.xml", "/sitemap-pages.xml", "/sitemap-blog.xml.gz"} <= set(fetched)
    # off-site links and sitemap entries are never fetched; only the redirect target was
    assert site.paths("other.test") == ["/landing"]
    assert site.paths("www.site.test") == []

    warnings = "\n".join(result.warnings)
    assert "169.254.169.254" in warnings  # the Sitemap: line to the metadata address
    assert "www-page: skipped, address not allowed" in warnings  # www host -> metadata IP
    assert "redirect-off: redirects off-site" in warnings
    assert "broken: HTTP 404" in warnings
    assert "1 non-HTML responses skipped" in warnings
    assert "URLs disallowed by robots.txt" in warnings


def test_max_pages_truncates_breadth_first(site: FixtureSite, fetcher: SafeFetcher) -> None:
    # 1 -> 2, 3; 2 -> 4, 5; ... a binary tree of 40 pages, plus cycles back to the root
    routes = {"/": html_page("p1", ["/p2", "/p3", "/"])}
    routes |= {f"/p{n}": html_page(f"p{n}", [f"/p{2 * n}", f"/p{2 * n + 1}", "/"]) for n in range(2, 41)}
    site.reset(routes)

    result = discover_site(site.origin, 7, fetcher)

    assert result.truncated is True
    assert [p.title for p in result.pages] == ["p1", "p2", "p3", "p4", "p5", "p6", "p7"]
    assert [p.depth for p in result.pages] == [0, 1, 1, 2, 2, 2, 2]
    # one page past the limit was fetched to know the list is incomplete, no more
    assert set(site.paths()) - {"/robots.txt", "/sitemap.xml", "/"} == {f"/p{n}" for n in range(2, 9)}


def test_exactly_max_pages_is_not_truncated(site: FixtureSite, fetcher: SafeFetcher) -> None:
    site.reset(
        {
            "/": html_page("home", ["/a", "/b", "/gone"]),
            "/a": html_page("a", ["/b"]),
            "/b": html_page("b", ["/a"]),
        }
    )
    result = discover_site(site.origin + "/", 3, fetcher)
    assert [p.title for p in result.pages] == ["home", "a", "b"]
    assert result.truncated is False  # "/gone" is a 404, not a fourth page


def test_progress_is_published_while_crawling(site: FixtureSite, fetcher: SafeFetcher) -> None:
    site.reset({"/": html_page("home", ["/a", "/b"]), "/a": html_page("a"), "/b": html_page("b")})
    seen: list[DiscoveryProgress] = []

    result = discover_site(site.origin, 10, fetcher, on_progress=seen.append, progress_interval_s=0)

    assert [(p.status, p.pages_found) for p in seen] == [("0", 0), ("0", 1), ("0", 2), ("0", 3)]
    assert DiscoveryProgress.completed(result) == DiscoveryProgress("1", 3, None)


def test_progress_is_throttled(site: FixtureSite, fetcher: SafeFetcher) -> None:
    site.reset({"/": html_page("home", ["/a", "/b"]), "/a": html_page("a"), "/b": html_page("b")})
    seen: list[DiscoveryProgress] = []
    ticks = itertools.count(step=0.4)  # every clock read is 0.4 s later

    discover_site(site.origin, 10, fetcher, on_progress=seen.append, clock=lambda: next(ticks))

    counts = [p.pages_found for p in seen]
    assert counts[0] == 0 and len(counts) < 4 and counts == sorted(counts)


def test_time_budget_stops_early(site: FixtureSite, fetcher: SafeFetcher) -> None:
    site.reset(
        {"/": html_page("home", [f"/p{n}" for n in range(20)])} | {f"/p{n}": html_page(f"p{n}") for n in range(20)}
    )
    ticks = itertools.count()  # one "second" per clock read

    result = discover_site(site.origin, 50, fetcher, time_budget_s=12, clock=lambda: next(ticks))

    assert result.truncated is True
    assert 1 < len(result.pages) < 21
    assert any("time budget exhausted" in w for w in result.warnings)


def test_byte_and_fetch_budgets(site: FixtureSite, fetcher: SafeFetcher) -> None:
    big = html_page("big", [f"/p{n}" for n in range(5)])
    big.body += b" " * 20_000
    site.reset({"/": big} | {f"/p{n}": html_page(f"p{n}") for n in range(5)})

    by_bytes = discover_site(site.origin, 50, fetcher, max_bytes=10_000)
    by_fetches = discover_site(site.origin, 50, fetcher, max_fetches=4)

    assert [p.title for p in by_bytes.pages] == ["big"] and by_bytes.truncated
    assert any("byte budget" in w for w in by_bytes.warnings)
    # robots.txt, /, /sitemap.xml, /p0: four fetches
    assert [p.title for p in by_fetches.pages] == ["big", "p0"] and by_fetches.truncated


def test_homepage_redirect_makes_the_target_page_one(site: FixtureSite, fetcher: SafeFetcher) -> None:
    site.reset(
        {
            "/": redirect("/en/"),
            "/en/": html_page("English home", ["/en/about", "/"]),
            "/en/about": html_page("About"),
        }
    )
    result = discover_site(site.origin, 10, fetcher)
    assert pages_document(result) == {
        "pages": [
            {"url": f"{site.origin}/en/", "title": "English home", "description": None, "depth": 0},
            {"url": f"{site.origin}/en/about", "title": "About", "description": None, "depth": 1},
        ],
        "truncated": False,
    }


@pytest.mark.parametrize(
    ("routes", "message"),
    [
        ({"/": Route(500, b"oops")}, "The homepage answered HTTP 500."),
        ({"/": redirect("http://other.test:1/")}, "The homepage could not be fetched."),
    ],
)
def test_homepage_failure(site: FixtureSite, fetcher: SafeFetcher, routes: dict[str, Route], message: str) -> None:
    site.reset(routes)
    with pytest.raises(DiscoveryFailed) as failure:
        discover_site(site.origin, 10, fetcher)
    assert failure.value.safe_message == message
    assert DiscoveryProgress.failed(failure.value).error_message == message


def test_blocked_homepage(site: FixtureSite) -> None:
    site.reset({"/": html_page("home")})
    public_only = SafeFetcher(TargetPolicy(allow_private=False, resolver=resolver), timeout=5)
    with pytest.raises(DiscoveryFailed, match="not allowed"):
        discover_site(site.origin, 10, public_only)
    with pytest.raises(DiscoveryFailed, match="not a valid"):
        discover_site("ftp://site.test/", 10, public_only)
    assert site.log == []  # refused before any connection


def test_robots_unavailable_means_homepage_only(site: FixtureSite, fetcher: SafeFetcher) -> None:
    site.reset({"/robots.txt": Route(503, b"busy"), "/": html_page("home", ["/a"])})
    result = discover_site(site.origin, 10, fetcher)
    assert result.pages == [DiscoveredPage(f"{site.origin}/", None, None, 0)]
    assert site.paths() == ["/robots.txt"]  # RFC 9309: 5xx means disallow everything


def test_robots_forbidden_4xx_means_no_rules(site: FixtureSite, fetcher: SafeFetcher) -> None:
    # urllib.robotparser would treat 403 as "disallow all"; RFC 9309 says any 4xx = no rules.
    site.reset({"/robots.txt": Route(403, b"no"), "/": html_page("home", ["/a"]), "/a": html_page("a")})
    result = discover_site(site.origin, 10, fetcher)
    assert [p.title for p in result.pages] == ["home", "a"]


def test_www_and_apex_are_one_site(site: FixtureSite) -> None:
    addresses = {
        "site.test": ["127.0.0.1"],
        "www.site.test": ["127.0.0.1"],
        "blog.site.test": ["127.0.0.1"],
    }
    fetcher = SafeFetcher(TargetPolicy(allow_private=True, resolver=lambda h, p: addresses[h]), timeout=5)
    www = f"http://www.site.test:{site.port}"
    site.reset(
        {
            "/": html_page("home", [f"{www}/a", f"{www}/", f"http://blog.site.test:{site.port}/b"]),
            "/a": html_page("a"),
        }
    )
    result = discover_site(site.origin, 10, fetcher)
    assert [(p.url, p.title) for p in result.pages] == [
        (f"{site.origin}/", "home"),
        (f"{www}/a", "a"),
    ]
    assert site.paths("blog.site.test") == []  # another subdomain is another site


def _index(*locs: str) -> Route:
    entries = "".join(f"<sitemap><loc>{loc}</loc></sitemap>" for loc in locs)
    return Route(body=f"<sitemapindex>{entries}</sitemapindex>".encode(), headers={})


def _urlset(*locs: str) -> Route:
    entries = "".join(f"<url><loc>{loc}</loc></url>" for loc in locs)
    return Route(body=f"<urlset>{entries}</urlset>".encode(), headers={"Content-Type": "text/xml"})


def test_nested_sitemap_indexes_are_capped(site: FixtureSite, fetcher: SafeFetcher) -> None:
    o = site.origin
    site.reset(
        {
            "/robots.txt": Route(body=f"Sitemap: {o}/i1.xml\n".encode(), headers={}),
            "/": html_page("home"),
            # i1 -> i2 -> (urlset s2, and i3 which is one level too deep); i1 also names itself
            "/i1.xml": _index(f"{o}/i1.xml", f"{o}/i2.xml"),
            "/i2.xml": _index(f"{o}/s2.xml", f"{o}/i3.xml"),
            "/i3.xml": _index(f"{o}/s3.xml"),
            "/s2.xml": _urlset(f"{o}/from-s2"),
            "/s3.xml": _urlset(f"{o}/from-s3"),
            "/from-s2": html_page("from s2"),
            "/from-s3": html_page("from s3"),
        }
    )
    result = discover_site(o, 10, fetcher)
    assert [(p.title, p.depth) for p in result.pages] == [("home", 0), ("from s2", 1)]
    assert "/s3.xml" not in site.paths()
    assert site.paths().count("/i1.xml") == 1
    assert any("nested too deep" in w for w in result.warnings)


def test_homepage_disallowed_is_listed_unfetched(site: FixtureSite, fetcher: SafeFetcher) -> None:
    o = site.origin
    site.reset(
        {
            "/robots.txt": Route(body=b"User-agent: *\nDisallow: /$\n", headers={}),
            "/": html_page("home", ["/a"]),
            "/sitemap.xml": _urlset(f"{o}/", f"{o}/b"),
            "/b": html_page("b"),
        }
    )
    result = discover_site(o, 10, fetcher)
    assert result.pages == [
        DiscoveredPage(f"{o}/", None, None, 0),
        DiscoveredPage(f"{o}/b", "b", None, 1),
    ]
    assert "/" not in site.paths()


def test_a_folder_and_its_index_document_are_listed_once(site: FixtureSite, fetcher: SafeFetcher) -> None:
    site.reset(
        {
            "/": html_page("Home", ["/index.html", "/docs/", "/docs/index.html", "/docs/setup"]),
            "/index.html": html_page("Home", []),
            "/docs/": html_page("Docs", ["/docs/index.htm"]),
            "/docs/index.html": html_page("Docs", []),
            "/docs/index.htm": html_page("Docs", []),
            "/docs/setup": html_page("Setup", ["/docs/"]),
        }
    )

    result = discover_site(site.origin, 50, fetcher)

    assert [page.url for page in result.pages] == [
        f"{site.origin}/",
        f"{site.origin}/docs/",
        f"{site.origin}/docs/setup",
    ]
    assert not {"/index.html", "/docs/index.html", "/docs/index.htm"} & set(site.paths())  # never fetched
