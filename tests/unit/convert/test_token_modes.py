"""Colours per variable mode: paired layers of a light and a dark capture share a variable
holding both colours; a layer only one theme draws joins the variable its colour mostly uses."""

from __future__ import annotations

from typing import Any, cast

from pageport.convert.figma import Node, Paint
from pageport.convert.tokens.modes import mode_keys

WHITE, INK, NAVY, SNOW, RED = (255, 255, 255), (17, 24, 39), (15, 23, 42), (248, 250, 252), (220, 38, 38)


def _solid(rgb: tuple[int, int, int]) -> Paint:
    color = {"r": rgb[0] / 255, "g": rgb[1] / 255, "b": rgb[2] / 255, "a": 1.0}
    return cast(Paint, {"type": "SOLID", "color": color})


def _node(name: str, fill: tuple[int, int, int], *children: Node) -> Node:
    node: dict[str, Any] = {"type": "FRAME", "name": name, "fills": [_solid(fill)], "children": list(children)}
    return cast(Node, node)


def _paint(node: Node) -> Paint:
    return node["fills"][0]


def test_paired_layers_hold_each_themes_colour_and_an_unpaired_one_follows_its_colour() -> None:
    light_text, dark_text = _node("Text", INK), _node("Text", SNOW)
    light_card, dark_card = _node("Card", WHITE, light_text), _node("Card", NAVY, dark_text)
    only_dark = _node("Banner", SNOW)  # drawn by the dark capture alone
    light_badge = _node("Badge", RED)  # drawn by the light capture alone, in a colour nothing pairs
    light = _node("Page", WHITE, light_card, light_badge)
    dark = _node("Page", NAVY, dark_card, only_dark)
    paints = [_paint(n) for n in (light, light_card, light_text, light_badge, dark, dark_card, dark_text, only_dark)]
    keys = mode_keys(paints, [(light, 0), (dark, 1)], [(light, dark)], 2)
    assert keys[id(_paint(light_card))] == keys[id(_paint(dark_card))] == (WHITE, NAVY)
    assert keys[id(_paint(light_text))] == keys[id(_paint(dark_text))] == (INK, SNOW)
    assert keys[id(_paint(only_dark))] == (INK, SNOW)  # SNOW is the dark of INK wherever paired
    assert keys[id(_paint(light_badge))] == (RED, RED)


def test_one_mode_keys_a_paint_by_its_own_colour() -> None:
    page = _node("Page", WHITE)
    assert mode_keys([_paint(page)], [], [], 1) == {id(_paint(page)): (WHITE,)}
