"""Installed faces for the preview renderer: the face that draws a design's family here (the
family itself, its metric twin, a generic stand-in), and a face for the characters it lacks."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FontT = ImageFont.FreeTypeFont | ImageFont.ImageFont

_DEFAULT_FONT_DIRS = "/usr/share/fonts:/usr/local/share/fonts"
# Families with the same advance widths (the metric-compatible families made for that): when
# the family a design names is not installed, its twin lays text out on the same lines.
_TWIN_GROUPS = (
    ("arimo", "liberation sans", "arial", "helvetica"),
    ("tinos", "liberation serif", "times new roman", "times"),
    ("cousine", "liberation mono", "courier new", "courier"),
    ("gelasio", "georgia"),
    ("carlito", "calibri"),
    ("caladea", "cambria"),
    # Google's regional Noto CJK families are Debian's fonts-noto-cjk faces by another name.
    ("noto sans jp", "noto sans cjk jp"),
    ("noto sans sc", "noto sans cjk sc"),
    ("noto sans tc", "noto sans cjk tc"),
    ("noto sans hk", "noto sans cjk hk"),
    ("noto sans kr", "noto sans cjk kr"),
    ("noto serif jp", "noto serif cjk jp"),
    ("noto serif sc", "noto serif cjk sc"),
    ("noto serif tc", "noto serif cjk tc"),
    ("noto serif kr", "noto serif cjk kr"),
)
_TWINS = {name: group for group in _TWIN_GROUPS for name in group}
# The generic stand-ins, by Google Fonts category (or guessed from the name for other families).
_GENERIC = {
    "sans-serif": ("arimo", "liberation sans", "dejavu sans"),
    "serif": ("tinos", "liberation serif", "dejavu serif"),
    "monospace": ("cousine", "liberation mono", "dejavu sans mono"),
    "narrow": ("liberation sans narrow", "roboto condensed", "dejavu sans condensed", "liberation sans"),
}
# Which installed family stands in for a family known by name only (a page's web font).
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
# fontconfig's weight scale -> CSS weights (fontconfig.h FC_WEIGHT_*).
_FC_WEIGHTS = (
    (0, 100),
    (40, 200),
    (50, 300),
    (55, 350),
    (75, 380),
    (80, 400),
    (100, 500),
    (180, 600),
    (200, 700),
    (205, 800),
    (210, 900),
    (215, 950),
)


@dataclass(frozen=True)
class _Face:
    path: Path
    index: int  # face index in the file (fontconfig's, with a named instance in its high bits)
    weight: float  # CSS weight
    italic: bool


def _css_weight(fc_weight: float) -> float:
    return float(min(_FC_WEIGHTS, key=lambda pair: abs(pair[0] - fc_weight))[1])


def _fc_list() -> list[tuple[list[str], _Face]] | None:
    """Installed faces as fontconfig knows them, or None when fc-list is not there."""
    fmt = "%{family}\t%{weight}\t%{slant}\t%{index}\t%{file}\n"
    try:
        out = subprocess.run(["fc-list", "--format", fmt], capture_output=True, text=True, check=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    faces = []
    for line in out.stdout.splitlines():
        parts = line.split("\t")
        if len(parts) != 5 or not parts[4].lower().endswith((".ttf", ".otf", ".ttc")):
            continue
        families, weight, slant, index, file = parts
        try:
            # A variable font reports a range ("[0 210]"): its regular weight when inside it.
            low, *high = (float(w) for w in weight.strip("[]").split())
            fc_weight = min(max(80.0, low), high[0]) if high else low
            face = _Face(Path(file), int(index), _css_weight(fc_weight), float(slant) > 0)
        except ValueError:
            continue
        faces.append(([f.strip() for f in families.split(",") if f.strip()], face))
    return faces


def _name_tables() -> list[tuple[list[str], _Face]]:
    """Installed faces read from the files' name and OS/2 tables (where fontconfig is absent)."""
    from fontTools.ttLib import TTFont, TTLibError

    faces = []
    for root in (Path(d) for d in os.environ.get("PAGEPORT_FONT_DIRS", _DEFAULT_FONT_DIRS).split(os.pathsep)):
        for path in sorted(root.rglob("*")) if root.is_dir() else []:
            if path.suffix.lower() not in (".ttf", ".otf"):
                continue
            try:
                font = TTFont(path, lazy=True)
                name = font["name"]
                families = [str(n) for n in (name.getName(16, 3, 1, 0x409), name.getName(1, 3, 1, 0x409)) if n]
                os2 = font["OS/2"]
                faces.append((families, _Face(path, 0, float(os2.usWeightClass), bool(os2.fsSelection & 1))))
            except (TTLibError, KeyError, OSError):
                continue
    return faces


@lru_cache(maxsize=1)
def _installed() -> dict[str, list[_Face]]:
    """Family name (lower-case, as the font files name it) -> its installed faces."""
    # PAGEPORT_FONT_DIRS pins the fonts to those folders; else fontconfig's (the browser's) view.
    listed = None if "PAGEPORT_FONT_DIRS" in os.environ else _fc_list()
    if listed is None:
        listed = _name_tables()
    found: dict[str, list[_Face]] = {}
    for families, face in listed:
        for family in families:
            faces = found.setdefault(family.lower(), [])
            if face not in faces:
                faces.append(face)
    return found


def _candidates(family: str) -> list[str]:
    """The family itself, its metric twins, then the generic stand-ins for its kind."""
    fam = family.lower()
    category = google_families_categories().get(fam)
    if category in ("serif", "monospace"):
        kind = category
    elif category is not None:
        kind = "narrow" if any(k in fam for k in _NARROW) else "sans-serif"
    elif any(k in fam for k in _MONO):
        kind = "monospace"
    elif any(k in fam for k in _SERIF) and "sans" not in fam:
        kind = "serif"
    elif any(k in fam for k in _NARROW):
        kind = "narrow"
    else:
        kind = "sans-serif"
    return list(dict.fromkeys([fam, *_TWINS.get(fam, ()), *_GENERIC[kind]]))


@lru_cache(maxsize=1)
def google_families_categories() -> dict[str, str]:
    """Google Fonts family (lower-case) -> category, from the converter's catalogue."""
    from pageport.convert.fonts import google_categories

    return google_categories()


def _best(faces: Sequence[_Face], weight: float, italic: bool) -> _Face:
    # Slant first, then the nearest weight (CSS prefers heavier faces above 500, lighter below).
    return min(
        faces,
        key=lambda f: ((f.italic != italic) * 10_000, abs(f.weight - weight), -f.weight if weight > 500 else f.weight),
    )


@lru_cache(maxsize=512)
def font_face(family: str, weight: float, italic: bool) -> _Face | None:
    """The installed face that draws `family` here: the family by the name inside the font
    files, else its metric twin, else a generic of its kind, else any face."""
    installed = _installed()
    for key in _candidates(family):
        faces = installed.get(key)
        if faces:
            return _best(faces, weight, italic)
    every = [face for faces in installed.values() for face in faces]
    return _best(every, weight, italic) if every else None


def font_path(family: str, weight: float, italic: bool) -> Path | None:
    face = font_face(family, weight, italic)
    return face.path if face else None


@lru_cache(maxsize=512)
def load_font(family: str, weight: float, italic: bool, size_px: float) -> FontT:
    face = font_face(family, weight, italic)
    size = max(1.0, size_px)
    if face is not None:
        try:
            return ImageFont.truetype(str(face.path), size=size, index=face.index)
        except OSError:
            pass
    return ImageFont.load_default(size=size)


# Where a character the design's family lacks is looked for first: the faces Google's families
# take their scripts from (Google's Noto Sans draws Devanagari with Noto Sans Devanagari's
# glyphs), then symbol faces; any other installed face after these.
_FALLBACK_FAMILIES = (
    "noto sans",
    "dejavu sans",
    "noto sans cjk jp",
    "noto sans devanagari",
    "noto sans arabic",
    "noto sans hebrew",
    "noto sans thai",
    "noto sans bengali",
    "noto sans tamil",
    "noto sans symbols",
    "noto sans symbols2",
    "noto sans math",
    "freeserif",
)


@lru_cache(maxsize=256)
def coverage(face: _Face) -> frozenset[int]:
    """The code points the face has glyphs for (its best cmap)."""
    from fontTools.ttLib import TTFont, TTLibError

    try:
        font = TTFont(str(face.path), fontNumber=face.index & 0xFFFF, lazy=True)
        return frozenset(font.getBestCmap() or {})
    except (TTLibError, OSError, KeyError):
        return frozenset()


@lru_cache(maxsize=4096)
def fallback_face(code_point: int, weight: float, italic: bool) -> _Face | None:
    """A face that has a glyph for the character, as Figma draws a character its font lacks
    with a fallback font rather than a missing-glyph box; None when no installed face has it."""
    installed = _installed()
    ordered = [*_FALLBACK_FAMILIES, *sorted(k for k in installed if k not in _FALLBACK_FAMILIES)]
    for family in ordered:
        faces = [f for f in installed.get(family, ()) if code_point in coverage(f)]
        if faces:
            return _best(faces, weight, italic)
    return None


@lru_cache(maxsize=512)
def load_face(face: _Face, size_px: float) -> FontT:
    try:
        return ImageFont.truetype(str(face.path), size=max(1.0, size_px), index=face.index)
    except OSError:
        return ImageFont.load_default(size=max(1.0, size_px))
