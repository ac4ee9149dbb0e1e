"""Pixel primitives for the preview renderer: shape masks, paints, shadows, compositing.

Everything works on Pillow images in canvas pixels; numpy only where Pillow has no
primitive (gradients). Figma semantics are followed where they differ from CSS because the
renderer has to draw any Figma tree, not only Pageport's.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np
from PIL import Image, ImageChops, ImageDraw, ImageFilter

Radii = tuple[float, float, float, float]  # top-left, top-right, bottom-right, bottom-left
_SUPERSAMPLE = 4


def rgba255(color: Mapping[str, Any], opacity: float = 1.0) -> tuple[int, int, int, int]:
    def channel(v: Any) -> int:
        return max(0, min(255, round(float(v) * 255)))

    alpha = float(color.get("a", 1.0)) * opacity
    return (channel(color.get("r", 0)), channel(color.get("g", 0)), channel(color.get("b", 0)), channel(alpha))


def fit_radii(w: float, h: float, radii: Radii) -> Radii:
    """Scale radii down so adjacent corners never overlap (CSS Backgrounds 3, 5.5)."""
    tl, tr, br, bl = (max(0.0, r) for r in radii)
    factors = [1.0]
    for total, side in ((tl + tr, w), (bl + br, w), (tl + bl, h), (tr + br, h)):
        if total > side > 0:
            factors.append(side / total)
    f = min(factors)
    return (tl * f, tr * f, br * f, bl * f)


@lru_cache(maxsize=256)
def _corner_patch(r: int) -> Image.Image:
    """Antialiased quarter disc (top-left orientation) of radius r pixels."""
    big = Image.new("L", (r * _SUPERSAMPLE, r * _SUPERSAMPLE), 0)
    ImageDraw.Draw(big).ellipse((0, 0, 2 * r * _SUPERSAMPLE - 1, 2 * r * _SUPERSAMPLE - 1), fill=255)
    return big.resize((r, r), Image.Resampling.BOX)


def shape_mask(w: int, h: int, radii: Radii = (0, 0, 0, 0), *, ellipse: bool = False) -> Image.Image:
    """Coverage mask of a (rounded) rectangle or an ellipse filling w x h pixels."""
    w, h = max(w, 0), max(h, 0)
    if ellipse and w > 0 and h > 0:
        big = Image.new("L", (w * _SUPERSAMPLE, h * _SUPERSAMPLE), 0)
        ImageDraw.Draw(big).ellipse((0, 0, w * _SUPERSAMPLE - 1, h * _SUPERSAMPLE - 1), fill=255)
        return big.resize((w, h), Image.Resampling.BOX)
    mask = Image.new("L", (w, h), 255)
    tl, tr, br, bl = fit_radii(w, h, radii)
    transposes = (None, Image.Transpose.FLIP_LEFT_RIGHT, Image.Transpose.ROTATE_180, Image.Transpose.FLIP_TOP_BOTTOM)
    for r_f, transpose, corner in zip((tl, tr, br, bl), transposes, ((0, 0), (1, 0), (1, 1), (0, 1)), strict=True):
        r = round(r_f)
        if r <= 0 or w == 0 or h == 0:
            continue
        patch = _corner_patch(r)
        if transpose is not None:
            patch = patch.transpose(transpose)
        mask.paste(patch, (corner[0] * (w - r), corner[1] * (h - r)))
    return mask


def multiply_alpha(img: Image.Image, mask: Image.Image) -> Image.Image:
    alpha = ImageChops.multiply(img.getchannel("A"), mask)
    img.putalpha(alpha)
    return img


def scale_alpha(img: Image.Image, factor: float) -> Image.Image:
    if factor >= 1.0:
        return img
    alpha = img.getchannel("A").point(lambda v: round(v * max(factor, 0.0)))
    img.putalpha(alpha)
    return img


_BLENDS = {
    "MULTIPLY": ImageChops.multiply,
    "SCREEN": ImageChops.screen,
    "DARKEN": ImageChops.darker,
    "LIGHTEN": ImageChops.lighter,
    "DIFFERENCE": ImageChops.difference,
    "LINEAR_DODGE": ImageChops.add,
    "OVERLAY": ImageChops.overlay,
    "SOFT_LIGHT": ImageChops.soft_light,
    "HARD_LIGHT": ImageChops.hard_light,
}


def composite(
    dst: Image.Image, dst_origin: tuple[int, int], src: Image.Image, x: int, y: int, blend: str = "NORMAL"
) -> None:
    """Alpha-composite src (top-left at canvas pixel x, y) onto dst (at dst_origin), clipped."""
    ox, oy = dst_origin
    left, top = x - ox, y - oy
    sx0, sy0 = max(0, -left), max(0, -top)
    dx0, dy0 = max(0, left), max(0, top)
    w = min(src.width - sx0, dst.width - dx0)
    h = min(src.height - sy0, dst.height - dy0)
    if w <= 0 or h <= 0:
        return
    piece = src if (sx0, sy0, w, h) == (0, 0, src.width, src.height) else src.crop((sx0, sy0, sx0 + w, sy0 + h))
    blend_fn = _BLENDS.get(blend)
    if blend_fn is not None:
        # Blend the colour channels against what is below, then composite with src alpha.
        below = dst.crop((dx0, dy0, dx0 + w, dy0 + h))
        mixed = blend_fn(below.convert("RGB"), piece.convert("RGB")).convert("RGBA")
        mixed.putalpha(piece.getchannel("A"))
        piece = mixed
    dst.alpha_composite(piece, (dx0, dy0))


# ---------------------------------------------------------------- paints


def _stops(paint: Mapping[str, Any], opacity: float) -> tuple[np.ndarray, np.ndarray]:
    stops = sorted(paint.get("gradientStops") or [], key=lambda s: float(s.get("position", 0)))
    if not stops:
        stops = [{"position": 0.0, "color": {"r": 0, "g": 0, "b": 0, "a": 0}}]
    pos = np.array([float(s.get("position", 0)) for s in stops])
    cols = np.array([rgba255(s.get("color", {}), opacity) for s in stops], dtype=np.float64)
    # Interpolate premultiplied so a transparent stop does not drag in its (invisible) colour.
    cols[:, :3] *= cols[:, 3:4] / 255.0
    return pos, cols


def _gradient(paint: Mapping[str, Any], w: int, h: int, opacity: float) -> Image.Image:
    handles = paint.get("gradientHandlePositions") or []
    pts = [(float(p.get("x", 0)) * w, float(p.get("y", 0)) * h) for p in handles[:3]]
    if len(pts) < 2:
        pts = [(0.0, h / 2), (float(w), h / 2)]
    p0 = np.array(pts[0])
    p1 = np.array(pts[1])
    axis = p1 - p0
    perp = np.array(pts[2]) - p0 if len(pts) >= 3 else np.array([-axis[1], axis[0]])
    basis = np.array([axis, perp]).T
    if abs(np.linalg.det(basis)) < 1e-9:
        perp = np.array([-axis[1], axis[0]]) if np.hypot(*axis) > 1e-9 else np.array([0.0, 1.0])
        basis = np.array([axis if np.hypot(*axis) > 1e-9 else np.array([1.0, 0.0]), perp]).T
    inv = np.linalg.inv(basis)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float64)
    dx = xs + 0.5 - p0[0]
    dy = ys + 0.5 - p0[1]
    a = inv[0, 0] * dx + inv[0, 1] * dy
    b = inv[1, 0] * dx + inv[1, 1] * dy
    t = np.hypot(a, b) if paint.get("type") == "GRADIENT_RADIAL" else a
    pos, cols = _stops(paint, opacity)
    out = np.empty((h, w, 4), dtype=np.float64)
    for c in range(4):
        out[..., c] = np.interp(t, pos, cols[:, c])
    alpha = out[..., 3:4]
    with np.errstate(divide="ignore", invalid="ignore"):
        out[..., :3] = np.where(alpha > 0, out[..., :3] * 255.0 / alpha, 0)
    return Image.fromarray(np.clip(np.rint(out), 0, 255).astype(np.uint8), "RGBA")


@lru_cache(maxsize=64)
def _decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGBA")


def _image(paint: Mapping[str, Any], w: int, h: int, images: Mapping[str, bytes], scale: float) -> Image.Image | None:
    data = images.get(str(paint.get("imageRef", "")))
    if not data:
        return None
    try:
        src = _decode(bytes(data))
    except (OSError, ValueError, Image.DecompressionBombError):
        return None
    out = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    iw, ih = src.size
    if iw == 0 or ih == 0 or w == 0 or h == 0:
        return out
    mode = paint.get("scaleMode", "FILL")
    if mode == "TILE":
        factor = float(paint.get("scalingFactor", 1.0) or 1.0) * scale
        tw, th = max(1, round(iw * factor)), max(1, round(ih * factor))
        tile = src.resize((tw, th), Image.Resampling.LANCZOS)
        for ty in range(0, h, th):
            for tx in range(0, w, tw):
                out.paste(tile, (tx, ty))
    elif mode == "STRETCH":
        transform = paint.get("imageTransform")
        box: tuple[float, float, float, float] = (0.0, 0.0, float(iw), float(ih))
        if transform and len(transform) == 2:
            # Maps node-normalized space onto image-normalized space: the visible crop.
            (sx, _, tx), (_, sy, ty) = transform[0][:3], transform[1][:3]
            box = (tx * iw, ty * ih, (tx + sx) * iw, (ty + sy) * ih)
        out = src.resize((w, h), Image.Resampling.LANCZOS, box=box)
    else:
        ratio = (max if mode == "FILL" else min)(w / iw, h / ih)
        rw, rh = max(1, round(iw * ratio)), max(1, round(ih * ratio))
        scaled = src.resize((rw, rh), Image.Resampling.LANCZOS)
        out.paste(scaled, ((w - rw) // 2, (h - rh) // 2))
    opacity = float(paint.get("opacity", 1.0))
    return scale_alpha(out, opacity)


def paint_image(
    paint: Mapping[str, Any], w: int, h: int, images: Mapping[str, bytes], scale: float
) -> Image.Image | None:
    """One Figma Paint rendered over a w x h box (no mask applied), or None if invisible."""
    if paint.get("visible") is False or w <= 0 or h <= 0:
        return None
    opacity = float(paint.get("opacity", 1.0))
    kind = paint.get("type")
    if kind == "SOLID":
        return Image.new("RGBA", (w, h), rgba255(paint.get("color", {}), opacity))
    if kind in ("GRADIENT_LINEAR", "GRADIENT_RADIAL", "GRADIENT_DIAMOND", "GRADIENT_ANGULAR"):
        return _gradient(paint, w, h, opacity)
    if kind == "IMAGE":
        return _image(paint, w, h, images, scale)
    return None


def first_solid(paints: Sequence[Mapping[str, Any]] | None) -> tuple[int, int, int, int] | None:
    for p in paints or []:
        if p.get("visible") is False:
            continue
        if p.get("type") == "SOLID":
            return rgba255(p.get("color", {}), float(p.get("opacity", 1.0)))
        stops = p.get("gradientStops")
        if stops:
            return rgba255(stops[0].get("color", {}), float(p.get("opacity", 1.0)))
    return None


# ---------------------------------------------------------------- effects


def blur(mask: Image.Image, radius: float) -> Image.Image:
    # CSS and Figma shadow "radius" is a blur length; the Gaussian's sigma is half of it.
    sigma = radius / 2.0
    return mask.filter(ImageFilter.GaussianBlur(sigma)) if sigma >= 0.3 else mask


def drop_shadow(
    w: int, h: int, radii: Radii, effect: Mapping[str, Any], scale: float, ellipse: bool
) -> tuple[Image.Image, int, int]:
    """Shadow image and its offset relative to the node's top-left pixel."""
    spread = float(effect.get("spread", 0.0)) * scale
    radius = float(effect.get("radius", 0.0)) * scale
    offset = effect.get("offset") or {}
    dx = round(float(offset.get("x", 0.0)) * scale)
    dy = round(float(offset.get("y", 0.0)) * scale)
    s = round(spread)
    margin = math.ceil(radius * 1.5) + 2
    sw, sh = w + 2 * s, h + 2 * s
    if sw <= 0 or sh <= 0:
        return Image.new("RGBA", (1, 1), (0, 0, 0, 0)), 0, 0
    grown = tuple(max(0.0, r + s) if r > 0 else 0.0 for r in radii)
    base = Image.new("L", (sw + 2 * margin, sh + 2 * margin), 0)
    base.paste(shape_mask(sw, sh, grown, ellipse=ellipse), (margin, margin))  # type: ignore[arg-type]
    base = blur(base, radius)
    color = rgba255(effect.get("color", {}))
    img = Image.new("RGBA", base.size, (*color[:3], 0))
    img.putalpha(base.point(lambda v: v * color[3] // 255))
    return img, dx - s - margin, dy - s - margin


def inner_shadow(w: int, h: int, radii: Radii, effect: Mapping[str, Any], scale: float, ellipse: bool) -> Image.Image:
    spread = round(float(effect.get("spread", 0.0)) * scale)
    radius = float(effect.get("radius", 0.0)) * scale
    offset = effect.get("offset") or {}
    dx = round(float(offset.get("x", 0.0)) * scale)
    dy = round(float(offset.get("y", 0.0)) * scale)
    margin = math.ceil(radius * 1.5) + 2 + abs(dx) + abs(dy)
    field = Image.new("L", (w + 2 * margin, h + 2 * margin), 255)
    hw, hh = w - 2 * spread, h - 2 * spread
    if hw > 0 and hh > 0:
        shrunk = tuple(max(0.0, r - spread) for r in radii)
        hole = shape_mask(hw, hh, shrunk, ellipse=ellipse)  # type: ignore[arg-type]
        field.paste(0, (margin + spread + dx, margin + spread + dy), hole)
    field = blur(field, radius).crop((margin, margin, margin + w, margin + h))
    field = ImageChops.multiply(field, shape_mask(w, h, radii, ellipse=ellipse))
    color = rgba255(effect.get("color", {}))
    img = Image.new("RGBA", (w, h), (*color[:3], 0))
    img.putalpha(field.point(lambda v: v * color[3] // 255))
    return img


def stroke_mask(
    w: int, h: int, radii: Radii, weights: tuple[float, float, float, float], align: str, ellipse: bool
) -> tuple[Image.Image, int]:
    """Coverage of the stroke band, on a canvas whose origin is (-pad, -pad) from the node box.

    weights are (top, right, bottom, left); align is Figma's strokeAlign.
    """
    grow = {"OUTSIDE": 1.0, "CENTER": 0.5}.get(align, 0.0)
    out_t, out_r, out_b, out_l = (round(v * grow) for v in weights)
    pad = max(out_t, out_r, out_b, out_l)
    ow, oh = w + out_l + out_r, h + out_t + out_b
    outer_radii = tuple(r + pad if r > 0 else 0.0 for r in radii)
    band = Image.new("L", (w + 2 * pad, h + 2 * pad), 0)
    band.paste(
        shape_mask(ow, oh, outer_radii, ellipse=ellipse),  # type: ignore[arg-type]
        (pad - out_l, pad - out_t),
    )
    in_t, in_r, in_b, in_l = (round(v) for v in weights)
    iw, ih = ow - in_l - in_r, oh - in_t - in_b
    if iw > 0 and ih > 0:
        widest = max(weights)
        inner_radii = tuple(max(0.0, r - widest) for r in outer_radii)
        inner = shape_mask(iw, ih, inner_radii, ellipse=ellipse)  # type: ignore[arg-type]
        band.paste(0, (pad - out_l + in_l, pad - out_t + in_t), inner)
    return band, pad
