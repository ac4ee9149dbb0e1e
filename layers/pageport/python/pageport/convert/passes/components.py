"""Pass "components": every group of structurally repeated layers whose members one main
component can reproduce (convert.components.fit: under Figma's constraints and auto layout, with
size overrides) becomes that main component (result.components, placed by the plugin in a
"Components" section beside the page) and an INSTANCE of it in place of each member. Members the
main cannot reproduce stay plain layers, or form a component of their own with the others like
them. Nothing moves: every instance has its member's layers.

In a site design the variants share their components (a card at every breakpoint and in both
themes is one main), but only what repeats within a page is a repeat: a header each variant has
once stays that variant's own layers rather than one main with an instance per variant."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

from pageport.convert.components.build import Component, make_component
from pageport.convert.components.fit import solve
from pageport.convert.components.signature import repeated_groups
from pageport.convert.figma import Node
from pageport.convert.state import ConversionState, SiteVariants


def run(state: ConversionState) -> None:
    components: list[Component] = []
    accept = _repeats_within_a_variant(state.variants) if state.variants else None
    for members in repeated_groups(state.page, accept=accept):
        for group in _compatible(members):
            constraints = solve(group[0], group)
            assert constraints is not None  # _compatible found it
            components.append(make_component(group, constraints))
    seen: dict[str, int] = {}
    for component in components:  # one name each: "Card", "Card 2"
        name = component.main["name"]
        seen[name] = seen.get(name, 0) + 1
        if seen[name] > 1:
            component.main["name"] = f"{name} {seen[name]}"
    state.components = components


def _repeats_within_a_variant(variants: SiteVariants) -> Callable[[list[Node]], bool]:
    frame_of: dict[int, int] = {}
    for index, (frame, _) in enumerate(variants.frames):
        stack = [frame]
        while stack:
            node = stack.pop()
            frame_of[id(node)] = index
            stack.extend(node.get("children") or [])

    def accept(members: list[Node]) -> bool:
        per_frame = Counter(frame_of.get(id(m)) for m in members)
        return max(per_frame.values()) > 1

    return accept


def _compatible(members: list[Node]) -> Iterator[list[Node]]:
    """The members split into groups one main can reproduce, each of two or more (greedy, in
    document order: the first member not yet placed seeds the next group)."""
    pending = list(members)
    while len(pending) > 1:
        seed, *rest = pending
        group = [seed]
        for member in rest:
            if solve(seed, [*group, member]) is not None:
                group.append(member)
        if len(group) > 1:
            yield group
        placed = {id(m) for m in group}
        pending = [m for m in pending if id(m) not in placed]
