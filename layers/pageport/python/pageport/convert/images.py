"""Image bytes the plugin can hand to `figma.createImage`, which takes only PNG, JPEG or GIF.

Formats are judged by their bytes (servers mislabel images; the captured MIME is a hint at
best). PNG, JPEG and GIF pass through untouched; anything else Pillow decodes (WebP, AVIF when
this Pillow has it, BMP, ICO, TIFF, ...) is re-encoded as PNG. SVG is not an image here: the
converter draws it as a VECTOR node from its markup.
"""

from __future__ import annotations

import hashlib
import io
import re
import warnings
from dataclasses import dataclass

from PIL import Image

_MAGIC: tuple[tuple[tuple[bytes, ...], str], ...] = (
    ((b"\x89PNG\r\n\x1a\n",), "image/png"),
    ((b"\xff\xd8\xff",), "image/jpeg"),
    ((b"GIF87a", b"GIF89a"), "image/gif"),
)
_XML_LEAD = b"\xef\xbb\xbf \t\r\n"
_SVG_OPEN_RE = re.compile(r"<svg\b[^>]*>", flags=re.I)
_ATTR_RE = r'\s{}\s*=\s*["\']\s*([^"\']*)["\']'
_WIDTH_RE = re.compile(_ATTR_RE.format("width"), flags=re.I)
_HEIGHT_RE = re.compile(_ATTR_RE.format("height"), flags=re.I)
_VIEWBOX_RE = re.compile(_ATTR_RE.format("viewBox"), flags=re.I)
_LENGTH_RE = re.compile(r"([\d.]+)(px)?")


@dataclass(frozen=True)
class Carried:
    """The bytes a result carries for one captured image."""

    data: bytes
    sha256: str
    mime: str
    width: int
    height: int


def sniff(data: bytes) -> str | None:
    """'image/png', 'image/jpeg' or 'image/gif' from the magic number; None for anything else."""
    for magics, mime in _MAGIC:
        if data.startswith(magics):
            return mime
    return None


def is_svg(data: bytes) -> bool:
    head = data[:4096].lstrip(_XML_LEAD)
    return sniff(data) is None and head.startswith(b"<") and b"<svg" in head.lower()


def for_figma(data: bytes) -> tuple[Carried | None, list[str]]:
    """PNG/JPEG/GIF bytes for an image (None if Pillow cannot decode it) and what was lost."""
    mime = sniff(data)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # DecompressionBombWarning: the hard limit still raises
            with Image.open(io.BytesIO(data)) as img:
                if mime is not None:
                    # Already acceptable: only the header is read, the bytes stay as served.
                    return Carried(data, hashlib.sha256(data).hexdigest(), mime, img.width, img.height), []
                notes = []
                if getattr(img, "n_frames", 1) > 1:
                    notes.append(f"animated {img.format} image: first frame only")
                    img.seek(0)
                img.load()
                alpha = "A" in img.getbands() or "transparency" in img.info
                frame = img.convert("RGBA" if alpha else "RGB")
    except (OSError, ValueError, SyntaxError, EOFError, Image.DecompressionBombError):
        return None, []
    out = io.BytesIO()
    frame.save(out, format="PNG")  # Pillow's PNG encoder is deterministic for given pixels
    png = out.getvalue()
    return Carried(png, hashlib.sha256(png).hexdigest(), "image/png", frame.width, frame.height), notes


def svg_size(markup: str) -> tuple[float, float, float]:
    """(width, height, aspect ratio) of an SVG's root: px width/height attributes, else 0.0;
    the ratio from them or the viewBox (0.0 if neither says)."""
    m = _SVG_OPEN_RE.search(markup)
    if not m:
        return 0.0, 0.0, 0.0
    tag = m.group(0)
    w = _px(_WIDTH_RE.search(tag))
    h = _px(_HEIGHT_RE.search(tag))
    ratio = w / h if w and h else 0.0
    vb = _viewbox(tag)
    if vb is not None and not ratio:
        ratio = vb[2] / vb[3]
        if w and not h:
            h = w / ratio
        elif h and not w:
            w = h * ratio
    return w, h, ratio


def with_viewbox(markup: str, width: float, height: float) -> str:
    """Give a root without a viewBox one over its intrinsic size, so that setting the drawn
    size scales the drawing (as the browser does) instead of cropping it."""
    m = _SVG_OPEN_RE.search(markup)
    if not m or _viewbox(m.group(0)) is not None or width <= 0 or height <= 0:
        return markup
    tag = m.group(0)
    new = f'{tag[:4]} viewBox="0 0 {width:g} {height:g}"{tag[4:]}'
    return markup[: m.start()] + new + markup[m.end() :]


def _viewbox(tag: str) -> tuple[float, float, float, float] | None:
    m = _VIEWBOX_RE.search(tag)
    if not m:
        return None
    try:
        x, y, w, h = (float(v) for v in m.group(1).replace(",", " ").split())
    except ValueError:
        return None
    return (x, y, w, h) if w > 0 and h > 0 else None


def _px(m: re.Match[str] | None) -> float:
    if not m:
        return 0.0
    length = _LENGTH_RE.fullmatch(m.group(1).strip())
    return float(length.group(1)) if length else 0.0  # %, em, ...: no intrinsic size
