"""The images a result carries: captured bytes checked against their hash, then carried as
PNG, JPEG or GIF (re-encoded once per asset) or recognised as SVG, to be drawn as vectors."""

from __future__ import annotations

import hashlib

from pageport.capture.schema import ElementNode, ImageRef
from pageport.convert import images, naming
from pageport.convert.state import ConversionState


def captured_bytes(state: ConversionState, ref: ImageRef | None) -> bytes | None:
    """The captured bytes of an image, if they were captured intact."""
    if ref is None or not ref.sha256 or ref.sha256 not in state.assets:
        if ref is not None:
            state.warn(f"image not captured ({naming.clip(ref.url or ref.source, 60)})")
        return None
    data = state.assets[ref.sha256]
    if ref.sha256 not in state.formats and hashlib.sha256(data).hexdigest() != ref.sha256:
        state.warn(f"asset {ref.sha256[:12]} does not match its SHA-256; left out")
        state.formats[ref.sha256] = None
    if ref.sha256 in state.formats and state.formats[ref.sha256] is None:
        return None
    return data


def raster_image(state: ConversionState, ref: ImageRef | None) -> tuple[str, float, float] | None:
    """(imageRef, intrinsic width, height in CSS px) of a raster image, registering the
    PNG/JPEG/GIF bytes the result carries for it; None (with a warning) if it has none."""
    data = captured_bytes(state, ref)
    if data is None or ref is None or ref.sha256 is None:
        return None
    if ref.sha256 not in state.formats:
        state.formats[ref.sha256] = _carry(state, ref, data)
    known = state.formats[ref.sha256]
    if known is None:
        return None
    sha, pw, ph = known
    asset = state.doc.assets.get(ref.sha256)
    iw = ref.natural_width or (asset.width if asset else None) or pw
    ih = ref.natural_height or (asset.height if asset else None) or ph
    return sha, float(iw), float(ih)


def _carry(state: ConversionState, ref: ImageRef, data: bytes) -> tuple[str, int, int] | None:
    what = naming.clip(ref.url or ref.source, 60)
    if images.is_svg(data):
        # Callers draw SVG as vectors; one that reaches here has no vector path.
        state.warn(f"SVG image left out ({what})")
        return None
    carried, notes = images.for_figma(data)
    for note in notes:
        state.warn(f"{note} ({what})")
    if carried is None:
        state.warn(f"image in a format that cannot be decoded left out ({what})")
        return None
    state.carried[carried.sha256] = carried.data
    state.images[carried.sha256] = {
        "sha256": carried.sha256,
        "mime": carried.mime,
        "width": float(carried.width),
        "height": float(carried.height),
    }
    return carried.sha256, carried.width, carried.height


def svg_asset(state: ConversionState, ref: ImageRef | None) -> tuple[str, float, float, float] | None:
    """(markup, intrinsic width, height, aspect ratio) when the image is an SVG document."""
    if ref is None or not ref.sha256 or ref.sha256 not in state.assets:
        return None
    data = state.assets[ref.sha256]
    if not images.is_svg(data) or captured_bytes(state, ref) is None:
        return None
    try:
        markup = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    w, h, ratio = images.svg_size(markup)
    asset = state.doc.assets.get(ref.sha256)
    w = ref.natural_width or w or (asset.width if asset else None) or 0.0
    h = ref.natural_height or h or (asset.height if asset else None) or 0.0
    return markup, float(w), float(h), ratio


def svg_source(state: ConversionState, el: ElementNode) -> str | None:
    """The markup of an <img>'s SVG source (judged by its bytes, not the served type)."""
    for ref in el.images:
        svg = svg_asset(state, ref)
        if svg is not None:
            return svg[0]
    return None
