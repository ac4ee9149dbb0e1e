"""Text as capture records it for the design's text engine (tests/fixtures/capture/fonts.html):
whitespace between runs, the face Chromium falls back to for a script, each line's first word,
and what capture lays out as Figma will (full-width punctuation, a monospace Figma has)."""

from __future__ import annotations

from pageport.convert.fonts import google_families
from playwright.sync_api import Browser

from tests.chromium.capture.test_capture import by_id, run, texts


def test_whitespace_between_an_icon_and_its_label_is_one_space(browser: Browser, base_url: str) -> None:
    """'<i></i>\\n    <span>Dashboard</span>': the whitespace alone is drawn as one space; it was
    captured as two (its first and its last character each kept one), so the label's text in
    Figma was a space wider than on the page."""
    _, doc = run(browser, base_url + "fonts.html")
    space, label = texts(by_id(doc, "nav"))[:2]
    assert space.line_boxes[0].text == " " and label.line_boxes[0].text == "Dashboard"


def test_arabic_in_a_latin_family_falls_back_to_noto_sans_arabic(browser: Browser, base_url: str) -> None:
    """Chromium drew it in DejaVu Sans, which Figma does not have: each line measured another
    width in Figma's Noto Sans Arabic, and wrapped paragraphs gained or lost a line."""
    page = browser.new_page()
    try:
        page.goto(base_url + "fonts.html")
        fonts = page.context.new_cdp_session(page)
        fonts.send("DOM.enable")
        fonts.send("CSS.enable")
        node = fonts.send(
            "DOM.querySelector", {"nodeId": fonts.send("DOM.getDocument")["root"]["nodeId"], "selector": "#arabic"}
        )
        used = fonts.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})["fonts"]
    finally:
        page.close()
    families = {f["familyName"] for f in used}
    assert "Noto Sans Arabic" in families and "DejaVu Sans" not in families  # (Liberation Sans: the spaces)


def test_each_line_records_the_width_of_its_first_word(browser: Browser, base_url: str) -> None:
    """leadWord: the room the line before lacked, which bounds the width that keeps the page's
    line breaks in another engine (convert/wrap_width.py). Korean breaks between syllables too."""
    _, doc = run(browser, base_url + "fonts.html")
    (korean,) = texts(by_id(doc, "korean"))
    assert len(korean.line_boxes) > 2
    for before, line in zip(korean.line_boxes, korean.line_boxes[1:], strict=False):
        assert line.lead_word is not None and 0 < line.lead_word <= line.width
        assert before.width + line.lead_word > 160 - 1  # it did not fit on the line before


def test_a_no_break_space_at_a_lines_start_is_kept(browser: Browser, base_url: str) -> None:
    """JavaScript's trim() takes a no-break space too: the text lost the space Chromium drew, and
    its box in Figma was a space narrower than the page's."""
    _, doc = run(browser, base_url + "fonts.html")
    (label,) = [t for t in texts(by_id(doc, "nbsp")) if t.text.strip()]
    assert label.line_boxes[0].text == " \u00a0More about grids"


def test_full_width_punctuation_keeps_its_full_width(browser: Browser, base_url: str) -> None:
    """Chromium halves the space between two full-width marks (text-spacing-trim), which Figma's
    text cannot: each of the three characters takes its whole em."""
    _, doc = run(browser, base_url + "fonts.html")
    (marks,) = texts(by_id(doc, "punctuation"))
    assert marks.line_boxes[0].width == 60


def test_the_generic_monospace_is_drawn_by_cousine(browser: Browser, base_url: str) -> None:
    """It was DejaVu Sans Mono, whose cells are 0.3 % wider than those of Cousine, the family
    the design names for monospace: a code block measured another width in Figma."""
    _, doc = run(browser, base_url + "fonts.html")
    (code,) = texts(by_id(doc, "generic-mono"))
    assert code.rendered_font is not None and code.rendered_font.family == "Cousine"


def test_arrows_are_drawn_by_a_face_figma_has(browser: Browser, base_url: str) -> None:
    """DejaVu Sans drew them (13.4 px an arrow, where the design's Montserrat is 16 px)."""
    _, doc = run(browser, base_url + "fonts.html")
    (arrows,) = texts(by_id(doc, "arrows"))
    assert arrows.rendered_font is not None and arrows.rendered_font.family.lower() in google_families()
