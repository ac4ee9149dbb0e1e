"""How each box behaves when its parent's width changes, read off the capture's probe layouts.

The capture lays the page out again at a narrower and a wider viewport (capture.probes) and
records where every walked box went. For a node of the design and its parent, the change of
the parent's width and the child's left offset and width at each probe says what the page does:

- FILL: the child's width moves with its parent's, its left offset stays;
- MIN, MAX, CENTER: the width stays, the child keeps its left offset, its right offset, or
  stays centred;
- SCALE: width and offset move in proportion to the parent's (percentages, shared fr tracks).

Both probes (one narrower, one wider) must agree, within a pixel: a box that crossed a
breakpoint or moved for another reason says nothing, and keeps its place. A node the page has no
box for (a wrapper the converter made around siblings) went where its children went: the union
of their boxes. A TEXT goes where its lines go in its block's content box: its width follows
the block's where it spans it, else it keeps its width at the side its alignment puts it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from pageport.capture.schema import Box
from pageport.convert import css, wrap_width
from pageport.convert.figma import Node

Behaviour = Literal["FILL", "MIN", "MAX", "CENTER", "SCALE"]
TextAnchor = Literal["FILL", "MIN", "MAX", "CENTER"]

# Both probes agree on a behaviour within this many px (rounding and subpixel layout).
TOLERANCE = 1.0
# A parent whose width changed by less than this says nothing about its children.
_MOVED = 2.0


class Span(NamedTuple):
    """A horizontal extent in page px: left edge and width; and the box's height where known
    (an element's own box: 0 for text and unions), for a box that keeps its proportions."""

    x: float
    width: float
    height: float = 0.0


class ProbeSource(NamedTuple):
    """What a node's probe boxes come from: a capture element's id; for a TEXT, its block's id,
    the block's extent at the capture (its box moves its content box by as much: padding in px)
    and where the text sits in that content box."""

    node: Node  # held so that the id() keying it is never reused during the conversion
    capture_id: int
    anchor: TextAnchor | None = None
    block: Span | None = None
    max_width: float | None = None  # the element's CSS max-width in px, border box


def max_width(get: Callable[[str], str | None]) -> float | None:
    """An element's `max-width` in px as the width of its border box, None where it has none
    (or a percentage, which the probes tell as FILL)."""
    value = get("max-width") or "none"
    if not value.endswith("px"):
        return None
    width = css.px(value)
    if get("box-sizing") != "border-box":
        sides = ("padding-left", "padding-right", "border-left-width", "border-right-width")
        width += sum(css.px(get(side)) for side in sides)
    return width


@dataclass(frozen=True)
class Probes:
    """The probe layouts' boxes, horizontal extents only, by capture id."""

    widths: tuple[int, ...]
    spans: tuple[Mapping[int, Span], ...]

    @classmethod
    def of(cls, probes: Sequence[tuple[int, Mapping[str, tuple[float, float, float, float]]]]) -> Probes:
        return cls(
            tuple(w for w, _ in probes),
            tuple({int(k): Span(b[0], b[2], b[3]) for k, b in boxes.items()} for _, boxes in probes),
        )


def inside(node: Node, capture_id: int, box: Box, content: Box) -> ProbeSource:
    """The source of a node drawn inside an element's content box (its text, icon glyphs, inline
    boxes' paint, pseudo-elements): spanning the content box, its width follows the element's;
    else it keeps its width at the side it sits on (centred where its margins are equal)."""
    bb = node["absoluteBoundingBox"]
    left, right = bb["x"] - content.x, content.x + content.width - (bb["x"] + bb["width"])
    anchor: TextAnchor = "MIN"
    # A wrapped paragraph may end short of its block, narrowed so that Figma keeps the page's
    # lines (convert.wrap_width): it still takes its width from the block.
    narrowed = node["type"] == "TEXT" and (node.get("style") or {}).get("textAutoResize") == "HEIGHT"
    slack = 1 + (wrap_width.SLACK * 2 * content.width if narrowed else 0)
    if abs(left) <= 1 and -1 <= right <= slack:
        anchor = "FILL"
    elif abs(left - right) <= 1:
        anchor = "CENTER"
    elif abs(right) <= 1:
        anchor = "MAX"
    return ProbeSource(node, capture_id, anchor, Span(box.x, box.width))


def own_span(node: Node) -> Span:
    bb = node["absoluteBoundingBox"]
    return Span(bb["x"], bb["width"], bb["height"])


def spans_at(root: Node, probes: Probes, sources: Mapping[int, ProbeSource]) -> dict[int, tuple[Span, ...]]:
    """Every node's horizontal extent at each probe, by id() of the node (none where unknown)."""
    out: dict[int, tuple[Span, ...]] = {id(root): tuple(Span(0.0, float(w)) for w in probes.widths)}

    def visit(node: Node) -> tuple[Span, ...] | None:
        kids = node.get("children") or []
        below = [visit(k) for k in kids]
        if id(node) in out:
            return out[id(node)]
        found = _sourced(node, probes, sources.get(id(node)))
        if found is None and kids and all(b is not None for b in below):
            found = tuple(_union([b[i] for b in below if b is not None]) for i in range(len(probes.widths)))
        if found is not None:
            out[id(node)] = found
        return found

    visit(root)
    return out


def _sourced(node: Node, probes: Probes, source: ProbeSource | None) -> tuple[Span, ...] | None:
    if source is None:
        return None
    at = [spans.get(source.capture_id) for spans in probes.spans]
    if any(s is None for s in at):
        return None
    if source.anchor is None or source.block is None:
        return tuple(s for s in at if s is not None)
    own, b0 = own_span(node), source.block
    out = []
    for b in at:
        assert b is not None
        dw = b.width - b0.width
        shift = {"FILL": 0.0, "MIN": 0.0, "MAX": dw, "CENTER": dw / 2}[source.anchor]
        out.append(Span(own.x + b.x - b0.x + shift, own.width + (dw if source.anchor == "FILL" else 0.0)))
    return tuple(out)


def keeps_proportions(own: Span, at: Sequence[Span]) -> bool:
    """The box's height follows its width at every probe (an image or chart at `height: auto`),
    and changed with it."""
    if own.width <= 0 or own.height <= 0 or not all(s.height > 0 for s in at):
        return False
    ratio = own.height / own.width
    follows = all(abs(s.height - s.width * ratio) <= TOLERANCE for s in at)
    return follows and any(abs(s.height - own.height) >= TOLERANCE for s in at)


def _union(spans: Sequence[Span]) -> Span:
    left = min(s.x for s in spans)
    right = max(s.x + s.width for s in spans)
    return Span(left, right - left)


def behaviour(parent: tuple[Span, Sequence[Span]], child: tuple[Span, Sequence[Span]]) -> Behaviour | None:
    """How the child follows its parent's width, or None where the probes disagree, the parent
    did not change width, or the child moved for another reason."""
    (p0, ps), (c0, cs) = parent, child
    found: set[Behaviour] | None = None
    ratios: list[tuple[float, float]] = []
    for p, c in zip(ps, cs, strict=True):
        dp = p.width - p0.width
        if abs(dp) < _MOVED:
            return None
        dw = c.width - c0.width
        dl = (c.x - p.x) - (c0.x - p0.x)
        kinds: set[Behaviour] = set()
        if abs(dl) <= TOLERANCE and abs(dw - dp) <= TOLERANCE:
            kinds.add("FILL")
        if abs(dw) <= TOLERANCE:
            if abs(dl) <= TOLERANCE:
                kinds.add("MIN")
            if abs(dl - dp) <= TOLERANCE:
                kinds.add("MAX")
            if abs(dl - dp / 2) <= TOLERANCE:
                kinds.add("CENTER")
        if not kinds:
            ratios.append((dw / dp, dl / dp))
            kinds.add("SCALE")
        found = kinds if found is None else found & kinds
        if not found:
            return None
    order: tuple[Behaviour, ...] = ("MIN", "FILL", "CENTER", "MAX")  # MIN first: barely moved
    for kind in order:
        if found and kind in found:
            return kind
    if found and "SCALE" in found and _proportional(ratios, parent[0], child[0]):
        return "SCALE"
    return None


def _proportional(ratios: Sequence[tuple[float, float]], p0: Span, c0: Span) -> bool:
    """Width and left offset both move as a share of the parent's width, as SCALE moves them."""
    if not ratios or p0.width <= 0:
        return False
    share_w = c0.width / p0.width
    share_x = (c0.x - p0.x) / p0.width
    return all(abs(w - share_w) <= 0.05 and abs(x - share_x) <= 0.05 for w, x in ratios)
