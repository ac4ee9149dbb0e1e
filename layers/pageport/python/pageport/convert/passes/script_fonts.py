"""Each character in a font that draws it: runs of a writing system the run's family lacks
(Japanese in Inter, Arabic in Arimo) get the Noto family for that script as a run of their own,
as the browser fell back per character. Figma draws missing glyphs as boxes otherwise.

Characters every family draws (Latin, digits, punctuation, spaces) stay in the run's family,
except between two characters of one fallback script, which keeps a phrase in one face.
"""

from __future__ import annotations

from typing import Any

from pageport.convert.fonts import family_styles, google_categories, style_name
from pageport.convert.nodes import walk_nodes
from pageport.convert.state import ConversionState
from pageport.convert.writing_systems import covers, fallback_family, script_of


def run(state: ConversionState) -> None:
    lang = state.doc.document.lang
    for node in walk_nodes(state.page):
        if node.get("type") == "TEXT" and node.get("characters"):
            _split_runs(state, node, lang)


def _fallbacks(text: str, families: list[str], lang: str | None, serif: list[bool]) -> list[str | None]:
    """Per character, the family it must be drawn in instead of its run's (None: its run's)."""
    out: list[str | None] = [None] * len(text)
    scripts = [script_of(c) for c in text]
    last: tuple[int, str] | None = None  # the last fallback character: its index and family
    for i, script in enumerate(scripts):
        if script is None or covers(families[i], script) is not False:
            continue
        family = fallback_family(script, serif[i], lang)
        out[i] = family
        if last is not None and last[1] == family and all(s is None for s in scripts[last[0] + 1 : i]):
            for j in range(last[0] + 1, i):
                if families[j] == families[i]:
                    out[j] = family
        last = (i, family)
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
    categories = google_categories()
    serif = [categories.get(f.lower()) == "serif" for f in families]
    wanted = _fallbacks(text, families, lang, serif)
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
                weight = float(diff.get("fontWeight", base.get("fontWeight", 400)))
                italic = bool(diff.get("italic", base.get("italic", False)))
                diff["fontFamily"] = family
                diff["fontStyle"] = _available_style(family, weight, italic)
                state.fonts.used.add(family)
            new_table[str(new_ids[key])] = diff
        per_char.append(new_ids[key])
    while per_char and per_char[-1] == 0:
        per_char.pop()
    node["characterStyleOverrides"] = per_char
    node["styleOverrideTable"] = new_table


def _available_style(family: str, weight: float, italic: bool) -> str:
    """The family's style nearest the run's (Noto CJK families have no italics)."""
    styles = family_styles(family)
    wanted = style_name(weight, italic)
    if not styles or wanted in styles:
        return wanted
    upright = style_name(weight, False)
    return upright if upright in styles else ("Regular" if "Regular" in styles else styles[0])
