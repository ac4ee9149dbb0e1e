from __future__ import annotations

import pytest
from pageport.discovery.urls import normalize_url, page_key, site_of


@pytest.mark.parametrize(
    ("raw", "base", "expected"),
    [
        ("HTTP://Example.COM:80/a/./b/../c#frag", None, "http://example.com/a/c"),
        ("https://example.com:443", None, "https://example.com/"),
        ("https://example.com:8443/x?q=1#y", None, "https://example.com:8443/x?q=1"),
        (
            "  /a b/ü?x=ü&y=%2f#z\n",
            "https://example.com/dir/",
            "https://example.com/a%20b/%C3%BC?x=%C3%BC&y=%2F",
        ),
        ("%7Euser", "https://example.com/dir/", "https://example.com/dir/~user"),
        ("../up", "https://example.com/a/b/c", "https://example.com/a/up"),
        ("//cdn.example.com/x", "https://example.com/", "https://cdn.example.com/x"),
        ("https://bücher.example/", None, "https://xn--bcher-kva.example/"),
        ("http://[::1]:8080/", None, "http://[::1]:8080/"),
        ("http://example.com./", None, "http://example.com/"),
        ("?page=2", "https://example.com/list", "https://example.com/list?page=2"),
        ("mailto:a@example.com", None, None),
        ("javascript:void(0)", "https://example.com/", None),
        ("ftp://example.com/", None, None),
        ("http://user:pw@example.com/", None, None),
        ("http://example.com:99999/", None, None),
        ("", "https://example.com/", None),
    ],
)
def test_normalize_url(raw: str, base: str | None, expected: str | None) -> None:
    assert normalize_url(raw, base) == expected


def test_page_key_folds_variants_of_one_page() -> None:
    same = [
        "https://example.com/about",
        "https://example.com/about/",
        "http://www.example.com/about",
    ]
    assert len({page_key(u) for u in same}) == 1
    different = [
        "https://example.com/about?x=1",
        "https://example.com/About",
        "https://example.com:8080/about",
    ]
    assert len({page_key(u) for u in [same[0], *different]}) == 4
    assert page_key("https://example.com/") == page_key("https://www.example.com")  # root kept


def test_a_folder_and_its_index_document_are_one_page() -> None:
    assert page_key("https://example.com/") == page_key("https://example.com/index.html")
    assert page_key("https://example.com/docs/") == page_key("https://example.com/docs/INDEX.HTM")
    assert page_key("https://example.com/docs") == page_key("https://example.com/docs/index.php")
    # Only index documents: a page that happens to be named like one elsewhere stays itself.
    assert page_key("https://example.com/index.html.bak") != page_key("https://example.com/")
    assert page_key("https://example.com/indexes.html") != page_key("https://example.com/")


def test_site_of() -> None:
    assert site_of("WWW.Example.com") == site_of("example.com") == "example.com"
    assert site_of("blog.example.com") != site_of("example.com")
