"""Pass "tokens": the page's colours, type styles, radii, spacing steps and shadows become one
variable collection (COLOR and FLOAT variables) and text and effect styles (convert.tokens), and
every node that uses one references it: a SOLID paint's `boundVariables.color`, a node's
`boundVariables` (corner radii, padding, item spacing), `styles.text` / `styles.effect`, and a
style run's `textStyleId`. Values are unchanged: the design draws exactly as before."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlsplit

from pageport.convert.figma import Node
from pageport.convert.state import ConversionState
from pageport.convert.tokens import colors, effects, floats, typography
from pageport.convert.tokens.collect import Found, collect
from pageport.convert.tokens.registry import TokenSet, alias

_COLOR_SCOPES = {
    "color": ["TEXT_FILL"],
    "background": ["FRAME_FILL", "SHAPE_FILL"],
    "border": ["STROKE_COLOR"],
}


def run(state: ConversionState) -> None:
    found = collect(_nodes(state.page))
    tokens = TokenSet(_site(state.doc.document.url))
    properties = state.doc.custom_properties
    _bind_colors(
        tokens, found, [(p.name, k, p.uses) for p in properties if p.color and (k := colors.parse_rgb(p.color))]
    )
    lengths = [(p.name, p.length, p.uses) for p in properties if p.length is not None]
    _bind_floats(tokens, "radius", found.radii, ["CORNER_RADIUS"], lengths)
    _bind_floats(tokens, "spacing", found.spacing, ["GAP"], lengths)
    _bind_text_styles(tokens, found)
    _bind_effect_styles(tokens, found)
    state.tokens = tokens


def _bind_colors(tokens: TokenSet, found: Found, properties: list[tuple[str, colors.ColorKey, list[str]]]) -> None:
    css = colors.css_names(found.colors, properties)
    ramp = colors.ramp_names(found.colors)
    ids: dict[colors.ColorKey, str] = {}
    for key in colors.order(ramp):
        scopes = sorted({s for use in found.colors[key].uses for s in _COLOR_SCOPES.get(use, ["ALL_FILLS"])})
        name = f"color/{css[key].lstrip('-')}" if key in css else ramp[key]
        ids[key] = tokens.variable(name, "COLOR", colors.opaque(key), scopes, css.get(key))
    for paint, key in found.paints:
        paint["boundVariables"] = {"color": alias(ids[key])}


def _bind_floats(
    tokens: TokenSet,
    kind: str,
    refs: list[tuple[Node, str, float]],
    scopes: list[str],
    lengths: list[tuple[str, float, list[str]]],
) -> None:
    named = floats.float_names(kind, [v for _, _, v in refs], lengths)
    ids = {v: tokens.variable(name, "FLOAT", v, scopes, css_name) for v, (name, css_name) in named.items()}
    for node, field, value in refs:
        node.setdefault("boundVariables", {})[field] = alias(ids[value])


def _bind_text_styles(tokens: TokenSet, found: Found) -> None:
    names = typography.style_names(found.styles)
    ids = {k: tokens.style(names[k], "TEXT", style=typography.text_style(k)) for k in typography.order(found.styles)}
    for holder, field, key in found.text_refs:
        if field == "text":
            holder.setdefault("styles", {})["text"] = ids[key]
        else:
            holder["textStyleId"] = ids[key]


def _bind_effect_styles(tokens: TokenSet, found: Found) -> None:
    names = effects.effect_names(found.effects)
    ids = {k: tokens.style(names[k], "EFFECT", effects=found.effects[k]) for k in effects.order(found.effects)}
    for node, key in found.effect_refs:
        node.setdefault("styles", {})["effect"] = ids[key]


def _nodes(root: Node) -> Iterator[Node]:
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.get("children") or []))


def _site(url: str) -> str:
    """The collection's name: the page's host (a second import of the site reuses it)."""
    host = urlsplit(url).netloc or "Page"
    return host.removeprefix("www.")
