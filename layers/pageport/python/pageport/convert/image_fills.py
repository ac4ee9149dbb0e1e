"""Placing an image in a box: an IMAGE paint (FILL, FIT, STRETCH, cropped or tiled) or, where
the image covers only part of the box, a child node; SVG backgrounds as one VECTOR per tile."""

from __future__ import annotations

import math

from pageport.capture.schema import Box, ImageRef
from pageport.convert import css, layout
from pageport.convert.carried import raster_image, svg_asset
from pageport.convert.figma import Node, Paint
from pageport.convert.nodes import frame
from pageport.convert.state import ConversionState
from pageport.convert.vectors import svg_vectors

# A repeated SVG background becomes one VECTOR per tile up to this many (each carries the
# whole markup); beyond it one tile is drawn, with a warning.
MAX_SVG_TILES = 100


def image_paint(
    sha: str, box: Box, img: tuple[float, float, float, float], mode: str
) -> tuple[Paint | None, Node | None]:
    """Paint an image drawn at rect img=(x, y, w, h) inside box, exactly.

    Returns a fill for the box, or a child RECTANGLE when the image covers only part of it.
    """
    ix, iy, iw, ih = img
    paint: Paint = {"type": "IMAGE", "blendMode": "NORMAL", "imageRef": sha, "scaleMode": "FILL"}
    bx, by, bw, bh = box.x, box.y, box.width, box.height
    if bw <= 0 or bh <= 0 or iw <= 0 or ih <= 0:
        return None, None
    close = layout._close
    if mode in ("FILL", "FIT") and close(ix + iw / 2, bx + bw / 2) and close(iy + ih / 2, by + bh / 2):
        paint["scaleMode"] = mode  # type: ignore[typeddict-item]
        return paint, None
    if close(ix, bx) and close(iy, by) and close(iw, bw) and close(ih, bh):
        paint["scaleMode"] = "STRETCH"
        return paint, None
    # Crop: the visible part of the image, in image-normalized coordinates.
    vx0, vy0 = max(bx, ix), max(by, iy)
    vx1, vy1 = min(bx + bw, ix + iw), min(by + bh, iy + ih)
    if vx1 <= vx0 or vy1 <= vy0:
        return None, None
    paint["scaleMode"] = "STRETCH"
    paint["imageTransform"] = [
        [round((vx1 - vx0) / iw, 5), 0.0, round((vx0 - ix) / iw, 5)],
        [0.0, round((vy1 - vy0) / ih, 5), round((vy0 - iy) / ih, 5)],
    ]
    if close(vx0, bx) and close(vy0, by) and close(vx1, bx + bw) and close(vy1, by + bh):
        return paint, None
    child = frame("Image", Box(x=vx0, y=vy0, width=vx1 - vx0, height=vy1 - vy0), "RECTANGLE")
    child["fills"] = [paint]
    return None, child


def background_image(
    state: ConversionState,
    ref: ImageRef | None,
    box: Box,
    size: str,
    position: str,
    repeat: str,
    fills: list[Paint],
    children: list[Node],
) -> None:
    """One url() background layer: appended to `fills`, or to `children` when not a fill."""
    svg = svg_asset(state, ref)
    if svg is not None:
        _svg_background(state, svg, box, size, position, repeat, children)
        return
    meta = raster_image(state, ref)
    if meta is None:
        return
    sha, nw, nh = meta
    bw, bh = box.width, box.height
    if nw <= 0 or nh <= 0:
        nw, nh = bw, bh
    iw, ih, mode, px_, py_ = _geometry(state, box, nw, nh, size, position)
    tiles = repeat not in ("no-repeat", "no-repeat no-repeat")
    if tiles and (iw < bw - 1 or ih < bh - 1):
        paint: Paint = {
            "type": "IMAGE",
            "blendMode": "NORMAL",
            "imageRef": sha,
            "scaleMode": "TILE",
            "scalingFactor": round(iw / nw, 5),
        }
        if abs(px_) > 1 or abs(py_) > 1 or repeat not in ("repeat", "repeat repeat"):
            state.warn(f"background tiling {repeat} at {position} approximated")
        if abs(iw / nw - ih / nh) > 0.01:
            state.warn("background tile aspect changed")
        fills.append(paint)
        return
    fill, child = image_paint(sha, box, (box.x + px_, box.y + py_, iw, ih), mode)
    if fill is not None:
        fills.append(fill)
    if child is not None:
        children.append(child)


def gradient_layer(
    state: ConversionState,
    layer: str,
    box: Box,
    size: str,
    position: str,
    repeat: str,
    fills: list[Paint],
    children: list[Node],
) -> None:
    """One gradient background layer: a fill when it covers the box; else one RECTANGLE per
    tile (up to MAX_SVG_TILES), cut to the box, its gradient drawn for the whole tile."""
    bw, bh = box.width, box.height
    if bw <= 0 or bh <= 0:
        return
    # A gradient has no intrinsic size: auto, cover and contain all fill the box.
    tokens = size.split() if size not in ("auto", "cover", "contain") else []
    tw = css.px(tokens[0], bw) if tokens and tokens[0] != "auto" else bw
    th = css.px(tokens[1], bh) if len(tokens) > 1 and tokens[1] != "auto" else bh
    if tw <= 0 or th <= 0:
        return
    try:
        px_, py_ = position_offset(css.split_top(position, " "), bw - tw, bh - th)
    except css.CssError:
        state.warn(f"background-position {position}")
        px_, py_ = 0.0, 0.0
    try:
        grad = css.gradient(layer, tw, th)
    except css.CssError as exc:
        state.warn(f"background-image: {exc}")
        return
    if not grad.exact:
        state.warn("gradient approximated (hints, repeating or out-of-box stops)")
    if layout._close(tw, bw) and layout._close(th, bh) and layout._close(px_, 0) and layout._close(py_, 0):
        fills.append(grad.paint)
        return
    axes = _repeat_axes(state, repeat)
    x0, nx = _tiles(px_, tw, bw, axes[0])
    y0, ny = _tiles(py_, th, bh, axes[1])
    if nx * ny > MAX_SVG_TILES:
        state.warn(f"gradient background repeated {nx * ny} times drawn once")
        x0, nx, y0, ny = px_, 1, py_, 1
    for j in range(ny):
        for i in range(nx):
            tile = (box.x + x0 + i * tw, box.y + y0 + j * th, tw, th)
            child = _cut_gradient(grad.paint, tile, box)
            if child is not None:
                children.append(child)


def _cut_gradient(paint: Paint, tile: tuple[float, float, float, float], box: Box) -> Node | None:
    """A RECTANGLE showing the part of a tile-sized gradient that lies inside box."""
    tx, ty, tw, th = tile
    cx0, cy0 = max(tx, box.x), max(ty, box.y)
    cx1, cy1 = min(tx + tw, box.x + box.width), min(ty + th, box.y + box.height)
    cw, ch = cx1 - cx0, cy1 - cy0
    if cw <= 0.01 or ch <= 0.01:
        return None
    cut: Paint = {**paint}
    # Handles are normalized to the tile: re-express them in the cut rectangle.
    cut["gradientHandlePositions"] = [
        {"x": round((tx + v["x"] * tw - cx0) / cw, 4), "y": round((ty + v["y"] * th - cy0) / ch, 4)}
        for v in paint.get("gradientHandlePositions", [])
    ]
    node = frame("Gradient", Box(x=cx0, y=cy0, width=cw, height=ch), "RECTANGLE")
    node["fills"] = [cut]
    return node


def _repeat_axes(state: ConversionState, repeat: str) -> tuple[bool, bool]:
    """Whether a background layer repeats along x and y (space/round drawn as repeat)."""
    tokens = repeat.split() or ["repeat"]
    if len(tokens) == 1:
        one = tokens[0]
        tokens = {"repeat-x": ["repeat", "no-repeat"], "repeat-y": ["no-repeat", "repeat"]}.get(one, [one, one])
    if {"space", "round"} & set(tokens):
        state.warn(f"background tiling {repeat} approximated")
    return tokens[0] != "no-repeat", tokens[1] != "no-repeat"


def stack_layers(box: Box, layers: list[tuple[list[Paint], list[Node]]]) -> tuple[list[Paint], list[Node]]:
    """The fills and child nodes of background layers given bottom first, as (fills,
    children) each. Children draw above every fill, so once a layer needed children, the
    fills of the layers above it become full-box RECTANGLEs too, to keep the stacking order."""
    fills: list[Paint] = []
    children: list[Node] = []
    for layer_fills, layer_children in layers:
        if children:
            for paint in layer_fills:
                node = frame("Background", box, "RECTANGLE")
                node["fills"] = [paint]
                children.append(node)
        else:
            fills.extend(layer_fills)
        children.extend(layer_children)
    return fills, children


def _geometry(
    state: ConversionState, box: Box, nw: float, nh: float, size: str, position: str
) -> tuple[float, float, str, float, float]:
    """A background image's drawn size, scale mode and offset in the box, from its
    intrinsic size (nw, nh > 0) and background-size/-position."""
    bw, bh = box.width, box.height
    tokens = size.split()
    mode = "STRETCH"
    if size == "cover":
        ratio = max(bw / nw, bh / nh)
        iw, ih, mode = nw * ratio, nh * ratio, "FILL"
    elif size == "contain":
        ratio = min(bw / nw, bh / nh)
        iw, ih, mode = nw * ratio, nh * ratio, "FIT"
    else:
        sw = tokens[0] if tokens else "auto"
        sh = tokens[1] if len(tokens) > 1 else "auto"
        iw = css.px(sw, bw) if sw != "auto" else 0.0
        ih = css.px(sh, bh) if sh != "auto" else 0.0
        if not iw and not ih:
            iw, ih = nw, nh
        elif not iw:
            iw = nw * ih / nh
        elif not ih:
            ih = nh * iw / nw
    pos = css.split_top(position, " ")
    try:
        px_, py_ = position_offset(pos, bw - iw, bh - ih)
    except css.CssError:
        state.warn(f"background-position {position}")
        px_, py_ = 0.0, 0.0
    return iw, ih, mode, px_, py_


def _svg_background(
    state: ConversionState,
    svg: tuple[str, float, float, float],
    box: Box,
    size: str,
    position: str,
    repeat: str,
    children: list[Node],
) -> None:
    """An SVG background layer as VECTOR nodes: one per tile drawn (up to MAX_SVG_TILES)."""
    markup, nw, nh, ratio = svg
    bw, bh = box.width, box.height
    if bw <= 0 or bh <= 0:
        return
    if nw <= 0 or nh <= 0:
        # No intrinsic size: CSS fits the aspect ratio in the box (contain), else fills it.
        nw, nh = (min(bw, bh * ratio), min(bw, bh * ratio) / ratio) if ratio > 0 else (bw, bh)
    iw, ih, _, px_, py_ = _geometry(state, box, nw, nh, size, position)
    if iw <= 0 or ih <= 0:
        return
    axes = _repeat_axes(state, repeat)
    x0, nx = _tiles(px_, iw, bw, axes[0])
    y0, ny = _tiles(py_, ih, bh, axes[1])
    if nx * ny > MAX_SVG_TILES:
        state.warn(f"SVG background repeated {nx * ny} times drawn once")
        x0, nx, y0, ny = px_, 1, py_, 1
    rects = [(box.x + x0 + i * iw, box.y + y0 + j * ih, iw, ih) for j in range(ny) for i in range(nx)]
    node = svg_vectors(markup, rects, box)
    if node is not None:
        children.append(node)


def position_offset(tokens: list[str], free_x: float, free_y: float) -> tuple[float, float]:
    """A background-/object-position (split on spaces) as an offset in px, given the free
    space on each axis; CssError for forms other than one or two values."""
    kx = {"left": 0.0, "center": 50.0, "right": 100.0}
    ky = {"top": 0.0, "center": 50.0, "bottom": 100.0}
    if len(tokens) == 1:
        tokens = [tokens[0], "center"]
    if len(tokens) != 2:
        raise css.CssError("position")
    a, b = tokens
    if a in ky and a != "center" and b in kx:
        a, b = b, a
    x = kx[a] * free_x / 100 if a in kx else css.px(a, free_x)
    y = ky[b] * free_y / 100 if b in ky else css.px(b, free_y)
    return x, y


def _tiles(offset: float, size: float, extent: float, repeat: bool) -> tuple[float, int]:
    """(first offset, count) of the tiles covering [0, extent) along one axis, offsets from the
    box edge; a layer that does not repeat on the axis is one tile at its offset."""
    if not repeat:
        return offset, 1
    first = offset - math.ceil(offset / size) * size  # the first tile at or before the edge
    return first, max(1, math.ceil((extent - first) / size))
