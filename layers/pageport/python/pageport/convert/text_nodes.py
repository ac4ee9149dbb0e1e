"""Inline content as TEXT nodes: which elements are plain inline text, their line fragments
gathered into paragraphs (or one node per line when something else shaped the lines), and the
style runs of mixed text as Figma's override table."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from pageport.capture.schema import Box, ElementNode, TextNode
from pageport.convert import css, naming
from pageport.convert.figma import Node, Paint, TypeStyle
from pageport.convert.icons import text_icons
from pageport.convert.nodes import NEVER_RENDERED, content_box, element_frame, round_px, style_getter
from pageport.convert.paint import decorate
from pageport.convert.reflow import inside
from pageport.convert.state import ConversionState
from pageport.convert.text import (
    Line,
    Segment,
    cluster_lines,
    join_lines,
    line_height,
    link_of,
    scaled_styles,
    style_diff,
    text_align,
)
from pageport.convert.wrap_width import keep_lines_span

# px of room a line needs in its block to be given the block's width (Figma measures text a
# little differently; a line that nearly fills its block keeps its own box so it cannot wrap).
_WRAP_ROOM = 8.0
# Elements whose content is not text (never folded into a TEXT node's runs).
_REPLACED = {
    "img",
    "video",
    "canvas",
    "iframe",
    "object",
    "embed",
    "input",
    "textarea",
    "select",
    "svg",
    "picture",
    "meter",
    "progress",
}


def is_inline_text(state: ConversionState, el: ElementNode) -> bool:
    """Plain inline content that can live inside a TEXT node's runs."""
    # Memoized: each level of the tree walk asks again about the whole subtree below it.
    known = state.inline_memo.get(id(el))
    if known is None:
        known = state.inline_memo[id(el)] = _is_inline_text(state, el)
    return known


def _is_inline_text(state: ConversionState, el: ElementNode) -> bool:
    if el.tag == "br":
        return True
    if el.tag in _REPLACED or el.tag in NEVER_RENDERED:
        return False
    get = el.style
    if (get("display") or "") not in ("inline", "contents"):
        return False
    if (get("position") or "static") not in ("static", "relative"):
        return False
    if (get("opacity") or "1") != "1" or (get("transform") or "none") != "none":
        return False
    if el.pseudo and (el.pseudo.before or el.pseudo.after):
        return False
    return all(isinstance(c, TextNode) or is_inline_text(state, c) for c in el.children)


def _segments(
    state: ConversionState,
    nodes: Sequence[TextNode | ElementNode],
    deco: frozenset[str],
    decorations: list[Node],
    link: str | None = None,
    depth: int = 0,
) -> Iterator[Segment]:
    """The text's line fragments in order; inline boxes that paint go to `decorations`."""
    for n in nodes:
        if isinstance(n, TextNode):
            st = scaled_styles(n.styles, state.text_scale)
            if st.get("visibility", "visible") != "visible" or st.get("opacity") == "0":
                continue
            if (icons := text_icons(state, n)) is not None:  # icon-font glyphs: VECTORs, not text
                decorations.extend(icons)
                continue
            last = len(n.line_boxes) - 1
            for k, lb in enumerate(n.line_boxes):
                yield Segment(lb.text, st, lb, deco, n.rendered_font, link, depth, wraps=k < last)
            continue
        if n.tag == "br":
            yield Segment("\n", {}, None, deco)
            continue
        get = style_getter(n.styles)
        line = set((get("text-decoration-line") or "none").split()) - {"none"}
        if n.visible:
            rect = element_frame(n, n.box, "RECTANGLE")
            rect["name"] = rect["name"] if rect["name"] != "Frame" else "Highlight"  # a bare <span>'s box
            decorate(state, rect, n.box, get, n.images)
            if rect.get("children"):
                rect["type"] = "FRAME"  # an image drawn as a child node (a RECTANGLE has none)
            if rect.get("fills") or rect.get("strokes") or rect.get("effects") or rect.get("children"):
                decorations.append(rect)
        yield from _segments(state, n.children, deco | frozenset(line), decorations, link_of(n) or link, depth + 1)


def inline_group(state: ConversionState, nodes: Sequence[TextNode | ElementNode], parent: ElementNode) -> list[Node]:
    """Consecutive inline children of `parent` as TEXT nodes, after their inline boxes' paint.
    Each TEXT node names the block it is the text of (`pageport.tag`: h1, p, li, button...)."""
    out = _inline_group(state, nodes, parent)
    content = content_box(parent, parent.style)
    for node in out:
        if node["type"] == "TEXT":
            node.setdefault("pageport", {})["tag"] = parent.tag
        # Text, icon glyphs and inline boxes' paint move with the block they are in.
        state.probe_sources[id(node)] = inside(node, parent.id, parent.box, content)
    return out


_PRESERVE_BREAKS = frozenset(("pre", "pre-wrap", "pre-line", "break-spaces"))
_NO_WRAP = frozenset(("pre", "nowrap"))


def _inline_group(state: ConversionState, nodes: Sequence[TextNode | ElementNode], parent: ElementNode) -> list[Node]:
    state.check_time()
    decorations: list[Node] = []
    every = list(_segments(state, nodes, frozenset(), decorations, link_of(parent)))
    # Preformatted text keeps its blank lines (a code sample's), between its first and last words.
    preserve = next((s.styles.get("white-space", "normal") for s in every if s.line), "normal") in _PRESERVE_BREAKS
    segments = [s for s in every if s.line is None or s.text or preserve]
    if not any(s.text.strip() for s in segments if s.line is not None):
        return decorations  # e.g. icon glyphs alone
    lines = cluster_lines(segments)
    worded = [i for i, ln in enumerate(lines) if any(s.text.strip() for s in ln.segments if s.line)]
    if not worded:
        return decorations
    lines = lines[worded[0] : worded[-1] + 1] if preserve else [lines[i] for i in worded]
    styles = next(s.styles for s in segments if s.line is not None)
    # The text's own white-space (an element's computed styles may leave it out).
    unwrapped = all(s.styles.get("white-space") in _NO_WRAP for s in segments if s.line is not None)
    content = content_box(parent, parent.style)
    align = text_align(styles)
    if len(lines) == 1:
        line = lines[0]
        # A line alone in its block spans the block, aligned as the page aligns it, where Figma's
        # own metrics cannot wrap it (room to spare): the text box a designer would draw, which
        # every card's title shares whatever its words. Tight or beside other boxes: its own box.
        left, right = content.x, content.x + content.width
        room = (right - left) - (line.right - line.left)
        if room >= max(_WRAP_ROOM, 0.03 * (right - left)) and _aligned(line, align, left, right):
            return [*decorations, *_text_nodes(state, lines, (left, right), False)]
        return [*decorations, *_text_nodes(state, lines, None, True)]
    # Multi-line: one paragraph if every line sits where the container's alignment puts
    # it (else something beside the text, like an inline-block, shaped the lines).
    left, right = content.x, content.x + content.width
    if min(ln.left for ln in lines) < left - 1 or max(ln.right for ln in lines) > right + 1:
        left = min(ln.left for ln in lines)
        right = max(ln.right for ln in lines)

    if all(_aligned(ln, align, left, right) for ln in lines):
        span = left, right
        if not preserve:
            span = keep_lines_span(lines, left, right, align)
        return [*decorations, *_text_nodes(state, lines, span, False, unwrapped)]
    return [*decorations, *(n for ln in lines for n in _text_nodes(state, [ln], None, True))]


def _aligned(ln: Line, align: str, left: float, right: float) -> bool:
    """The line sits where the block's alignment puts it between left and right."""
    if align == "CENTER":
        return abs((ln.left + ln.right) / 2 - (left + right) / 2) <= 2
    if align == "RIGHT":
        return abs(ln.right - right) <= 2
    if align == "JUSTIFIED":
        return False  # a lone (last) line is not justified: its own box
    return abs(ln.left - left) <= 2 and ln.right <= right + 1


def _text_nodes(
    state: ConversionState, lines: list[Any], span: tuple[float, float] | None, single: bool, unwrapped: bool = False
) -> list[Node]:
    """The lines as one TEXT node; `unwrapped`: their block never wraps (white-space: pre, nowrap)."""
    segs = [s for ln in lines for s in ln.segments]
    ws = next((s.styles.get("white-space", "normal") for s in segs if s.line), "normal")
    preserve = ws in _PRESERVE_BREAKS
    pieces = join_lines(lines, preserve)
    # Text that never wraps on the page (a code sample) never wraps in Figma: its own width.
    left = span[0] if span and not unwrapped else min(ln.left for ln in lines)
    right = span[1] if span and not unwrapped else max(ln.right for ln in lines)
    node = _text_node_from_pieces(state, pieces, left, right - left, lines, single, preserve, single or unwrapped)
    return [node] if node is not None else []


_GAP = 0.5  # px of a line its fragments do not cover


def _has_gaps(lines: list[Any]) -> bool:
    """Whether a line spans more than its text fragments (padding or margins between them)."""
    for ln in lines:
        drawn = sum(seg.line.width for seg in ln.segments if seg.line is not None)
        if ln.right - ln.left - drawn > _GAP:
            return True
    return False


def text_node(
    state: ConversionState,
    segs: list[Segment],
    box: Box,
    *,
    single: bool,
    width: float,
    auto_width: bool | None = None,
) -> Node | None:
    """A TEXT node for text the capture has no line boxes for (form values, generated content)."""
    lines = cluster_lines(segs)
    pieces = join_lines(lines, False)
    return _text_node_from_pieces(state, pieces, box.x, width, lines, single, auto_width=auto_width)


def _text_node_from_pieces(
    state: ConversionState,
    pieces: list[tuple[str, Segment]],
    x: float,
    width: float,
    lines: list[Any],
    single: bool,
    preserve: bool = False,
    auto_width: bool | None = None,
) -> Node | None:
    """A TEXT node whose box starts at x with the given width (the lines give its top)."""
    # Runs of consecutive text drawn by the same segment (styles are per segment), without the
    # paragraph's closing line breaks. Spaces at either end stay (but one hanging at a wrap): the
    # capture keeps them only where Chromium drew them (after an icon, before a link on the same
    # line), the line's box includes them, and Figma's auto width counts them as the page did.
    texts: list[list[Any]] = []
    for text, seg in pieces:
        if texts and texts[-1][1] is seg:
            texts[-1][0] += text
        elif text:
            texts.append([text, seg])
    while texts and not texts[-1][0].rstrip("\n"):
        texts.pop()
    if not any(text.strip() for text, _ in texts):
        return None
    texts[-1][0] = texts[-1][0].rstrip("\n")
    if texts[-1][1].wraps:  # the line ends at a wrap: its space hangs outside the line's box
        texts[-1][0] = texts[-1][0].rstrip(" ")
    characters = "".join(text for text, _ in texts)
    overrides: list[int] = []
    table: dict[str, TypeStyle] = {}
    base: dict[str, Any]
    if len(texts) == 1:
        # One run (most text): its segment is the base style and nothing is overridden.
        base_seg = texts[0][1]
        lh = line_height(lines, base_seg.styles)
        base = dict(state.text_styles.type_style(base_seg, lh))
    else:
        base_seg, lh, base = _style_runs(state, texts, lines, table, overrides)
    fills: list[Paint] = base.pop("fills", [])
    # Figma centres each line's glyphs in its line height, as CSS does: place the box so
    # that the first line's centre matches the captured line fragment's centre.
    first_line = lines[0]
    centre = (first_line.top + first_line.bottom) / 2
    # An empty line (two <br> in a row) has no line box but takes a line's height (preformatted
    # text's blank lines are lines of their own already).
    empty = 0 if preserve else sum(1 for paragraph in characters.split("\n")[1:-1] if not paragraph)
    height = lh * (len(lines) + empty) if not single else lh
    top = centre - lh / 2
    # A line with room the text does not fill (an inline box's padding, a margin between two
    # links) is wider than its glyphs: Figma's auto width would shrink it, so its width is kept.
    # In a turned box the captured line is the bounding box of the turned text, wider than the
    # text: the box keeps that width (which the text fits) rather than shrink to it.
    auto_width = False if state.turned else auto_width
    auto = "WIDTH_AND_HEIGHT" if (single if auto_width is None else auto_width) and not _has_gaps(lines) else "HEIGHT"
    base["textAutoResize"] = auto
    if single:
        base["textAlignHorizontal"] = "LEFT"
    node: Node = {
        "id": "",
        "name": naming.clip(characters, 40) or "Text",
        "type": "TEXT",
        "absoluteBoundingBox": {
            "x": round_px(float(x)),
            "y": round_px(top),
            "width": round_px(float(width)),
            "height": round_px(height),
        },
        "blendMode": "PASS_THROUGH",
        "characters": characters,
        "style": base,  # type: ignore[typeddict-item]
        "characterStyleOverrides": overrides,
        "styleOverrideTable": table,
        "fills": fills,
        "strokes": [],
        "effects": state.text_styles.effects(base_seg.styles),
    }
    _, replaced = state.fonts.resolve(base_seg.styles.get("font-family", ""), base_seg.font)
    if replaced is not None:
        node["pageport"] = {"fontFallback": replaced}
    stroke_w = css.px(base_seg.styles.get("-webkit-text-stroke-width"))
    if stroke_w > 0:
        color = css.parse_color(base_seg.styles.get("-webkit-text-stroke-color"))
        if color:
            node["strokes"] = [css.solid(color)]
            node["strokeWeight"] = round_px(stroke_w)
            node["strokeAlign"] = "CENTER"
    return node


def _style_runs(
    state: ConversionState, texts: list[list[Any]], lines: list[Any], table: dict[str, TypeStyle], overrides: list[int]
) -> tuple[Segment, float, dict[str, Any]]:
    """Mixed styles: (base segment, line height, base style); fills table and overrides."""
    runs: list[tuple[Segment, int]] = [(seg, len(text)) for text, seg in texts]
    per_seg: dict[int, int] = {}
    for seg, n in runs:
        if seg.line is not None:
            per_seg[id(seg)] = per_seg.get(id(seg), 0) + n
    base_seg = max((seg for seg, _ in runs if seg.line is not None), key=lambda sg: per_seg[id(sg)], default=runs[0][0])
    lh = line_height(lines, base_seg.styles)
    style_cache: dict[tuple[int, frozenset[str], str | None], tuple[str, TypeStyle]] = {}
    distinct: list[TypeStyle] = []

    def style_of(seg: Segment) -> tuple[str, TypeStyle]:
        key = (id(seg.styles), seg.decoration, seg.link)
        if key not in style_cache:
            ts = state.text_styles.type_style(seg, lh)
            # Equal styles from different text nodes share one key (and one override id).
            index = next((i for i, d in enumerate(distinct) if d == ts), None)
            if index is None:
                distinct.append(ts)
                index = len(distinct) - 1
            style_cache[key] = (str(index), distinct[index])
        return style_cache[key]

    # The base style is the one covering most characters (first seen wins ties).
    counts: dict[str, int] = {}
    styles_by_key: dict[str, TypeStyle] = {}
    keyed_runs: list[tuple[str, int]] = []
    for seg, n in runs:
        k, ts = style_of(seg if seg.line is not None else base_seg)
        styles_by_key[k] = ts
        counts[k] = counts.get(k, 0) + n
        keyed_runs.append((k, n))
    order = list(dict.fromkeys(k for k, _ in keyed_runs))
    base_key = max(order, key=lambda k: counts[k])
    base = dict(styles_by_key[base_key])
    ids: dict[str, int] = {}
    id_runs: list[tuple[int, int]] = []
    for k, n in keyed_runs:
        if k != base_key and k not in ids:
            ids[k] = len(ids) + 1
            table[str(ids[k])] = style_diff(base, styles_by_key[k])  # type: ignore[arg-type]
        id_runs.append((ids.get(k, 0), n))
    # Trailing base-style characters are implied: drop whole runs rather than popping a
    # long paragraph's zeros one by one.
    while id_runs and (id_runs[-1][0] == 0 or id_runs[-1][1] <= 0):
        id_runs.pop()
    for ident, n in id_runs:
        overrides += [ident] * n
    return base_seg, lh, base
