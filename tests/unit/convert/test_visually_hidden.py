"""Text kept for screen readers only draws nothing: the sr-only / visually-hidden pattern (a
1x1 px box hiding its overflow), `clip: rect(0 0 0 0)` on a positioned box and
`clip-path: inset(50%)`; the same text visible, or a 1x1 box that lets its overflow show, is drawn."""

from __future__ import annotations

from typing import Any

import pytest
from pageport.convert.invariants import hidden_text_breaks

from tests.support.builders import box, capture, el, text, text_styles
from tests.unit.convert.results import convert, walk


def _page(label_box: dict[str, float], styles: dict[str, str]) -> dict[str, Any]:
    label = el("span", label_box, styles, [text([("60% Complete", box(0, 0, 90, 18))], text_styles())])
    bar = el("div", box(0, 0, 400, 20), {"background-color": "rgb(0, 120, 255)"}, [label])
    return convert(
        capture([bar, el("p", box(0, 40, 400, 20), {}, [text([("Visible", box(0, 40, 50, 18))], text_styles())])])
    )


def _texts(result: dict[str, Any]) -> list[str]:
    return [n["characters"] for n in walk(result["document"]) if n["type"] == "TEXT"]


HIDDEN = {
    "sr-only": (box(0, 0, 1, 1), {"position": "absolute", "overflow-x": "hidden", "overflow-y": "hidden"}),
    "clip rect": (box(0, 0, 90, 18), {"position": "absolute", "clip": "rect(0px, 0px, 0px, 0px)"}),
    "clip-path inset": (box(0, 0, 90, 18), {"clip-path": "inset(50%)"}),
}


@pytest.mark.parametrize("how", HIDDEN)
def test_text_for_screen_readers_only_is_not_drawn(how: str) -> None:
    result = _page(*HIDDEN[how])
    assert _texts(result) == ["Visible"]
    assert hidden_text_breaks(result, ["60% Complete"], ["Visible"]) == []


@pytest.mark.parametrize(
    "styles",
    [
        {"position": "absolute"},  # a 1x1 box whose overflow shows draws its text
        {"position": "static", "clip": "rect(0px, 0px, 0px, 0px)"},  # clip applies to positioned boxes only
    ],
)
def test_text_a_reader_sees_is_drawn(styles: dict[str, str]) -> None:
    result = _page(box(0, 0, 1, 1) if "clip" not in styles else box(0, 0, 90, 18), styles)
    assert "60% Complete" in _texts(result)


def test_the_invariant_finds_a_hidden_label_drawn() -> None:
    result = _page(box(0, 0, 90, 18), {})
    breaks = hidden_text_breaks(result, hidden=["60% Complete"], shown=["Visible"])
    assert len(breaks) == 1 and "60% Complete" in breaks[0]
    assert hidden_text_breaks(result, hidden=["60% Complete"], shown=["60% Complete"]) == []
