"""walker: what the DOM walker is told to read."""

from __future__ import annotations

from pageport.capture.schema import ELEMENT_STYLE_PROPERTIES
from pageport.capture.walker import ATTRIBUTES, STYLE_GROUPS, walker_source


def test_style_groups_cover_every_property() -> None:
    grouped = set(STYLE_GROUPS["always"])
    for key, props in STYLE_GROUPS.items():
        if key == "border":
            grouped |= {p for side in props.values() for p in side}
        elif key not in ("always", "borderSides"):
            grouped |= set(props)
    assert grouped == set(ELEMENT_STYLE_PROPERTIES)
    assert len(set(ELEMENT_STYLE_PROPERTIES)) == len(ELEMENT_STYLE_PROPERTIES)


def test_always_read_styles_leave_out_every_gated_group() -> None:
    always = set(STYLE_GROUPS["always"])
    assert not always & {"top", "flex-direction", "font-family", "border-top-width", "outline-style"}
    assert {"display", "position", "background-color", "opacity"} <= always


def test_walker_source_is_the_bundled_script() -> None:
    source = walker_source()
    assert "stylesOf" in source and "styleGroups" in source
    assert "id" in ATTRIBUTES and "aria-label" in ATTRIBUTES
