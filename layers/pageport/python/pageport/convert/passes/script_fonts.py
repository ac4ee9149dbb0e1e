"""Each character in a font that draws it: runs of a writing system the run's family lacks
(Japanese in Inter, Arabic in Arimo) get the Noto family for that script as a run of their own,
as the browser fell back per character. Figma draws missing glyphs as boxes otherwise.

Characters every family draws (Latin, digits, punctuation, spaces) stay in the run's family,
between two words of another script too: Chromium falls back only for the characters its face
lacks (the spaces of an Arabic title are Liberation Sans's, 5 % wider than Noto's). Then
every run names a style its family has: the browser slants a face with no italic (Noto Sans
JP, Noto Sans Arabic), Figma cannot, so such a run is upright in the result as in Figma.
"""

from __future__ import annotations

from typing import Any

from pageport.convert.fonts import best_style, family_styles, parse_style
from pageport.convert.nodes import walk_nodes
from pageport.convert.state import ConversionState
from pageport.convert.writing_systems import covers, fallback_family, script_of


def run(state: ConversionState) -> None:
    lang = state.doc.document.lang
    for node in walk_nodes(state.page):
        if node.get("type") == "TEXT" and node.get("characters"):
            _split_runs(state, node, lang)
            _styles_the_families_have(node)


def _styles_the_families_have(node: Any) -> None:
    """The base style and each run in a style of their family (a Google family's nearest)."""
    base: dict[str, Any] = node["style"]
    _fit_style(base, base)
    for diff in (node.get("styleOverrideTable") or {}).values():
        effective = {**base, **diff}
        _fit_style(effective, effective)
        for key in ("fontStyle", "fontWeight", "italic"):
            if effective[key] != base.get(key) or key in diff:
                diff[key] = effective[key]


def _fit_style(style: dict[str, Any], out: dict[str, Any]) -> None:
    """A run in a style its Google family lacks (Black in Cousine, italic in Noto Sans JP) takes
    the family's style Figma falls back to (the plugin's bestStyle: italic first, then nearest
    weight), and its weight is that style's, so that the result says what Figma draws."""
    styles = family_styles(str(style.get("fontFamily", "")))
    if not styles:
        return  # a web font of the page's own: its styles are the page's
    wanted = str(style.get("fontStyle", "Regular"))
    italic = bool(style.get("italic", False))
    weight = float(style.get("fontWeight", 400))
    named = {_squeezed(n): n for n in styles}
    if _squeezed(wanted) in named and parse_style(wanted)[1] == italic:
        chosen = wanted
    else:
        chosen = best_style(styles, weight, italic)
    chosen_weight, chosen_italic = parse_style(chosen)
    out["fontStyle"] = chosen
    out["fontWeight"], out["italic"] = float(chosen_weight), chosen_italic


def _squeezed(name: str) -> str:
    return name.replace(" ", "").lower()


def _fallbacks(text: str, families: list[str], lang: str | None) -> list[str | None]:
    """Per character, the family it must be drawn in instead of its run's (None: its run's)."""
    out: list[str | None] = [None] * len(text)
    for i, char in enumerate(text):
        script = script_of(char)
        if script is None or covers(families[i], script) is not False:
            continue
        out[i] = fallback_family(script, lang)
    return out


def _split_runs(state: ConversionState, node: Any, lang: str | None) -> None:
    text: str = node["characters"]
    base: dict[str, Any] = node["style"]
    table: dict[str, dict[str, Any]] = node.get("styleOverrideTable") or {}
    overrides: list[int] = list(node.get("characterStyleOverrides") or [])
    ids = overrides + [0] * (len(text) - len(overrides))
    families = [
        str(table.get(str(k), {}).get("fontFamily", base["fontFamily"])) if k else base["fontFamily"] for k in ids
    ]
    wanted = _fallbacks(text, families, lang)
    if not any(wanted):
        return
    new_ids: dict[tuple[int, str | None], int] = {}
    new_table: dict[str, dict[str, Any]] = {}
    per_char: list[int] = []
    for k, family in zip(ids, wanted, strict=True):
        key = (k, family)
        if key == (k, None) and k == 0:
            per_char.append(0)
            continue
        if key not in new_ids:
            new_ids[key] = len(new_ids) + 1
            diff = dict(table.get(str(k), {})) if k else {}
            if family is not None:
                diff["fontFamily"] = family
                # Chromium's per-character fallback draws the script's Regular face whatever the
                # weight asked (thickened for bold): Figma's Bold or Light would be another width.
                diff["fontWeight"], diff["fontStyle"] = 400.0, "Regular"
                # Its style is fitted to the family with every other run's (_fit_style).
                state.fonts.used.add(family)
            new_table[str(new_ids[key])] = diff
        per_char.append(new_ids[key])
    while per_char and per_char[-1] == 0:
        per_char.pop()
    node["characterStyleOverrides"] = per_char
    node["styleOverrideTable"] = new_table
