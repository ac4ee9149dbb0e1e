"""css.values: the tokenizer, lengths and radii."""

from __future__ import annotations

import pytest
from pageport.convert.css import px, radius_pair, round_to, split_top


def test_split_top_ignores_separators_inside_parentheses_and_quotes() -> None:
    assert split_top('url("a,b.png"), linear-gradient(red, blue)') == ['url("a,b.png")', "linear-gradient(red, blue)"]
    assert split_top("rgb(0, 0, 0) 1px  2px", " ") == ["rgb(0, 0, 0)", "1px", "2px"]
    assert split_top("") == []


@pytest.mark.parametrize(
    ("value", "expected"), [("12px", 12.0), ("50%", 40.0), ("0", 0.0), ("auto", -1.0), (None, -1.0)]
)
def test_px(value: str | None, expected: float) -> None:
    assert px(value, 80.0, default=-1.0) == expected


def test_round_to_leaves_whole_numbers_alone() -> None:
    assert round_to(3.14159, 2) == 3.14
    assert str(round_to(-0.0, 2)) == "-0.0"  # callers map it to 0.0 themselves


def test_radius_pair_resolves_percentages_per_axis() -> None:
    assert radius_pair("10px 4px", 100, 50) == (10.0, 4.0)
    assert radius_pair("10%", 100, 50) == (10.0, 5.0)
    assert radius_pair(None, 100, 50) == (0.0, 0.0)
