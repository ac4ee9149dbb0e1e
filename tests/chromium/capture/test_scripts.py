"""Text in scripts beyond Latin as Chromium draws it: the face a script fallback leaves the text
in, and where its lines break (tests/fixtures/capture/fonts.html)."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.chromium.capture.test_capture import by_id, run, texts


def test_a_script_fallback_names_the_family_the_page_asked_for(browser: Browser, base_url: str) -> None:
    """A Korean line in 'Liberation Sans' has its Hangul drawn by a CJK face (more glyphs) and its
    Latin, digits and spaces by Liberation Sans: the text's face is the stack's, which the design
    names, and the converter gives the Hangul a run of its own."""
    _, doc = run(browser, base_url + "fonts.html")
    korean = texts(by_id(doc, "korean"))[0]
    assert korean.rendered_font is not None and korean.rendered_font.family == "Liberation Sans"


def test_a_wrap_keeps_the_space_it_broke_at_and_none_between_cjk_characters(browser: Browser, base_url: str) -> None:
    """Chromium breaks Hangul between syllables as well as at spaces, so whether a wrapped Korean
    line lost a space cannot be guessed afterwards: the line keeps it. Japanese has none to keep."""
    _, doc = run(browser, base_url + "fonts.html")
    korean, japanese = (texts(by_id(doc, i))[0] for i in ("korean", "japanese"))
    assert len(korean.line_boxes) >= 3 and len(japanese.line_boxes) >= 3
    assert "".join(line.text for line in korean.line_boxes) == (
        "데비안 프로젝트의 회원들이 분쟁없이 같은 지향점을 따르도록 (Foundation Documents) 해줬습니다."
    )
    assert "".join(line.text for line in japanese.line_boxes) == (
        "日本語の文章は単語の間に空白を置かずに書かれるので行は文字の間で折り返されます。"
    )
