"""Figma's auto layout, simulated: where Figma puts an auto-layout frame's children.

Given a frame's auto-layout fields and its children's sizes and layout fields, ``lay_out``
computes the frame's size and each child's box (relative to the frame) the way Figma does when
the plugin switches auto layout on. The converter keeps auto layout on a flex container only
where this reproduces the captured boxes (``layout.infer``); a combination whose outcome in
Figma is not pinned down here (a FILL child in a hugging frame, BASELINE without baselines,
vertical wrap...) raises ``Refused`` rather than guess.

Figma's rules, as its plugin API documents them:
- children are placed in layer order (``children[0]`` first), ``itemSpacing`` apart, inside
  the padding; ``layoutPositioning: ABSOLUTE`` children keep their own position and take no
  part; strokes are not part of the layout (``strokesIncludedInLayout`` is false);
- ``primaryAxisAlignItems`` MIN/CENTER/MAX moves the packed run, SPACE_BETWEEN spreads the free
  space between the children (itemSpacing ignored);
- ``counterAxisAlignItems`` MIN/CENTER/MAX aligns each child in the counter axis, BASELINE
  (horizontal only) lines up the children's first baselines;
- sizing: ``primaryAxisSizingMode``/``counterAxisSizingMode`` AUTO hugs the content, FIXED keeps
  the frame's size; a child's ``layoutGrow`` 1 (``layoutSizing*`` FILL on the primary axis)
  shares the free primary space equally with the other growing children; ``layoutAlign``
  STRETCH (FILL on the counter axis) takes the frame's inner counter size; a child's
  ``minWidth``/``maxWidth`` bound the width either gives it (a stretched child held narrower
  is aligned by ``counterAxisAlignItems``);
- ``layoutWrap: WRAP`` (horizontal only) starts a new track when the next child would not fit,
  each track as tall as its tallest child, ``counterAxisSpacing`` apart; with
  ``counterAxisAlignContent`` AUTO the tracks align as a block by ``counterAxisAlignItems``,
  and each child within its track the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

LayoutMode = Literal["HORIZONTAL", "VERTICAL"]
PrimaryAlign = Literal["MIN", "CENTER", "MAX", "SPACE_BETWEEN"]
CounterAlign = Literal["MIN", "CENTER", "MAX", "BASELINE"]
Sizing = Literal["FIXED", "AUTO"]
ChildSizing = Literal["FIXED", "HUG", "FILL"]
ChildAlign = Literal["INHERIT", "STRETCH"]

# Figma compares in floating point; a child that fits to within this still fits its track.
_EPSILON = 0.01


class Refused(Exception):
    """The fields ask for a layout this simulator does not reproduce with certainty."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Frame(NamedTuple):
    """An auto-layout frame: its (fixed) size and auto-layout fields."""

    mode: LayoutMode
    width: float
    height: float
    padding: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # top, right, bottom, left
    item_spacing: float = 0.0
    counter_axis_spacing: float = 0.0
    primary_align: PrimaryAlign = "MIN"
    counter_align: CounterAlign = "MIN"
    primary_sizing: Sizing = "FIXED"
    counter_sizing: Sizing = "FIXED"
    wrap: bool = False


class Child(NamedTuple):
    """A child: its size (for HUG, the size its own content gives it) and layout fields."""

    width: float
    height: float
    x: float = 0.0  # relative to the frame; only ABSOLUTE children keep it
    y: float = 0.0
    grow: float = 0.0  # layoutGrow
    align: ChildAlign = "INHERIT"  # layoutAlign
    absolute: bool = False  # layoutPositioning ABSOLUTE
    baseline: float | None = None  # top edge to first baseline, for BASELINE alignment
    sizing_horizontal: ChildSizing | None = None  # layoutSizingHorizontal, overrides grow/align
    sizing_vertical: ChildSizing | None = None
    min_width: float | None = None  # minWidth/maxWidth: bound the width stretching or growing gives
    max_width: float | None = None

    def clamped_width(self, width: float) -> float:
        return min(self.max_width if self.max_width is not None else width, max(self.min_width or 0.0, width))


class Box(NamedTuple):
    x: float
    y: float
    width: float
    height: float


class Layout(NamedTuple):
    """The frame's size after layout and each child's box, relative to the frame."""

    width: float
    height: float
    boxes: tuple[Box, ...]


def _fields(child: Child, horizontal: bool) -> tuple[bool, bool]:
    """(grows on the primary axis, stretches on the counter axis) from either field style."""
    grow, stretch = child.grow > 0, child.align == "STRETCH"
    if child.grow not in (0, 1):
        raise Refused(f"layoutGrow {child.grow:g} (Figma takes 0 or 1)")
    primary = child.sizing_horizontal if horizontal else child.sizing_vertical
    counter = child.sizing_vertical if horizontal else child.sizing_horizontal
    if primary is not None:
        grow = primary == "FILL"
    if counter is not None:
        stretch = counter == "FILL"
    return grow, stretch


def _align(mode: str, free: float) -> float:
    if mode == "CENTER":
        return free / 2
    if mode == "MAX":
        return free
    return 0.0


def lay_out(frame: Frame, children: Sequence[Child]) -> Layout:
    """Where Figma puts each child of `frame` (see the module docstring for the rules)."""
    horizontal = frame.mode == "HORIZONTAL"
    top, right, bottom, left = frame.padding
    pad_main = left + right if horizontal else top + bottom
    pad_cross = top + bottom if horizontal else left + right
    start_main, start_cross = (left, top) if horizontal else (top, left)
    spacing = frame.item_spacing
    if frame.counter_align == "BASELINE" and not horizontal:
        raise Refused("BASELINE alignment in a vertical frame")
    if frame.wrap:
        if not horizontal:
            raise Refused("wrap in a vertical frame (Figma wraps rows only)")
        if frame.primary_sizing == "AUTO":
            raise Refused("wrap in a frame that hugs its width")
        if frame.counter_align == "BASELINE":
            raise Refused("BASELINE alignment with wrap")
    flow = [i for i, c in enumerate(children) if not c.absolute]
    fields = {i: _fields(children[i], horizontal) for i in flow}
    mains = {i: children[i].width if horizontal else children[i].height for i in flow}
    crosses = {i: children[i].height if horizontal else children[i].width for i in flow}
    growers = [i for i in flow if fields[i][0]]
    stretched = [i for i in flow if fields[i][1]]
    if growers and (frame.wrap or frame.primary_sizing == "AUTO"):
        raise Refused("a growing child in a frame that wraps or hugs its primary axis")
    if stretched and frame.wrap:
        raise Refused("a stretched child in a wrapping frame")
    if frame.counter_align == "BASELINE" and any(children[i].baseline is None for i in flow):
        raise Refused("BASELINE alignment with a child that has no baseline")

    # The frame's size: fixed, or hugging its content.
    main = frame.width if horizontal else frame.height
    cross = frame.height if horizontal else frame.width
    if frame.primary_sizing == "AUTO":
        main = sum(mains.values()) + spacing * max(0, len(flow) - 1) + pad_main
    inner_main = main - pad_main
    if not frame.wrap and frame.counter_sizing == "AUTO":
        fixed_cross = [crosses[i] for i in flow if not fields[i][1]]
        if stretched and not fixed_cross:
            raise Refused("every child stretches in a frame that hugs its counter axis")
        cross = max(fixed_cross, default=0.0) + pad_cross
    inner_cross = cross - pad_cross

    # Sizes set by the frame: stretched counter sizes, equal shares of the free primary space.
    for i in stretched:
        crosses[i] = inner_cross if horizontal else children[i].clamped_width(inner_cross)
    if growers:
        free = inner_main - sum(mains[i] for i in flow if i not in growers) - spacing * (len(flow) - 1)
        if free < 0:
            raise Refused("growing children with no room left to grow into")
        for i in growers:
            mains[i] = children[i].clamped_width(free / len(growers)) if horizontal else free / len(growers)

    # Tracks: one, or as many rows as wrapping needs.
    tracks: list[list[int]] = [[]]
    used = 0.0
    for i in flow:
        extra = mains[i] + (spacing if tracks[-1] else 0.0)
        if frame.wrap and tracks[-1] and used + extra > inner_main + _EPSILON:
            tracks.append([])
            used, extra = 0.0, mains[i]
        tracks[-1].append(i)
        used += extra
    if frame.wrap:
        track_cross = [max((crosses[i] for i in t), default=0.0) for t in tracks]
        content_cross = sum(track_cross) + frame.counter_axis_spacing * (len(tracks) - 1)
        if frame.counter_sizing == "AUTO":
            cross = content_cross + pad_cross
            inner_cross = content_cross
        cross_pos = _align(frame.counter_align, inner_cross - content_cross)
    else:
        track_cross = [inner_cross]
        cross_pos = 0.0

    placed: dict[int, Box] = {}
    baseline = max((children[i].baseline or 0.0 for i in flow), default=0.0)
    for track, tc in zip(tracks, track_cross, strict=True):
        total = sum(mains[i] for i in track)
        gap = spacing
        if frame.primary_align == "SPACE_BETWEEN":
            if len(track) == 1:
                raise Refused("SPACE_BETWEEN with a single child")
            gap = (inner_main - total) / (len(track) - 1)
            if gap < 0:
                raise Refused("SPACE_BETWEEN with children that overflow the frame")
            pos = 0.0
        else:
            pos = _align(frame.primary_align, inner_main - total - spacing * (len(track) - 1))
        for i in track:
            if frame.counter_align == "BASELINE" and not fields[i][1]:
                off = baseline - (children[i].baseline or 0.0)
            elif fields[i][1]:
                off = _align(frame.counter_align, tc - crosses[i])  # 0 unless a max width held it
            else:
                off = _align(frame.counter_align, tc - crosses[i])
            m, c = start_main + pos, start_cross + cross_pos + off
            placed[i] = Box(m, c, mains[i], crosses[i]) if horizontal else Box(c, m, crosses[i], mains[i])
            pos += mains[i] + gap
        cross_pos += tc + frame.counter_axis_spacing

    boxes = tuple(placed.get(i) or Box(c.x, c.y, c.width, c.height) for i, c in enumerate(children))
    width, height = (main, cross) if horizontal else (cross, main)
    return Layout(width, height, boxes)
