"""css.shadows: box-shadow / text-shadow lists."""

from __future__ import annotations

import pytest
from pageport.convert.css import CssError, Shadow, parse_shadows


def test_shadow_list_in_css_order_with_defaults() -> None:
    first, second = parse_shadows("rgb(0, 0, 0) 1px 2px, rgba(255, 0, 0, 0.5) 0px 4px 6px -1px inset")
    assert first == Shadow(False, 1.0, 2.0, 0.0, 0.0, {"r": 0.0, "g": 0.0, "b": 0.0, "a": 1.0})
    assert (second.inset, second.blur, second.spread, second.color["a"]) == (True, 6.0, -1.0, 0.5)


def test_no_shadow() -> None:
    assert parse_shadows("none") == [] and parse_shadows(None) == []


def test_shadow_without_a_color_is_refused() -> None:
    with pytest.raises(CssError):
        parse_shadows("1px 2px 3px")
