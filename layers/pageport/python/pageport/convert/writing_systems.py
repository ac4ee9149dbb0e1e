"""Which writing system a character belongs to, and which Figma fonts can draw it.

Figma draws a character only with the family its run names; a Latin family given Japanese or
Arabic text shows missing glyphs. Browsers fall back per character to a font that has the
glyph; the design must name that font too. The families that cover each writing system are
Google's own subset lists (data/google_fonts.json, "subsets"); the fallback a run gets is the Noto
family for the script, as the browser's fallback usually is.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

_DATA = Path(__file__).with_name("data") / "google_fonts.json"

# Unicode blocks -> the Google subset whose fonts draw them. Latin, digits and punctuation are
# in every family and never force a fallback.
_RANGES: tuple[tuple[int, int, str], ...] = (
    (0x0370, 0x03FF, "greek"),
    (0x0400, 0x052F, "cyrillic"),
    (0x0590, 0x05FF, "hebrew"),
    (0x0600, 0x06FF, "arabic"),
    (0x0750, 0x077F, "arabic"),
    (0x08A0, 0x08FF, "arabic"),
    (0x0900, 0x097F, "devanagari"),
    (0x0980, 0x09FF, "bengali"),
    (0x0B80, 0x0BFF, "tamil"),
    (0x0E00, 0x0E7F, "thai"),
    (0x1100, 0x11FF, "korean"),
    (0x1780, 0x17FF, "khmer"),
    (0x3000, 0x303F, "cjk"),
    (0x3040, 0x30FF, "japanese"),
    (0x3130, 0x318F, "korean"),
    (0x31F0, 0x31FF, "japanese"),
    (0x3400, 0x4DBF, "cjk"),
    (0x4E00, 0x9FFF, "cjk"),
    (0xA8E0, 0xA8FF, "devanagari"),
    (0xAC00, 0xD7AF, "korean"),
    (0xF900, 0xFAFF, "cjk"),
    (0xFB1D, 0xFB4F, "hebrew"),
    (0xFB50, 0xFDFF, "arabic"),
    (0xFE70, 0xFEFF, "arabic"),
    (0xFF00, 0xFFEF, "cjk"),
)
# Han ideographs and CJK punctuation are in every CJK subset.
_CJK_SUBSETS = frozenset({"japanese", "korean", "chinese-simplified", "chinese-traditional", "chinese-hongkong"})

# The Noto family for a script: (sans, serif).
_NOTO: dict[str, tuple[str, str]] = {
    "greek": ("Noto Sans", "Noto Serif"),
    "cyrillic": ("Noto Sans", "Noto Serif"),
    "hebrew": ("Noto Sans Hebrew", "Noto Serif Hebrew"),
    "arabic": ("Noto Sans Arabic", "Noto Naskh Arabic"),
    "devanagari": ("Noto Sans Devanagari", "Noto Serif Devanagari"),
    "bengali": ("Noto Sans Bengali", "Noto Serif Bengali"),
    "tamil": ("Noto Sans Tamil", "Noto Serif Tamil"),
    "thai": ("Noto Sans Thai", "Noto Serif Thai"),
    "khmer": ("Noto Sans Khmer", "Noto Serif Khmer"),
    "korean": ("Noto Sans KR", "Noto Serif KR"),
    "japanese": ("Noto Sans JP", "Noto Serif JP"),
}
# Han text's family follows the document's language (the same ideograph differs by region).
_HAN_BY_LANG: tuple[tuple[str, tuple[str, str]], ...] = (
    ("ja", ("Noto Sans JP", "Noto Serif JP")),
    ("ko", ("Noto Sans KR", "Noto Serif KR")),
    ("zh-hk", ("Noto Sans HK", "Noto Serif HK")),
    ("zh-tw", ("Noto Sans TC", "Noto Serif TC")),
    ("zh-hant", ("Noto Sans TC", "Noto Serif TC")),
    ("zh", ("Noto Sans SC", "Noto Serif SC")),
)
# A page that names no language: Chromium draws its Han with fontconfig's first CJK face where
# capture runs, Noto Sans CJK JP (its Japanese forms).
_HAN_DEFAULT = ("Noto Sans JP", "Noto Serif JP")


def script_of(char: str) -> str | None:
    """The subset a character needs, or None for one every family draws (Latin, digits,
    punctuation, spaces) or one no Google subset names (emoji, symbols)."""
    code = ord(char)
    if code < 0x0370:
        return None
    for low, high, script in _RANGES:
        if low <= code <= high:
            return script
    return None


@lru_cache(maxsize=1)
def _subsets() -> dict[str, frozenset[str]]:
    families: dict[str, dict[str, list[str]]] = json.loads(_DATA.read_text(encoding="utf-8"))["families"]
    return {name: frozenset(entry.get("subsets", [])) for name, entry in families.items()}


def covers(family: str, script: str) -> bool | None:
    """Whether a Google family draws a script; None for a family Google does not list (a web
    font of the page's own: its coverage is unknown here)."""
    subsets = _subsets().get(family)
    if subsets is None:
        return None
    if script == "cjk":
        return bool(subsets & _CJK_SUBSETS)
    return script in subsets


@lru_cache(maxsize=1)
def script_only_families() -> frozenset[str]:
    """The fallback families (lower case) that draw one script and not Latin: a text drawn
    mostly by one of them was drawn by Chromium's per-character fallback."""
    pairs = [*_NOTO.values(), *(pair for _, pair in _HAN_BY_LANG), _HAN_DEFAULT]
    return frozenset(f.lower() for pair in pairs for f in pair) - {"noto sans", "noto serif"}


def fallback_family(script: str, lang: str | None) -> str:
    """The Noto Sans family that draws `script` (in the page's language for Han): the one
    Chromium's per-character fallback draws it with, in a serif run too."""
    if script == "cjk":
        code = (lang or "").lower()
        pair = next((p for prefix, p in _HAN_BY_LANG if code.startswith(prefix)), _HAN_DEFAULT)
    else:
        pair = _NOTO[script]
    return pair[0]
