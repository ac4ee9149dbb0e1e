"""Inline content -> TEXT nodes with mixed-style runs.

A block's consecutive text nodes and plain inline elements (<b>, <a>, <span>, <br> ...) become
one TEXT node: the characters of every line, soft wraps turned back into spaces so Figma can
re-flow the paragraph, and each style run recorded through characterStyleOverrides and
styleOverrideTable (the REST API's representation of a bold span inside a paragraph).
"""

from __future__ import annotations

import itertools
import re
import statistics
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pageport.capture.schema import ElementNode, LineBox, RenderedFont
from pageport.convert import css
from pageport.convert.figma import Effect, Paint, TypeStyle
from pageport.convert.fonts import face_family, parse_style, style_name

StyleGet = Callable[[str], str | None]


@dataclass
class Segment:
    """Characters of one line fragment, with the computed styles they are drawn with."""

    text: str
    styles: Mapping[str, str]
    line: LineBox | None  # None for a hard break (<br>)
    decoration: frozenset[str] = frozenset()  # propagated from inline ancestors
    font: RenderedFont | None = None  # the face capture saw drawing it (TextNode.rendered_font)
    link: str | None = None  # href of the <a> it sits in
    depth: int = 0  # inline elements between it and its paragraph (<a><b>x</b></a>: 2)
    wraps: bool = False  # its text node goes on in the next line box: a trailing space hangs


@dataclass
class Line:
    top: float
    bottom: float
    left: float
    right: float
    segments: list[Segment] = field(default_factory=list)


def link_of(el: ElementNode) -> str | None:
    """The URL an <a> element links to: web and mail links, those the plugin applies (Figma
    hyperlinks take URLs, not scripts)."""
    href = el.attrs.get("href") if el.tag == "a" else None
    return href if href and href.split(":", 1)[0].lower() in ("http", "https", "mailto") else None


def cluster_lines(segments: list[Segment]) -> list[Line]:
    """Group fragments into visual lines by vertical overlap, in reading order."""
    lines: list[Line] = []
    for seg in segments:
        lb = seg.line
        if lb is None:
            if lines:
                lines[-1].segments.append(seg)
            continue
        mid = lb.y + lb.height / 2
        cur = lines[-1] if lines else None
        if cur is not None and cur.top - 0.5 <= mid <= cur.bottom + 0.5:
            cur.segments.append(seg)
            cur.top, cur.bottom = min(cur.top, lb.y), max(cur.bottom, lb.y + lb.height)
            cur.left, cur.right = min(cur.left, lb.x), max(cur.right, lb.x + lb.width)
        else:
            lines.append(Line(lb.y, lb.y + lb.height, lb.x, lb.x + lb.width, [seg]))
    return lines


def _is_cjk(ch: str) -> bool:
    return bool(ch) and unicodedata.east_asian_width(ch) in ("W", "F")


def join_lines(lines: list[Line], preserve_breaks: bool) -> list[tuple[str, Segment]]:
    """(characters, segment) pieces with wraps turned into spaces (or kept as newlines)."""
    pieces: list[tuple[str, Segment]] = []
    # Only the last character written so far and the next line's first character matter
    # (joining everything written so far at every line was quadratic in the paragraph).
    last = ""
    for i, line in enumerate(lines):
        for seg in line.segments:
            text = "\n" if seg.line is None else seg.text
            pieces.append((text, seg))
            last = text[-1:] or last
        if i + 1 < len(lines) and line.segments:
            last_seg = line.segments[-1]
            if last_seg.line is None:
                continue  # the <br> already broke the line
            following = next((s for s in lines[i + 1].segments if s.text), None)
            first = following.text[0] if following is not None else ""
            if preserve_breaks:
                pieces.append(("\n", last_seg))
                last = "\n"
            elif (
                last and not last.isspace() and first and not first.isspace() and not (_is_cjk(last) or _is_cjk(first))
            ):
                # The wrap ate a space the capture no longer has: give it to the shallower side
                # (authors write `<a>docs</a> now`, rarely `<a>docs </a>now`), so a link's or
                # a bold run's style stops at its last character as on the page.
                owner = following if following is not None and following.depth < last_seg.depth else last_seg
                pieces.append((" ", owner))
                last = " "
    return pieces


_ALIGN = {
    "left": "LEFT",
    "start": "LEFT",
    "center": "CENTER",
    "right": "RIGHT",
    "end": "RIGHT",
    "justify": "JUSTIFIED",
    "-webkit-center": "CENTER",
    "-webkit-left": "LEFT",
    "-webkit-right": "RIGHT",
}
_CASE = {"uppercase": "UPPER", "lowercase": "LOWER", "capitalize": "TITLE"}


_SCALED_LENGTHS = ("font-size", "line-height", "letter-spacing", "word-spacing")


def scaled_styles(styles: Mapping[str, str], scale: float) -> Mapping[str, str]:
    """The styles of text drawn at `scale` times its computed size (in a `transform: scale()`
    box, whose captured boxes are scaled and whose computed lengths are not)."""
    if scale == 1:
        return styles
    out = dict(styles)
    for prop in _SCALED_LENGTHS:
        value = out.get(prop)
        if value and value.endswith("px"):
            out[prop] = f"{css.round_to(css.px(value) * scale, 4)}px"
    return out


def text_align(styles: Mapping[str, str]) -> str:
    align = _ALIGN.get(styles.get("text-align", "start"), "LEFT")
    if styles.get("direction") == "rtl" and styles.get("text-align", "start") == "start":
        return "RIGHT"
    return align


def weight(styles: Mapping[str, str]) -> float:
    value = styles.get("font-weight", "400")
    try:
        return float(value)
    except ValueError:
        return {"bold": 700.0, "bolder": 700.0, "lighter": 300.0}.get(value, 400.0)


def drawn_weight(font: RenderedFont | None, asked: float, family: str) -> float:
    """The weight of the installed face Chromium drew with, which the design names: the
    nearest the family has here (Medium asked of Debian's Open Sans draws Regular), and the
    script's Regular face for its per-character fallback whatever the weight asked (thickened for
    bold: Figma's Bold of Noto Sans Arabic or Thai is up to a tenth wider than what the page drew).
    A web font keeps the weight asked: it may be variable, its name its default instance's; so
    does a text named by another `family` than the face's (the script_fonts pass fits the runs
    Chromium fell back for)."""
    if font is None or font.custom or not font.post_script_name or face_family(font.family) != family:
        return asked
    # The PostScript name's style is CamelCase ("Arimo-BoldItalic"): words for parse_style.
    face_weight, _ = parse_style(_CAMEL_WORD.sub(" ", font.post_script_name.rpartition("-")[2]))
    return float(face_weight)


_CAMEL_WORD = re.compile(r"(?<=[a-z])(?=[A-Z])")


@dataclass
class StyleBuilder:
    """Computed text styles -> Figma TypeStyle, with font resolution and warnings."""

    resolve_family: Callable[[str, RenderedFont | None], tuple[str, str | None]]
    warn: Callable[[str], None]

    def type_style(self, seg: Segment, line_height: float) -> TypeStyle:
        st = seg.styles
        family, replaced = self.resolve_family(st.get("font-family", "sans-serif"), seg.font)
        size = css.px(st.get("font-size"), default=16.0)
        italic = st.get("font-style", "normal") != "normal"
        font_weight = drawn_weight(seg.font, weight(st), family)
        out: TypeStyle = {
            "fontFamily": family,
            "fontPostScriptName": None,
            "fontWeight": font_weight,
            "fontStyle": style_name(font_weight, italic),
            "italic": italic,
            "fontSize": css.round_to(size, 2),
            "lineHeightPx": css.round_to(line_height, 2),
            "lineHeightUnit": "PIXELS",
            "letterSpacing": css.round_to(css.px(st.get("letter-spacing"), size), 2),
            "textAlignHorizontal": text_align(st),  # type: ignore[typeddict-item]
            "textAlignVertical": "TOP",
        }
        decoration = set(st.get("text-decoration-line", "none").split()) | seg.decoration
        if "underline" in decoration:
            out["textDecoration"] = "UNDERLINE"
        elif "line-through" in decoration:
            out["textDecoration"] = "STRIKETHROUGH"
        else:
            out["textDecoration"] = "NONE"
        if "overline" in decoration:
            self.warn("text-decoration overline")
        case = _CASE.get(st.get("text-transform", "none"))
        if st.get("font-variant-caps", "normal") in ("small-caps", "all-small-caps"):
            out["textCase"] = "SMALL_CAPS"
        else:
            out["textCase"] = case or "ORIGINAL"  # type: ignore[typeddict-item]
        out["fills"] = self.fills(st)
        if seg.link is not None:
            out["hyperlink"] = {"type": "URL", "url": seg.link}
        _ = replaced
        return out

    def fills(self, st: Mapping[str, str]) -> list[Paint]:
        fill_color = st.get("-webkit-text-fill-color")
        clip = st.get("-webkit-background-clip", "border-box")
        image = st.get("background-image", "none")
        if clip == "text" and image not in ("none", ""):
            try:
                # The gradient spans the element box; the TEXT box is close enough.
                grad = css.gradient(css.split_top(image)[0], 100.0, 100.0)
                if not grad.exact:
                    self.warn("gradient text approximated")
                return [grad.paint]
            except css.CssError:
                self.warn("background-clip: text with an image")
        color = css.parse_color(fill_color) if fill_color else None
        if color is None or (color["a"] == 0 and clip != "text"):
            color = css.parse_color(st.get("color")) or {"r": 0.0, "g": 0.0, "b": 0.0, "a": 1.0}
        return [css.solid(color)]

    def effects(self, st: Mapping[str, str]) -> list[Effect]:
        try:
            shadows = css.parse_shadows(st.get("text-shadow"))
        except css.CssError:
            self.warn("text-shadow unparsed")
            return []
        out: list[Effect] = []
        for sh in reversed(shadows):
            out.append(
                {
                    "type": "DROP_SHADOW",
                    "visible": True,
                    "color": sh.color,
                    "blendMode": "NORMAL",
                    "offset": {"x": sh.x, "y": sh.y},
                    "radius": sh.blur,
                    "spread": 0.0,
                    "showShadowBehindNode": False,
                }
            )
        return out


def line_height(lines: list[Line], styles: Mapping[str, str]) -> float:
    """Line pitch as laid out (multi-line), else the computed line-height, else 'normal'."""
    if len(lines) >= 2:
        pitches = [b.top - a.top for a, b in itertools.pairwise(lines) if b.top - a.top > 0]
        if pitches:
            return float(statistics.median(pitches))
    size = css.px(styles.get("font-size"), default=16.0)
    value = styles.get("line-height", "normal")
    if value.endswith("px"):
        return css.px(value)
    if value != "normal":  # float() would raise for it, and raising is slow
        try:
            return float(value) * size  # unitless factor (Chromium serializes some this way)
        except ValueError:
            pass
    content = max((s.line.height for ln in lines for s in ln.segments if s.line), default=0.0)
    return max(content, css.round_to(size * 1.15, 2))


def style_diff(base: TypeStyle, other: TypeStyle) -> TypeStyle:
    diff: dict[str, Any] = {k: v for k, v in other.items() if base.get(k) != v}
    if "hyperlink" in base and "hyperlink" not in other:
        diff["hyperlink"] = None  # a run outside the link in a mostly linked paragraph has none
    return diff  # type: ignore[return-value]
