"""tree: which elements become nodes, in which order, and where fixed boxes go."""

from __future__ import annotations

from tests.support.builders import box, capture, el
from tests.unit.convert.results import convert, find, walk


def test_hidden_elements_are_left_out() -> None:
    shown = {"background-color": "rgb(0, 0, 0)"}
    result = convert(
        capture(
            [
                el("div", box(0, 0, 10, 10), {**shown, "opacity": "0"}, attrs={"id": "transparent"}),
                el(
                    "div",
                    box(0, 0, 10, 10),
                    {**shown, "visibility": "hidden"},
                    visible=False,
                    attrs={"id": "invisible"},
                ),
                el("div", box(0, 0, 0, 0), {}, attrs={"id": "empty"}),
                el("div", box(0, 0, 10, 10), shown, attrs={"id": "shown"}),
            ]
        )
    )
    names = {n["name"] for n in walk(result["document"])}
    assert "Shown" in names
    assert not names & {"Transparent", "Invisible", "Empty"}


def test_children_follow_paint_order_and_fixed_boxes_are_hoisted() -> None:
    shown = {"background-color": "rgb(0, 0, 0)"}
    top = el(
        "div", box(0, 0, 50, 50), {**shown, "position": "absolute", "z-index": "2"}, paintOrder=100, attrs={"id": "top"}
    )
    under = el("div", box(0, 0, 50, 50), shown, paintOrder=5, attrs={"id": "under"})
    bar = el("div", box(0, 0, 800, 40), {**shown, "position": "fixed"}, paintOrder=200, attrs={"id": "bar"})
    # Positioned, so the section is #top's containing block and clips it.
    wrapper = el(
        "section",
        box(0, 0, 800, 100),
        {"overflow-x": "hidden", "overflow-y": "hidden", "position": "relative"},
        [top, under, bar],
        paintOrder=1,  # painted before its children, as in a capture
    )
    result = convert(capture([wrapper]))
    section = find(result, name="Section")
    assert [c["name"] for c in section["children"]] == ["Under", "Top"]
    assert section["clipsContent"] is True
    root_children = result["document"]["children"]
    assert root_children[-1]["name"] == "Bar"
    assert root_children[-1]["scrollBehavior"] == "FIXED"


def test_a_frame_that_paints_nothing_around_one_child_gives_way_to_it() -> None:
    leaf = el("i", box(5, 5, 10, 10), {"background-color": "rgb(0, 0, 0)"}, attrs={"id": "leaf"})
    wrapper = el("div", box(0, 0, 100, 100), {}, [leaf], attrs={"id": "wrapper"})
    result = convert(capture([wrapper]))
    names = [n["name"] for n in walk(result["document"])]
    assert "Leaf" in names and "Wrapper" not in names


def test_sticky_boxes_stay_in_place_and_scroll_sticky() -> None:
    bar = el("div", box(0, 0, 100, 20), {"background-color": "rgb(0, 0, 0)", "position": "sticky"}, attrs={"id": "s"})
    node = find(convert(capture([el("div", box(0, 0, 100, 200), {}, [bar, el("p", box(0, 30, 9, 9), {})])])), name="S")
    assert node["scrollBehavior"] == "STICKY_SCROLLS"
    assert node["pageport"] == {"position": "sticky", "tag": "div"}


def test_elements_that_never_render_are_left_out_whatever_their_styles() -> None:
    styles = {"background-color": "rgb(0, 0, 0)"}
    result = convert(capture([el("template", box(0, 0, 50, 50), styles), el("div", box(0, 0, 50, 50), styles)]))
    assert [n["name"] for n in walk(result["document"]) if n["name"] in ("Template", "Div")] == []
    assert sum(1 for n in walk(result["document"]) if n.get("fills")) == 2  # the page and the div


def test_an_absolute_box_leaves_the_clips_between_it_and_its_containing_block_only() -> None:
    # card (relative, clips) > inner (static, clips) > badge (absolute): CSS clips the badge by
    # the card, its containing block, not by inner.
    shown = {"background-color": "rgb(0, 0, 0)"}
    clip = {"overflow-x": "hidden", "overflow-y": "hidden"}
    badge = el("div", box(90, 0, 20, 20), {**shown, "position": "absolute"}, attrs={"id": "badge"}, paintOrder=1000)
    inner = el("div", box(0, 0, 50, 50), {**shown, **clip}, [badge], attrs={"id": "inner"})
    card = el("div", box(0, 0, 100, 100), {**shown, **clip, "position": "relative"}, [inner], attrs={"id": "card"})
    result = convert(capture([card]))
    assert [c["name"] for c in find(result, name="Card")["children"]] == ["Inner", "Badge"]
    assert "children" not in find(result, name="Inner")


def test_a_box_clipped_on_one_axis_whose_content_fits_the_other_stays_one_clipping_frame() -> None:
    shown = {"background-color": "rgb(0, 0, 0)"}
    wide = el("div", box(0, 0, 300, 40), shown, attrs={"id": "wide"})
    strip = el(
        "div", box(0, 0, 100, 40), {**shown, "overflow-x": "clip", "overflow-y": "visible"}, [wide], attrs={"id": "s"}
    )
    node = find(convert(capture([strip])), name="S")
    assert node["clipsContent"] is True
    assert [c["name"] for c in node["children"]] == ["Wide"]
