"""Which face Chromium actually drew each text with (TextNode.rendered_font).

The computed ``font-family`` is the page's wish list; the face that drew the glyphs is whichever
entry was installed or loaded, or a fontconfig fallback (DejaVu Sans for a missing Montserrat on
a bare machine). The converter names a Figma font from it, so the design wraps where the page
did. Chromium tells it through DevTools: ``CSS.getPlatformFontsForNode`` on a text node.

One question per text node would cost two CDP round trips each on pages with thousands of texts,
so texts are grouped by what decides the face (font-family, weight, style, stretch, and the
non-Latin characters they contain, which may need per-character fallback) and one text of each
group is asked, within a time slice and a cap; the others get its answer.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from pageport.capture.contract import Deadline
from pageport.convert.css.values import split_top

# Distinct groups asked at most, and the share of the remaining budget spent asking (a large
# page has a few dozen font stacks; a page past the cap keeps the rest unanswered, with a warning).
MAX_QUERIES = 400
MAX_SECONDS = 8.0
_FACE_STYLES = ("font-family", "font-weight", "font-style", "font-stretch")


def _texts(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    stack = [node]
    while stack:
        n = stack.pop()
        if n.get("kind") == "text":
            yield n
        else:
            stack.extend(reversed(n.get("children") or []))


def _group_key(text: dict[str, Any]) -> tuple[str, ...]:
    styles = text.get("styles") or {}
    # Latin (with its extensions) is in every face a page names; other scripts may fall back
    # per character, so texts differing there are asked about separately.
    beyond_latin = "".join(sorted({c for c in text.get("text", "") if ord(c) > 0x24F}))
    return (*(str(styles.get(k, "")) for k in _FACE_STYLES), beyond_latin)


def _family_names(font_family: str) -> list[str]:
    return [n.strip().strip("'\"").lower() for n in split_top(font_family)]


def primary_face(fonts: list[dict[str, Any]], font_family: str, text: str) -> dict[str, Any]:
    """The face that drew the text's own script: the first of the page's font-family stack that
    drew more than its spaces (Chromium falls back per character, so a Korean line asked in
    Liberation Sans draws its Hangul in Noto Sans CJK and the rest in Liberation Sans, which the
    design's script runs reproduce); when the stack drew nothing else (generic families, an
    arrow only a symbol face has), the face with most glyphs."""
    spaces = sum(ch.isspace() for ch in text)
    drew = {str(f.get("familyName", "")).lower(): f for f in fonts if f.get("glyphCount", 0) > spaces}
    for name in _family_names(font_family):
        if name in drew:
            return drew[name]
    return max(fonts, key=lambda f: f.get("glyphCount", 0))


def record_rendered_fonts(page: Page, root: dict[str, Any], deadline: Deadline, warnings: list[str]) -> None:
    """Set ``renderedFont`` on the walked tree's text nodes (in place)."""
    groups: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for text in _texts(root):
        groups.setdefault(_group_key(text), []).append(text)
    # A style whose texts are all whitespace (between an icon and its label) draws no glyph to ask
    # about; elsewhere the question goes to a text with glyphs, listed first.
    groups = {
        key: sorted(members, key=lambda t: not str(t.get("text", "")).strip())
        for key, members in groups.items()
        if any(str(t.get("text", "")).strip() for t in members)
    }
    if not groups:
        return
    asked = list(groups.values())[:MAX_QUERIES]
    stop = time.monotonic() + min(MAX_SECONDS, deadline.remaining_s() / 4)
    answered = 0
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        cdp.send("DOM.getDocument", {"depth": 0})
        ids = [members[0]["id"] for members in asked]
        # The walker kept id -> DOM text node on the window; fetch the asked ones as one array.
        expression = (
            f"(() => {{ const m = window.__pageportTextNodes; return {json.dumps(ids)}.map((i) => m && m.get(i)); }})()"
        )
        array = cdp.send("Runtime.evaluate", {"expression": expression})["result"]
        props = cdp.send("Runtime.getProperties", {"objectId": array["objectId"], "ownProperties": True})["result"]
        handles = {
            int(p["name"]): p["value"]["objectId"]
            for p in props
            if p["name"].isdigit() and "objectId" in p.get("value", {})
        }
        for index, members in enumerate(asked):
            if time.monotonic() > stop:
                break
            handle = handles.get(index)
            if handle is None:
                continue
            try:
                node_id = cdp.send("DOM.requestNode", {"objectId": handle})["nodeId"]
                fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node_id})["fonts"]
            except PlaywrightError:
                continue  # a node in a frame DevTools cannot reach: left without an answer
            if not fonts:
                continue
            main = primary_face(fonts, members[0].get("styles", {}).get("font-family", ""), members[0].get("text", ""))
            face = {
                "family": main["familyName"],
                "postScriptName": main.get("postScriptName", ""),
                "custom": bool(main.get("isCustomFont", False)),
            }
            for text in members:
                text["renderedFont"] = face
            answered += 1
    except PlaywrightError:
        warnings.append("could not ask the browser which fonts drew the text; the design names the page's own choices")
        return
    finally:
        with contextlib.suppress(PlaywrightError):
            cdp.detach()
    if answered < len(groups):
        warnings.append(
            f"the rendered font is known for {answered} of {len(groups)} distinct text styles"
            " (capture's time or query cap)"
        )
