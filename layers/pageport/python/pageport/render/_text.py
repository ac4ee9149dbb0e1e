"""TEXT nodes for the preview renderer: font lookup, mixed-style runs, wrapping, drawing."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from pageport.render._raster import first_solid

FontT = ImageFont.FreeTypeFont | ImageFont.ImageFont

_FONT_DIRS = tuple(Path(d) for d in os.environ.get("PAGEPORT_FONT_DIRS", "/usr/share/fonts").split(os.pathsep))
# Which installed family stands in for a requested one (metric-compatible where one exists).
_SERIF = (
    "serif",
    "times",
    "georgia",
    "garamond",
    "merriweather",
    "playfair",
    "lora",
    "cambria",
    "noto serif",
    "source serif",
    "pt serif",
    "libre baskerville",
)
_MONO = ("mono", "courier", "consolas", "menlo", "code", "monaco", "fira mono", "jetbrains")
_NARROW = ("narrow", "condensed")


@lru_cache(maxsize=1)
def _installed() -> dict[str, list[Path]]:
    """family file stem prefix (lower-case) -> font files, e.g. 'liberationsans' -> [...]."""
    found: dict[str, list[Path]] = {}
    for root in _FONT_DIRS:
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            if path.suffix.lower() in (".ttf", ".otf"):
                found.setdefault(path.stem.split("-")[0].lower(), []).append(path)
    return found


def _candidates(family: str) -> list[str]:
    fam = family.lower()
    exact = fam.replace(" ", "")
    if any(k in fam for k in _MONO):
        generic = ["liberationmono", "dejavusansmono"]
    elif any(k in fam for k in _SERIF) and "sans" not in fam:
        generic = ["liberationserif", "dejavuserif"]
    elif any(k in fam for k in _NARROW):
        generic = ["liberationsansnarrow", "dejavusanscondensed", "liberationsans"]
    else:
        generic = ["liberationsans", "dejavusans"]
    return [exact, *generic]


def _style_score(stem: str, bold: bool, italic: bool) -> int:
    s = stem.lower()
    is_bold = "bold" in s
    is_italic = "italic" in s or "oblique" in s
    light = "light" in s or "thin" in s
    return (is_bold == bold) * 2 + (is_italic == italic) * 2 - light * 3


@lru_cache(maxsize=512)
def font_path(family: str, weight: float, italic: bool) -> Path | None:
    installed = _installed()
    for key in _candidates(family):
        files = installed.get(key)
        if files:
            return max(files, key=lambda p: _style_score(p.stem, weight >= 600, italic))
    every = [p for files in installed.values() for p in files]
    return every[0] if every else None


@lru_cache(maxsize=512)
def load_font(family: str, weight: float, italic: bool, size_px: float) -> FontT:
    path = font_path(family, weight, italic)
    size = max(1.0, size_px)
    if path is not None:
        try:
            return ImageFont.truetype(str(path), size=size)
        except OSError:
            pass
    return ImageFont.load_default(size=size)


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
        font = load_font(
            str(style.get("fontFamily", "Inter")),
            float(style.get("fontWeight", 400)),
            bool(style.get("italic", False)),
            size,
        )
        runs.append(
            _Run(
                _case(chars[start:i], style.get("textCase")),
                style,
                font,
                color or base_color,
                float(style.get("letterSpacing", 0)) * scale,
            )
        )
        start = i
    return runs


@dataclass
class _Piece:
    run: _Run
    text: str
    width: float


def _wrap(runs: list[_Run], max_width: float | None) -> list[list[_Piece]]:
    """Greedy line breaking at spaces and newlines, across style runs."""
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
            else:
                token += ch
        if token:
            word.append(_Piece(run, token, run.width(token)))
            word_w += word[-1].width
    flush_word()
    return lines


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
    node: Mapping[str, Any], box: tuple[int, int, int, int], scale: float
) -> tuple[list[_Laid], list[_Run]] | None:
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
    for line, lh in zip(lines, heights, strict=True):
        pieces = list(line)
        while pieces and not pieces[-1].text.strip():
            pieces.pop()
        while pieces and not pieces[0].text.strip():
            pieces.pop(0)
        line_w = sum(p.width for p in pieces)
        x = float(x0) + {"CENTER": (width - line_w) / 2, "RIGHT": width - line_w}.get(align, 0.0)
        asc = max((p.run.metrics()[0] for p in pieces), default=0)
        desc = max((p.run.metrics()[1] for p in pieces), default=0)
        laid.append(_Laid(pieces, x, y, lh, y + (lh - (asc + desc)) / 2 + asc))
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


def draw_text(
    node: Mapping[str, Any], box: tuple[int, int, int, int], scale: float
) -> tuple[Image.Image, int, int] | None:
    """Rasterize a TEXT node; returns (image, x, y) in canvas pixels, or None if empty."""
    out = _layout(node, box, scale)
    if out is None:
        return None
    laid, runs = out
    x0, y0, x1, y1 = box
    margin = round(max(r.font.size if isinstance(r.font, ImageFont.FreeTypeFont) else 10 for r in runs))
    left = min([x0, *(round(ln.x) for ln in laid)]) - margin
    top = min([y0, *(round(ln.top) for ln in laid)]) - margin
    right = max([x1, *(round(ln.x + ln.width) for ln in laid)]) + margin
    bottom = max([y1, *(round(ln.top + ln.height) for ln in laid)]) + margin
    cw, ch = right - left, bottom - top
    if cw <= 0 or ch <= 0:
        return None
    masks: dict[tuple[int, int, int, int], Image.Image] = {}
    for ln in laid:
        x = ln.x
        for piece in ln.pieces:
            mask = masks.setdefault(piece.run.color, Image.new("L", (cw, ch), 0))
            draw = ImageDraw.Draw(mask)
            px, py = x - left, ln.baseline - top
            if piece.run.spacing:
                cx = px
                for c in piece.text:
                    draw.text((cx, py), c, fill=255, font=piece.run.font, anchor="ls")
                    cx += float(piece.run.font.getlength(c)) + piece.run.spacing
            else:
                draw.text((px, py), piece.text, fill=255, font=piece.run.font, anchor="ls")
            deco = piece.run.style.get("textDecoration", "NONE")
            if deco in ("UNDERLINE", "STRIKETHROUGH"):
                size = float(piece.run.style.get("fontSize", 14)) * scale
                thick = max(1, round(size / 14))
                ly = py + (size * 0.12 if deco == "UNDERLINE" else -size * 0.3)
                draw.rectangle((px, ly, px + piece.width, ly + thick - 1), fill=255)
            x += piece.width
    image = Image.new("RGBA", (cw, ch), (0, 0, 0, 0))
    for color, mask in masks.items():
        layer = Image.new("RGBA", (cw, ch), (*color[:3], 0))
        layer.putalpha(mask.point(lambda v, a=color[3]: v * a // 255))
        image.alpha_composite(layer)
    return image, left, top
