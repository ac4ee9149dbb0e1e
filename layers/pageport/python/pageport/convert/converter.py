"""capture.json -> result.json: a Figma node tree (REST API shapes), deterministic.

One pass over the captured flat tree (``tree``). Each rendered element becomes a FRAME (a
RECTANGLE for replaced content such as <img>, a VECTOR carrying markup for inline SVG), inline
content becomes TEXT nodes with style runs, and children are ordered by the capture's paint
order. Whatever cannot be expressed exactly is recorded as one warning.

result.json holds ``version``, ``document`` (the page FRAME, ids ``1:n`` in depth-first order),
``images`` (the carried PNG/JPEG/GIF by SHA-256, with their pixel size), ``fonts`` (families
used and fallbacks) and ``warnings``; it is canonical JSON (sorted keys, no whitespace).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pageport.capture.schema import CaptureDocument
from pageport.convert.figma import Node
from pageport.convert.state import ConversionState
from pageport.convert.tree import page_root

RESULT_VERSION = 1


@dataclass
class Conversion:
    """The converter's output: result.json bytes and the images it references."""

    result_json: bytes
    images: dict[str, bytes]
    warning_count: int
    warnings: list[str]


def _assign_ids(node: Node, counter: list[int]) -> None:
    counter[0] += 1
    node["id"] = f"1:{counter[0]}"
    for child in node.get("children", []):
        _assign_ids(child, counter)


def _prune_image_paints(node: Node, carried: set[str]) -> set[str]:
    """Drop IMAGE paints whose bytes are not carried; the imageRefs left in the tree."""
    used: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        fills = n.get("fills")
        if fills and any(p["type"] == "IMAGE" for p in fills):
            n["fills"] = [p for p in fills if p["type"] != "IMAGE" or p.get("imageRef") in carried]
            used.update(p.get("imageRef", "") for p in n["fills"] if p["type"] == "IMAGE")
        stack.extend(n.get("children", []))
    return used


def canonical_json(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")


def convert_capture(
    capture_json: bytes,
    assets: Mapping[str, bytes],
    *,
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Conversion:
    """Convert a capture (capture.json bytes and its assets by SHA-256) into result.json.
    Past `deadline` (a `clock()` value) it stops at the next element, text run or pseudo-element
    and raises ConversionOutOfTime, so a worker never leaves a conversion running behind it."""
    doc = CaptureDocument.model_validate_json(capture_json)
    state = ConversionState(doc, assets, deadline=deadline, clock=clock)
    state.check_time()  # parsing a large capture takes a while too
    root = page_root(state)
    _assign_ids(root, [0])
    # Carry exactly the images the tree references: one registered but never painted (drawn
    # at zero size) is dropped, and a paint without bytes (none expected) would be too.
    referenced = _prune_image_paints(root, set(state.carried))
    images = {sha: state.carried[sha] for sha in sorted(referenced)}
    image_meta = {sha: state.images[sha] for sha in images}
    fallbacks = dict(sorted(state.fonts.fallbacks.items()))
    fonts = {"used": sorted(state.fonts.used), "fallbacks": fallbacks}
    state.warnings.extend(state.fonts.warnings())
    state.check_time()  # before serialising
    result = {
        "version": RESULT_VERSION,
        "document": root,
        "images": image_meta,
        "fonts": fonts,
        "warnings": state.warnings,
    }
    return Conversion(canonical_json(result), images, len(state.warnings), list(state.warnings))
