"""Sitemap parsing: formats, gzip, and refusal of entity tricks and bombs."""

from __future__ import annotations

import gzip

from pageport.discovery.sitemaps import XML_PARSER, SitemapKind, parse_sitemap

URLSET = b"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url><loc> https://example.com/a?x=1&amp;y=2 </loc>
       <image:image><image:loc>https://example.com/img.png</image:loc></image:image></url>
  <url><loc>https://example.com/b</loc></url>
</urlset>"""


def test_urlset_keeps_page_locs_only() -> None:
    sitemap = parse_sitemap(URLSET)
    assert sitemap.kind is SitemapKind.URLSET and sitemap.error is None
    assert sitemap.locs == ["https://example.com/a?x=1&y=2", "https://example.com/b"]


def test_index_without_namespace_and_gzip() -> None:
    index = b"<sitemapindex><sitemap><loc>https://e.com/1.xml.gz</loc></sitemap></sitemapindex>"
    for body in (index, gzip.compress(index)):
        sitemap = parse_sitemap(body)
        assert (sitemap.kind, sitemap.locs) == (SitemapKind.INDEX, ["https://e.com/1.xml.gz"])


def test_plain_text_sitemap() -> None:
    sitemap = parse_sitemap(b"https://e.com/a\n\nnot a url\r\nhttp://e.com/b\n")
    assert sitemap.locs == ["https://e.com/a", "http://e.com/b"]


def test_entities_are_never_expanded() -> None:
    assert XML_PARSER in ("defusedxml", "xml.etree+dtd-guard")
    laughs = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]>
<urlset><url><loc>https://e.com/&lol2;</loc></url></urlset>"""
    external = b"""<?xml version="1.0"?>
<!DOCTYPE u [<!ENTITY x SYSTEM "file:///etc/passwd">]><urlset><url><loc>&x;</loc></url></urlset>"""
    for body in (laughs, external):
        sitemap = parse_sitemap(body)
        assert sitemap.locs == []
        assert sitemap.error is not None and "DTD" in sitemap.error


def test_gzip_bomb_stops_at_the_cap() -> None:
    bomb = gzip.compress(b"<urlset>" + b" " * 20_000_000 + b"</urlset>")
    assert len(bomb) < 100_000
    sitemap = parse_sitemap(bomb, max_bytes=1_000_000)
    assert sitemap.truncated and sitemap.locs == []


def test_cut_documents_keep_what_came_before() -> None:
    sitemap = parse_sitemap(URLSET[: URLSET.index(b"</urlset>") - 20])
    assert sitemap.locs == ["https://example.com/a?x=1&y=2"]
    assert sitemap.error == "sitemap is not well-formed XML"
    body = b"<urlset>" + b"".join(b"<url><loc>https://e.com/%d</loc></url>" % n for n in range(5000))
    cut = gzip.compress(body + b"</urlset>")[:-2000]  # a byte-capped .gz download
    assert 100 < len(parse_sitemap(cut).locs) < 5000
    assert parse_sitemap(b"\x1f\x8bnot gzip").error == "sitemap is not valid gzip"


def test_loc_limit() -> None:
    body = b"<urlset>" + b"<url><loc>https://e.com/x</loc></url>" * 50 + b"</urlset>"
    assert len(parse_sitemap(body, max_locs=10).locs) == 10
