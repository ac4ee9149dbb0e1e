"""Which font family a TEXT node names, so that the plugin can load it.

The plugin can load a family that Figma ships (its Google Fonts catalogue and a few others) or
one the page itself served as a web font (captured, so it can be uploaded alongside the design).
Anything else (system fonts such as Helvetica or Segoe UI) gets a recorded fallback: a metric
compatible Figma font where one exists, else Inter.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from pageport.convert.css import split_top

FALLBACK_FAMILY = "Inter"

# Families available in every Figma file (a curated subset of its bundled Google Fonts).
FIGMA_FAMILIES: frozenset[str] = frozenset(
    f.lower()
    for f in (
        "Inter",
        "Roboto",
        "Roboto Condensed",
        "Roboto Flex",
        "Roboto Mono",
        "Roboto Serif",
        "Roboto Slab",
        "Open Sans",
        "Lato",
        "Montserrat",
        "Poppins",
        "Source Sans 3",
        "Source Sans Pro",
        "Source Serif 4",
        "Source Serif Pro",
        "Source Code Pro",
        "Noto Sans",
        "Noto Serif",
        "Noto Sans Mono",
        "Noto Sans JP",
        "Noto Sans KR",
        "Noto Sans SC",
        "Noto Sans TC",
        "Raleway",
        "Nunito",
        "Nunito Sans",
        "Ubuntu",
        "Ubuntu Mono",
        "Merriweather",
        "Merriweather Sans",
        "Playfair Display",
        "PT Sans",
        "PT Serif",
        "PT Mono",
        "Oswald",
        "Rubik",
        "Work Sans",
        "Fira Sans",
        "Fira Code",
        "Fira Mono",
        "IBM Plex Sans",
        "IBM Plex Serif",
        "IBM Plex Mono",
        "DM Sans",
        "DM Serif Display",
        "DM Mono",
        "Manrope",
        "Mulish",
        "Karla",
        "Space Grotesk",
        "Space Mono",
        "JetBrains Mono",
        "Libre Baskerville",
        "Libre Franklin",
        "Lora",
        "Quicksand",
        "Barlow",
        "Josefin Sans",
        "Bebas Neue",
        "Cabin",
        "Arimo",
        "Tinos",
        "Cousine",
        "Heebo",
        "Hind",
        "Inconsolata",
        "Archivo",
        "Outfit",
        "Plus Jakarta Sans",
        "Sora",
        "Lexend",
        "Figtree",
        "Urbanist",
        "Epilogue",
        "Red Hat Display",
        "Red Hat Text",
        "Crimson Text",
        "EB Garamond",
        "Cormorant Garamond",
        "Bitter",
        "Arvo",
        "Titillium Web",
        "Exo 2",
        "Overpass",
        "Assistant",
        "Mukta",
        "Kanit",
        "Prompt",
        "Barlow Condensed",
        "Dosis",
        "Varela Round",
        "Comfortaa",
        "Pacifico",
        "Dancing Script",
        "Caveat",
        "Zilla Slab",
        "Public Sans",
        "Be Vietnam Pro",
        "Albert Sans",
        "Onest",
        "Geist",
        "Geist Mono",
    )
)

# System fonts with a metric-compatible (or close) family in Figma's catalogue.
_SUBSTITUTES = {
    "arial": "Arimo",
    "helvetica": "Arimo",
    "helvetica neue": "Arimo",
    "liberation sans": "Arimo",
    "times": "Tinos",
    "times new roman": "Tinos",
    "liberation serif": "Tinos",
    "georgia": "Tinos",
    "courier": "Cousine",
    "courier new": "Cousine",
    "liberation mono": "Cousine",
    "menlo": "Roboto Mono",
    "monaco": "Roboto Mono",
    "consolas": "Roboto Mono",
    "sf mono": "Roboto Mono",
    "dejavu sans mono": "Roboto Mono",
    "segoe ui": "Inter",
    "-apple-system": "Inter",
    "blinkmacsystemfont": "Inter",
    "system-ui": "Inter",
    "sf pro text": "Inter",
    "sf pro display": "Inter",
    "dejavu sans": "Noto Sans",
    "dejavu serif": "Noto Serif",
}
_GENERICS = {
    "serif": "Tinos",
    "sans-serif": "Arimo",
    "monospace": "Cousine",
    "ui-sans-serif": "Inter",
    "ui-serif": "Tinos",
    "ui-monospace": "Roboto Mono",
    "cursive": "Caveat",
    "fantasy": "Pacifico",
    "math": "Noto Serif",
    "emoji": "Inter",
    "fangsong": "Noto Serif",
}


def _canonical(name: str) -> str:
    return name.strip().strip("\"'").strip()


class FontResolver:
    """Resolves CSS font-family lists; remembers what it used and what it replaced."""

    def __init__(self, web_families: Iterable[str]):
        self._web = {_canonical(f).lower(): _canonical(f) for f in web_families}
        self.used: set[str] = set()
        self.fallbacks: dict[str, str] = {}  # requested family -> used family
        self._cache: dict[str, tuple[str, str | None]] = {}

    def resolve(self, font_family: str) -> tuple[str, str | None]:
        """(family for Figma, replaced family or None when the page's own family is kept)."""
        hit = self._cache.get(font_family)
        if hit is None:
            hit = self._resolve(font_family)
            self._cache[font_family] = hit
        family, replaced = hit
        self.used.add(family)
        if replaced is not None:
            self.fallbacks.setdefault(replaced, family)
        return hit

    def _resolve(self, font_family: str) -> tuple[str, str | None]:
        names = [_canonical(n) for n in split_top(font_family) if _canonical(n)]
        for name in names:
            key = name.lower()
            if key in self._web:
                return self._web[key], None
            if key in FIGMA_FAMILIES:
                return _title(name), None
        first = names[0] if names else ""
        for name in names:
            key = name.lower()
            if key in _SUBSTITUTES:
                return _SUBSTITUTES[key], first or name
            if key in _GENERICS:
                return _GENERICS[key], first or name
        return FALLBACK_FAMILY, first or "(none)"


def _title(name: str) -> str:
    """Figma's spelling of a catalogue family ('open sans' -> 'Open Sans')."""
    special = {"pt": "PT", "ibm": "IBM", "dm": "DM", "eb": "EB"}
    return " ".join(special.get(w.lower(), w[:1].upper() + w[1:]) for w in name.split())


_STYLE_NAMES = {
    100: "Thin",
    200: "Extra Light",
    300: "Light",
    400: "Regular",
    500: "Medium",
    600: "Semi Bold",
    700: "Bold",
    800: "Extra Bold",
    900: "Black",
}


@lru_cache(maxsize=256)
def style_name(weight: float, italic: bool) -> str:
    """Figma fontStyle name for a numeric weight ('Semi Bold Italic'). Cached: pure, few inputs."""
    base = _STYLE_NAMES[min(_STYLE_NAMES, key=lambda k: abs(k - weight))]
    if italic:
        return "Italic" if base == "Regular" else f"{base} Italic"
    return base
