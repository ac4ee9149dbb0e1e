"""Pass "ids": every node gets its id, "1:n" in depth-first pre-order from the root (1:1), then
the main components' layers after it. A layer of an INSTANCE takes Figma's own id for it,
`I<instance id>;<id of the main's layer it shows>` (the REST API's and the Plugin API's form),
so the plugin can find it in the instance Figma makes; instances then name their mains and the
layers they override."""

from __future__ import annotations

from pageport.convert.components.build import link_ids
from pageport.convert.figma import Node
from pageport.convert.state import ConversionState


def run(state: ConversionState) -> None:
    counter = 0
    instances: list[Node] = []
    stack: list[Node] = [c.main for c in reversed(state.components)] + [state.page]
    while stack:
        node = stack.pop()
        counter += 1
        node["id"] = f"1:{counter}"
        if node["type"] == "INSTANCE":
            instances.append(node)  # its layers are named after the main's, below
            continue
        stack.extend(reversed(node.get("children", [])))
    mains = {id(instance): c.main for c in state.components for instance in c.instances}
    for instance in instances:
        _name_layers(instance, mains[id(instance)], instance["id"])
    link_ids(state.components)


def _name_layers(shown: Node, main: Node, instance_id: str) -> None:
    for layer, original in zip(shown.get("children", []), main.get("children", []), strict=True):
        layer["id"] = f"I{instance_id};{original['id']}"
        _name_layers(layer, original, instance_id)
