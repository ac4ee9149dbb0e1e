"""The width of a wrapped paragraph's text box that keeps the page's line breaks in Figma.

Figma lays a paragraph out again with its own text engine: advances a percent off, or a hidden
element that took room on the page (a heading's `¶` link), and a word changes lines. The page's
lines bound the width that reproduces them: every line fits (its width), and no line could take
the next line's first word (the capture's `leadWord`). The container's width is kept when it is
within them; else the box takes the nearest width that is, with 2 % of slack on each side where
there is room (then it keeps its lines whichever way the advances differ by up to 2 %).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

SLACK = 0.02  # advances another engine may differ by, either way


def _lead_word(line: Any) -> float | None:
    """The width of the line's first word, when the line starts with a text fragment."""
    first = min((s for s in line.segments if s.line is not None), key=lambda s: s.line.x, default=None)
    if first is None or abs(first.line.x - line.left) > 1:
        return None
    lead: float | None = first.line.lead_word
    return lead


def keep_lines_span(lines: Sequence[Any], left: float, right: float, align: str) -> tuple[float, float]:
    """(left, right) of a paragraph's box whose width keeps `lines` (the page's) in Figma."""
    if len(lines) < 2 or align == "JUSTIFIED":
        return left, right
    widths = [ln.right - ln.left for ln in lines]
    needs = [w + lead for w, ln in zip(widths, lines[1:], strict=False) if (lead := _lead_word(ln)) is not None]
    widest, tightest = max(widths), min(needs, default=float("inf"))
    width = right - left
    # The container's width is kept where it gives the page's lines: repeats of one component
    # keep one width. Where it does not (something hidden took room on the page), the nearest
    # width that does, with the slack where there is room for it.
    if widest <= width < tightest or widest >= tightest:
        return left, right
    low, high = widest * (1 + SLACK), tightest * (1 - SLACK)
    fitted = min(max(width, low), high) if low <= high else (widest + tightest) / 2
    if align == "RIGHT":
        return right - fitted, right
    if align == "CENTER":
        centre = (left + right) / 2
        return centre - fitted / 2, centre + fitted / 2
    return left, left + fitted
