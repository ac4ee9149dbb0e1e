"""fonts: the design names the face that drew each text (TextNode.rendered_font) when Figma has
it, else its closest Figma twin with a warning naming both; web fonts keep their family."""

from __future__ import annotations

import json
from typing import Any

from pageport.convert import convert_capture
from pageport.convert.fonts import google_families

from tests.support.builders import box, capture, el, text, text_styles
from tests.unit.convert.results import walk


def _drawn(words: str, stack: str, face: str | None, *, custom: bool = False, y: float = 0) -> dict[str, Any]:
    node = text([(words, box(0, y + 2, 8 * len(words), 20))], text_styles(font_family=stack))
    if face is not None:
        node["renderedFont"] = {"family": face, "postScriptName": face.replace(" ", ""), "custom": custom}
    return el("p", box(0, y, 600, 24), {}, [node])


def _convert(paragraphs: list[dict[str, Any]], **kwargs: Any) -> tuple[dict[str, str], list[str], dict[str, Any]]:
    conversion = convert_capture(capture(paragraphs, **kwargs), {})
    result = json.loads(conversion.result_json)
    families = {n["characters"]: n["style"]["fontFamily"] for n in walk(result["document"]) if n["type"] == "TEXT"}
    return families, conversion.warnings, result


def test_the_face_that_drew_the_text_is_named_when_figma_has_it() -> None:
    families, warnings, _ = _convert(
        [
            # Capture had Mulish where the page asked for its old name (fontconfig's alias).
            _drawn("Old name", "Muli, sans-serif", "Mulish"),
            # The page's first choice was missing where it was captured: the design names the
            # face that drew it, so its lines break as they did.
            _drawn("Missing first", '"Brand Grotesk", Lato, sans-serif', "Lato", y=30),
            _drawn("Script", '"Kaushan Script", cursive', "Kaushan Script", y=60),
        ]
    )
    assert families == {"Old name": "Mulish", "Missing first": "Lato", "Script": "Kaushan Script"}
    assert any("'Brand Grotesk' was not available" in w and "'Lato'" in w for w in warnings)
    assert not any("Muli" in w or "Kaushan" in w for w in warnings)


def test_a_face_figma_lacks_becomes_its_metric_twin_with_a_warning_naming_both() -> None:
    families, warnings, result = _convert(
        [
            _drawn("Helvetica", '"Helvetica Neue", Arial, sans-serif', "Liberation Sans"),
            _drawn("Georgia", "Georgia, serif", "Gelasio", y=30),
            _drawn("Times", '"Times New Roman", serif', "Liberation Serif", y=60),
        ]
    )
    assert families == {"Helvetica": "Arimo", "Georgia": "Gelasio", "Times": "Tinos"}
    twin = [w for w in warnings if "'Liberation Sans'" in w]
    assert len(twin) == 1 and "'Helvetica Neue'" in twin[0] and "'Arimo'" in twin[0] and "metric twin" in twin[0]
    assert not any("re-wrap" in w for w in warnings)
    assert result["fonts"]["fallbacks"]["Helvetica Neue"] == "Arimo"


def test_a_face_without_a_metric_twin_warns_that_lines_may_rewrap() -> None:
    # Roboto was asked for but not installed where the page was captured: DejaVu drew it.
    families, warnings, _ = _convert([_drawn("Fallback", "Roboto, sans-serif", "DejaVu Sans")])
    assert families == {"Fallback": "Montserrat"}
    (line,) = [w for w in warnings if "DejaVu Sans" in w]
    assert "'Roboto'" in line and "'Montserrat'" in line and "re-wrap" in line


def test_a_web_font_keeps_the_family_the_page_gave_it() -> None:
    families, warnings, _ = _convert(
        [_drawn("Brand", '"Brand Sans", sans-serif', "Brand Sans Regular", custom=True)],
        fonts=[{"family": "Brand Sans", "url": "https://x/brand.woff2", "status": "loaded"}],
    )
    assert families == {"Brand": "Brand Sans"}
    assert not any("Brand" in w for w in warnings)


def test_google_families_are_the_whole_catalogue() -> None:
    names = set(google_families().values())
    assert len(names) > 1800
    # The real templates' families (agency, resume, freelancer) and the metric twins.
    assert {"Kaushan Script", "Saira Extra Condensed", "Roboto Slab", "Mulish", "Montserrat", "Lato"} <= names
    assert {"Arimo", "Tinos", "Cousine", "Gelasio", "Carlito", "Caladea"} <= names


def test_a_generic_family_drawn_by_a_figma_face_is_no_loss() -> None:
    families, warnings, _ = _convert([_drawn("Generic", "sans-serif", "Roboto")])
    assert families == {"Generic": "Roboto"}
    assert warnings == []


def test_a_face_named_for_its_weight_is_its_family() -> None:
    # Static families with more than four styles name each weight's face "Lato Light",
    # "Roboto Black": Chromium reports that legacy family name.
    families, warnings, _ = _convert(
        [_drawn("Light", "Lato, sans-serif", "Lato Light"), _drawn("Black", "Roboto", "Roboto Black", y=30)]
    )
    assert families == {"Light": "Lato", "Black": "Roboto"}
    assert warnings == []
