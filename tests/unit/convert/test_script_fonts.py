"""Every character in a family that draws its writing system: a run of Japanese, Chinese,
Arabic or Devanagari in a Latin family gets the Noto family for its script (Han by the page's
language), Latin stays in the page's family, and the invariant check finds nothing left."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pageport.capture.schema import RenderedFont
from pageport.convert.fonts import FontResolver
from pageport.convert.invariants import font_breaks

from tests.support.builders import box, capture, el, text, text_styles
from tests.unit.convert.results import convert, walk


def _page(words: str, lang: str | None = None, **styles: str) -> dict[str, Any]:
    data = json.loads(
        capture([el("p", box(0, 0, 600, 24), {}, [text([(words, box(0, 2, 400, 20))], text_styles(**styles))])])
    )
    data["document"]["lang"] = lang
    return convert(json.dumps(data).encode())


def _text(result: dict[str, Any]) -> dict[str, Any]:
    return next(n for n in walk(result["document"]) if n["type"] == "TEXT")


def _families(node: dict[str, Any]) -> list[tuple[str, str]]:
    """(characters, family) per run."""
    chars, ids = node["characters"], node["characterStyleOverrides"]
    ids = ids + [0] * (len(chars) - len(ids))
    out: list[tuple[str, str]] = []
    for char, k in zip(chars, ids, strict=True):
        family = (
            node["styleOverrideTable"][str(k)].get("fontFamily", node["style"]["fontFamily"])
            if k
            else node["style"]["fontFamily"]
        )
        if out and out[-1][1] == family:
            out[-1] = (out[-1][0] + char, family)
        else:
            out.append((char, family))
    return out


@pytest.mark.parametrize(
    ("words", "lang", "expected"),
    [
        ("Debian 管理者ハンドブック", "ja", [("Debian ", "Arimo"), ("管理者ハンドブック", "Noto Sans JP")]),
        ("中文 Typo", "zh-CN", [("中文", "Noto Sans SC"), (" Typo", "Arimo")]),
        # No language named: Chromium draws Han in its first CJK face here, Noto Sans CJK JP.
        ("中文 Typo", None, [("中文", "Noto Sans JP"), (" Typo", "Arimo")]),
        ("中文 Typo", "zh-TW", [("中文", "Noto Sans TC"), (" Typo", "Arimo")]),
        # The space between the Arabic words is Arimo's, as Chromium drew it.
        (
            "مرحبا بالعالم v2",
            "ar",
            [("مرحبا", "Noto Sans Arabic"), (" ", "Arimo"), ("بالعالم", "Noto Sans Arabic"), (" v2", "Arimo")],
        ),
        ("कुंजियाँ", "hi", [("कुंजियाँ", "Noto Sans Devanagari")]),
        ("Plain Latin", None, [("Plain Latin", "Arimo")]),
    ],
)
def test_each_script_is_set_in_a_family_that_draws_it(
    words: str, lang: str | None, expected: list[tuple[str, str]]
) -> None:
    result = _page(words, lang, **{"font-family": "Arial"})
    assert _families(_text(result)) == expected
    assert not font_breaks(result)
    assert {f for _, f in expected} <= set(result["fonts"]["used"])


def test_a_serif_run_falls_back_to_the_noto_sans_family_chromium_draws_it_with() -> None:
    result = _page("日本語", "ja", **{"font-family": "Merriweather"})
    assert _families(_text(result)) == [("日本語", "Noto Sans JP")]


def test_a_family_with_no_italic_gets_its_upright_style() -> None:
    result = _page("日本語", "ja", **{"font-family": "Arial", "font-style": "italic"})
    override = next(iter(_text(result)["styleOverrideTable"].values()))
    assert (override["fontFamily"], override["fontStyle"], override["italic"]) == ("Noto Sans JP", "Regular", False)


@pytest.mark.parametrize(("words", "weight"), [("ข้อความภาษาไทย", "700"), ("مرحبا بالعالم", "700"), ("日本語", "300")])
def test_a_run_chromium_fell_back_for_is_the_regular_face_it_drew(words: str, weight: str) -> None:
    # Chromium's per-character fallback takes the script's Regular face whatever the weight (and
    # thickens it for bold): Figma's Bold (Noto Sans Thai Bold is 9 % wider) or Light would not
    # keep the page's widths.
    result = _page(f"Arimo {words}", None, **{"font-family": "Arial", "font-weight": weight})
    node = _text(result)
    assert node["style"]["fontFamily"] == "Arimo"  # the Latin run, in the weight asked
    override = next(iter(node["styleOverrideTable"].values()))
    assert (override["fontStyle"], override["fontWeight"]) == ("Regular", 400.0)


def test_a_text_chromium_drew_mostly_by_fallback_names_the_stacks_family_and_the_face_drawn() -> None:
    # Chromium drew the Arabic letters in Noto Sans Arabic Regular (thickened) and the spaces in
    # Liberation Sans Bold, the stack's own face.
    styles = text_styles(**{"font-family": "Liberation Sans", "font-weight": "700"})
    words = text([("دفتر مدير دبيان", box(0, 2, 179, 38))], styles)
    words["renderedFont"] = {"family": "Noto Sans Arabic", "postScriptName": "NotoSansArabic-Regular"}
    node = _text(convert(capture([el("h1", box(0, 0, 600, 40), {}, [words])])))
    assert (node["style"]["fontFamily"], node["style"]["fontStyle"]) == ("Arimo", "Bold")
    assert _families(node) == [
        ("دفتر", "Noto Sans Arabic"),
        (" ", "Arimo"),
        ("مدير", "Noto Sans Arabic"),
        (" ", "Arimo"),
        ("دبيان", "Noto Sans Arabic"),
    ]
    assert {v["fontStyle"] for v in node["styleOverrideTable"].values()} == {"Regular"}


def test_a_text_named_by_the_face_drawn_takes_its_weight() -> None:
    # Medium asked of a family installed without it: Chromium drew Regular, and so does the design.
    medium = text_styles(**{"font-family": "Open Sans", "font-weight": "500"})
    words = text([("Medium asked", box(0, 2, 120, 20))], medium)
    words["renderedFont"] = {"family": "Open Sans", "postScriptName": "OpenSans-Regular"}
    node = _text(convert(capture([el("p", box(0, 0, 600, 24), {}, [words])])))
    assert (node["style"]["fontFamily"], node["style"]["fontStyle"]) == ("Open Sans", "Regular")
    words["renderedFont"] = {"family": "Open Sans", "postScriptName": "OpenSans-Semibold"}
    node = _text(convert(capture([el("p", box(0, 0, 600, 24), {}, [words])])))
    assert node["style"]["fontWeight"] == 600.0
    # A CamelCase style in the PostScript name: bold, not Regular.
    words["styles"] = text_styles(**{"font-family": "Arial", "font-weight": "700", "font-style": "italic"})
    words["renderedFont"] = {"family": "Arimo", "postScriptName": "Arimo-BoldItalic"}
    node = _text(convert(capture([el("p", box(0, 0, 600, 24), {}, [words])])))
    assert (node["style"]["fontStyle"], node["style"]["fontWeight"]) == ("Bold Italic", 700.0)


def test_debians_cjk_faces_are_named_by_their_google_families() -> None:
    resolver = FontResolver([])
    face = RenderedFont(family="Noto Sans CJK JP", postScriptName="NotoSansCJKjp-Regular", custom=False)
    assert resolver.choose('"Hiragino Sans"', face).family == "Noto Sans JP"
    serif = RenderedFont(family="Noto Serif CJK SC", postScriptName="NotoSerifCJKsc-Regular", custom=False)
    assert resolver.choose('"Songti SC"', serif).family == "Noto Serif SC"
    # A stack ending in a generic: Chromium's face for it drew the Latin and the spaces (Arial's
    # twin for sans-serif; fontconfig's Noto Sans for "sans"), and the script_fonts pass names
    # Noto Sans JP for the Japanese.
    assert resolver.choose('"PingFang SC", sans-serif', face).family == "Arimo"
    assert resolver.choose('"PingFang SC", sans', face).family == "Noto Sans"


def test_the_font_invariant_names_a_latin_family_given_japanese() -> None:
    node = {"id": "1:2", "type": "TEXT", "characters": "管理者", "style": {"fontFamily": "Inter"}}
    document = {"document": {"id": "1:1", "type": "FRAME", "children": [node]}}
    assert font_breaks(document) == ["1:2: Inter lacks cjk ('理管者')"]
    node["style"] = {"fontFamily": "Comic Sans MS"}
    assert "neither a Google family" in font_breaks(document)[0]
    assert font_breaks(document, ["Comic Sans MS"]) == []


def test_a_weight_its_family_lacks_is_the_weight_figma_falls_back_to() -> None:
    # Cousine has Regular and Bold: a 900 run is drawn Bold in Figma, and the result says so.
    black = text_styles(**{"font-family": "Courier New", "font-weight": "900"})
    code = el("code", box(72, 2, 56, 20), {"display": "inline"}, [text([("Compose", box(72, 2, 56, 20))], black)])
    words = text_styles(**{"font-family": "Arial"})
    para = el("p", box(0, 0, 400, 24), {}, [text([("Type the ", box(0, 2, 72, 20))], words), code])
    node = _text(convert(capture([para])))
    run = next(iter(node["styleOverrideTable"].values()))
    assert (run["fontFamily"], run["fontStyle"], run["fontWeight"]) == ("Cousine", "Bold", 700.0)
