"""Sizing intent in Figma's terms, so that the design reflows as the page does when a designer
drags its frame wider or narrower.

From each child's behaviour in the capture's probe layouts (convert.reflow):
- in a vertical auto layout, a child that fills its parent's width stretches (FILL across);
  children that keep their width set the frame's counter alignment (a centred container);
- in a horizontal auto layout, a child that takes up what its parent gained grows (FILL along);
  children that keep their widths set the primary alignment: packed at the start, the centre or
  the end, or spread as SPACE_BETWEEN where the gaps take it up;
- every other child (in a frame without auto layout, or taken out of its flow) gets constraints:
  LEFT_RIGHT, LEFT, RIGHT, CENTER or SCALE;
- a frame that hugs its content's height in the page hugs it in Figma, so that text wrapping
  again pushes what follows down.
A TEXT that fills wraps again at its new width (auto height). Every change is checked with
Figma's layout (autolayout.lay_out): at the captured width nothing moves, or the change is not made.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from pageport.convert.autolayout import Refused, lay_out
from pageport.convert.css import round_to
from pageport.convert.figma import Rectangle
from pageport.convert.layout import mismatch
from pageport.convert.nodes import layer_label, transparent_frame, walk_nodes
from pageport.convert.passes.settle import settle, simulated
from pageport.convert.reflow import (
    TOLERANCE,
    Behaviour,
    Probes,
    ProbeSource,
    Span,
    behaviour,
    keeps_proportions,
    own_span,
    spans_at,
)
from pageport.convert.state import ConversionState

# At the captured width the design stays where the capture put it: the placement check's bound.
_EXACT = 0.05
# A hugging frame may be this much taller or shorter than its content (rounded gaps) before its
# padding or gaps take the difference up.
_RESIDUE = 1.0
_CONSTRAINT: dict[Behaviour, str] = {
    "FILL": "LEFT_RIGHT",
    "MIN": "LEFT",
    "MAX": "RIGHT",
    "CENTER": "CENTER",
    "SCALE": "SCALE",
}


def run(state: ConversionState) -> None:
    if not state.doc.probes:
        return
    probes = Probes.of([(p.width, p.boxes) for p in state.doc.probes])
    root = state.page
    spans = spans_at(root, probes, state.probe_sources)
    _fixed_width(root)
    for parent in walk_nodes(root):
        kids = parent.get("children") or []
        if not kids or id(parent) not in spans or parent.get("rotation"):
            continue
        outer = (own_span(parent), spans[id(parent)])
        kinds = {id(k): _kind(outer, k, spans[id(k)]) for k in kids if id(k) in spans}
        for kid in kids:
            # An image or chart whose height follows its width keeps its proportions in Figma.
            leaf = not kid.get("children") and kinds.get(id(kid)) in ("FILL", "SCALE")
            if leaf and keeps_proportions(own_span(kid), spans[id(kid)]):
                kid["preserveRatio"] = True
        if parent.get("layoutWrap") == "WRAP":
            _unwrap(parent)
        mode = parent.get("layoutMode")
        if mode == "VERTICAL":
            _vertical(parent, kinds)
            _held(parent, kinds, state.probe_sources)
        elif mode == "HORIZONTAL":
            _horizontal(parent, kinds)
        if mode in ("VERTICAL", "HORIZONTAL"):
            _scaled_out_of_flow(parent, kinds)
        flow = mode in ("VERTICAL", "HORIZONTAL", "GRID")
        for kid in kids:
            if flow and kid.get("layoutPositioning") != "ABSOLUTE":
                continue
            kind = kinds.get(id(kid))
            vertical = _vertical_constraint(parent, kid)
            if (kind is not None and kind != "MIN") or vertical != "TOP":
                horizontal = _CONSTRAINT[kind] if kind is not None else "LEFT"
                kid["constraints"] = {"horizontal": horizontal, "vertical": vertical}  # type: ignore[typeddict-item]
                if kind in ("FILL", "SCALE"):
                    _wraps_again(kid)
                    _fixed_width(kid)
    stacks = [n for n in walk_nodes(root) if n.get("layoutMode") in ("VERTICAL", "HORIZONTAL")]
    # Children first; a second round hugs the children a stack stopped growing in the first.
    for _ in range(2):
        sized_by_parent = _sized_by_parent(root)
        for node in reversed(stacks):
            if id(node) not in sized_by_parent:
                _hug_height(node, _fixed_height(node, spans))
    # Hugging frames take the size Figma gives them (a fraction of a pixel off the capture's
    # where heights were rounded), and what follows them moves with them: the result says what
    # the plugin will place.
    settle(root)


def _vertical_constraint(parent: Any, kid: Any) -> str:
    """A child that spans its parent's height (a background, an overlay) stretches with it when
    text wrapping again makes the parent taller; any other keeps to the top."""
    pb, kb = parent["absoluteBoundingBox"], kid["absoluteBoundingBox"]
    spans = abs(kb["y"] - pb["y"]) <= _EXACT and abs(kb["y"] + kb["height"] - pb["y"] - pb["height"]) <= _EXACT
    return "TOP_BOTTOM" if spans and not kid.get("rotation") else "TOP"


def _kind(outer: tuple[Span, Sequence[Span]], kid: Any, at: Sequence[Span]) -> Behaviour | None:
    """The kid's behaviour; a turned one (its box the bounds of its turned shape) only moves."""
    kind = behaviour(outer, (own_span(kid), at))
    return None if kid.get("rotation") and kind in ("FILL", "SCALE") else kind


def _sized_by_parent(root: Any) -> set[int]:
    """id() of the frames whose height an auto-layout parent sets (stretched in a row, growing in a stack)."""
    out: set[int] = set()
    for parent in walk_nodes(root):
        mode = parent.get("layoutMode")
        for kid in parent.get("children") or []:
            stretched = mode == "HORIZONTAL" and kid.get("layoutAlign") == "STRETCH"
            if stretched or (mode == "VERTICAL" and kid.get("layoutGrow")):
                out.add(id(kid))
    return out


def _exact(node: Any) -> bool:
    """Figma's layout of `node` as it now stands puts every child where the capture has it."""
    frame, kids = simulated(node)
    if frame.counter_align == "BASELINE":
        return False
    names = [layer_label(k) for k in node["children"]]
    return mismatch(frame, kids, names, _EXACT) is None


Changes = dict[int, tuple[Any, dict[str, Any]]]  # by id(): (node, {field: value or _MISSING})
Undo = list[tuple[Any, str, Any]]


def _apply(changes: Changes) -> Undo:
    """Make `changes` (a value of _MISSING removes the field); what undoes them."""
    undo: Undo = []
    for target, fields in changes.values():
        for key, value in fields.items():
            undo.append((target, key, target.get(key, _MISSING)))
            if value is _MISSING:
                target.pop(key, None)
            else:
                target[key] = value
    return undo


def _revert(undo: Undo) -> None:
    for target, key, value in reversed(undo):
        if value is _MISSING:
            target.pop(key, None)
        else:
            target[key] = value


def _trying(node: Any, changes: Changes) -> bool:
    """Make `changes`; keep them where `node` lays out exactly, else undo them."""
    undo = _apply(changes)
    if _exact(node):
        return True
    _revert(undo)
    return False


_MISSING = object()


def _vertical(parent: Any, kinds: dict[int, Behaviour | None]) -> None:
    """Children that fill the stack's width stretch (in a padded frame of their own where their
    margins differ from the stack's padding); those that keep their width set its alignment."""
    for kid in [k for k in parent["children"] if k.get("layoutPositioning") != "ABSOLUTE"]:
        if kinds.get(id(kid)) != "FILL":
            continue
        stretched = kid.get("layoutAlign") == "STRETCH"
        if stretched or _trying(parent, {id(kid): (kid, {"layoutAlign": "STRETCH"})}) or _inset(parent, kid):
            _wraps_again(kid)
            _fixed_width(kid)
    fixed = {
        kinds.get(id(k))
        for k in parent["children"]
        if k.get("layoutPositioning") != "ABSOLUTE" and k.get("layoutAlign") != "STRETCH"
    }
    align = next(iter(fixed)) if len(fixed) == 1 else None
    if align not in ("MIN", "CENTER", "MAX") or align == parent.get("counterAxisAlignItems", "MIN"):
        return
    if not _trying(parent, {id(parent): (parent, {"counterAxisAlignItems": align})}):
        # The padding read off the first child may not be the one the alignment needs: the
        # margins the page leaves on both sides, where no stretched child fixes them.
        fields: dict[str, Any] = {"counterAxisAlignItems": align}
        if not any(k.get("layoutAlign") == "STRETCH" for k in parent["children"]):
            fields.update(_side_padding(parent, "HORIZONTAL"))
        _trying(parent, {id(parent): (parent, fields)})


def _held(parent: Any, kinds: dict[int, Behaviour | None], sources: Mapping[int, ProbeSource]) -> None:
    """A child the page holds at its CSS max-width, where the stack's alignment places it (a
    centred container): it fills the stack up to that width, so a narrower frame narrows it."""
    for kid in parent["children"]:
        source = sources.get(id(kid))
        width = kid["absoluteBoundingBox"]["width"]
        if source is None or source.max_width is None or abs(source.max_width - width) > TOLERANCE:
            continue
        if kid.get("layoutPositioning") == "ABSOLUTE" or kid.get("layoutAlign") == "STRETCH":
            continue
        if kinds.get(id(kid)) == parent.get("counterAxisAlignItems", "MIN") and _trying(
            parent, {id(kid): (kid, {"layoutAlign": "STRETCH", "maxWidth": width})}
        ):
            _fixed_width(kid)


def _inset(parent: Any, kid: Any) -> bool:
    """Wrap `kid` in a transparent frame that stretches across `parent`, its padding the kid's
    margins (as a designer gives a stretched child margins of its own in Figma), where that keeps
    every node in place."""
    pb, kb = parent["absoluteBoundingBox"], kid["absoluteBoundingBox"]
    inner_left = pb["x"] + float(parent.get("paddingLeft") or 0)
    inner_right = pb["x"] + pb["width"] - float(parent.get("paddingRight") or 0)
    left, right = kb["x"] - inner_left, inner_right - (kb["x"] + kb["width"])
    if left < 0 or right < 0 or kid.get("layoutGrow"):
        return False
    box: Rectangle = {
        "x": inner_left,
        "y": kb["y"],
        "width": round_to(inner_right - inner_left, 2),
        "height": kb["height"],
    }
    wrapper: dict[str, Any] = {
        **transparent_frame(box, [kid]),
        "layoutMode": "VERTICAL",
        "primaryAxisSizingMode": "AUTO",
        "counterAxisSizingMode": "FIXED",
        "primaryAxisAlignItems": "MIN",
        "counterAxisAlignItems": "MIN",
        "itemSpacing": 0,
        "paddingTop": 0,
        "paddingBottom": 0,
        "paddingLeft": round_to(left, 2),
        "paddingRight": round_to(right, 2),
        "layoutAlign": "STRETCH",
    }
    siblings = parent["children"]
    at = next(i for i, k in enumerate(siblings) if k is kid)
    before = kid.get("layoutAlign", _MISSING)
    siblings[at] = wrapper
    kid["layoutAlign"] = "STRETCH"
    if _exact(parent) and _exact(wrapper):
        return True
    siblings[at] = kid
    if before is _MISSING:
        kid.pop("layoutAlign", None)
    else:
        kid["layoutAlign"] = before
    return False


def _scaled_out_of_flow(parent: Any, kinds: dict[int, Behaviour | None]) -> None:
    """A child sized as a share of its parent (a progress bar's 50 %) has no auto-layout term:
    it leaves the flow and keeps its share by a SCALE constraint, where it is the only child in
    the flow (one of a row's cells taken out would leave the others' layout half kept)."""
    flow = [k for k in parent["children"] if k.get("layoutPositioning") != "ABSOLUTE"]
    if len(flow) == 1 and kinds.get(id(flow[0])) == "SCALE" and not flow[0].get("layoutGrow"):
        kid = flow[0]
        _trying(parent, {id(kid): (kid, {"layoutPositioning": "ABSOLUTE", "layoutAlign": _MISSING})})


def _unwrap(parent: Any) -> None:
    """A wrapping row whose children each sit on a line of their own is a stack (the page's
    full-width columns on a phone); one whose children share one line is a row that does not
    wrap. Either way its children may then fill it."""
    flow = [k for k in parent["children"] if k.get("layoutPositioning") != "ABSOLUTE"]
    if not flow:
        return
    lines = 1 + sum(b["absoluteBoundingBox"]["x"] <= a["absoluteBoundingBox"]["x"] for a, b in itertools.pairwise(flow))
    kids = {id(k): (k, {"layoutAlign": _MISSING, "layoutGrow": _MISSING}) for k in flow}
    if lines == 1:
        _trying(parent, {**kids, id(parent): (parent, {"layoutWrap": _MISSING, "counterAxisSpacing": _MISSING})})
    elif lines == len(flow):
        across = parent.get("primaryAxisAlignItems", "MIN")
        stack = {
            "layoutMode": "VERTICAL",
            "layoutWrap": _MISSING,
            "counterAxisSpacing": _MISSING,
            "itemSpacing": parent.get("counterAxisSpacing", 0),
            "primaryAxisSizingMode": parent.get("counterAxisSizingMode", "AUTO"),
            "counterAxisSizingMode": parent.get("primaryAxisSizingMode", "AUTO"),
            "primaryAxisAlignItems": "MIN",
            "counterAxisAlignItems": across if across in ("MIN", "CENTER", "MAX") else "MIN",
        }
        _trying(parent, {**kids, id(parent): (parent, stack)})


def _horizontal(parent: Any, kinds: dict[int, Behaviour | None]) -> None:
    flow = [k for k in parent["children"] if k.get("layoutPositioning") != "ABSOLUTE"]
    if not flow:
        return
    found = [kinds.get(id(k)) for k in flow]
    growers = [k for k, kind in zip(flow, found, strict=True) if kind == "FILL"]
    if not growers and len(flow) > 1 and all(kind == "SCALE" for kind in found):
        growers = flow  # columns sharing the row: equal shares where their widths are equal
    changes: Changes = {}
    if growers:
        changes[id(parent)] = (parent, {"primaryAxisSizingMode": "FIXED"})
        for kid in growers:
            changes[id(kid)] = (kid, {"layoutGrow": 1})
    else:
        align = _primary_align(found)
        if align is None or align == parent.get("primaryAxisAlignItems", "MIN"):
            return
        changes[id(parent)] = (parent, {"primaryAxisAlignItems": align, "primaryAxisSizingMode": "FIXED"})
        if align == "SPACE_BETWEEN":
            changes[id(parent)][1]["itemSpacing"] = 0
    # The padding read off the first child leaves the row's end open (a negative margin, a
    # gap after the last child): what it leaves is the end padding the children grow or
    # spread up to.
    ends = {**changes, id(parent): (parent, {**changes[id(parent)][1], **_side_padding(parent, "HORIZONTAL")})}
    if _trying(parent, changes) or _trying(parent, ends):
        for kid in growers:
            _wraps_again(kid)
            _fixed_width(kid)


def _side_padding(parent: Any, axis: str) -> dict[str, float]:
    """The padding on both ends of `axis` that the page's margins leave around the flow children
    (their bounds against the frame's edges)."""
    flow = [k for k in parent["children"] if k.get("layoutPositioning") != "ABSOLUTE"]
    pb = parent["absoluteBoundingBox"]
    start, size = ("x", "width") if axis == "HORIZONTAL" else ("y", "height")
    lead = min(k["absoluteBoundingBox"][start] for k in flow) - pb[start]
    trail = pb[start] + pb[size] - max(k["absoluteBoundingBox"][start] + k["absoluteBoundingBox"][size] for k in flow)
    if lead < 0 or trail < 0:
        return {}
    names = ("paddingLeft", "paddingRight") if axis == "HORIZONTAL" else ("paddingTop", "paddingBottom")
    return {names[0]: round_to(lead, 2), names[1]: round_to(trail, 2)}


def _primary_align(found: list[Behaviour | None]) -> str | None:
    """Where a row of fixed-width children goes as its frame widens: the one place they all agree on."""
    if any(kind not in ("MIN", "MAX", "CENTER") for kind in found):
        return None
    if len(set(found)) == 1:
        return found[0]
    if len(found) >= 2 and found[0] == "MIN" and found[-1] == "MAX":
        return "SPACE_BETWEEN"
    return None


def _wraps_again(node: Any) -> None:
    """A TEXT whose width is set by its parent wraps again at that width, growing in height."""
    style = node.get("style")
    if node["type"] == "TEXT" and style and style.get("textAutoResize") in ("WIDTH_AND_HEIGHT", "NONE"):
        style["textAutoResize"] = "HEIGHT"


def _fixed_width(node: Any) -> None:
    """An auto-layout frame whose width its parent sets no longer hugs its content's width."""
    mode = node.get("layoutMode")
    if mode == "HORIZONTAL":
        node["primaryAxisSizingMode"] = "FIXED"
    elif mode == "VERTICAL":
        node["counterAxisSizingMode"] = "FIXED"


def _fixed_height(node: Any, spans: dict[int, tuple[Span, ...]]) -> bool:
    """The page keeps the frame's height whatever its content does (`height: 400px`): at a probe
    its height stayed while a child's changed."""
    own, at = node["absoluteBoundingBox"]["height"], spans.get(id(node))
    if not at or not all(s.height > 0 and abs(s.height - own) <= _EXACT for s in at):
        return False
    for kid in node.get("children") or []:
        kid_at = spans.get(id(kid))
        kid_own = kid["absoluteBoundingBox"]["height"]
        if kid_at and any(s.height > 0 and abs(s.height - kid_own) > TOLERANCE for s in kid_at):
            return True
    return False


def _hug_height(node: Any, fixed_height: bool) -> None:
    """A frame hugs its content's height where that is the height it has (text wrapping again
    then moves what follows), as long as Figma's layout of it stays exact."""
    key = "primaryAxisSizingMode" if node["layoutMode"] == "VERTICAL" else "counterAxisSizingMode"
    if node.get(key, "AUTO") == "AUTO" or node.get("layoutWrap") == "WRAP":
        return
    if any(k.get("layoutAlign") == "STRETCH" for k in node["children"]) and key == "counterAxisSizingMode":
        return  # a row whose children stretch to its height: the height is the row's own
    # A child growing to fill a stack's height (flex-grow in a column) took the height its
    # content gave it: the stack hugs it instead, and it hugs its own content.
    released = {
        id(k): (k, {"layoutGrow": _MISSING})
        for k in node["children"]
        if key == "primaryAxisSizingMode" and k.get("layoutGrow") and k.get("layoutPositioning") != "ABSOLUTE"
    }
    changes: Changes = {**released, id(node): (node, {key: "AUTO"})}
    # Exactly: a hugging frame passes any difference on to everything after it. What the
    # spacing's rounding left over (the page's gaps differ by fractions) goes to the padding
    # after the last child, or is shared by the gaps.
    undo = _apply(changes)
    short = _shortfall(node)
    # Room below the content (the children's bottom margins) is bottom padding, where the page
    # lets the frame grow with its content.
    room = _RESIDUE if fixed_height else float("inf")
    if short is not None and (-_RESIDUE <= short < -_EXACT or _EXACT < short <= room):
        bottom = float(node.get("paddingBottom") or 0)
        flow = [k for k in node["children"] if k.get("layoutPositioning") != "ABSOLUTE"]
        if bottom + short >= 0:
            undo += _apply({id(node): (node, {"paddingBottom": round_to(bottom + short, 2)})})
        elif key == "primaryAxisSizingMode" and len(flow) > 1:
            spacing = float(node.get("itemSpacing") or 0) + short / (len(flow) - 1)
            # Rounded to the hundredth either way: whichever keeps every child in place.
            for step in (round_to(spacing, 2), round_to(spacing + 0.005, 2), round_to(spacing - 0.005, 2)):
                tried = _apply({id(node): (node, {"itemSpacing": step})})
                if _exact(node):
                    undo += tried
                    break
                _revert(tried)
        short = _shortfall(node)
    if short is None or abs(short) > _EXACT or not _exact(node):
        _revert(undo)


def _shortfall(node: Any) -> float | None:
    """How much taller the frame is than Figma's layout of it (None where Figma's layout refuses it)."""
    try:
        frame, kids = simulated(node)
        return float(node["absoluteBoundingBox"]["height"] - lay_out(frame, kids).height)
    except Refused:
        return None
