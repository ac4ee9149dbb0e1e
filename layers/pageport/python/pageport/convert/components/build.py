"""A group of repeated layers as one main component and its instances: the main is a copy of
the first member (type COMPONENT, with the constraints `fit.solve` found), every member becomes
an INSTANCE of it in place, text that differs between members becomes a TEXT component property,
and whatever else differs (an image, a colour, a name, style runs) a plain override listing the
fields to take from the member's own node."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pageport.convert.components.fit import Constraints
from pageport.convert.figma import ComponentPropertyValue, Node
from pageport.convert.naming import class_role
from pageport.convert.nodes import walk_nodes

# What an instance may change of a layer of its main (Figma's overridable properties); position,
# size, layout and structure cannot differ (fit.solve and the group's signature see to that).
OVERRIDABLE = (
    "name",
    "characters",
    "style",
    "characterStyleOverrides",
    "styleOverrideTable",
    "styles",
    "fills",
    "strokes",
    "strokeWeight",
    "individualStrokeWeights",
    "strokeAlign",
    "strokeDashes",
    "effects",
    "opacity",
    "visible",
    "blendMode",
    "cornerRadius",
    "rectangleCornerRadii",
    "boundVariables",
)
_H = {"MIN": "LEFT", "MAX": "RIGHT", "CENTER": "CENTER", "STRETCH": "LEFT_RIGHT", "SCALE": "SCALE"}
_V = {"MIN": "TOP", "MAX": "BOTTOM", "CENTER": "CENTER", "STRETCH": "TOP_BOTTOM", "SCALE": "SCALE"}
_TEXT_LABELS = {"a": "Link", "button": "Label", "li": "Item", "label": "Label", "figcaption": "Caption", "p": "Text"}


@dataclass
class Component:
    """A main component and its instances, with what each instance overrides (by node, until
    the ids pass names them: `link_ids`)."""

    main: Node
    instances: list[Node]
    properties: dict[str, dict[str, Any]] = field(default_factory=dict)
    overrides: dict[int, list[tuple[Node, list[str]]]] = field(default_factory=dict)  # by id() of an instance


def make_component(members: Sequence[Node], constraints: Constraints) -> Component:
    first = members[0]
    main = copy.deepcopy(first)
    for original, made in zip(walk_nodes(first), walk_nodes(main), strict=True):
        rules = constraints.get(id(original))
        if rules is not None:
            made["constraints"] = {"horizontal": _H[rules[0]], "vertical": _V[rules[1]]}  # type: ignore[typeddict-item]
    main["type"] = "COMPONENT"
    main["name"] = component_name(first)
    main.pop("layoutPositioning", None)  # the instance's place in its parent, not the main's
    main.pop("layoutAlign", None)
    main.pop("layoutGrow", None)
    component = Component(main, list(members))
    _text_properties(component)
    for member in members:
        member["type"] = "INSTANCE"
        component.overrides[id(member)] = _overrides(main, member, component.properties)
    return component


def component_name(node: Node) -> str:
    """The group's name: what its class says it is ("Nav item", "Card"), else its layer name
    without the member's own label ('Link "Home"' -> "Link")."""
    role = class_role(" ".join(node.get("pageport", {}).get("classes", [])))
    if role:
        return role
    return node["name"].split(' "', 1)[0] or "Component"


def _text_properties(component: Component) -> None:
    """A TEXT property for each text layer whose characters differ between members (plain
    text, in one style: a styled run stays a plain override)."""
    labels: dict[str, int] = {}
    layers = [list(walk_nodes(m)) for m in component.instances]
    for index, node in enumerate(walk_nodes(component.main)):
        if node["type"] != "TEXT":
            continue
        values = [layer[index].get("characters", "") for layer in layers]
        if len(set(values)) < 2:
            continue
        label = _TEXT_LABELS.get(node.get("pageport", {}).get("tag", ""), "Text")
        if node.get("pageport", {}).get("tag", "") in ("h1", "h2", "h3", "h4", "h5", "h6"):
            label = "Heading"
        labels[label] = labels.get(label, 0) + 1
        name = f"{label}#{labels[label]}" if labels[label] > 1 else f"{label}#1"
        component.properties[name] = {"type": "TEXT", "defaultValue": node.get("characters", ""), "index": index}
        node["componentPropertyReferences"] = {"characters": name}


def _overrides(main: Node, member: Node, properties: dict[str, dict[str, Any]]) -> list[tuple[Node, list[str]]]:
    by_property = {spec["index"]: name for name, spec in properties.items()}
    values: dict[str, ComponentPropertyValue] = {}
    out: list[tuple[Node, list[str]]] = []
    for index, (made, own) in enumerate(zip(walk_nodes(main), walk_nodes(member), strict=True)):
        fields = [f for f in OVERRIDABLE if made.get(f) != own.get(f)]
        if index == 0:
            fields = [f for f in fields if f != "name"]  # an instance keeps its own name anyway
        if index in by_property:
            values[by_property[index]] = {"type": "TEXT", "value": own.get("characters", "")}
            fields = [f for f in fields if f != "characters"]
        if fields:
            out.append((own, fields))
    member["componentProperties"] = values
    return out


def components_section(components: Sequence[Component]) -> dict[str, dict[str, Any]]:
    """result.components: each main by its id, with its TEXT properties' definitions."""
    return {
        c.main["id"]: {
            "id": c.main["id"],
            "name": c.main["name"],
            "description": "",
            "componentPropertyDefinitions": {
                name: {"type": spec["type"], "defaultValue": spec["defaultValue"]}
                for name, spec in c.properties.items()
            },
            "node": c.main,
        }
        for c in components
    }


def link_ids(components: Sequence[Component]) -> None:
    """After the ids pass: each instance names its main (`componentId`) and the layers it
    overrides by id (`overrides`, REST's shape)."""
    for component in components:
        for instance in component.instances:
            instance["componentId"] = component.main["id"]
            instance["overrides"] = [
                {"id": node["id"], "overriddenFields": fields} for node, fields in component.overrides[id(instance)]
            ]
