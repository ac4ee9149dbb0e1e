"""Computed CSS values: the tokenizer (top-level splits), lengths in px and radii.

Computed values are already normalized by the browser (lengths in px, keywords lower-case), so
no cascade, no shorthands and no relative units besides % (resolved against the box here).
"""

from __future__ import annotations

import re
from functools import lru_cache

# A CSS number, and a function call `name(arguments)` (shared with colors and gradients).
NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?"
FUNCTION_RE = re.compile(r"^([a-z-]+)\((.*)\)$", re.S)
_LENGTH_RE = re.compile(rf"^({NUMBER})(px|%)?$")


class CssError(ValueError):
    """A value this module cannot interpret."""


def round_to(value: float, digits: int) -> float:
    """round(value, digits), exactly, without its cost for whole numbers.

    round() with digits goes through a decimal string (printf, then strtod); a whole number
    comes back unchanged (same value, type and sign of zero), and most layout values are
    whole px.
    """
    return value if value % 1.0 == 0.0 else round(value, digits)


def split_top(value: str, sep: str = ",") -> list[str]:
    """Split on sep outside parentheses and quotes; whitespace sep splits on any run of it."""
    return list(_split_top(value, sep))


_NESTING_RE = re.compile(r"""[()"']""")


@lru_cache(maxsize=4096)
def _split_top(value: str, sep: str) -> tuple[str, ...]:
    if not _NESTING_RE.search(value):  # nothing nested or quoted: a plain split
        if sep == " ":
            return tuple(value.split())
        if sep in value:
            return tuple(part.strip() for part in value.split(sep))
        value = value.strip()
        return (value,) if value else ()
    # Visit only separators, parentheses and quotes (a regex finds them), not every character.
    parts: list[str] = []
    depth = 0
    quote = ""
    start = 0
    for m in _separator_re(sep).finditer(value):
        ch = m.group()
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif depth == 0:
            part = value[start : m.start()].strip()
            if part or sep != " ":
                parts.append(part)
            start = m.end()
    last = value[start:].strip()
    if last or (sep != " " and parts):
        parts.append(last)
    return tuple(parts)


@lru_cache(maxsize=16)
def _separator_re(sep: str) -> re.Pattern[str]:
    """Parentheses, quotes and sep (for " ": any whitespace, as str.split and str.isspace)."""
    return re.compile(r"""[()"']|""" + (r"\s" if sep == " " else re.escape(sep)))


@lru_cache(maxsize=8192)
def px(value: str | None, basis: float = 0.0, default: float = 0.0) -> float:
    """A computed length ('12px', '0', '50%' against basis) in px."""
    if value is None:
        return default
    m = _LENGTH_RE.match(value.strip())
    if not m:
        return default
    number = float(m.group(1))
    return number * basis / 100.0 if m.group(2) == "%" else number


@lru_cache(maxsize=4096)
def is_length(token: str) -> bool:
    return bool(_LENGTH_RE.match(token.strip()))


def radius_pair(value: str | None, w: float, h: float) -> tuple[float, float]:
    """A border-*-radius computed value -> (horizontal, vertical) px."""
    if not value:
        return 0.0, 0.0
    tokens = value.split()
    rx = px(tokens[0], w)
    ry = px(tokens[1], h) if len(tokens) > 1 else (px(tokens[0], h) if "%" in tokens[0] else rx)
    return rx, ry
