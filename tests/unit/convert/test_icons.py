"""icons: glyphs of icon fonts (private-use code points, icon-font families, ligature icons)
become VECTOR nodes of their outlines; ordinary web fonts stay text."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

from tests.support.builders import box, capture, el, sha, text, text_styles
from tests.support.paths import REPO_ROOT
from tests.unit.convert.results import conversion, walk

FA = REPO_ROOT / "bench" / "fidelity" / "pages" / "icons" / "fontawesome" / "webfonts"
SOLID = (FA / "fa-solid-900.woff2").read_bytes()
PLAIN = Path("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf")


def face(family: str, data: bytes | None, weight: str = "400", **extra: Any) -> dict[str, Any]:
    return {
        "family": family,
        "weight": weight,
        "url": f"https://example.test/{family}.woff2",
        "sha256": sha(data) if data else None,
        "status": "loaded",
        **extra,
    }


def icon_host(content: str, family: str, weight: str = "900") -> dict[str, Any]:
    host = el("i", box(10, 20, 16, 16), {"display": "inline-block"}, attrs={"id": "icon"})
    styles = {
        "display": "inline",
        "font-family": f'"{family}"',
        "font-weight": weight,
        "font-size": "16px",
        "line-height": "16px",
        "color": "rgb(2, 132, 199)",
    }
    host["pseudo"] = {
        "before": {"content": content, "box": box(10, 20, 16, 16), "boxEstimated": True, "styles": styles}
    }
    return host


def nodes(result: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [n for n in walk(result["document"]) if n["type"] == kind]


def test_font_awesome_before_glyph_is_a_vector_of_its_outline() -> None:
    data = capture([icon_host("\uf007", "Font Awesome 6 Free")], fonts=[face("Font Awesome 6 Free", SOLID, "900")])
    conv = conversion(data, {sha(SOLID): SOLID})
    result = json.loads(conv.result_json)
    assert not nodes(result, "TEXT")
    (vector,) = nodes(result, "VECTOR")
    svg = vector["pageport"]["svg"]
    assert 'fill="rgb(2,132,199)"' in svg
    d = re.search(r' d="([^"]+)"', svg)
    assert d and d.group(1).count("Z") >= 1
    # The user glyph is 448/512 em wide: 14 px at 16 px, placed at the pseudo-element's box.
    bb = vector["absoluteBoundingBox"]
    assert (bb["x"], bb["y"], bb["width"], bb["height"]) == (10, 20, 14, 16)
    # The outline lies within the line box (y-flipped onto the baseline).
    ys = [float(v) for v in re.findall(r"[-\d.]+", d.group(1))[1::2]]
    assert min(ys) >= -0.5 and max(ys) <= 16.5
    assert not [w for w in conv.warnings if "icon" in w or "private-use" in w]


def test_pua_text_node_in_an_icon_font_is_a_vector() -> None:
    styles = text_styles(font_family='"Font Awesome 6 Free"', font_weight="900", line_height="16px")
    span = el("span", box(0, 0, 16, 16), {"display": "inline"}, [text([("\uf015", box(0, 0, 18, 16))], styles)])
    p = el("p", box(0, 0, 300, 16), {}, [span, text([(" Home", box(18, 0, 40, 16))])])
    result = json.loads(
        conversion(capture([p], fonts=[face("Font Awesome 6 Free", SOLID, "900")]), {sha(SOLID): SOLID}).result_json
    )
    # The label keeps the space Chromium drew after the icon, at the x where that space starts.
    (label,) = nodes(result, "TEXT")
    assert (label["characters"], label["absoluteBoundingBox"]["x"]) == (" Home", 18)
    (vector,) = nodes(result, "VECTOR")
    assert vector["absoluteBoundingBox"]["width"] == 18  # the house glyph is 576/512 em


def test_missing_icon_font_file_warns_and_keeps_the_text() -> None:
    data = capture([icon_host("\uf007", "Font Awesome 6 Free")], fonts=[face("Font Awesome 6 Free", None, "900")])
    conv = conversion(data, {})
    assert [n["characters"] for n in nodes(json.loads(conv.result_json), "TEXT")] == ["\uf007"]
    assert any("icon font 'Font Awesome 6 Free' not captured: U+F007 kept as text" in w for w in conv.warnings)


def test_private_use_character_without_a_web_font_warns() -> None:
    conv = conversion(capture([icon_host("\ue001", "Some System Font")]), {})
    assert any("private-use character U+E001 without a captured web font" in w for w in conv.warnings)


def test_ordinary_web_font_stays_text() -> None:
    plain = PLAIN.read_bytes()
    styles = text_styles(font_family='"Brand Sans", sans-serif')
    p = el("p", box(0, 0, 300, 24), {}, [text([("Hello", box(0, 0, 40, 24))], styles)])
    conv = conversion(capture([p], fonts=[face("Brand Sans", plain)]), {sha(plain): plain})
    result = json.loads(conv.result_json)
    assert [n["characters"] for n in nodes(result, "TEXT")] == ["Hello"]
    assert not nodes(result, "VECTOR")


def _ligature_icon_font() -> bytes:
    """A tiny Material-style font: the ligature 'go' draws a PUA icon glyph (a square)."""
    names = [".notdef", "g", "o", "icon"]
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({ord("g"): "g", ord("o"): "o", 0xE001: "icon"})
    glyphs = {}
    for name in names:
        pen = TTGlyphPen(None)
        if name == "icon":
            pen.moveTo((100, 0))
            pen.lineTo((100, 800))
            pen.lineTo((900, 800))
            pen.lineTo((900, 0))
            pen.closePath()
        glyphs[name] = pen.glyph()
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({n: (1000, 100) if n == "icon" else (500, 0) for n in names})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Glyphs Test", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    addOpenTypeFeaturesFromString(fb.font, "feature liga { sub g o by icon; } liga;")
    out = io.BytesIO()
    fb.save(out)
    return out.getvalue()


def test_ligature_icon_is_drawn_from_its_gsub_ligature() -> None:
    font = _ligature_icon_font()
    styles = text_styles(font_family='"Glyphs Test"', font_size="24px", line_height="24px")
    span = el("span", box(0, 0, 24, 24), {"display": "block"}, [text([("go", box(0, 0, 24, 24))], styles)])
    result = json.loads(conversion(capture([span], fonts=[face("Glyphs Test", font)]), {sha(font): font}).result_json)
    assert not nodes(result, "TEXT")
    (vector,) = nodes(result, "VECTOR")
    assert vector["absoluteBoundingBox"]["width"] == 24  # one 1000-unit glyph, not two letters
    # The square spans 0.1-0.9 em across and 0.8 em up from the baseline (at 0.8 em).
    assert re.search(r'd="M2\.4 19\.2V0H21\.6V19\.2Z"', vector["pageport"]["svg"])


def test_icon_keeps_its_text_shadow() -> None:
    host = icon_host("\uf007", "Font Awesome 6 Free")
    host["pseudo"]["before"]["styles"]["text-shadow"] = "rgb(0, 0, 0) 2px 2px 3px"
    data = capture([host], fonts=[face("Font Awesome 6 Free", SOLID, "900")])
    (vector,) = nodes(json.loads(conversion(data, {sha(SOLID): SOLID}).result_json), "VECTOR")
    (shadow,) = vector["effects"]
    assert (shadow["type"], shadow["offset"], shadow["radius"]) == ("DROP_SHADOW", {"x": 2.0, "y": 2.0}, 3.0)


def test_bare_icon_pseudo_element_is_the_vector_itself() -> None:
    """No frame around a ::before that only holds the icon; one that paints keeps its frame."""
    plain = icon_host("\uf007", "Font Awesome 6 Free")
    badge = icon_host("\uf007", "Font Awesome 6 Free")
    badge["pseudo"]["before"]["styles"]["background-color"] = "rgb(255, 255, 0)"
    data = capture([plain, badge], fonts=[face("Font Awesome 6 Free", SOLID, "900")])
    result = json.loads(conversion(data, {sha(SOLID): SOLID}).result_json)
    frames = [n for n in walk(result["document"]) if n["name"] == "::before"]
    assert len(nodes(result, "VECTOR")) == 2
    assert len(frames) == 1 and frames[0]["children"][0]["type"] == "VECTOR"
