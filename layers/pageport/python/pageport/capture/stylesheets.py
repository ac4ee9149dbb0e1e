"""What the capture reads from stylesheet text: @font-face sources (for faces the page
loaded from CSS it cannot see into) and the selectors of cross-origin ::before/::after rules."""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import urljoin, urlsplit

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Response

_FONT_FACE = re.compile(r"@font-face\s*\{([^}]*)\}", re.IGNORECASE)
_FONT_FAMILY = re.compile(r"font-family\s*:\s*([^;]+)", re.IGNORECASE)
_FONT_SRC = re.compile(r"(?:^|;)\s*src\s*:\s*([^;]+)", re.IGNORECASE)
_CSS_URL = re.compile(r"""url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)""")
_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_CSS_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_PSEUDO_SELECTOR = re.compile(r"::?(?:before|after)\b", re.IGNORECASE)


def font_face_sources(css: str, sheet_url: str) -> dict[str, list[str]]:
    """family (lowercase) -> absolute src URLs of the @font-face rules in one stylesheet."""
    sources: dict[str, list[str]] = {}
    for block in _FONT_FACE.findall(css):
        family = _FONT_FAMILY.search(block)
        src = _FONT_SRC.search(block)
        if not family or not src:
            continue
        name = family.group(1).strip().strip("\"'").lower()
        for m in _CSS_URL.finditer(src.group(1)):
            sources.setdefault(name, []).append(urljoin(sheet_url, m.group(1) or m.group(2) or m.group(3)))
    return sources


def pseudo_content_selectors(css: str) -> list[str]:
    """Selectors of the ::before/::after rules in one stylesheet that set content."""
    return [
        selector.strip()
        for selector, body in _CSS_RULE.findall(_CSS_COMMENT.sub("", css))
        if _PSEUDO_SELECTOR.search(selector) and "content" in body and not selector.lstrip().startswith("@")
    ]


def font_sources_from_stylesheets(stylesheets: Sequence[Response]) -> dict[str, list[str]]:
    """family (lowercase) -> src URLs, from stylesheet bodies (cross-origin CSS included)."""
    sources: dict[str, list[str]] = {}
    for response in stylesheets:
        try:
            css = response.text()
        except PlaywrightError:
            continue
        for name, urls in font_face_sources(css, response.url).items():
            sources.setdefault(name, []).extend(urls)
    return sources


def external_pseudo_selectors(stylesheets: Sequence[Response], page_url: str) -> dict[str, list[str]]:
    """Cross-origin stylesheet URL -> selectors of its ::before/::after rules that set content.

    Script cannot read cross-origin sheets' rules; the walker uses these to know which
    elements may have generated content without asking every element (see dom_walker.js).
    """
    origin = urlsplit(page_url)[:2]
    found: dict[str, list[str]] = {}
    for response in stylesheets:
        if urlsplit(response.url)[:2] == origin:
            continue
        try:
            css = response.text()
        except PlaywrightError:
            continue  # the walker then asks every element
        found[response.url] = pseudo_content_selectors(css)
    return found


def stylesheet_texts(stylesheets: Sequence[Response]) -> list[str]:
    """The bodies of the stylesheets the page loaded (cross-origin ones included)."""
    texts: list[str] = []
    for response in stylesheets:
        try:
            texts.append(response.text())
        except PlaywrightError:
            continue
    return texts
