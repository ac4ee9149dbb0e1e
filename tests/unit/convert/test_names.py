"""Layer names: from the page (landmarks, roles, headings, labels, ids, classes), else by what
the layer is in the design (names pass); never a tag name."""

from __future__ import annotations

import re

import pytest
from pageport.convert.naming import class_role

from tests.support.builders import box, capture, el, text, text_styles
from tests.unit.convert.results import FIXTURES, convert, walk

_TAG_LIKE = re.compile(r"^[a-z][a-z0-9-]*([.#].*)?$")


@pytest.mark.parametrize(
    ("classes", "role"),
    [
        ("btn btn-primary btn-xl", "Button"),
        ("card h-100", "Card"),
        ("col-md-4 col-lg-3", "Column"),
        ("d-flex flex-column mb-4", ""),
        ("md:flex p-4 text-center", ""),
        ("portfolio-item mx-auto", "Portfolio item"),
        ("fa-solid fa-star", "Icon star"),
        ("resume-section-content", "Resume section content"),
    ],
)
def test_the_first_meaningful_class_names_the_role(classes: str, role: str) -> None:
    assert class_role(classes) == role


def _names(doc: bytes) -> dict[str, str]:
    return {n["name"]: n["type"] for n in walk(convert(doc)["document"])}


def test_landmarks_labels_headings_and_ids_name_layers() -> None:
    heading = el("h2", box(0, 0, 300, 30), {}, [text([("Services", box(0, 0, 100, 30))])])
    button = el("button", box(0, 40, 120, 40), {"background-color": "rgb(0, 0, 255)"}, [])
    button["attrs"] = {"aria-label": "Sign up"}
    section = el("section", box(0, 100, 300, 50), {"background-color": "rgb(240, 240, 240)"}, [], attrs={"id": "about"})
    form = el("form", box(0, 160, 300, 50), {"background-color": "rgb(240, 240, 240)"}, [], attrs={"id": "contactForm"})
    names = _names(capture([heading, button, section, form]))
    assert 'Button "Sign up"' in names
    assert "About section" in names
    assert "Contact form" in names


def test_bare_elements_are_named_by_what_they_are() -> None:
    pic = el("div", box(0, 0, 10, 2), {"background-color": "rgb(0, 0, 0)"})
    styles = text_styles()
    # (painted: a wrapper that paints nothing gives way to its only child)
    words = el(
        "div",
        box(0, 10, 300, 24),
        {"background-color": "rgb(255, 250, 240)"},
        [text([("Hello there", box(0, 10, 90, 24))], styles)],
    )
    card = el(
        "div",
        box(0, 40, 300, 100),
        {"background-color": "rgb(250, 250, 250)"},
        [
            el("div", box(10, 50, 50, 20), {"background-color": "rgb(200, 0, 0)"}),
            el("div", box(10, 80, 50, 20), {"background-color": "rgb(0, 200, 0)"}),
        ],
    )
    names = _names(capture([pic, words, card]))
    assert names.get("Divider") == "FRAME"
    assert names.get('Text "Hello there"') == "FRAME"
    assert names.get("Card") == "FRAME"


def test_no_layer_of_a_converted_page_is_named_by_a_tag() -> None:
    result = convert((FIXTURES / "card.capture.json").read_bytes())
    tagged = [n["name"] for n in walk(result["document"]) if n["type"] != "TEXT" and _TAG_LIKE.match(n["name"])]
    assert tagged == []
