"""Inline style runs inside one paragraph: each kind (bold, italic, colour, size, family,
decoration, link) is an override with exact character boundaries, spaces between runs included,
and the paragraph stays one TEXT node without inserted line breaks."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.builders import box, capture, el, text, text_styles
from tests.unit.convert.results import convert, find

_BASE = text_styles()


def _paragraph(inner_tag: str, inner_styles: dict[str, str], el_styles: dict[str, str], **attrs: str) -> dict[str, Any]:
    """'Read the <tag>inline words</tag> here.' on one line, 8 px per character."""
    inner = el(
        inner_tag,
        box(72, 2, 96, 20),
        {"display": "inline", **el_styles},
        [text([("inline words", box(72, 2, 96, 20))], inner_styles)],
    )
    if attrs:
        inner["attrs"] = attrs
    return el(
        "p",
        box(0, 0, 400, 24),
        {},
        [text([("Read the ", box(0, 2, 72, 20))], _BASE), inner, text([(" here.", box(168, 2, 48, 20))], _BASE)],
    )


def _runs(node: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(characters, override) per run of equal override ids."""
    chars, ids = node["characters"], node["characterStyleOverrides"]
    ids = ids + [0] * (len(chars) - len(ids))
    out: list[tuple[str, dict[str, Any]]] = []
    start = 0
    for i in range(1, len(chars) + 1):
        if i == len(chars) or ids[i] != ids[start]:
            out.append((chars[start:i], node["styleOverrideTable"].get(str(ids[start]), {}) if ids[start] else {}))
            start = i
    return out


KINDS: dict[str, tuple[str, dict[str, str], dict[str, str], dict[str, str], dict[str, Any]]] = {
    "bold": ("b", {"font-weight": "700"}, {"font-weight": "700"}, {}, {"fontWeight": 700.0, "fontStyle": "Bold"}),
    "italic": ("i", {"font-style": "italic"}, {"font-style": "italic"}, {}, {"italic": True, "fontStyle": "Italic"}),
    "colour": (
        "span",
        {"color": "rgb(255, 0, 0)"},
        {"color": "rgb(255, 0, 0)"},
        {},
        {
            "fills": [
                {
                    "type": "SOLID",
                    "visible": True,
                    "opacity": 1.0,
                    "blendMode": "NORMAL",
                    "color": {"r": 1.0, "g": 0.0, "b": 0.0, "a": 1.0},
                }
            ]
        },
    ),
    "size": ("span", {"font-size": "20px"}, {"font-size": "20px"}, {}, {"fontSize": 20.0}),
    "family": ("code", {"font-family": '"Roboto Mono", monospace'}, {}, {}, {"fontFamily": "Roboto Mono"}),
    "decoration": ("u", {}, {"text-decoration-line": "underline"}, {}, {"textDecoration": "UNDERLINE"}),
    "link": (
        "a",
        {"color": "rgb(0, 0, 238)"},
        {"text-decoration-line": "underline", "color": "rgb(0, 0, 238)"},
        {"href": "https://example.test/docs"},
        {"textDecoration": "UNDERLINE", "hyperlink": {"type": "URL", "url": "https://example.test/docs"}},
    ),
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_inline_style_is_a_run_with_exact_boundaries(kind: str) -> None:
    tag, text_overrides, el_styles, attrs, expected = KINDS[kind]
    p = _paragraph(tag, {**_BASE, **text_overrides}, el_styles, **attrs)
    node = find(convert(capture([p])), type="TEXT")
    assert node["characters"] == "Read the inline words here."
    runs = _runs(node)
    # The spaces on either side belong to the surrounding text, as in the page's DOM.
    assert [chars for chars, _ in runs] == ["Read the ", "inline words", " here."]
    override = runs[1][1]
    for key, value in expected.items():
        if key == "fills":
            assert override["fills"][0]["color"] == value[0]["color"]
        else:
            assert override[key] == value, key
    assert runs[0][1] == runs[2][1] == {}
    assert len(node["characterStyleOverrides"]) == len("Read the inline words")  # trailing base run implied


def _wrapped(first_line_end: str, inner_first: bool) -> dict[str, Any]:
    """'Read the <a>linked docs</a> now' wrapped after the link (inner_first=False), or
    'Read the' | '<a>linked docs</a> now' wrapped before it (inner_first=True)."""
    link_styles = {**_BASE, "color": "rgb(0, 0, 238)"}
    if inner_first:
        lines = [
            text([("Read the", box(0, 2, 64, 20))], _BASE),
            el(
                "a",
                box(0, 26, 88, 20),
                {"display": "inline", "text-decoration-line": "underline"},
                [text([("linked docs", box(0, 26, 88, 20))], link_styles)],
            ),
            text([(" now", box(88, 26, 32, 20))], _BASE),
        ]
    else:
        lines = [
            text([("Read the ", box(0, 2, 72, 20))], _BASE),
            el(
                "a",
                box(72, 2, 88, 20),
                {"display": "inline", "text-decoration-line": "underline"},
                [text([(first_line_end, box(72, 2, 88, 20))], link_styles)],
            ),
            text([("now", box(0, 26, 24, 20))], _BASE),
        ]
    for node in lines:
        if node["kind"] == "element":
            node["attrs"] = {"href": "https://example.test/docs"}
    return el("p", box(0, 0, 170, 48), {}, lines)


def test_a_wrap_between_runs_gives_the_space_to_the_outer_text() -> None:
    # The page wrapped right after the link: the space between "docs" and "now" was in the
    # outer text, so the link's underline and URL must end at "docs", not at the space.
    node = find(convert(capture([_wrapped("linked docs", inner_first=False)])), type="TEXT")
    assert node["characters"] == "Read the linked docs now"
    runs = _runs(node)
    assert [chars for chars, _ in runs] == ["Read the ", "linked docs", " now"]
    assert runs[1][1]["hyperlink"]["url"] == "https://example.test/docs"
    # One editable paragraph, re-flowable: no hard line break where the page wrapped.
    assert "\n" not in node["characters"] and node["style"]["textAutoResize"] == "HEIGHT"


def test_a_wrap_before_a_run_keeps_the_space_outside_it() -> None:
    node = find(convert(capture([_wrapped("", inner_first=True)])), type="TEXT")
    assert node["characters"] == "Read the linked docs now"
    assert [chars for chars, _ in _runs(node)] == ["Read the ", "linked docs", " now"]


def test_a_space_drawn_before_the_text_is_kept_so_the_glyphs_stay_where_the_page_drew_them() -> None:
    # "<img> Caption": the capture keeps a leading space only where Chromium drew it, and the
    # line fragment starts at that space; trimming it would move every glyph left by a space.
    image = el("img", box(0, 0, 32, 20), {"display": "inline"})
    caption = text([(" Caption", box(32, 2, 64, 20))], _BASE)
    result = convert(capture([el("p", box(0, 0, 400, 24), {}, [image, caption])]))
    node = find(result, type="TEXT")
    assert (node["characters"], node["absoluteBoundingBox"]["x"]) == (" Caption", 32)


def test_a_run_outside_the_link_of_a_mostly_linked_paragraph_says_it_has_no_link() -> None:
    # The base style is the linked one (most characters); without an explicit null the plain
    # run would inherit the link in Figma.
    link = el(
        "a",
        box(0, 2, 160, 20),
        {"display": "inline"},
        [text([("a long linked phrase", box(0, 2, 160, 20))], _BASE)],
    )
    link["attrs"] = {"href": "https://example.com/"}
    paragraph = el("p", box(0, 0, 400, 24), {}, [link, text([(" end", box(160, 2, 32, 20))], _BASE)])
    node = find(convert(capture([paragraph])), type="TEXT")
    assert node["style"]["hyperlink"] == {"type": "URL", "url": "https://example.com/"}
    assert _runs(node)[-1] == (" end", {"hyperlink": None})
