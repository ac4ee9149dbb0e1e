"""Light or dark: the colour scheme a capture asks for, and the page's own theme switch.

The browser context emulates `prefers-color-scheme` (Playwright's `color_scheme`), which is all
a page with `@media (prefers-color-scheme: dark)` needs. Many sites instead (or as well) switch
themes with an attribute or class on `<html>` that a toggle script sets: `data-theme="dark"`,
Bootstrap's `data-bs-theme`, Tailwind's `.dark`. Where the page's stylesheets select such a
switch for the wanted scheme, the capture sets it on `<html>` and `<body>` before the page is
scrolled and walked, as the page's own toggle would, and removes the other scheme's class.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

ColorScheme = Literal["light", "dark"]
SCHEMES: tuple[ColorScheme, ...] = ("light", "dark")


@dataclass(frozen=True)
class ThemeSwitch:
    """One way a page switches themes: an attribute with a value, or a class."""

    attribute: str  # "class" for a class switch
    value: str

    @property
    def label(self) -> str:
        return f".{self.value}" if self.attribute == "class" else f'[{self.attribute}="{self.value}"]'

    def pattern(self) -> re.Pattern[str]:
        if self.attribute == "class":
            # `.dark` as a class of its own: not `.dark-text` or `.darken`.
            return re.compile(rf"\.{re.escape(self.value)}(?![\w-])")
        attribute, value = re.escape(self.attribute), re.escape(self.value)
        return re.compile(rf"\[\s*{attribute}\s*[~|^]?=\s*[\"']?{value}[\"']?\s*[is]?\s*\]")


_ATTRIBUTES = ("data-theme", "data-bs-theme", "data-color-scheme", "data-color-mode", "data-mode")
# A bare `.light` is too often a font weight or a button variant to be taken for a theme.
_CLASSES = {"dark": ("dark", "dark-mode", "theme-dark"), "light": ("light-mode", "theme-light")}


def switches(scheme: ColorScheme) -> list[ThemeSwitch]:
    """Every switch the capture looks for, in the order it prefers them."""
    return [ThemeSwitch(a, scheme) for a in _ATTRIBUTES] + [ThemeSwitch("class", c) for c in _CLASSES[scheme]]


def page_switch(scheme: ColorScheme, stylesheets: Iterable[str]) -> ThemeSwitch | None:
    """The first switch for `scheme` some stylesheet selects, if any."""
    sheets = list(stylesheets)
    for candidate in switches(scheme):
        pattern = candidate.pattern()
        if any(pattern.search(css) for css in sheets):
            return candidate
    return None


# Inline <style> text and same-origin sheets' rules (cross-origin sheets come from the network).
_STYLE_TEXTS_JS = """() => {
  const out = [];
  for (const sheet of Array.from(document.styleSheets)) {
    try { out.push(Array.from(sheet.cssRules).map((r) => r.cssText).join("\\n")); } catch (e) { /* cross-origin */ }
  }
  return out;
}"""

_APPLY_JS = """({attribute, value, others}) => {
  for (const el of [document.documentElement, document.body]) {
    if (!el) continue;
    if (attribute === "class") { el.classList.remove(...others); el.classList.add(value); }
    else if (el === document.documentElement) el.setAttribute(attribute, value);
  }
}"""


def apply_color_scheme(page: Any, scheme: ColorScheme, network_css: Iterable[str]) -> ThemeSwitch | None:
    """Set the page's own switch for `scheme` where its stylesheets have one; the switch set."""
    texts = [*page.evaluate(_STYLE_TEXTS_JS), *network_css]
    found = page_switch(scheme, texts)
    if found is None:
        return None
    other = next(s for s in SCHEMES if s != scheme)
    page.evaluate(_APPLY_JS, {"attribute": found.attribute, "value": found.value, "others": [*_CLASSES[other], other]})
    return found
