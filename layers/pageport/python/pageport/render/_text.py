"""TEXT nodes for the preview renderer: font lookup, mixed-style runs, wrapping, drawing."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from pageport.render._bidi import direction, is_rtl, visual_order
from pageport.render._faces import FontT, coverage, fallback_face, font_face, load_face
from pageport.render._raster import first_solid


def _case(text: str, text_case: str | None) -> str:
    if text_case == "UPPER":
        return text.upper()
    if text_case == "LOWER":
        return text.lower()
    if text_case == "TITLE":
        return text.title()
    return text


@dataclass
class _Run:
    text: str
    style: Mapping[str, Any]
    font: FontT
    color: tuple[int, int, int, int]
    spacing: float  # letter spacing, canvas px

    def width(self, text: str | None = None) -> float:
        t = self.text if text is None else text
        return float(self.font.getlength(t)) + self.spacing * len(t)

    def metrics(self) -> tuple[int, int]:
        if isinstance(self.font, ImageFont.FreeTypeFont):
            return self.font.getmetrics()
        return (round(self.font.getbbox("Ag")[3]), 0)


def _runs(node: Mapping[str, Any], scale: float) -> list[_Run]:
    chars = str(node.get("characters", ""))
    base: Mapping[str, Any] = node.get("style") or {}
    overrides: Sequence[int] = node.get("characterStyleOverrides") or []
    table: Mapping[str, Mapping[str, Any]] = node.get("styleOverrideTable") or {}
    base_color = first_solid(node.get("fills")) or first_solid(base.get("fills")) or (0, 0, 0, 255)
    runs: list[_Run] = []
    start = 0
    for i in range(1, len(chars) + 1):
        cur = overrides[i - 1] if i - 1 < len(overrides) else 0
        nxt = overrides[i] if i < len(overrides) else 0
        if i < len(chars) and cur == nxt:
            continue
        style = {**base, **table.get(str(cur), {})} if cur else base
        color = first_solid(style.get("fills")) if cur else None
        size = float(style.get("fontSize", 14)) * scale
        for text, font in _faces_for(_case(chars[start:i], style.get("textCase")), style, size):
            runs.append(_Run(text, style, font, color or base_color, float(style.get("letterSpacing", 0)) * scale))
        start = i
    return runs


def _faces_for(text: str, style: Mapping[str, Any], size: float) -> Iterator[tuple[str, FontT]]:
    """The text in pieces, each with the font that draws it: the style's family, and for a
    character it has no glyph for, a fallback face that has one (as Figma falls back)."""
    weight, italic = float(style.get("fontWeight", 400)), bool(style.get("italic", False))
    face = font_face(str(style.get("fontFamily", "Inter")), weight, italic)
    if face is None:
        yield text, ImageFont.load_default(size=max(1.0, size))
        return
    has = coverage(face)
    pieces: list[tuple[str, Any]] = []
    for ch in text:
        # Whitespace and controls stay with the style's face (their advance is its own).
        drawer = face if ord(ch) in has or not ch.strip() else (fallback_face(ord(ch), weight, italic) or face)
        if pieces and pieces[-1][1] == drawer:
            pieces[-1] = (pieces[-1][0] + ch, drawer)
        else:
            pieces.append((ch, drawer))
    for piece, drawer in pieces:
        yield piece, load_face(drawer, size)


@dataclass
class _Piece:
    run: _Run
    text: str
    width: float


def _wrap(runs: list[_Run], max_width: float | None) -> list[list[_Piece]]:
    """Greedy line breaking at spaces and newlines, and between CJK characters, across style runs."""
    lines: list[list[_Piece]] = [[]]
    line_w = 0.0
    # Words keep their pieces together: a word may span several runs (a bold letter inside).
    word: list[_Piece] = []
    word_w = 0.0

    def flush_word() -> None:
        nonlocal word, word_w, line_w
        if not word:
            return
        if max_width is not None and lines[-1] and line_w + word_w > max_width + 0.5:
            # Trailing spaces of the finished line do not count toward its width.
            lines.append([])
            line_w = 0.0
            while word and not word[0].text.strip():
                word_w -= word[0].width
                word.pop(0)
        lines[-1].extend(word)
        line_w += word_w
        word, word_w = [], 0.0

    for run in runs:
        token = ""
        for ch in run.text:
            if ch == "\n":
                if token:
                    word.append(_Piece(run, token, run.width(token)))
                    word_w += word[-1].width
                    token = ""
                flush_word()
                lines.append([])
                line_w = 0.0
            elif ch.isspace():
                if token:
                    word.append(_Piece(run, token, run.width(token)))
                    word_w += word[-1].width
                    token = ""
                flush_word()
                piece = _Piece(run, " ", run.width(" "))
                lines[-1].append(piece)
                line_w += piece.width
            elif ch in _NO_BREAK_BEFORE or not (_breaks_around(ch) or (token and _breaks_around(token[-1]))):
                token += ch
            else:
                # Chinese, Japanese and Korean break between characters, as browsers and Figma
                # do (never before closing punctuation: 、。」 stay with what they close).
                if token:
                    word.append(_Piece(run, token, run.width(token)))
                    word_w += word[-1].width
                flush_word()
                token = ch
        if token:
            word.append(_Piece(run, token, run.width(token)))
            word_w += word[-1].width
    flush_word()
    return lines


# Closing punctuation, small kana and marks a CJK line never starts with (the ideographic
# comma and full stop, closing brackets, the prolonged sound mark...).
_NO_BREAK_BEFORE = frozenset(
    "\u3001\u3002\uff0c\uff0e\u30fb\uff1a\uff1b\uff1f\uff01\uff09\u300d\u300f\u3011\u3009\u300b\u3015\uff5d\u301f\u30fc\u3005\u309d\u309e\u30fd\u30fe\u3041\u3043\u3045\u3047\u3049\u3063\u3083\u3085\u3087\u30a1\u30a3\u30a5\u30a7\u30a9\u30c3\u30e3\u30e5\u30e7\u2026"
)


def _breaks_around(ch: str) -> bool:
    """Whether a line may break before or after `ch`: CJK ideographs, kana, Hangul syllables
    and the CJK symbols and full-width forms."""
    code = ord(ch)
    return (
        0x3000 <= code <= 0x30FF
        or 0x3400 <= code <= 0x4DBF
        or 0x4E00 <= code <= 0x9FFF
        or 0xAC00 <= code <= 0xD7AF
        or 0xF900 <= code <= 0xFAFF
        or 0xFF00 <= code <= 0xFFEF
    )


@dataclass
class _Laid:
    pieces: list[_Piece]
    x: float  # left of the first piece, canvas px
    top: float
    height: float
    baseline: float

    @property
    def width(self) -> float:
        return sum(p.width for p in self.pieces)


def _layout(
    node: Mapping[str, Any], box: tuple[int, int, int, int], scale: float, pixel: float = 1.0
) -> tuple[list[_Laid], list[_Run]] | None:
    """Lines laid out in the box; `pixel` is an output pixel's size in the box's units."""
    x0, y0, x1, y1 = box
    runs = _runs(node, scale)
    if not runs or not any(r.text.strip() for r in runs):
        return None
    style: Mapping[str, Any] = node.get("style") or {}
    auto = style.get("textAutoResize", "NONE")
    width = x1 - x0
    lines = _wrap(runs, None if auto == "WIDTH_AND_HEIGHT" else float(width))
    heights: list[float] = []
    for line in lines:
        line_runs = [p.run for p in line] or runs[:1]
        heights.append(max(float(r.style.get("lineHeightPx", 0)) * scale or sum(r.metrics()) * 1.15 for r in line_runs))
    total = sum(heights)
    valign = style.get("textAlignVertical", "TOP")
    y = y0 + {"CENTER": (y1 - y0 - total) / 2, "BOTTOM": y1 - y0 - total}.get(valign, 0.0)
    align = style.get("textAlignHorizontal", "LEFT")
    laid: list[_Laid] = []
    for k, (line, lh) in enumerate(zip(lines, heights, strict=True)):
        pieces = list(line)
        while pieces and not pieces[-1].text.strip():
            pieces.pop()
        # A wrapped line drops the space it broke at; the first line keeps a leading space, as
        # Figma draws it.
        while k and pieces and not pieces[0].text.strip():
            pieces.pop(0)
        line_w = sum(p.width for p in pieces)
        x = float(x0) + {"CENTER": (width - line_w) / 2, "RIGHT": width - line_w}.get(align, 0.0)
        # Chromium's vertical metrics: ascent and descent rounded to whole pixels, the half
        # leading floored above the glyphs, the baseline on a whole pixel.
        asc = round(max((p.run.metrics()[0] for p in pieces), default=0) / pixel) * pixel
        desc = round(max((p.run.metrics()[1] for p in pieces), default=0) / pixel) * pixel
        half_leading = math.floor((lh - (asc + desc)) / 2 / pixel) * pixel
        laid.append(_Laid(pieces, x, y, lh, round((y + half_leading + asc) / pixel) * pixel))
        y += lh
    return laid, runs


def text_lines(
    node: Mapping[str, Any], box: tuple[int, int, int, int], scale: float
) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The node's text as laid out here: (line text, (x0, y0, x1, y1)) per non-empty line."""
    out = _layout(node, box, scale)
    if out is None:
        return []
    return [
        ("".join(p.text for p in ln.pieces), (ln.x, ln.top, ln.x + ln.width, ln.top + ln.height))
        for ln in out[0]
        if ln.pieces
    ]


# Text is drawn this many times larger and then reduced: glyphs land at fractional pixel
# positions (as Figma and Chromium place them) instead of FreeType's whole-pixel hinted advances,
# which drift a long line by several pixels.
_SUPERSAMPLE = 4


def draw_text(
    node: Mapping[str, Any], box: tuple[int, int, int, int], scale: float
) -> tuple[Image.Image, int, int] | None:
    """Rasterize a TEXT node; returns (image, x, y) in canvas pixels, or None if empty."""
    k = _SUPERSAMPLE
    x0, y0, x1, y1 = (v * k for v in box)
    out = _layout(node, (x0, y0, x1, y1), scale * k, k)
    if out is None:
        return None
    laid, runs = out
    margin = round(max(r.font.size if isinstance(r.font, ImageFont.FreeTypeFont) else 10 for r in runs))
    # The canvas's edges on whole output pixels, so the reduced image lands on the page's grid.
    left = (min([x0, *(math.floor(ln.x) for ln in laid)]) - margin) // k * k
    top = (min([y0, *(math.floor(ln.top) for ln in laid)]) - margin) // k * k
    right = -(-(max([x1, *(math.ceil(ln.x + ln.width) for ln in laid)]) + margin) // k) * k
    bottom = -(-(max([y1, *(math.ceil(ln.top + ln.height) for ln in laid)]) + margin) // k) * k
    cw, ch = right - left, bottom - top
    if cw <= 0 or ch <= 0:
        return None
    masks: dict[tuple[int, int, int, int], Image.Image] = {}
    rtl = is_rtl(str(node.get("characters", "")))
    for ln in laid:
        x = ln.x
        for piece in visual_order(ln.pieces, [p.text for p in ln.pieces], rtl):
            mask = masks.setdefault(piece.run.color, Image.new("L", (cw, ch), 0))
            draw = ImageDraw.Draw(mask)
            px, py = x - left, ln.baseline - top  # the baseline is on a whole pixel, x fractional
            if piece.run.spacing:
                cx = px
                for c in piece.text:
                    draw.text((cx, py), c, fill=255, font=piece.run.font, anchor="ls")
                    cx += float(piece.run.font.getlength(c)) + piece.run.spacing
            else:
                font, way = piece.run.font, direction(piece.text)
                draw.text((px, py), piece.text, fill=255, font=font, anchor="ls", direction=way)
            deco = piece.run.style.get("textDecoration", "NONE")
            if deco in ("UNDERLINE", "STRIKETHROUGH"):
                size = float(piece.run.style.get("fontSize", 14)) * scale * k
                thick = max(k, round(size / 14))
                ly = py + (size * 0.12 if deco == "UNDERLINE" else -size * 0.3)
                draw.rectangle((px, ly, px + piece.width, ly + thick - 1), fill=255)
            x += piece.width
    w, h = cw // k, ch // k
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    for color, mask in masks.items():
        layer = Image.new("RGBA", (w, h), (*color[:3], 0))
        layer.putalpha(mask.reduce(k).point(lambda v, a=color[3]: v * a // 255))
        image.alpha_composite(layer)
    return image, left // k, top // k
