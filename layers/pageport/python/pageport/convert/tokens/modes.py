"""Colour tokens across variable modes: what each paint's colour is in every mode.

A site design holds the same page captured light and dark. Its colour variables have a Light
and a Dark value, and a paint binds to the variable whose value, in the mode its frame shows,
is the paint's own colour. So each paint needs a colour per mode: its own in its frame's mode,
and in the other mode the colour the same layer has in the other theme's capture (the layers
of two captures of one breakpoint are paired by the shape of their trees).

A paint with no counterpart (a layer only one theme draws) joins the variable most of its
colour's paired paints use, else one holding its own colour in every mode. Either way every
frame draws, in its own mode, exactly the colours of its capture.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterator, Sequence

from pageport.convert.figma import Node, Paint
from pageport.convert.tokens.colors import ColorKey, color_key

ModeKey = tuple[ColorKey, ...]  # a colour per mode, in the collection's mode order


def mode_keys(
    paints: Sequence[Paint], roots: Sequence[tuple[Node, int]], counterparts: Sequence[tuple[Node, Node]], modes: int
) -> dict[int, ModeKey]:
    """By id() of each SOLID paint in `paints`: its colour in every mode. `roots` are the themed
    frames with the mode each shows; `counterparts` (light root, dark root) pairs of one
    breakpoint. With one mode, a paint's key is its own colour alone."""
    if modes == 1:
        return {id(p): (color_key(p["color"]),) for p in paints}
    mode_of = {id(paint): mode for root, mode in roots for paint in _paints(root)}
    known: dict[int, list[ColorKey | None]] = {}
    for paint in paints:
        slots: list[ColorKey | None] = [None] * modes
        slots[mode_of.get(id(paint), 0)] = color_key(paint["color"])
        known[id(paint)] = slots
    for light_root, dark_root in counterparts:
        light_mode, dark_mode = mode_of_root(roots, light_root), mode_of_root(roots, dark_root)
        for light, dark in paired_paints(light_root, dark_root):
            if id(light) in known and id(dark) in known:
                known[id(light)][dark_mode] = color_key(dark["color"])
                known[id(dark)][light_mode] = color_key(light["color"])
    full = Counter(tuple(slots) for slots in known.values() if None not in slots)
    return {ident: _completed(slots, full) for ident, slots in known.items()}


def mode_of_root(roots: Sequence[tuple[Node, int]], root: Node) -> int:
    return next(mode for node, mode in roots if node is root)


def _completed(slots: list[ColorKey | None], full: Counter[tuple[ColorKey | None, ...]]) -> ModeKey:
    if None not in slots:
        return tuple(k for k in slots if k is not None)
    mode, own = next((m, k) for m, k in enumerate(slots) if k is not None)
    matching = [(-count, key) for key, count in full.items() if key[mode] == own]
    if matching:
        return tuple(k for k in min(matching)[1] if k is not None)  # the most used, then the least key
    return tuple(own for _ in slots)


def paired_paints(light: Node, dark: Node) -> Iterator[tuple[Paint, Paint]]:
    """SOLID paints of the same layer and place in two captures of one page. Layers pair where
    their trees agree (type and name, child by child, aligned past layers only one side has)."""
    yield from _same_slots(light.get("fills") or [], dark.get("fills") or [])
    yield from _same_slots(light.get("strokes") or [], dark.get("strokes") or [])
    light_runs, dark_runs = light.get("styleOverrideTable") or {}, dark.get("styleOverrideTable") or {}
    for run in light_runs.keys() & dark_runs.keys():
        yield from _same_slots(light_runs[run].get("fills") or [], dark_runs[run].get("fills") or [])
    kids, dark_kids = light.get("children") or [], dark.get("children") or []
    shape = difflib.SequenceMatcher(None, [_label(k) for k in kids], [_label(k) for k in dark_kids], autojunk=False)
    for block in shape.get_matching_blocks():
        for offset in range(block.size):
            yield from paired_paints(kids[block.a + offset], dark_kids[block.b + offset])


def _same_slots(light: list[Paint], dark: list[Paint]) -> Iterator[tuple[Paint, Paint]]:
    if len(light) != len(dark):
        return
    for a, b in zip(light, dark, strict=True):
        if a["type"] == b["type"] == "SOLID" and "color" in a and "color" in b:
            yield a, b


def _label(node: Node) -> tuple[str, str]:
    return node["type"], node["name"]


def _paints(root: Node) -> Iterator[Paint]:
    stack = [root]
    while stack:
        node = stack.pop()
        yield from (p for p in node.get("fills") or [] if p["type"] == "SOLID")
        yield from (p for p in node.get("strokes") or [] if p["type"] == "SOLID")
        for run in (node.get("styleOverrideTable") or {}).values():
            yield from (p for p in run.get("fills") or [] if p["type"] == "SOLID")
        stack.extend(node.get("children") or [])
