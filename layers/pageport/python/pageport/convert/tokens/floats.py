"""FLOAT tokens: corner radii (`radius/8`, `radius/full`) and spacing steps (`spacing/16`),
named by the page's custom property of that length where it has one, ordered by value.
Spacing is tokenized in whole and half pixels only: a gap read off the geometry (15.63 px)
stays a plain value rather than a token no designer would pick."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

PILL = 500.0  # a radius this large draws a pill / circle whatever the size


def is_step(value: float) -> bool:
    return abs(value * 2 - round(value * 2)) < 0.005


def _label(value: float) -> str:
    return f"{value:g}"


def float_names(
    kind: str, values: Sequence[float], properties: Sequence[tuple[str, float, Sequence[str]]]
) -> dict[float, tuple[str, str | None]]:
    """`kind/<value>` (or `kind/<custom property>`) for each value, and the custom property
    that holds it (its code syntax). `properties`: (name, length, uses)."""
    use = "radius" if kind == "radius" else "spacing"
    by_length: dict[float, list[str]] = {}
    for name, length, uses in properties:
        if use in uses:
            by_length.setdefault(round(length, 2), []).append(name)
    out: dict[float, tuple[str, str | None]] = {}
    for value in sorted(set(values)):
        css = sorted(by_length.get(round(value, 2), []))
        if css:
            out[value] = (f"{kind}/{css[0].lstrip('-')}", css[0])
        elif kind == "radius" and value >= PILL:
            out[value] = (f"{kind}/full", None)
        else:
            out[value] = (f"{kind}/{_label(value)}", None)
    return _unique(out)


def _unique(names: Mapping[float, tuple[str, str | None]]) -> dict[float, tuple[str, str | None]]:
    seen: set[str] = set()
    out: dict[float, tuple[str, str | None]] = {}
    for value, (name, css) in names.items():
        candidate, n = name, 2
        while candidate in seen:
            candidate = f"{name}-{n}"
            n += 1
        seen.add(candidate)
        out[value] = (candidate, css)
    return out
