"""The preview renderer draws each text in the family the design names: found by the family name
inside the font files (not their file names), at the nearest weight, else its metric twin, else a
generic of its kind."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from pageport.render import _faces as _text
from PIL import ImageFont

LIBERATION = Path("/usr/share/fonts/truetype/liberation")


def _copy(src: str, dest: Path, family: str, weight: int, italic: bool = False) -> None:
    """A copy of a Liberation face under a file name that says nothing, named `family` inside."""
    font = TTFont(LIBERATION / src)
    name = font["name"]
    for ident in (1, 16):
        name.setName(family, ident, 3, 1, 0x409)
    font["OS/2"].usWeightClass = weight
    font["OS/2"].fsSelection = (font["OS/2"].fsSelection & ~1) | (1 if italic else 0)
    font.save(dest)


@pytest.fixture
def fonts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    # Debian's chromium depends on them and fonts/install.sh installs them: make setup has them.
    assert (LIBERATION / "LiberationSans-Regular.ttf").is_file(), "Liberation fonts missing: run make setup"
    _copy("LiberationSans-Regular.ttf", tmp_path / "f1.ttf", "Brand Grotesk", 300)
    _copy("LiberationSans-Regular.ttf", tmp_path / "f2.ttf", "Brand Grotesk", 400)
    _copy("LiberationSans-Bold.ttf", tmp_path / "f3.ttf", "Brand Grotesk", 600)
    _copy("LiberationSans-Bold.ttf", tmp_path / "f4.ttf", "Brand Grotesk", 800)
    _copy("LiberationSans-Italic.ttf", tmp_path / "f5.ttf", "Brand Grotesk", 400, italic=True)
    _copy("LiberationSans-Regular.ttf", tmp_path / "s1.ttf", "Liberation Sans", 400)
    _copy("LiberationSerif-Regular.ttf", tmp_path / "s2.ttf", "Liberation Serif", 400)
    _copy("LiberationMono-Regular.ttf", tmp_path / "s3.ttf", "Liberation Mono", 400)
    monkeypatch.setenv("PAGEPORT_FONT_DIRS", str(tmp_path))
    _text._installed.cache_clear()
    _text.font_face.cache_clear()
    yield tmp_path
    _text._installed.cache_clear()
    _text.font_face.cache_clear()


def _file(family: str, weight: float = 400, italic: bool = False) -> str:
    face = _text.font_face(family, weight, italic)
    assert face is not None
    return face.path.name


def test_a_family_is_found_by_the_name_inside_its_files_at_the_nearest_weight(fonts: Path) -> None:
    assert _file("Brand Grotesk") == "f2.ttf"
    assert _file("brand grotesk", 300) == "f1.ttf"
    assert _file("Brand Grotesk", 600) == "f3.ttf"  # Semi Bold: not the first file with a bold look
    assert _file("Brand Grotesk", 800) == "f4.ttf"
    assert _file("Brand Grotesk", 400, italic=True) == "f5.ttf"


def test_a_missing_family_falls_back_to_its_metric_twin_then_a_generic_of_its_kind(fonts: Path) -> None:
    assert _file("Arimo") == "s1.ttf"  # Liberation Sans: the same advance widths
    assert _file("Tinos") == "s2.ttf"
    assert _file("Cousine") == "s3.ttf"
    assert _file("Merriweather") == "s2.ttf"  # a Google serif: the serif stand-in
    assert _file("Roboto Mono") == "s3.ttf"  # a Google monospace
    assert _file("Montserrat") == "s1.ttf"  # a Google sans-serif


def test_a_regional_noto_cjk_family_is_drawn_with_debians_face_of_it() -> None:
    # The design names Noto Sans JP (Google's name); Debian installs it as Noto Sans CJK JP.
    from pageport.render._faces import _candidates

    assert "noto sans cjk jp" in _candidates("Noto Sans JP")
    assert "noto serif cjk sc" in _candidates("Noto Serif SC")


def test_chinese_and_japanese_lines_break_between_characters_not_before_closing_punctuation() -> None:
    from pageport.render._faces import load_font
    from pageport.render._text import _Run, _wrap

    font = load_font("Noto Sans JP", 400, False, 16)
    run = _Run("日本語の文章は空白なしで折り返す。次の文", {}, font, (0, 0, 0, 255), 0.0)
    lines = ["".join(p.text for p in line) for line in _wrap([run], 100)]
    assert len(lines) > 1 and all(run.width(line) <= 100.5 for line in lines)
    assert "".join(lines) == run.text
    assert not any(line.startswith(("。", "、")) for line in lines)


def test_a_character_the_family_lacks_is_drawn_by_a_face_that_has_it() -> None:
    """Figma draws a glyph its font lacks with a fallback font, not a missing-glyph box: Google's
    Noto Sans has Devanagari (Debian's Noto Sans does not), and an arrow comes from a symbol face."""
    from pageport.render._text import _runs

    node = {"characters": "F6 स्विच ⇤ key", "style": {"fontFamily": "Noto Sans", "fontSize": 16}}
    runs = _runs(node, 1.0)
    assert "".join(r.text for r in runs) == node["characters"]
    assert len(runs) >= 3 and runs[0].text.startswith("F6 ")
    for run in runs:
        font = run.font
        assert isinstance(font, ImageFont.FreeTypeFont)
        cmap = TTFont(font.path, fontNumber=font.index & 0xFFFF, lazy=True).getBestCmap()
        assert all(ord(ch) in cmap for ch in run.text if ch.strip()), (run.text, font.path)


def test_a_right_to_left_line_is_drawn_from_the_right_with_its_latin_words_in_order() -> None:
    """Figma lays Arabic out by the bidirectional algorithm: the words of an Arabic line run from
    the right, and an English phrase inside keeps its own left-to-right order."""
    from pageport.render._bidi import is_rtl, visual_order

    words = ["يشير", " ", "user", " ", "space", " ", "إلى", " ", "بيئة", "."]
    assert is_rtl("".join(words)) and not is_rtl("user space يشير")
    drawn = [w for w in visual_order(words, words, rtl=True) if w.strip()]
    assert drawn == [".", "بيئة", "إلى", "user", "space", "يشير"]
    latin = ["see", " ", "يشير", " ", "إلى", " ", "now"]
    assert [w for w in visual_order(latin, latin, rtl=False) if w.strip()] == ["see", "إلى", "يشير", "now"]
