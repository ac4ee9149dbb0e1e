"""capture.json -> result.json: a Figma node tree (REST API shapes), deterministic.

`convert_capture` runs the ordered passes of `convert.passes` over one ConversionState: the
element walk first (each rendered element a FRAME, a RECTANGLE for replaced content such as
<img>, a VECTOR carrying markup for inline SVG; inline content TEXT nodes with style runs;
children in the capture's paint order), then the passes that make the design editable, then ids
and the images carried. Whatever cannot be expressed exactly is recorded as one warning.

result.json holds ``version``, ``document`` (the page FRAME, ids ``1:n`` in depth-first order),
``images`` (the carried PNG/JPEG/GIF by SHA-256, with their pixel size), ``fonts`` (families
used and fallbacks) and ``warnings``; it is canonical JSON (sorted keys, no whitespace).
docs/result-format.md is the reference.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pageport.capture.schema import CaptureDocument
from pageport.convert.components.build import components_section
from pageport.convert.passes import run_passes
from pageport.convert.state import ConversionState
from pageport.models.conversion import DEFAULT_OPTIONS, ConversionOptions

RESULT_VERSION = 2
# A site design (convert.site): a COMPONENT_SET of page variants and variable modes. One page
# stays version 2, so a plugin that places version 2 places every single-page result as before.
SITE_RESULT_VERSION = 3


@dataclass
class Conversion:
    """The converter's output: result.json bytes and the images it references."""

    result_json: bytes
    images: dict[str, bytes]
    warning_count: int
    warnings: list[str]


def canonical_json(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")


def convert_capture(
    capture_json: bytes,
    assets: Mapping[str, bytes],
    options: ConversionOptions = DEFAULT_OPTIONS,
    *,
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Conversion:
    """Convert a capture (capture.json bytes and its assets by SHA-256) into result.json, with
    the passes `options` enable.
    Past `deadline` (a `clock()` value) it stops at the next element, text run or pseudo-element
    and raises ConversionOutOfTime, so a worker never leaves a conversion running behind it."""
    doc = CaptureDocument.model_validate_json(capture_json)
    state = ConversionState(doc, assets, options, deadline=deadline, clock=clock)
    run_passes(state)
    state.warnings.extend(state.fonts.warnings())
    return assemble(RESULT_VERSION, state, state.fonts.used, state.fonts.fallbacks)


def assemble(version: int, state: ConversionState, fonts_used: set[str], fallbacks: Mapping[str, str]) -> Conversion:
    """result.json from a state every pass has run on, and the images it carries."""
    images = state.result_images
    image_meta = {sha: state.images[sha] for sha in images}
    fonts = {"used": sorted(fonts_used), "fallbacks": dict(sorted(fallbacks.items()))}
    state.check_time()  # before serialising
    result = {
        "version": version,
        "document": state.page,
        "images": image_meta,
        "fonts": fonts,
        "warnings": state.warnings,
        **(state.tokens.sections() if state.tokens is not None else {}),
    }
    if state.components:
        result["components"] = components_section(state.components)
    return Conversion(canonical_json(result), images, len(state.warnings), list(state.warnings))
