"""Sitemap documents: XML `<urlset>` / `<sitemapindex>`, their gzip form, and plain-text lists.

XML from the web is parsed with entity expansion impossible. With `defusedxml` installed its
parser is used with DTDs forbidden; without it (the case today: it is not a layer dependency)
the stdlib `xml.etree` parser is used with a target whose `doctype()` raises. Expat calls that
at the *start* of a DOCTYPE, before any entity can be declared, so "billion laughs", quadratic
blow-up and external entities are all refused the same way. Sitemaps never need a DTD.

Parsing is streaming: gzip is inflated in slices fed to the parser, so a compressed bomb
costs at most `max_bytes` of work and never that much memory, and a document cut short by
the fetcher's byte cap still yields the URLs before the cut.
"""

from __future__ import annotations

import importlib
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol
from xml.etree import ElementTree

MAX_LOCS_PER_DOCUMENT = 50_000  # the sitemaps.org limit per file
MAX_UNCOMPRESSED_BYTES = 50 * 1024 * 1024  # the sitemaps.org limit per file
_SLICE = 256 * 1024
_GZIP_MAGIC = b"\x1f\x8b"


class _FeedParser(Protocol):
    def feed(self, data: bytes) -> None: ...
    def close(self) -> Any: ...


def _defused_parser_factory() -> tuple[str, Callable[[Any], _FeedParser]] | None:
    try:  # optional: not a layer dependency today, picked up if it ever is
        defused = importlib.import_module("defusedxml.ElementTree")
    except ImportError:
        return None

    def make(target: Any) -> _FeedParser:
        parser: _FeedParser = defused.DefusedXMLParser(target=target, forbid_dtd=True)
        return parser

    return "defusedxml", make


def _stdlib_parser(target: Any) -> _FeedParser:
    # Safe: `_SitemapTarget.doctype` refuses any DTD before an entity can be declared.
    return ElementTree.XMLParser(target=target)  # noqa: S314


_chosen = _defused_parser_factory()
#: Which XML parser is in use: "defusedxml" or "xml.etree+dtd-guard".
XML_PARSER: str = _chosen[0] if _chosen else "xml.etree+dtd-guard"
_make_parser: Callable[[Any], _FeedParser] = _chosen[1] if _chosen else _stdlib_parser


class SitemapKind(Enum):
    URLSET = "urlset"  # locs are pages
    INDEX = "sitemapindex"  # locs are further sitemaps
    UNKNOWN = "unknown"


class DTDForbidden(ValueError):
    """A sitemap declared a DTD; refused before any entity could be defined."""


@dataclass
class Sitemap:
    kind: SitemapKind
    locs: list[str] = field(default_factory=list)
    error: str | None = None  # why parsing stopped early; the locs before it are kept
    truncated: bool = False  # the document (or its inflated form) was cut by a byte cap


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


class _SitemapTarget:
    """ElementTree parser target collecting `<loc>` texts of `<url>` or `<sitemap>` entries."""

    def __init__(self, result: Sitemap, limit: int) -> None:
        self._result = result
        self._limit = limit
        self._stack: list[str] = []
        self._text: list[str] | None = None

    def doctype(self, name: str, pubid: str | None, system: str | None) -> None:
        raise DTDForbidden("sitemap declares a DTD")

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        name = _local(tag)
        if not self._stack:
            kinds = {k.value: k for k in SitemapKind}
            self._result.kind = kinds.get(name, SitemapKind.UNKNOWN)
        self._stack.append(name)
        if name == "loc" and len(self._stack) >= 2 and self._stack[-2] in ("url", "sitemap"):
            self._text = []

    def data(self, text: str) -> None:
        if self._text is not None:
            self._text.append(text)

    def end(self, tag: str) -> None:
        self._stack.pop()
        if self._text is not None:
            loc = "".join(self._text).strip()
            self._text = None
            if loc and len(self._result.locs) < self._limit:
                self._result.locs.append(loc)

    def close(self) -> None:
        return None


class _Capped(Exception):
    """The inflated document passed the byte cap."""


def _inflate(body: bytes, max_bytes: int) -> Iterator[bytes]:
    """Inflated slices of a gzip member, never more than `max_bytes` in all."""
    inflater = zlib.decompressobj(wbits=31)
    pending, produced = body, 0
    while not inflater.eof:
        if produced >= max_bytes:
            raise _Capped
        chunk = inflater.decompress(pending, min(_SLICE, max_bytes - produced))
        pending = inflater.unconsumed_tail
        if not chunk and not pending:
            return  # input ended before the gzip trailer: the fetcher cut it short
        produced += len(chunk)
        yield chunk


def _plain_text(body: bytes, limit: int) -> list[str]:
    """A text sitemap: one absolute URL per line."""
    lines = body.decode("utf-8", errors="replace").splitlines()
    return [line.strip() for line in lines if line.strip().startswith(("http://", "https://"))][:limit]


def parse_sitemap(
    body: bytes,
    *,
    max_bytes: int = MAX_UNCOMPRESSED_BYTES,
    max_locs: int = MAX_LOCS_PER_DOCUMENT,
) -> Sitemap:
    """Parse one sitemap document (gzip detected by its magic bytes, not by name or header)."""
    result = Sitemap(SitemapKind.UNKNOWN)
    pieces: Iterator[bytes]
    if body.startswith(_GZIP_MAGIC):
        pieces = _inflate(body, max_bytes)
    else:
        result.truncated = len(body) > max_bytes
        pieces = iter([body[:max_bytes]])
    try:
        first = next(pieces, b"")
        if not first.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
            result.kind = SitemapKind.URLSET
            result.locs = _plain_text(first + b"".join(pieces), max_locs)
            return result
    except _Capped:
        result.truncated = True
        return result
    except zlib.error:
        result.error = "sitemap is not valid gzip"
        return result
    parser = _make_parser(_SitemapTarget(result, max_locs))
    try:
        parser.feed(first)
        for piece in pieces:
            if len(result.locs) >= max_locs:
                return result  # enough; the rest is never parsed
            parser.feed(piece)
        parser.close()
    except _Capped:
        result.truncated = True
    except zlib.error:
        result.error = "sitemap is not valid gzip"
    except (ElementTree.ParseError, ValueError) as exc:
        # defusedxml raises its own DTDForbidden, a ValueError subclass as well.
        result.error = (
            "sitemap declares a DTD (refused)"
            if type(exc).__name__ == "DTDForbidden"
            else "sitemap is not well-formed XML"
        )
    return result
