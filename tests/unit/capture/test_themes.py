"""Which theme switch of a page's stylesheets a capture sets for a colour scheme."""

from __future__ import annotations

import pytest
from pageport.capture.themes import page_switch


@pytest.mark.parametrize(
    ("css", "scheme", "label"),
    [
        ('[data-theme="dark"] body { color: #fff }', "dark", '[data-theme="dark"]'),
        ("html[data-bs-theme=dark] { }", "dark", '[data-bs-theme="dark"]'),
        (":is(.dark *) .card { } .dark .x { }", "dark", ".dark"),
        ("body.dark-mode { background: #000 }", "dark", ".dark-mode"),
        ("[data-theme='light'] { }", "light", '[data-theme="light"]'),
    ],
)
def test_the_pages_own_switch_is_found(css: str, scheme: str, label: str) -> None:
    found = page_switch(scheme, [css])
    assert found is not None and found.label == label


@pytest.mark.parametrize(
    ("css", "scheme"),
    [
        (".dark-text { color: #000 } .darken { }", "dark"),  # other classes that start alike
        ("@media (prefers-color-scheme: dark) { body { } }", "dark"),  # the media query needs no switch
        (".light { font-weight: 300 }", "light"),  # a bare .light is a weight, not a theme
        ('[data-theme="dark"] { }', "light"),
    ],
)
def test_no_switch_is_set_where_the_page_has_none(css: str, scheme: str) -> None:
    assert page_switch(scheme, [css]) is None
