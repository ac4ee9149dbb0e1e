"""Decimal numbers written by someone else (paths, cursors, headers, ports)."""

from __future__ import annotations


def ascii_int(text: str) -> int | None:
    """The non-negative integer `text` spells in ASCII digits, else None. `str.isdigit` alone
    also accepts digits such as "²" that `int` refuses, which turned such input into crashes."""
    return int(text) if text.isascii() and text.isdigit() else None
