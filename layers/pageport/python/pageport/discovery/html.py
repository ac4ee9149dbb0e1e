"""Title, description and links of an HTML page, with the stdlib `html.parser`."""

from __future__ import annotations

import codecs
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from email.message import Message
from html.parser import HTMLParser

MAX_LINKS_PER_PAGE = 5_000
MAX_TITLE_CHARS = 300
MAX_DESCRIPTION_CHARS = 1_000
_HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", re.I)
_SPACES = re.compile(r"\s+")


def header(headers: Mapping[str, str], name: str) -> str | None:
    """Case-insensitive header lookup (the fetcher's mapping may keep the server's casing)."""
    wanted = name.lower()
    return next((value for key, value in headers.items() if key.lower() == wanted), None)


def _content_type(headers: Mapping[str, str]) -> tuple[str | None, str | None]:
    raw = header(headers, "content-type")
    if raw is None:
        return None, None
    message = Message()
    message["content-type"] = raw
    charset = message.get_param("charset")
    return message.get_content_type(), charset if isinstance(charset, str) else None


def is_html(headers: Mapping[str, str], body: bytes) -> bool:
    """HTML by Content-Type; without one, by what the body starts with."""
    media_type, _ = _content_type(headers)
    if media_type is not None:
        return media_type in _HTML_TYPES
    start = body[:512].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    return start.startswith((b"<!doctype html", b"<html"))


def decode_html(headers: Mapping[str, str], body: bytes) -> str:
    """Charset from the BOM, else Content-Type, else a `<meta charset>`, else UTF-8."""
    if body.startswith(codecs.BOM_UTF8):
        return body[3:].decode("utf-8", errors="replace")
    _, charset = _content_type(headers)
    if charset is None:
        found = _META_CHARSET.search(body[:2048])
        charset = found.group(1).decode("ascii") if found else None
    try:
        codec = codecs.lookup(charset or "utf-8").name
    except LookupError:
        codec = "utf-8"
    return body.decode(codec, errors="replace")


def _clean(text: str, limit: int) -> str | None:
    text = _SPACES.sub(" ", text).strip()
    return text[:limit] or None


@dataclass
class PageInfo:
    title: str | None = None
    description: str | None = None
    base_href: str | None = None
    links: list[str] = field(default_factory=list)


class _PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.info = PageInfo()
        self._title: list[str] | None = None
        self._title_done = False
        self._svg_depth = 0  # an SVG <title> is a tooltip, not the page title
        self._meta_description: str | None = None
        self._og_description: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "svg":
            self._svg_depth += 1
        elif tag == "title" and not self._svg_depth and not self._title_done:
            self._title = []
        elif tag == "meta":
            self._meta(values)
        elif tag in ("a", "area") and "href" in values:
            if len(self.info.links) < MAX_LINKS_PER_PAGE:
                self.info.links.append(values["href"])
        elif tag == "base" and "href" in values and self.info.base_href is None:
            self.info.base_href = values["href"]

    def _meta(self, values: dict[str, str]) -> None:
        name = (values.get("name") or values.get("property") or "").strip().lower()
        content = values.get("content")
        if content is None:
            return
        if name == "description" and self._meta_description is None:
            self._meta_description = content
        elif name == "og:description" and self._og_description is None:
            self._og_description = content

    def handle_endtag(self, tag: str) -> None:
        if tag == "svg" and self._svg_depth:
            self._svg_depth -= 1
        elif tag == "title" and self._title is not None:
            self.info.title = _clean("".join(self._title), MAX_TITLE_CHARS)
            self._title, self._title_done = None, True

    def handle_data(self, data: str) -> None:
        if self._title is not None:
            self._title.append(data)

    def finish(self) -> PageInfo:
        if self._title is not None:  # unterminated <title> (page cut by the byte cap)
            self.info.title = _clean("".join(self._title), MAX_TITLE_CHARS)
        description = self._meta_description or self._og_description
        self.info.description = _clean(description, MAX_DESCRIPTION_CHARS) if description else None
        return self.info


def parse_page(headers: Mapping[str, str], body: bytes) -> PageInfo:
    parser = _PageParser()
    try:
        parser.feed(decode_html(headers, body))
        parser.close()
    except (AssertionError, ValueError):
        pass  # html.parser can still trip on hostile markup; keep what was read before it
    return parser.finish()
