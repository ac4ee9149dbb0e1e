"""Icon-font glyphs as VECTOR nodes of their outlines.

Figma has none of the page's icon fonts (Font Awesome, Material Icons, ...), so a TEXT node
naming one is drawn as missing-glyph boxes. Text is an icon when it holds a private-use
character (U+E000-U+F8FF, planes 15 and 16) or its web font is an icon font (an icon-font
family name, or a font whose characters are mostly private-use, as Material Icons' are). Its
glyphs are read from the captured @font-face file with fontTools (cmap, then GSUB ligatures
for ligature icons such as Material's "home"), drawn as SVG paths scaled by font-size /
unitsPerEm, y-flipped onto the baseline and filled with the text colour. Ordinary web fonts
(Montserrat...) stay text. Without the font file the text stays a TEXT node, with a warning.

A font file is parsed once per worker thread, not once per conversion: parsed fonts are kept by
the SHA-256 of their bytes (a capture's asset digest, checked when the capture is loaded), the
most recently used few, so a warm worker converting page after page of one site reuses them. Per
thread, because fontTools reads tables lazily and is not safe to share between threads.
"""

from __future__ import annotations

import io
import re
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont, TTLibError

from pageport.capture.schema import Box, FontFace, TextNode
from pageport.convert import css, naming
from pageport.convert.figma import Node
from pageport.convert.nodes import frame, round_px
from pageport.convert.state import ConversionState

# Family names of the common icon fonts (matched anywhere in the name).
_ICON_FAMILY_RE = re.compile(
    r"awesome|material.?(icons|symbols)|icon|glyph|fontello|icomoon|feather|remix|phosphor|lucide|tabler|"
    r"boxicons|themify|linearicons|dashicons|octicons|ionicons|bootstrap-icons|foundation-icons|entypo",
    flags=re.I,
)
_GENERIC = {"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "emoji", "math", "fangsong"}


def is_private_use(ch: str) -> bool:
    cp = ord(ch)
    return 0xE000 <= cp <= 0xF8FF or cp >= 0xF0000


@dataclass
class _Font:
    """A parsed font file: what drawing its glyphs needs."""

    tt: TTFont
    glyphs: Any  # fontTools glyph set
    cmap: dict[int, str]
    advances: dict[str, int]
    upm: int
    ascent: float
    descent: float  # positive, below the baseline
    icon_font: bool  # mostly private-use characters
    # (glyph run, scale, baseline) -> its SVG path: a site draws the same icons at the same sizes
    # page after page, and drawing outlines is most of an icon's cost.
    paths: dict[tuple[tuple[str, ...], float, float], str] = field(default_factory=dict)

    def path(self, run: Sequence[str], scale: float, baseline: float) -> str:
        key = (tuple(run), scale, baseline)
        found = self.paths.get(key)
        if found is None:
            pen = SVGPathPen(self.glyphs, ntos=lambda v: f"{v:.2f}".rstrip("0").rstrip("."))
            pen_x = 0.0
            for name in run:
                self.glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, pen_x, baseline)))
                pen_x += self.advances.get(name, 0) * scale
            found = pen.getCommands()
            if len(self.paths) >= _PATHS_KEPT:
                self.paths.clear()
            self.paths[key] = found
        return found

    @cached_property
    def ligatures(self) -> dict[str, list[tuple[tuple[str, ...], str]]]:
        """First glyph -> (following glyphs, ligature glyph), longest first; read on first use
        (a text font's GSUB is large and ordinary text never needs it)."""
        try:
            return _ligatures(self.tt)
        except (TTLibError, KeyError, AttributeError, ValueError, AssertionError):
            return {}


def _load(data: bytes) -> _Font | None:
    try:
        font = TTFont(io.BytesIO(data), lazy=True)
        cmap = font.getBestCmap() or {}
        upm = int(font["head"].unitsPerEm)
        hhea = font["hhea"]
        ascent, descent = float(hhea.ascent), float(-hhea.descent)
        os2 = font.get("OS/2")
        if os2 is not None and os2.fsSelection & (1 << 7):  # USE_TYPO_METRICS, as Chromium honours it
            ascent, descent = float(os2.sTypoAscender), float(-os2.sTypoDescender)
        advances = {name: int(adv) for name, (adv, _) in font["hmtx"].metrics.items()}
        glyphs = font.getGlyphSet()
    except (TTLibError, KeyError, AttributeError, ValueError, AssertionError, ImportError, OSError):
        return None
    pua = sum(1 for cp in cmap if 0xE000 <= cp <= 0xF8FF or cp >= 0xF0000)
    return _Font(font, glyphs, cmap, advances, upm, ascent, descent, pua * 2 >= max(1, len(cmap)))


def _ligatures(font: TTFont) -> dict[str, list[tuple[tuple[str, ...], str]]]:
    """GSUB ligature substitutions (lookup type 4, also inside extension lookups)."""
    out: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    if "GSUB" not in font or font["GSUB"].table.LookupList is None:
        return out
    for lookup in font["GSUB"].table.LookupList.Lookup:
        for sub in lookup.SubTable:
            if lookup.LookupType == 7:
                sub = sub.ExtSubTable
            if getattr(sub, "LookupType", lookup.LookupType) != 4:
                continue
            for first, ligs in sub.ligatures.items():
                for lig in ligs:
                    out.setdefault(first, []).append((tuple(lig.Component), lig.LigGlyph))
    for entries in out.values():
        entries.sort(key=lambda e: -len(e[0]))
    return out


PARSED_FONTS_KEPT = 16  # per thread: a site's icon fonts, and a few of its text fonts
_PATHS_KEPT = 4096  # drawn glyph runs per font, then started afresh
_parsed = threading.local()


def parsed_font(digest: str, data: bytes) -> _Font | None:
    """The font file of SHA-256 `digest` parsed (None: unreadable), from this thread's cache."""
    cache: OrderedDict[str, _Font | None] | None = getattr(_parsed, "fonts", None)
    if cache is None:
        cache = _parsed.fonts = OrderedDict()
    if digest in cache:
        cache.move_to_end(digest)
        return cache[digest]
    font = cache[digest] = _load(data)
    while len(cache) > PARSED_FONTS_KEPT:
        cache.popitem(last=False)
    return font


@dataclass
class IconFonts:
    """The capture's font files, parsed once each, and which face draws a text."""

    fonts: dict[str, _Font | None] = field(default_factory=dict)
    warned: set[str] = field(default_factory=set)
    # (font-family, weight, style) -> (the first family with captured faces, its faces best first)
    faces: dict[tuple[str, str, str], tuple[str, list[FontFace]]] = field(default_factory=dict)

    def font(self, state: ConversionState, face: FontFace) -> _Font | None:
        sha = face.sha256
        if sha is None or sha not in state.assets:
            return None
        if sha not in self.fonts:
            self.fonts[sha] = parsed_font(sha, state.assets[sha])
        return self.fonts[sha]


def _families(font_family: str) -> list[str]:
    return [n.strip().strip("\"'").strip() for n in css.split_top(font_family) if n.strip()]


def _weight(value: str) -> float:
    try:
        return float(value.split()[0])
    except (ValueError, IndexError):
        return {"bold": 700.0}.get(value, 400.0)


def _faces(state: ConversionState, family: str, styles: Mapping[str, str]) -> list[FontFace]:
    """The family's captured faces, best match first (style, then nearest weight)."""
    faces = [f for f in state.doc.fonts if f.family.lower() == family.lower()]
    want = _weight(styles.get("font-weight", "400"))
    italic = styles.get("font-style", "normal") != "normal"
    return sorted(faces, key=lambda f: ((f.style != "normal") != italic, abs(_weight(f.weight) - want)))


def _in_range(cp: int, unicode_range: str | None) -> bool:
    if not unicode_range:
        return True
    for part in unicode_range.replace("U+", "").replace("u+", "").split(","):
        lo, _, hi = part.strip().partition("-")
        try:
            if "?" in lo:
                a, b = int(lo.replace("?", "0"), 16), int(lo.replace("?", "F"), 16)
            else:
                a = int(lo, 16)
                b = int(hi, 16) if hi else a
        except ValueError:
            return True
        if a <= cp <= b:
            return True
    return False


def _icons(state: ConversionState) -> IconFonts:
    if not isinstance(state.icon_fonts, IconFonts):
        state.icon_fonts = IconFonts()
    return state.icon_fonts


def _glyph_run(font: _Font, text: str) -> list[str] | None:
    """Glyph names for the text, ligatures applied; None if a character has no glyph."""
    names: list[str] = []
    for ch in text:
        name = font.cmap.get(ord(ch))
        if name is None:
            return None
        names.append(name)
    if not font.ligatures:
        return names
    out: list[str] = []
    i = 0
    while i < len(names):
        for rest, lig in font.ligatures.get(names[i], ()):
            if tuple(names[i + 1 : i + 1 + len(rest)]) == rest:
                out.append(lig)
                i += 1 + len(rest)
                break
        else:
            out.append(names[i])
            i += 1
    return out


def icon_vector(
    state: ConversionState,
    text: str,
    styles: Mapping[str, str],
    rect: tuple[float, float, float, float],
    align: str = "LEFT",
) -> Node | None:
    """A VECTOR drawing `text` with its icon font inside rect (x, y, width, height: the line's
    box, glyphs centred vertically in it as CSS does), or None when the text is not icon text
    or cannot be drawn (then with a warning: it stays a TEXT node)."""
    glyph_text = text.strip()
    if not glyph_text:
        return None
    pua = any(is_private_use(ch) for ch in glyph_text)
    fonts = _icons(state)
    key = (styles.get("font-family", ""), styles.get("font-weight", "400"), styles.get("font-style", "normal"))
    if key not in fonts.faces:
        fonts.faces[key] = next(
            ((n, fs) for n in _families(key[0]) if n.lower() not in _GENERIC and (fs := _faces(state, n, styles))),
            ("", []),
        )
    family, faces = fonts.faces[key]
    if not faces:
        if pua:
            _warn_once(
                state, f"private-use character {_codepoints(glyph_text)} without a captured web font: kept as text"
            )
        return None
    named_icon = bool(_ICON_FAMILY_RE.search(family))
    loaded = [(f, fonts.font(state, f)) for f in faces]
    usable = [(f, font) for f, font in loaded if font is not None]
    if not pua and not named_icon and not any(font.icon_font for _, font in usable):
        return None  # an ordinary web font: stays text
    if not usable:
        _warn_once(state, f"icon font {family!r} not captured: {_codepoints(glyph_text)} kept as text")
        return None
    # The first face (best weight/style match) that covers every character, as the browser picks.
    run: list[str] | None = None
    chosen: _Font | None = None
    for face, font in usable:
        if all(_in_range(ord(ch), face.unicode_range) for ch in glyph_text):
            run = _glyph_run(font, glyph_text)
            if run is not None:
                chosen = font
                break
    if chosen is None or run is None:
        _warn_once(state, f"icon font {family!r} has no glyph for {_codepoints(glyph_text)}: kept as text")
        return None
    node = _vector(chosen, run, glyph_text, styles, rect, align)
    if node is not None:
        node["effects"] = state.text_styles.effects(styles)  # text-shadow, as on TEXT nodes
    return node


def _vector(
    font: _Font,
    run: Sequence[str],
    text: str,
    styles: Mapping[str, str],
    rect: tuple[float, float, float, float],
    align: str,
) -> Node | None:
    x, y, width, height = rect
    size = css.px(styles.get("font-size"), default=16.0) or 16.0
    scale = size / font.upm
    advance = sum(font.advances.get(g, 0) for g in run) * scale
    if align == "CENTER":
        x += (width - advance) / 2
    elif align == "RIGHT":
        x += width - advance
    # The glyphs' ascent + descent centred in the line box puts the baseline here.
    baseline = (height - (font.ascent + font.descent) * scale) / 2 + font.ascent * scale
    d = font.path(run, scale, baseline)
    if not d:
        return None
    color = css.parse_color(styles.get("-webkit-text-fill-color") or styles.get("color")) or {
        "r": 0.0,
        "g": 0.0,
        "b": 0.0,
        "a": 1.0,
    }
    fill = f"rgb({round(color['r'] * 255)},{round(color['g'] * 255)},{round(color['b'] * 255)})"
    opacity = f' fill-opacity="{color["a"]:g}"' if color["a"] < 1 else ""
    w, h = max(advance, 0.01), max(height, 0.01)
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{round_px(w):g}" height="{round_px(h):g}" '
        f'viewBox="0 0 {w:.2f} {h:.2f}" overflow="visible"><path d="{d}" fill="{fill}"{opacity}/></svg>'
    )
    node = frame(f"Icon {naming.clip(_codepoints(text), 30)}", Box(x=x, y=y, width=w, height=h), "VECTOR")
    node["pageport"] = {"svg": svg, "tag": "icon"}
    return node


def _codepoints(text: str) -> str:
    chars = list(dict.fromkeys(text))
    if all(not is_private_use(c) for c in chars):
        return repr(text)
    return " ".join(f"U+{ord(c):04X}" for c in chars[:4]) + (" ..." if len(chars) > 4 else "")


def _warn_once(state: ConversionState, what: str) -> None:
    fonts = _icons(state)
    if what not in fonts.warned:
        fonts.warned.add(what)
        state.warn(what)


def text_icons(state: ConversionState, node: TextNode) -> list[Node] | None:
    """VECTORs for a DOM text node drawn with an icon font (one per line), else None."""
    text = node.text
    if not text.strip() or not (any(is_private_use(ch) for ch in text) or _maybe_icon_family(node.styles)):
        return None
    vectors: list[Node] = []
    for lb in node.line_boxes:
        if not lb.text.strip():
            continue
        vector = icon_vector(state, lb.text, node.styles, (lb.x, lb.y, lb.width, lb.height))
        if vector is None:
            return None
        vectors.append(vector)
    return vectors or None


def _maybe_icon_family(styles: Mapping[str, str]) -> bool:
    """Cheap pre-check: the text's font-family names a web font at all (icon_vector decides)."""
    return any(name.lower() not in _GENERIC for name in _families(styles.get("font-family", "")))
