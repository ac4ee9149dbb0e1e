"""The components pass: repeated layers as one main component with instances, nothing moved."""

from __future__ import annotations

import json
from typing import Any

from pageport.convert import convert_capture
from pageport.convert.components.signature import repeated_groups
from pageport.models.conversion import ConversionOptions

from tests.support.builders import box, capture, el, png, sha, text, text_styles
from tests.unit.convert.results import convert, walk

_CARD = {"background-color": "rgb(250, 250, 250)", "padding-top": "10px", "padding-left": "10px"}


def _card(x: float, title: str, photo: str | None = None, title_width: float = 60) -> dict[str, Any]:
    kids = [el("h3", box(x + 10, 10, 180, 24), {}, [text([(title, box(x + 10, 10, title_width, 24))], text_styles())])]
    if photo is not None:
        kids.append(
            el(
                "img",
                box(x + 10, 44, 180, 90),
                {},
                images=[{"source": "img", "sha256": photo, "naturalWidth": 40, "naturalHeight": 20}],
            )
        )
    return el("div", box(x, 0, 200, 144), dict(_CARD), kids, attrs={"class": "card"})


def _instances(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [n for n in walk(result["document"]) if n["type"] == "INSTANCE"]


def test_repeated_cards_become_one_component_with_an_instance_each() -> None:
    red, blue = png(color=(200, 0, 0)), png(color=(0, 0, 200))
    assets = {sha(red): red, sha(blue): blue}
    cards = [_card(0, "Alpha", sha(red)), _card(220, "Beta", sha(blue)), _card(440, "Gamma", sha(red))]
    result = convert(capture(cards, assets=assets), assets)
    (component,) = result["components"].values()
    assert component["name"] == "Card"
    main = component["node"]
    assert main["type"] == "COMPONENT" and main["id"] == component["id"]
    instances = _instances(result)
    assert len(instances) == 3
    assert {i["componentId"] for i in instances} == {component["id"]}
    # The title is a TEXT property; the photo that differs a plain override of its fills.
    (prop,) = component["componentPropertyDefinitions"]
    assert component["componentPropertyDefinitions"][prop] == {"type": "TEXT", "defaultValue": "Alpha"}
    assert [i["componentProperties"][prop]["value"] for i in instances] == ["Alpha", "Beta", "Gamma"]
    ids = {n["id"]: n for i in instances for n in walk(i)}
    overridden = {(i["name"], o["id"]): o["overriddenFields"] for i in instances for o in i["overrides"]}
    assert all(key[1] in ids for key in overridden)
    beta = next(i for i in instances if i["componentProperties"][prop]["value"] == "Beta")
    assert any("fills" in o["overriddenFields"] for o in beta["overrides"])
    # Every instance keeps every layer where its card was: the same boxes as without components.
    plain = json.loads(
        convert_capture(capture(cards, assets=assets), assets, ConversionOptions(components=False)).result_json
    )
    assert [n["absoluteBoundingBox"] for n in walk(result["document"])] == [
        n["absoluteBoundingBox"] for n in walk(plain["document"])
    ]


def test_labels_of_different_lengths_are_instances_sized_from_outside() -> None:
    # Chips: a padded frame around one line of text each; the frame hugs the label, so an
    # instance (whose layers cannot be resized) gets its size from its own box instead.
    chips = []
    for i, (word, width) in enumerate([("Design", 44), ("Engineering", 80), ("Ops", 24)]):
        label = text([(word, box(20 + 140 * i + 12, 8, width, 16))], text_styles(font_size="12px", line_height="16px"))
        style = {"background-color": "rgb(224, 231, 255)", "padding-left": "12px", "padding-top": "8px"}
        chips.append(
            el(
                "span",
                box(20 + 140 * i, 0, width + 24, 32),
                {**style, "display": "inline-block"},
                [label],
                attrs={"class": "chip"},
            )
        )
    result = convert(capture(chips))
    instances = _instances(result)
    assert len(instances) == 3
    assert [i["absoluteBoundingBox"]["width"] for i in instances] == [68, 104, 48]
    # Each label keeps its own width (its block's) in its instance: a size override the plugin applies.
    assert [i["children"][0]["absoluteBoundingBox"]["width"] for i in instances] == [56, 92, 36]
    assert [i["componentProperties"] for i in instances][1] == {"Text#1": {"type": "TEXT", "value": "Engineering"}}


def test_a_repeat_the_main_cannot_be_stays_plain() -> None:
    cards = [_card(0, "Alpha"), _card(220, "Beta"), _card(440, "Gamma")]
    cards[2]["children"][0]["box"] = box(450, 40, 180, 24)  # its heading lower in the card
    cards[2]["children"][0]["children"][0]["box"] = box(450, 40, 60, 24)
    cards[2]["children"][0]["children"][0]["lineBoxes"][0].update(y=40)
    result = convert(capture(cards))
    assert len(_instances(result)) == 2
    assert len(result["components"]) == 1


def test_the_detector_counts_the_outermost_repeat_only() -> None:
    cards = [_card(0, "Alpha"), _card(220, "Beta")]
    plain = json.loads(convert_capture(capture(cards), {}, ConversionOptions(components=False)).result_json)
    groups = repeated_groups(plain["document"])
    assert [len(g) for g in groups] == [2]
    assert {g[0]["name"] for g in groups} == {"Card"}


def test_components_off_makes_none() -> None:
    cards = [_card(0, "Alpha"), _card(220, "Beta")]
    result = json.loads(convert_capture(capture(cards), {}, ConversionOptions(components=False)).result_json)
    assert "components" not in result and not _instances(result)


def test_an_instance_names_its_layers_as_figma_does() -> None:
    # Figma calls a layer of an instance I<instance id>;<id of the main's layer>: the plugin
    # finds the layer an override names in the instance it makes by that id.
    red, blue = png(color=(200, 0, 0)), png(color=(0, 0, 200))
    assets = {sha(red): red, sha(blue): blue}
    cards = [_card(0, "Alpha", sha(red)), _card(220, "Beta", sha(blue))]
    result = convert(capture(cards, assets=assets), assets)
    (component,) = result["components"].values()
    main_ids = [n["id"] for n in walk(component["node"])][1:]
    for instance in _instances(result):
        layers = [n["id"] for n in walk(instance)][1:]
        assert layers == [f"I{instance['id']};{m}" for m in main_ids]
        assert all(o["id"] in layers or o["id"] == instance["id"] for o in instance["overrides"])
    ids = [n["id"] for n in walk(result["document"])] + main_ids + [component["id"]]
    assert len(ids) == len(set(ids))
