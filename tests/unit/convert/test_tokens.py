"""The tokens pass: colours, type, radii, spacing and shadows as variables and styles, every
node that uses one bound to it, named from the page's custom properties or by role."""

from __future__ import annotations

import json
from typing import Any, cast

from pageport.convert import convert_capture
from pageport.convert.tokens.colors import ColorUse, family, ramp_names, scopes
from pageport.models.conversion import ConversionOptions

from tests.support.builders import box, capture, el, text, text_styles
from tests.unit.convert.results import convert, walk


def _page() -> bytes:
    heading = el(
        "h1",
        box(20, 20, 400, 48),
        {},
        [
            text(
                [("Welcome", box(20, 20, 200, 48))],
                text_styles(font_size="40px", line_height="48px", font_weight="700"),
            )
        ],
    )
    para = el("p", box(20, 80, 400, 48), {}, [text([("Body text here", box(20, 80, 300, 24))], text_styles())])
    card_style = {
        "background-color": "rgba(37, 99, 235, 0.5)",
        "border-top-left-radius": "8px",
        "border-top-right-radius": "8px",
        "border-bottom-right-radius": "8px",
        "border-bottom-left-radius": "8px",
        "box-shadow": "rgba(0, 0, 0, 0.2) 0px 4px 12px 0px",
    }
    cards = [el("div", box(20 + 120 * i, 140, 100, 60), dict(card_style)) for i in range(3)]
    row = el("div", box(20, 140, 340, 60), {}, cards)
    button = el("button", box(20, 220, 120, 40), {"background-color": "rgb(37, 99, 235)"}, [])
    return capture(
        [heading, para, row, button],
        custom_properties=[
            {"name": "--brand", "value": "#2563eb", "uses": ["background"], "color": "rgb(37, 99, 235)"},
            {"name": "--radius-md", "value": "8px", "uses": ["radius"], "length": 8.0},
        ],
    )


def _paints(result: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for n in walk(result["document"]):
        out += [p for p in n.get("fills", []) + n.get("strokes", []) if p["type"] == "SOLID"]
    return out


def test_every_solid_paint_is_bound_to_an_opaque_colour_variable() -> None:
    result = convert(_page())
    paints = _paints(result)
    assert paints and all("boundVariables" in p for p in paints)
    variables = result["variables"]
    for paint in paints:
        var = variables[paint["boundVariables"]["color"]["id"]]
        assert var["resolvedType"] == "COLOR"
        value = var["valuesByMode"]["1:0"]
        assert value["a"] == 1  # the alpha stays on the paint
        assert abs(value["r"] - paint["color"]["r"]) < 0.01


def test_a_colour_the_page_named_takes_its_custom_property_name_and_code_syntax() -> None:
    result = convert(_page())
    brand = [v for v in result["variables"].values() if v["codeSyntax"].get("WEB") == "var(--brand)"]
    assert [v["name"] for v in brand] == ["color/brand"]
    # The half-transparent cards and the solid button share it.
    users = [p for p in _paints(result) if p["boundVariables"]["color"]["id"] == brand[0]["id"]]
    assert len(users) == 4
    radius = [v for v in result["variables"].values() if v["resolvedType"] == "FLOAT" and "radius" in v["name"]]
    assert [v["name"] for v in radius] == ["radius/radius-md"]


def test_radii_spacing_and_shadows_are_bound() -> None:
    result = convert(_page())
    cards = [n for n in walk(result["document"]) if n.get("cornerRadius") == 8]
    assert len(cards) == 3
    for card in cards:
        assert set(card["boundVariables"]) == {
            "topLeftRadius",
            "topRightRadius",
            "bottomRightRadius",
            "bottomLeftRadius",
        }
        assert result["styles"][card["styles"]["effect"]]["styleType"] == "EFFECT"
        assert result["styles"][card["styles"]["effect"]]["effects"] == card["effects"]
    row = next(n for n in walk(result["document"]) if n.get("itemSpacing") == 20)
    assert result["variables"][row["boundVariables"]["itemSpacing"]["id"]]["name"] == "spacing/20"


def test_text_styles_are_named_by_role() -> None:
    result = convert(_page())
    texts = {n["characters"]: n for n in walk(result["document"]) if n["type"] == "TEXT"}
    name = {k: result["styles"][n["styles"]["text"]]["name"] for k, n in texts.items()}
    assert name == {"Welcome": "heading/h1", "Body text here": "text/body"}
    style = result["styles"][texts["Welcome"]["styles"]["text"]]["style"]
    assert (style["fontSize"], style["fontWeight"], style["lineHeightPx"]) == (40, 700, 48)
    assert "fills" not in style and "textAlignHorizontal" not in style


def test_ramp_names_give_the_most_used_hue_the_primary_role_and_unique_shades() -> None:
    uses = {(37, 99, 235): 9, (191, 219, 254): 3, (30, 58, 138): 2, (220, 38, 38): 1, (17, 24, 39): 5}
    colours = {}
    for key, n in uses.items():
        colours[key] = ColorUse({"background": n})
    names = ramp_names(colours)
    assert family((37, 99, 235)) == "blue" and family((17, 24, 39)) == "gray"
    assert names[(191, 219, 254)] == "color/primary/200"
    assert names[(37, 99, 235)].startswith("color/primary/")
    assert names[(30, 58, 138)] == "color/primary/900"  # Tailwind's blue-900
    assert names[(220, 38, 38)].startswith("color/secondary/")
    assert names[(17, 24, 39)] == "color/gray/900"
    assert len(set(names.values())) == len(names)


def test_tokens_off_leaves_raw_values() -> None:
    result = json.loads(convert_capture(_page(), {}, ConversionOptions(tokens=False)).result_json)
    assert "variables" not in result and "styles" not in result
    assert not any("boundVariables" in n or "styles" in n for n in walk(result["document"]))
    assert not any("boundVariables" in p for p in _paints(result))


def test_a_bound_paint_shows_its_variables_value() -> None:
    # A colour between two 8-bit values (a form control's, a colour-mix) is bound to the 8-bit
    # variable; Figma draws the variable's value, so the result's paint says that value.
    between = {"background-color": "rgb(117.3, 117.3, 117.3)"}
    boxes = [el("div", box(20 + 60 * i, 20, 50, 50), dict(between)) for i in range(2)]
    result = convert(capture(boxes))
    variables = result["variables"]
    paints = [p for n in walk(result["document"]) for p in n.get("fills", []) if p.get("boundVariables")]
    grey = [p for p in paints if p["color"]["r"] < 0.5]
    assert len(grey) == 2
    for paint in paints:
        value = next(iter(variables[paint["boundVariables"]["color"]["id"]]["valuesByMode"].values()))
        assert {c: paint["color"][c] for c in "rgb"} == {c: value[c] for c in "rgb"}
    assert all(p["color"]["r"] == round(117 / 255, 4) for p in grey)


def test_only_nodes_with_per_corner_radii_are_bound_to_radius_variables() -> None:
    # Figma binds topLeftRadius... on frames and rectangles; a vector's corner radius is one
    # number no variable can be bound to (an icon of a docs page had four such bindings).
    from pageport.convert.figma import Node
    from pageport.convert.tokens.collect import collect

    frame = cast(Node, {"id": "1:2", "type": "FRAME", "cornerRadius": 10.0})
    vector = cast(Node, {"id": "1:3", "type": "VECTOR", "cornerRadius": 10.0})
    found = collect([frame, vector])
    assert {node["id"] for node, _, _ in found.radii} == {"1:2"}


def test_a_colour_needing_all_fills_does_not_also_name_a_single_fill_scope() -> None:
    # Figma refuses ALL_FILLS beside FRAME_FILL, SHAPE_FILL or TEXT_FILL (setting the scopes throws).
    assert scopes(["background", "color", "gradient"]) == ["ALL_FILLS"]
    assert scopes(["border", "shadow", "color"]) == ["ALL_FILLS", "STROKE_COLOR"]
    assert scopes(["background", "color"]) == ["FRAME_FILL", "SHAPE_FILL", "TEXT_FILL"]
