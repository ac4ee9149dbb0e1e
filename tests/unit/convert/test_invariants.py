"""The bound-value invariant: a paint or field bound to a variable that holds another value, or
to no variable, is a break; values the result rounds equally, and each variant's own mode, are not."""

from __future__ import annotations

import copy
from typing import Any

from pageport.convert.invariants import binding_breaks


def _document(value: float, node_value: float, color: dict[str, float], node_color: dict[str, float]) -> dict[str, Any]:
    alias = {"type": "VARIABLE_ALIAS"}
    return {
        "document": {
            "id": "1:1",
            "type": "FRAME",
            "children": [
                {
                    "id": "1:2",
                    "name": "Card",
                    "type": "FRAME",
                    "paddingBottom": node_value,
                    "boundVariables": {"paddingBottom": {**alias, "id": "V:space"}},
                    "rectangleCornerRadii": [4, 4, 0, 0],
                    "fills": [
                        {"type": "SOLID", "color": node_color, "boundVariables": {"color": {**alias, "id": "V:ink"}}}
                    ],
                }
            ],
        },
        "variableCollections": {"C": {"id": "C", "defaultModeId": "m", "modes": [{"modeId": "m", "name": "Light"}]}},
        "variables": {
            "V:space": {
                "id": "V:space",
                "name": "spacing/24",
                "variableCollectionId": "C",
                "valuesByMode": {"m": value},
            },
            "V:ink": {"id": "V:ink", "name": "color/ink", "variableCollectionId": "C", "valuesByMode": {"m": color}},
        },
    }


INK = {"r": 0.1, "g": 0.2, "b": 0.3, "a": 1.0}


def test_a_binding_to_the_value_the_node_has_keeps_the_invariant() -> None:
    assert binding_breaks(_document(24, 24, INK, {**INK, "r": 0.1 + 0.5 / 255})) == []


def test_an_instance_overriding_a_bound_padding_keeps_a_wrong_binding_is_a_break() -> None:
    breaks = binding_breaks(_document(24, 88.5, INK, INK))
    assert breaks == ["1:2 'Card': paddingBottom 88.5 bound to 'spacing/24' = 24"]


def test_a_paint_bound_to_another_colour_or_to_no_variable_is_a_break() -> None:
    doc = _document(24, 24, INK, {**INK, "b": 0.9})
    assert len(binding_breaks(doc)) == 1 and "color/ink" in binding_breaks(doc)[0]
    missing = copy.deepcopy(doc)
    del missing["variables"]["V:ink"]
    assert "missing variable V:ink" in binding_breaks(missing)[0]


def test_a_radius_binding_reads_its_corner() -> None:
    doc = _document(24, 24, INK, INK)
    card = doc["document"]["children"][0]
    card["boundVariables"]["bottomLeftRadius"] = {"type": "VARIABLE_ALIAS", "id": "V:space"}
    assert binding_breaks(doc) == ["1:2 'Card': bottomLeftRadius 0.0 bound to 'spacing/24' = 24"]


def test_each_variant_is_checked_in_its_own_mode() -> None:
    doc = _document(24, 24, INK, {"r": 0.9, "g": 0.9, "b": 0.9, "a": 1.0})
    doc["variableCollections"]["C"]["modes"].append({"modeId": "d", "name": "Dark"})
    doc["variables"]["V:ink"]["valuesByMode"]["d"] = {"r": 0.9, "g": 0.9, "b": 0.9, "a": 1.0}
    doc["variables"]["V:space"]["valuesByMode"]["d"] = 24
    doc["document"]["explicitVariableModes"] = {"C": "d"}
    assert binding_breaks(doc) == []
    doc["document"]["explicitVariableModes"] = {"C": "m"}
    assert len(binding_breaks(doc)) == 1
