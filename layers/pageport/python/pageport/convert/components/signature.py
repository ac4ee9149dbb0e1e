"""Structurally repeated subtrees: layers with the same shape (node types, source tags and
classes, auto layout, child by child) whatever their text and images, such as cards, list
items, nav links and buttons. `repeated_groups` is the detector the components pass and the
editability benchmark share."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from pageport.convert.figma import Node

Signature = str  # a digest: equal for layers of the same shape


@dataclass
class Shapes:
    """Each node's signature and subtree size, by id()."""

    signatures: dict[int, Signature]
    sizes: dict[int, int]
    parents: dict[int, Node]


def shapes(root: Node) -> Shapes:
    signatures: dict[int, Signature] = {}
    sizes: dict[int, int] = {}
    parents: dict[int, Node] = {}
    for node in _post_order(root, parents):
        kids = node.get("children") or []
        source = node.get("pageport", {})
        parts = [
            node["type"],
            source.get("tag", ""),
            ".".join(source.get("classes", [])),
            node.get("layoutMode", ""),
            node.get("layoutWrap", ""),
            "clip" if node.get("clipsContent") else "",
            node.get("layoutPositioning", ""),
        ]
        if node["type"] == "VECTOR":
            parts.append(hashlib.sha1(source.get("svg", "").encode(), usedforsecurity=False).hexdigest())
        parts.extend(signatures[id(k)] for k in kids)
        signatures[id(node)] = hashlib.sha1("|".join(parts).encode(), usedforsecurity=False).hexdigest()
        sizes[id(node)] = 1 + sum(sizes[id(k)] for k in kids)
    return Shapes(signatures, sizes, parents)


def repeated_groups(
    root: Node, found: Shapes | None = None, accept: Callable[[list[Node]], bool] | None = None
) -> list[list[Node]]:
    """Groups of two or more frames of the same shape holding content (a frame and at least
    one child), outermost first: a repeat inside a member of a larger group is part of that
    member, not a group of its own. Members are in document order. `accept`, when given,
    decides which candidate groups count as repeats at all."""
    found = found or shapes(root)
    by_signature: dict[Signature, list[Node]] = {}
    order: list[Node] = list(_pre_order(root))
    for node in order:
        if node is root or node["type"] != "FRAME" or not node.get("children") or node["name"].startswith("::"):
            continue  # (a pseudo-element or marker is part of its element, whatever it says)
        by_signature.setdefault(found.signatures[id(node)], []).append(node)
    candidates = [m for m in by_signature.values() if len(m) > 1 and (accept is None or accept(m))]
    candidates.sort(key=lambda members: -found.sizes[id(members[0])])
    taken: set[int] = set()
    groups: list[list[Node]] = []
    for members in candidates:
        free = [m for m in members if not _inside_taken(m, taken, found.parents)]
        if len(free) > 1:
            groups.append(free)
            taken.update(id(m) for m in free)
    return groups


def _inside_taken(node: Node, taken: set[int], parents: dict[int, Node]) -> bool:
    current: Node | None = node
    while current is not None:
        if id(current) in taken:
            return True
        current = parents.get(id(current))
    return False


def _pre_order(root: Node) -> Iterator[Node]:
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.get("children") or []))


def _post_order(root: Node, parents: dict[int, Node]) -> list[Node]:
    out: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        out.append(node)
        for kid in node.get("children") or []:
            parents[id(kid)] = node
            stack.append(kid)
    out.reverse()
    return out
