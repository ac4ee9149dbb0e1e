"""The converter's pass list: order, options that switch passes off, each pass alone."""

from __future__ import annotations

import json

from pageport.capture.schema import CaptureDocument
from pageport.convert import convert_capture
from pageport.convert.passes import PASSES, run_passes
from pageport.convert.state import ConversionState
from pageport.models.conversion import ConversionOptions

from tests.support.builders import box, capture, el
from tests.unit.convert.results import walk


def _flex_row() -> bytes:
    items = [el("span", box(16 + 96 * i, 16, 80, 40), {"background-color": "rgb(224, 231, 255)"}) for i in range(3)]
    row = el("div", box(0, 0, 400, 72), {"display": "flex", "column-gap": "16px", "padding-left": "16px"}, items)
    return capture([row])


def test_passes_run_in_their_documented_order() -> None:
    names = [p.name for p in PASSES]
    assert names[0] == "build"
    assert names[-2:] == ["ids", "images"]
    assert len(set(names)) == len(names)


def test_a_pass_runs_alone_on_the_state_the_earlier_ones_left() -> None:
    state = ConversionState(CaptureDocument.model_validate_json(_flex_row()), {})
    run_passes(state, until="build")
    assert [n["id"] for n in walk(state.page)] == [""] * len(list(walk(state.page)))  # no ids yet
    run_passes(state)  # would number the nodes; here from the start again on a fresh state
    fresh = ConversionState(CaptureDocument.model_validate_json(_flex_row()), {})
    run_passes(fresh)
    assert [n["id"] for n in walk(fresh.page)] == [f"1:{i}" for i in range(1, len(list(walk(fresh.page))) + 1)]


def test_auto_layout_off_leaves_every_frame_at_absolute_positions() -> None:
    on = json.loads(convert_capture(_flex_row(), {}).result_json)
    off = json.loads(convert_capture(_flex_row(), {}, ConversionOptions(auto_layout=False)).result_json)
    assert any(n.get("layoutMode") for n in walk(on["document"]))
    assert not any(n.get("layoutMode") for n in walk(off["document"]))
    assert not any("autoLayout" in n.get("pageport", {}) for n in walk(off["document"]))
    boxes = [n["absoluteBoundingBox"] for n in walk(on["document"])]
    assert boxes == [n["absoluteBoundingBox"] for n in walk(off["document"])]  # nothing moves


def test_options_refuse_unknown_keys_and_non_booleans() -> None:
    assert ConversionOptions.model_validate({"autoLayout": False}).auto_layout is False
    for bad in ({"autolayout": False}, {"tokens": "yes"}, {"components": 1}):
        try:
            ConversionOptions.model_validate(bad)
        except ValueError:
            continue
        raise AssertionError(f"{bad} accepted")
