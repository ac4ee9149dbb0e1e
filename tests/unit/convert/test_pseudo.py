"""pseudo: ::before and ::after as boxes with their own paint and generated text."""

from __future__ import annotations

import json

from pageport.convert import convert_capture

from tests.support.builders import box, capture, el
from tests.unit.convert.results import find, walk


def pseudo(content: str, b: dict[str, float] | None, **styles: str) -> dict[str, object]:
    return {"content": content, "box": b, "boxEstimated": False, "styles": {"display": "block", **styles}}


def test_before_with_text_is_a_frame_holding_the_text() -> None:
    badge = pseudo("New", box(0, 0, 40, 20), **{"background-color": "rgb(255, 0, 0)", "line-height": "20px"})
    host = el("div", box(0, 0, 200, 20), {}, [el("p", box(50, 0, 10, 10), {"background-color": "rgb(0, 0, 0)"})])
    host["pseudo"] = {"before": badge}
    result = json.loads(convert_capture(capture([host]), {}).result_json)
    frame = find(result, name="::before")
    (text,) = frame["children"]
    assert (text["type"], text["characters"], text["style"]["textAutoResize"]) == ("TEXT", "New", "NONE")
    assert frame["fills"][0]["color"] == {"r": 1.0, "g": 0.0, "b": 0.0, "a": 1.0}


def test_after_is_painted_after_the_children() -> None:
    host = el("div", box(0, 0, 200, 20), {}, [el("p", box(0, 0, 10, 10), {"background-color": "rgb(0, 0, 0)"})])
    host["pseudo"] = {"after": pseudo("", box(0, 0, 5, 5), **{"background-color": "rgb(0, 0, 255)"})}
    result = json.loads(convert_capture(capture([host]), {}).result_json)
    parent = next(n for n in walk(result["document"]) if any(c["name"] == "::after" for c in n.get("children", [])))
    assert [c["name"] for c in parent["children"]][-1] == "::after"


def test_pseudo_element_without_a_box_is_left_out_with_a_warning() -> None:
    host = el("div", box(0, 0, 200, 20), {"background-color": "rgb(0, 0, 0)"}, attrs={"id": "h"})
    host["pseudo"] = {"before": pseudo("x", None)}
    conversion = convert_capture(capture([host]), {})
    assert "::before" not in {n["name"] for n in walk(json.loads(conversion.result_json)["document"])}
    assert any(w.endswith("<div> ::before: pseudo-element without a box left out") for w in conversion.warnings)
