"""SVG rasterization for VECTOR nodes that carry markup (`pageport.svg`).

Uses resvg (the `resvg-py` wheel) or CairoSVG when one is installed; both are optional so the
renderer keeps working (drawing the node's fills instead) on machines without them.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import lru_cache
from importlib import import_module
from typing import Any

from PIL import Image


def _resvg(markup: str, w: int, h: int) -> bytes:
    mod: Any = import_module("resvg_py")
    return bytes(mod.svg_to_bytes(svg_string=markup, width=w, height=h))


def _cairosvg(markup: str, w: int, h: int) -> bytes:
    mod: Any = import_module("cairosvg")
    return bytes(mod.svg2png(bytestring=markup.encode(), output_width=w, output_height=h))


@lru_cache(maxsize=1)
def _backend() -> Callable[[str, int, int], bytes] | None:
    for name, fn in (("resvg_py", _resvg), ("cairosvg", _cairosvg)):
        try:
            import_module(name)
        except (ImportError, OSError):  # cairosvg raises OSError without libcairo
            continue
        return fn
    return None


def available() -> bool:
    return _backend() is not None


@lru_cache(maxsize=128)
def rasterize(markup: str, w: int, h: int) -> Image.Image | None:
    backend = _backend()
    if backend is None or w <= 0 or h <= 0:
        return None
    try:
        png = backend(markup, w, h)
        opened = Image.open(io.BytesIO(png))
        opened.load()
    except (ValueError, OSError, RuntimeError):
        return None
    img = opened.convert("RGBA")
    return img if img.size == (w, h) else img.resize((w, h), Image.Resampling.LANCZOS)
