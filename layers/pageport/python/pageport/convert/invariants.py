"""What every result keeps, whatever the page: checks that return the breaks they find.

- a bound value is the value: each variable a paint or field is bound to holds, in the mode the
  node shows (every mode, for a collection of one), the value the node has;
- nothing invisible is drawn: no TEXT node holds a text the page hid from readers (display:none,
  visibility:hidden, opacity:0, clipped to nothing, the 1x1 px sr-only pattern) unless the page
  also shows that text;
- every text is set in a font Figma has (a Google Fonts family, or a web font the page served,
  named as the page named it), and every character in a family that draws its writing system.

Placement (the plugin's read-back equals the result) is checked on the plugin's side
(plugin/test/roundtrip-corpus.test.ts). Each break is one line naming the node and what differs.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from pageport.convert.fonts import google_families
from pageport.convert.writing_systems import covers, script_of

# A colour channel or a px value equal to the node's within this: the result rounds both.
_COLOR_TOLERANCE = 1 / 255 + 1e-6
_PX_TOLERANCE = 0.01

_FIELDS = {
    "topLeftRadius": lambda n: _radius(n, 0),
    "topRightRadius": lambda n: _radius(n, 1),
    "bottomRightRadius": lambda n: _radius(n, 2),
    "bottomLeftRadius": lambda n: _radius(n, 3),
}


def _radius(node: Mapping[str, Any], corner: int) -> float:
    radii = node.get("rectangleCornerRadii")
    return float(radii[corner]) if radii else float(node.get("cornerRadius") or 0)


def _walk(node: Mapping[str, Any], modes: Mapping[str, str]) -> Iterator[tuple[Mapping[str, Any], Mapping[str, str]]]:
    """Every node with the variable modes it shows (its own explicit modes over its parent's)."""
    own = {**modes, **(node.get("explicitVariableModes") or {})}
    yield node, own
    for child in node.get("children") or []:
        yield from _walk(child, own)


def _all_roots(document: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    yield document["document"]
    for component in (document.get("components") or {}).values():
        if component.get("node"):
            yield component["node"]


def binding_breaks(document: Mapping[str, Any]) -> list[str]:
    """Bound fields whose variable does not hold the node's value (or does not exist)."""
    variables: Mapping[str, Any] = document.get("variables") or {}
    collections: Mapping[str, Any] = document.get("variableCollections") or {}
    breaks: list[str] = []

    def value_of(alias: Mapping[str, Any], modes: Mapping[str, str]) -> list[tuple[str, Any]]:
        variable = variables.get(alias.get("id", ""))
        if variable is None:
            return []
        collection = collections.get(variable["variableCollectionId"], {})
        shown = modes.get(variable["variableCollectionId"])
        mode_ids = (
            [shown] if shown else [m["modeId"] for m in collection.get("modes", [])] or list(variable["valuesByMode"])
        )
        return [(variable["name"], variable["valuesByMode"].get(mode)) for mode in mode_ids]

    for root in _all_roots(document):
        for node, modes in _walk(root, {}):
            what = f"{node.get('id')} {node.get('name', '')!r}"
            paints = [*(node.get("fills") or []), *(node.get("strokes") or [])]
            if node.get("type") == "TEXT":
                paints += (node.get("style") or {}).get("fills") or []
            for paint in paints:
                alias = (paint.get("boundVariables") or {}).get("color")
                if not alias:
                    continue
                values = value_of(alias, modes)
                if not values:
                    breaks.append(f"{what}: paint bound to missing variable {alias.get('id')}")
                for name, value in values:
                    color = paint.get("color") or {}
                    if value is None or any(abs(value[c] - color.get(c, 0)) > _COLOR_TOLERANCE for c in "rgb"):
                        breaks.append(f"{what}: paint {color} bound to {name!r} = {value}")
            for field, alias in (node.get("boundVariables") or {}).items():
                values = value_of(alias, modes)
                if not values:
                    breaks.append(f"{what}: {field} bound to missing variable {alias.get('id')}")
                raw = _FIELDS[field](node) if field in _FIELDS else node.get(field, 0)
                for name, value in values:
                    if not isinstance(value, (int, float)) or abs(float(value) - float(raw or 0)) > _PX_TOLERANCE:
                        breaks.append(f"{what}: {field} {raw} bound to {name!r} = {value}")
    return breaks


def _texts(document: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    for root in _all_roots(document):
        for node, _ in _walk(root, {}):
            if node.get("type") == "TEXT":
                yield node


def _normalized(text: str) -> str:
    return " ".join(text.split())


def hidden_text_breaks(document: Mapping[str, Any], hidden: Iterable[str], shown: Iterable[str]) -> list[str]:
    """TEXT nodes that hold a text the page hid from readers and never showed (a hidden text
    is shown too when the page's visible texts, in order, spell it: "Clarence" "Taylor")."""
    page = " ".join(_normalized(t) for t in shown)
    only_hidden = {t for t in map(_normalized, hidden) if t and t not in page}
    breaks = []
    for node in _texts(document):
        characters = _normalized(node.get("characters", ""))
        if characters in only_hidden:
            breaks.append(f"{node.get('id')}: draws {characters[:60]!r}, which the page hides")
    return breaks


def _runs(node: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """(family, character) for every character of a TEXT node."""
    base = node.get("style") or {}
    table = node.get("styleOverrideTable") or {}
    overrides = node.get("characterStyleOverrides") or []
    for i, char in enumerate(node.get("characters", "")):
        k = overrides[i] if i < len(overrides) else 0
        family = (table.get(str(k)) or {}).get("fontFamily") if k else None
        yield str(family or base.get("fontFamily", "")), char


def font_breaks(document: Mapping[str, Any], web_families: Iterable[str] = ()) -> list[str]:
    """Texts named in a family Figma does not have, or with characters their family cannot draw."""
    google = set(google_families().values())
    web = {f.lower() for f in web_families}
    breaks: list[str] = []
    for node in _texts(document):
        missing: dict[str, set[str]] = {}
        for family, char in _runs(node):
            if family not in google and family.lower() not in web:
                breaks.append(f"{node.get('id')}: family {family!r} is neither a Google family nor the page's web font")
                break
            script = script_of(char)
            if script is not None and covers(family, script) is False:
                missing.setdefault(f"{family} lacks {script}", set()).add(char)
        for what, chars in missing.items():
            breaks.append(f"{node.get('id')}: {what} ({''.join(sorted(chars))[:12]!r})")
    return breaks
