"""URL normalization and "same site" for discovery.

Every URL the crawler keeps goes through `normalize_url`, so two spellings of one address
(`HTTP://Example.COM:80/a/./b#top` and `http://example.com/a/b`) become one string, and
`page_key` folds the variants that nearly always serve the same page (trailing slash, http vs
https, `www.` vs apex) so they are listed once.
"""

from __future__ import annotations

import re
from urllib.parse import SplitResult, urljoin, urlsplit, urlunsplit

_DEFAULT_PORTS = {"http": 80, "https": 443}
# RFC 3986 unreserved characters: an escape of one of these means the character itself.
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
# Characters left as they are in a path / query; everything else (spaces, non-ASCII, quotes,
# brackets...) is percent-encoded as UTF-8.
_PATH_SAFE = frozenset("!$&'()*+,;=:@/%") | _UNRESERVED
_QUERY_SAFE = _PATH_SAFE | frozenset("?")
_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")
# Browsers drop ASCII tab and newlines anywhere in a URL and trim C0 controls and spaces.
_STRIP_INSIDE = str.maketrans("", "", "\t\n\r")


def normalize_escapes(text: str, safe: frozenset[str] = _QUERY_SAFE) -> str:
    """Percent-encode what must be encoded, upper-case escapes, decode escaped unreserved chars."""

    def fix(match: re.Match[str]) -> str:
        char = chr(int(match.group(1), 16))
        return char if char in _UNRESERVED else "%" + match.group(1).upper()

    encoded = "".join(
        char if char in safe else "".join(f"%{byte:02X}" for byte in char.encode("utf-8")) for char in text
    )
    return _ESCAPE.sub(fix, encoded)


def _remove_dot_segments(path: str) -> str:
    """RFC 3986 section 5.2.4, for absolute links such as `http://x/a/../b`."""
    if "." not in path:
        return path
    output: list[str] = []
    for segment in path.split("/")[1:]:
        if segment == "..":
            if output:
                output.pop()
        elif segment != ".":
            output.append(segment)
    tail = "/" if path.endswith(("/.", "/..")) else ""
    return "/" + "/".join(output) + tail


def _host(parts: SplitResult) -> str | None:
    host = parts.hostname  # lower-cased by urllib, brackets of IPv6 literals removed
    if not host:
        return None
    host = host.rstrip(".")
    if not host.isascii():
        try:
            host = host.encode("idna").decode("ascii")
        except UnicodeError:
            return None
    if ":" in host:
        return f"[{host}]"
    return host


def normalize_url(raw: str, base: str | None = None) -> str | None:
    """An absolute http(s) URL in canonical form, or None if `raw` is not one we can crawl.

    Fragments go, default ports go, the host is lower-cased (IDNA for non-ASCII), an empty path
    becomes `/`, dot segments are resolved and percent-encoding is made consistent. URLs with
    credentials (`http://user@host/`) are refused: they are never ordinary pages.
    """
    text = raw.translate(_STRIP_INSIDE).strip(" \x00\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c")
    if not text:
        return None
    try:
        parts = urlsplit(urljoin(base, text) if base else text)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or parts.username is not None or parts.password is not None:
        return None
    host = _host(parts)
    if host is None:
        return None
    netloc = host if port is None or port == _DEFAULT_PORTS[scheme] else f"{host}:{port}"
    path = _remove_dot_segments(normalize_escapes(parts.path or "/", _PATH_SAFE))
    if not path.startswith("/"):
        path = "/" + path
    query = normalize_escapes(parts.query)
    return urlunsplit((scheme, netloc, path, query, ""))


def site_of(host: str) -> str:
    """The site a host belongs to: `www.example.com` and `example.com` are one site."""
    host = host.lower()
    return host[4:] if host.startswith("www.") else host


def url_host(url: str) -> str:
    """The host of a URL from `normalize_url` (no port, lower case)."""
    return (urlsplit(url).hostname or "").lower()


def url_origin(url: str) -> str:
    """`scheme://host[:port]` of a URL from `normalize_url`."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def path_and_query(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + ("?" + parts.query if parts.query else "")


# The names a web server answers a folder's URL with.
_INDEX_DOCUMENTS = frozenset({"index.html", "index.htm", "index.php", "default.htm", "default.html", "default.aspx"})


def page_key(url: str) -> str:
    """Dedupe key for a normalized page URL.

    `/about` and `/about/`, `http://` and `https://`, `www.example.com` and `example.com`
    are the same page on practically every site (one redirects to the other), and so are a
    folder and its index document (`/docs/` and `/docs/index.html`: the server answers one with
    the other), so they share a key and the first spelling met is the one listed. Query strings
    stay significant.
    """
    parts = urlsplit(url)
    host = site_of(parts.hostname or "")
    port = f":{parts.port}" if parts.port is not None else ""
    folder, _, last = parts.path.rpartition("/")
    path = folder if last.lower() in _INDEX_DOCUMENTS else parts.path
    path = path.rstrip("/") or "/"
    return f"{host}{port}{path}" + (f"?{parts.query}" if parts.query else "")
