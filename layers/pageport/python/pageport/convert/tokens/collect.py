"""What of a converted page is token-worthy, and where each value is used: every SOLID paint
(by colour and use), every type style (base and style runs, with the blocks they are the text
of), corner radii, auto-layout spacing steps and shadow lists."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pageport.convert.figma import Node, Paint
from pageport.convert.tokens import colors, effects, floats, typography

_CORNERS = ("topLeftRadius", "topRightRadius", "bottomRightRadius", "bottomLeftRadius")
_SPACING = (
    "itemSpacing",
    "counterAxisSpacing",
    "paddingTop",
    "paddingRight",
    "paddingBottom",
    "paddingLeft",
    "gridRowGap",
    "gridColumnGap",
)
_SHADOWS = ("DROP_SHADOW", "INNER_SHADOW")


class Found:
    """Everything token-worthy in the tree, with where it is used."""

    def __init__(self) -> None:
        self.colors: dict[colors.ColorKey, colors.ColorUse] = {}
        self.paints: list[tuple[Paint, colors.ColorKey, str]] = []  # (paint, colour, use)
        self.styles: dict[typography.StyleKey, typography.StyleUse] = {}
        self.text_refs: list[tuple[dict[str, Any], str, typography.StyleKey]] = []  # (holder, field, key)
        self.radii: list[tuple[Node, str, float]] = []
        self.spacing: list[tuple[Node, str, float]] = []
        self.effects: dict[str, list[Any]] = {}
        self.effect_refs: list[tuple[Node, str]] = []

    def paint(self, paint: Paint, use: str) -> None:
        if paint["type"] != "SOLID" or "color" not in paint:
            return
        key = colors.color_key(paint["color"])
        self.colors.setdefault(key, colors.ColorUse()).add(use)
        self.paints.append((paint, key, use))


def collect(nodes: Iterable[Node]) -> Found:
    found = Found()
    for node in nodes:
        _collect(found, node)
    return found


# The node types whose corners Figma binds one by one (topLeftRadius...).
_PER_CORNER = frozenset({"FRAME", "RECTANGLE", "COMPONENT", "INSTANCE"})


def _collect(found: Found, node: Node) -> None:
    kind = node["type"]
    for paint in node.get("fills", []):
        found.paint(paint, "color" if kind == "TEXT" else "background")
    for paint in node.get("strokes", []):
        found.paint(paint, "border")
    if kind == "TEXT":
        _collect_text(found, node)
    if kind not in _PER_CORNER:
        pass  # a vector or ellipse has no per-corner radius field to bind (Figma's RectangleCornerMixin)
    elif node.get("cornerRadius"):
        found.radii.extend((node, corner, node["cornerRadius"]) for corner in _CORNERS)
    elif corners := node.get("rectangleCornerRadii"):
        found.radii.extend((node, field, value) for field, value in zip(_CORNERS, corners, strict=True) if value > 0)
    if node.get("layoutMode"):
        for field in _SPACING:
            value = node.get(field, 0.0)
            if isinstance(value, int | float) and value > 0 and floats.is_step(value):
                found.spacing.append((node, field, float(value)))
    shadows = node.get("effects") or []
    if any(e["type"] in _SHADOWS for e in shadows):
        key = effects.effects_key(shadows)
        found.effects.setdefault(key, list(shadows))
        found.effect_refs.append((node, key))


def _collect_text(found: Found, node: Node) -> None:
    base = node.get("style", {})
    tag = node.get("pageport", {}).get("tag", "")
    overrides = node.get("characterStyleOverrides", [])
    chars = len(node.get("characters", ""))
    per_entry: dict[str, int] = {}
    for ident in overrides:
        if ident:
            per_entry[str(ident)] = per_entry.get(str(ident), 0) + 1
    key = typography.style_key(base)
    found.styles.setdefault(key, typography.StyleUse()).add(tag, max(1, chars - sum(per_entry.values())))
    found.text_refs.append((node, "text", key))  # type: ignore[arg-type]
    for entry_id, entry in (node.get("styleOverrideTable") or {}).items():
        for paint in entry.get("fills", []):
            found.paint(paint, "color")
        merged = {**base, **entry}
        entry_key = typography.style_key(merged)
        if entry_key == key:
            continue  # a run that differs in colour or link only keeps the node's style
        found.styles.setdefault(entry_key, typography.StyleUse()).add(tag, per_entry.get(entry_id, 1))
        found.text_refs.append((entry, "textStyleId", entry_key))  # type: ignore[arg-type]
