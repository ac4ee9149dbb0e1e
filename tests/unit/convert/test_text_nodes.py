"""text_nodes: inline content as TEXT nodes, paragraphs and style runs; font fallbacks."""

from __future__ import annotations

import json

from pageport.convert import convert_capture

from tests.support.builders import box, capture, el, text, text_styles
from tests.unit.convert.results import convert, find, walk


def test_bold_span_inside_paragraph_is_a_style_override() -> None:
    normal = text_styles()
    bold = text_styles(font_weight="700")
    p = el(
        "p",
        box(0, 0, 400, 24),
        {},
        [
            text([("Hello ", box(0, 2, 44, 20))], normal),
            el(
                "b",
                box(44, 2, 36, 20),
                {"display": "inline", "font-weight": "700"},
                [text([("bold", box(44, 2, 36, 20))], bold)],
            ),
            text([(" world", box(80, 2, 46, 20))], normal),
        ],
    )
    result = convert(capture([p]))
    node = find(result, type="TEXT")
    assert node["characters"] == "Hello bold world"
    assert node["style"]["fontWeight"] == 400
    overrides = node["characterStyleOverrides"]
    bold_ids = {overrides[i] for i in range(6, 10)}
    assert len(bold_ids) == 1 and 0 not in bold_ids
    assert all(o == 0 for o in overrides[:6])
    assert len(overrides) == 10  # trailing default-style characters are trimmed
    entry = node["styleOverrideTable"][str(bold_ids.pop())]
    assert {k: v for k, v in entry.items() if k != "textStyleId"} == {"fontStyle": "Bold", "fontWeight": 700.0}
    # The bold run has a text style of its own, the rest the paragraph's.
    assert result["styles"][entry["textStyleId"]]["style"]["fontWeight"] == 700
    assert result["styles"][node["styles"]["text"]]["style"]["fontWeight"] == 400


def test_wrapped_paragraph_reflows_as_one_text_node() -> None:
    styles = text_styles()
    p = el(
        "p",
        box(0, 0, 200, 48),
        {},
        [text([("A paragraph that", box(0, 2, 190, 20)), ("wraps twice", box(0, 26, 120, 20))], styles)],
    )
    node = find(convert(capture([p])), type="TEXT")
    assert node["characters"] == "A paragraph that wraps twice"
    assert node["style"]["textAutoResize"] == "HEIGHT"
    assert node["style"]["lineHeightPx"] == 24
    assert node["absoluteBoundingBox"] == {"x": 0.0, "y": 0.0, "width": 200.0, "height": 48.0}


def test_fonts_kept_when_loadable_else_recorded_fallback_with_warning() -> None:
    web = text_styles(font_family='"Brand Sans", sans-serif')
    system = text_styles(font_family='"Helvetica Neue", Arial, sans-serif')
    doc = capture(
        [
            el("p", box(0, 0, 300, 24), {}, [text([("Brand", box(0, 2, 50, 20))], web)]),
            el("p", box(0, 30, 300, 24), {}, [text([("System", box(0, 32, 60, 20))], system)]),
        ],
        fonts=[{"family": "Brand Sans", "url": "https://x/brand.woff2", "status": "loaded"}],
    )
    conversion = convert_capture(doc, {})
    result = json.loads(conversion.result_json)
    families = {n["characters"]: n["style"]["fontFamily"] for n in walk(result["document"]) if n["type"] == "TEXT"}
    assert families == {"Brand": "Brand Sans", "System": "Arimo"}
    assert result["fonts"]["fallbacks"] == {"Helvetica Neue": "Arimo"}
    assert any("Helvetica Neue" in w for w in conversion.warnings)
    assert conversion.warning_count == len(conversion.warnings) == len(result["warnings"])


def test_lines_shaped_by_something_beside_them_become_one_node_per_line() -> None:
    styles = text_styles()
    # The second line starts further right than the paragraph's left edge: a float pushed it.
    p = el(
        "p",
        box(0, 0, 300, 48),
        {},
        [text([("First line", box(0, 2, 90, 20)), ("second", box(120, 26, 60, 20))], styles)],
    )
    nodes = [n for n in walk(convert(capture([p]))["document"]) if n["type"] == "TEXT"]
    assert [n["characters"] for n in nodes] == ["First line", "second"]
    assert all(n["style"]["textAutoResize"] == "WIDTH_AND_HEIGHT" for n in nodes)


def test_br_inside_inline_content_is_a_line_break() -> None:
    styles = text_styles(white_space="pre-line")
    p = el(
        "p",
        box(0, 0, 300, 48),
        {},
        [
            text([("One", box(0, 2, 30, 20))], styles),
            el("br", box(30, 2, 0, 20), {"display": "inline"}),
            text([("Two", box(0, 26, 30, 20))], styles),
        ],
    )
    assert find(convert(capture([p])), type="TEXT")["characters"] == "One\nTwo"


def test_inline_box_paint_is_drawn_under_the_text() -> None:
    mark = el(
        "mark",
        box(40, 2, 30, 20),
        {"display": "inline", "background-color": "rgb(255, 255, 0)"},
        [text([("hi", box(40, 2, 30, 20))], text_styles())],
    )
    p = el("p", box(0, 0, 300, 24), {}, [text([("Say ", box(0, 2, 40, 20))], text_styles()), mark])
    result = convert(capture([p]))
    parent = next(n for n in walk(result["document"]) if any(c["type"] == "TEXT" for c in n.get("children", [])))
    assert [c["type"] for c in parent["children"]] == ["RECTANGLE", "TEXT"]
    assert parent["children"][0]["name"] == "Highlight"  # a bare <mark>: named by what it does


def test_a_code_sample_keeps_its_blank_lines() -> None:
    """Preformatted text: a blank line between two lines of code is a line of the text (it was
    dropped, so the sample lost a line's height and every line below moved up)."""
    styles = text_styles(white_space="pre", font_family="monospace")
    pre = el(
        "pre",
        box(0, 0, 300, 60),
        {"white-space": "pre"},
        [
            text([("<form>", box(0, 2, 48, 16))], styles),
            text([("", box(0, 20, 0, 16)), ("  <div>", box(0, 38, 56, 16))], styles),
        ],
    )
    node = find(convert(capture([pre])), type="TEXT")
    assert node["characters"] == "<form>\n\n  <div>"
    assert node["absoluteBoundingBox"]["height"] == 3 * node["style"]["lineHeightPx"]


def test_a_space_hanging_at_a_wrap_is_not_part_of_the_line() -> None:
    """The capture keeps the space a wrap leaves at a line's end (to join the lines again); a
    line that becomes a text of its own drops it: it hangs outside the line's box, and Figma's
    auto width would count it."""
    styles = text_styles()
    p = el(
        "p",
        box(0, 0, 300, 48),
        {},
        [text([("Two words ", box(0, 2, 80, 20)), ("wrap", box(40, 26, 36, 20))], styles)],
    )
    nodes = [n for n in walk(convert(capture([p]))["document"]) if n["type"] == "TEXT"]
    assert [n["characters"] for n in nodes] == ["Two words", "wrap"]
    assert nodes[0]["absoluteBoundingBox"]["width"] == 80.0


def test_a_line_wider_than_its_text_keeps_its_width() -> None:
    """Padding around inline code makes the line wider than its glyphs: an auto-width box would
    shrink to the glyphs in Figma and move what follows, so the box keeps the line's width."""
    styles = text_styles()
    code = el(
        "code",
        box(40, 2, 52, 20),
        {"display": "inline", "padding-left": "6px", "padding-right": "6px", "font-family": "monospace"},
        [text([("npm", box(46, 2, 40, 20))], text_styles(font_family="monospace"))],
    )
    # A block as wide as the line: the text keeps its own box (no room to span the block).
    p = el(
        "p",
        box(0, 0, 132, 24),
        {},
        [text([("Run ", box(0, 2, 40, 20))], styles), code, text([(" now", box(92, 2, 40, 20))], styles)],
    )
    node = find(convert(capture([p])), type="TEXT")
    assert node["characters"] == "Run npm now"
    assert node["style"]["textAutoResize"] == "HEIGHT"
    assert node["absoluteBoundingBox"]["width"] == 132.0
    plain = el(
        "p",
        box(0, 0, 110, 24),
        {},
        [text([("Run ", box(0, 2, 40, 20))], styles), text([("npm now", box(40, 2, 70, 20))], styles)],
    )
    assert find(convert(capture([plain])), type="TEXT")["style"]["textAutoResize"] == "WIDTH_AND_HEIGHT"


def test_two_line_breaks_in_a_row_leave_an_empty_line_that_takes_its_height() -> None:
    styles = text_styles()
    p = el(
        "p",
        box(0, 0, 300, 72),
        {},
        [
            text([("Invoice", box(0, 2, 60, 20))], styles),
            el("br", box(60, 2, 0, 20), {"display": "inline"}),
            el("br", box(0, 26, 0, 20), {"display": "inline"}),
            text([("Order", box(0, 50, 50, 20))], styles),
        ],
    )
    node = find(convert(capture([p])), type="TEXT")
    assert node["characters"] == "Invoice\n\nOrder"
    assert node["absoluteBoundingBox"]["height"] == 3 * node["style"]["lineHeightPx"]


def test_a_paragraph_box_keeps_the_pages_line_breaks() -> None:
    """A heading's hidden `¶` link took room on the page, so 'structure' went to a second line;
    at the column's width Figma would keep it on the first. The box takes a width that holds the
    first line (172 px) and not the next line's first word (+60 px), with 2 % of slack each way."""
    styles = text_styles()
    first = {**box(0, 2, 172, 20), "leadWord": 150.0}
    second = {**box(0, 26, 60, 20), "leadWord": 60.0}
    h = el("h2", box(0, 0, 318, 48), {}, [text([("Defining document ", first), ("structure", second)], styles)])
    node = find(convert(capture([h])), type="TEXT")
    width = node["absoluteBoundingBox"]["width"]
    assert 172 * 1.02 <= width <= (172 + 60) * 0.98 + 0.01  # (rounded to the 1/100 px)
    # Where the column's width gives the page's lines, it is kept (repeats keep one width).
    roomy = el(
        "h2",
        box(0, 0, 318, 48),
        {},
        [text([("Defining document ", first), ("structure", {**second, "leadWord": 200.0})], styles)],
    )
    assert find(convert(capture([roomy])), type="TEXT")["absoluteBoundingBox"]["width"] == 318.0


def test_text_that_never_wraps_on_the_page_never_wraps_in_figma() -> None:
    """A code sample (white-space: pre) is as wide as its longest line: a box as wide as the
    column would wrap it in Figma the moment its advances are a little wider. (Capture records
    white-space with the text's styles, not the element's.)"""
    styles = text_styles(white_space="pre", font_family="monospace")
    pre = el(
        "pre",
        box(0, 0, 300, 40),
        {},
        [text([("def f():", box(0, 2, 64, 16)), ("    return 1", box(0, 20, 96, 16))], styles)],
    )
    node = find(convert(capture([pre])), type="TEXT")
    assert node["style"]["textAutoResize"] == "WIDTH_AND_HEIGHT"
    assert node["absoluteBoundingBox"]["width"] == 96.0
