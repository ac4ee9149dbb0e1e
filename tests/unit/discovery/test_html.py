from __future__ import annotations

from pageport.discovery.html import is_html, parse_page


def test_title_description_links() -> None:
    body = b"""<html><head><title>  A &amp;
      B </title><meta name="description" content=""><meta property="og:description"
      content="From &lt;og&gt;"><base href="/base/"></head>
      <body><svg><title>icon</title></svg><a href="x">x</a><area href="/map"><a name="n">n</a>
      <title>second title is ignored</title></body></html>"""
    info = parse_page({"Content-Type": "text/html"}, body)
    assert info.title == "A & B"
    assert info.description == "From <og>"  # empty meta description falls back to og
    assert info.base_href == "/base/"
    assert info.links == ["x", "/map"]


def test_charset_from_header_then_meta() -> None:
    latin = "<title>Caf\xe9</title>".encode("latin-1")
    assert parse_page({"content-type": "text/html; charset=ISO-8859-1"}, latin).title == "Café"
    meta = b'<meta charset="windows-1252"><title>\x93quoted\x94</title>'
    assert parse_page({}, meta).title == "\u201cquoted\u201d"
    assert parse_page({"Content-Type": "text/html; charset=bogus"}, b"<title>ok</title>").title == "ok"


def test_unterminated_title_and_missing_metadata() -> None:
    assert parse_page({}, b"<title>cut sho").title == "cut sho"
    info = parse_page({}, b"<p>nothing</p>")
    assert (info.title, info.description, info.links) == (None, None, [])


def test_is_html() -> None:
    assert is_html({"CONTENT-TYPE": "application/xhtml+xml"}, b"")
    assert not is_html({"Content-Type": "application/pdf"}, b"<html>")
    assert is_html({}, b"\n  <!DOCTYPE html><html>")
    assert not is_html({}, b"%PDF-1.4")
