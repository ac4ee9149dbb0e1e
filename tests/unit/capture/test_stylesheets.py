"""stylesheets: @font-face sources and cross-origin ::before/::after selectors from CSS text."""

from __future__ import annotations

from pageport.capture.stylesheets import font_face_sources, pseudo_content_selectors

SHEET = """
@font-face { font-family: "Brand Sans"; src: url(fonts/brand.woff2) format("woff2"), url('/b.woff'); }
@font-face { font-family: NoSource; font-weight: 700; }
/* .commented::before { content: "x" } */
.badge::before, .x { content: "New"; color: red }
a:hover::after { color: blue }
@media print { p::after { content: "" } }
"""


def test_font_face_sources_are_absolute_per_lowercase_family() -> None:
    assert font_face_sources(SHEET, "https://cdn.test/css/site.css") == {
        "brand sans": ["https://cdn.test/css/fonts/brand.woff2", "https://cdn.test/b.woff"]
    }


def test_pseudo_selectors_that_set_content_skip_comments_and_others() -> None:
    selectors = pseudo_content_selectors(SHEET)
    assert ".badge::before, .x" in selectors
    assert not any("commented" in s or "hover" in s for s in selectors)
