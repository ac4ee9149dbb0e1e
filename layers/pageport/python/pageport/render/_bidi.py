"""The visual order of a line's words for the preview renderer: Figma lays right-to-left text out
by the Unicode bidirectional algorithm, so an Arabic line reads from the right with its embedded
Latin words ("user space") left to right inside it. The renderer draws word by word, so the
words are put in that order here; each word's own letters are shaped and ordered by raqm.

A simplified UBA: the paragraph's direction is that of its first strong character (as Figma's
and the browser's `dir=auto`); a word is right-to-left when it holds an Arabic or Hebrew letter,
left-to-right when it holds another letter or a digit; a neutral (a space, punctuation) between
two words of one direction takes it, else the paragraph's; then levels are reversed as rule L2
says (the highest first)."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TypeVar

_RTL = frozenset(("R", "AL"))
_LTR = frozenset(("L", "EN", "AN"))

Word = TypeVar("Word")


def _strong(text: str) -> str | None:
    """'R' or 'L' for the first strong character of `text`, None when it has none."""
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in _RTL:
            return "R"
        if kind == "L":
            return "L"
    return None


def is_rtl(text: str) -> bool:
    """A paragraph whose first strong character is right-to-left."""
    return _strong(text) == "R"


def _direction(text: str) -> str | None:
    kinds = {unicodedata.bidirectional(ch) for ch in text}
    if kinds & _RTL:
        return "R"
    if kinds & _LTR:
        return "L"
    return None


def direction(word: str) -> str | None:
    """raqm's direction for drawing one word: its own, so a bracket around Arabic is mirrored."""
    found = _direction(word)
    return None if found is None else ("rtl" if found == "R" else "ltr")


def visual_order(words: Sequence[Word], texts: Sequence[str], rtl: bool) -> list[Word]:
    """`words` (with their `texts`) of one line, left to right as drawn."""
    base = 1 if rtl else 0
    directions = [_direction(t) for t in texts]
    resolved: list[str] = []
    for i, d in enumerate(directions):
        if d is None:
            before = next((x for x in reversed(directions[:i]) if x), None)
            after = next((x for x in directions[i + 1 :] if x), None)
            d = before if before is not None and before == after else ("R" if rtl else "L")
        resolved.append(d)
    # Rules I1/I2: an R word on an even level goes up one, an L word on an odd level goes up one.
    levels = [base + (1 if (d == "R") != bool(base % 2) else 0) for d in resolved]
    order = list(range(len(words)))
    for level in range(max(levels, default=0), 0, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] >= level:
                j = i
                while j < len(order) and levels[order[j]] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return [words[i] for i in order]
