"""Pass "tokens": the page's colours, type styles, radii, spacing steps and shadows become one
variable collection (COLOR and FLOAT variables) and text and effect styles (convert.tokens), and
every node that uses one references it: a SOLID paint's `boundVariables.color`, a node's
`boundVariables` (corner radii, padding, item spacing), `styles.text` / `styles.effect`, and a
style run's `textStyleId`. Values are unchanged: the design draws exactly as before.

In a site design captured light and dark, the collection has a Light and a Dark mode, and a
colour variable holds the colour a layer has in each theme (convert.tokens.modes): each page
frame shows its own theme's mode, so every frame draws its own capture's colours."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from urllib.parse import urlsplit

from pageport.capture.schema import CustomProperty
from pageport.convert.figma import Node
from pageport.convert.state import ConversionState, SiteVariants
from pageport.convert.tokens import colors, effects, floats, modes, typography
from pageport.convert.tokens.collect import Found, collect
from pageport.convert.tokens.registry import COLLECTION_ID, TokenSet, alias, mode_id


def run(state: ConversionState) -> None:
    found = collect(_nodes(state.page))
    site = state.variants or SiteVariants(("Default",), [], [], [state.doc.custom_properties])
    tokens = TokenSet(_site(state.doc.document.url), site.modes)
    keys = modes.mode_keys([p for p, _, _ in found.paints], site.frames, site.counterparts, len(site.modes))
    _bind_colors(tokens, found, keys, _color_properties(site.properties))
    if len(site.modes) > 1:  # each page frame shows its theme's mode
        for frame, mode in site.frames:
            frame["explicitVariableModes"] = {COLLECTION_ID: mode_id(mode)}
    properties = state.doc.custom_properties
    lengths = [(p.name, p.length, p.uses) for p in properties if p.length is not None]
    _bind_floats(tokens, "radius", found.radii, ["CORNER_RADIUS"], lengths)
    _bind_floats(tokens, "spacing", found.spacing, ["GAP"], lengths)
    _bind_text_styles(tokens, found)
    _bind_effect_styles(tokens, found)
    state.tokens = tokens


def _bind_colors(
    tokens: TokenSet,
    found: Found,
    keys: dict[int, modes.ModeKey],
    properties: list[tuple[str, modes.ModeKey, list[str]]],
) -> None:
    """One COLOR variable per colour (per colour in each mode), named by the page's custom
    property that holds it, else by its default mode's colour on a ramp."""
    uses: dict[modes.ModeKey, colors.ColorUse] = {}
    for paint, _, use in found.paints:
        uses.setdefault(keys[id(paint)], colors.ColorUse()).add(use)
    css = colors.css_names(uses, properties)
    ramp = colors.ramp_names(_by_default_mode(uses))
    rank = {key: i for i, key in enumerate(colors.order(ramp))}
    ids: dict[modes.ModeKey, str] = {}
    for key in sorted(uses, key=lambda k: (rank[k[0]], k)):
        scopes = colors.scopes(uses[key].uses)
        name = f"color/{css[key].lstrip('-')}" if key in css else ramp[key[0]]
        ids[key] = tokens.variable(name, "COLOR", [colors.opaque(k) for k in key], scopes, css.get(key))
    for paint, _, _ in found.paints:
        key = keys[id(paint)]
        paint["boundVariables"] = {"color": alias(ids[key])}
        # The paint shows its variable's value (8 bits a channel), as Figma will draw it once
        # bound: the value of the mode whose colour the paint has.
        color = paint["color"]
        r, g, b = color.get("r", 0.0), color.get("g", 0.0), color.get("b", 0.0)
        shown = min((colors.opaque(k) for k in key), key=lambda v: abs(v["r"] - r) + abs(v["g"] - g) + abs(v["b"] - b))
        color["r"], color["g"], color["b"] = shown["r"], shown["g"], shown["b"]


def _by_default_mode(uses: dict[modes.ModeKey, colors.ColorUse]) -> dict[colors.ColorKey, colors.ColorUse]:
    merged: dict[colors.ColorKey, colors.ColorUse] = {}
    for key, use in uses.items():
        into = merged.setdefault(key[0], colors.ColorUse())
        for what, count in use.uses.items():
            into.uses[what] = into.uses.get(what, 0) + count
    return merged


def _color_properties(per_mode: Sequence[Sequence[CustomProperty]]) -> list[tuple[str, modes.ModeKey, list[str]]]:
    """The page's colour custom properties with their colour in each mode (those every mode's
    capture resolves to an opaque colour)."""
    values: list[dict[str, colors.ColorKey]] = [
        {p.name: k for p in properties if p.color and (k := colors.parse_rgb(p.color))} for properties in per_mode
    ]
    uses = {p.name: p.uses for properties in per_mode for p in properties}
    return [(name, tuple(v[name] for v in values), uses[name]) for name in values[0] if all(name in v for v in values)]


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
