"""Live progress on one terminal line (carriage return), or a line per change when the output
is not a terminal (logs, CI, tests)."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Mapping
from typing import IO

SPINNER = "|/-\\"


class Progress:
    def __init__(self, stream: IO[str] | None = None) -> None:
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self._last = ""
        self._ticks = 0
        self._open = False

    def update(self, text: str, volatile: str = "") -> None:
        """`volatile` (elapsed time, spinner) is shown on a terminal but never causes a line."""
        if self.tty:
            self._ticks += 1
            line = f"{SPINNER[self._ticks % len(SPINNER)]} {text}{volatile}"
            width = shutil.get_terminal_size((100, 20)).columns - 1
            self.stream.write("\r" + line[:width].ljust(width))
            self.stream.flush()
            self._open = True
        elif text != self._last:
            self.stream.write(text + "\n")
            self.stream.flush()
        self._last = text

    def done(self, text: str | None = None) -> None:
        if self._open:
            self.stream.write("\r" + " " * (shutil.get_terminal_size((100, 20)).columns - 1) + "\r")
            self._open = False
        if text:
            self.stream.write(text + "\n")
        self.stream.flush()


def bar(done: int, total: int, width: int = 30) -> str:
    filled = round(width * done / total) if total else width
    return "[" + "#" * filled + "." * (width - filled) + "]"


def batch_line(counts: Mapping[str, int]) -> str:
    """The derived counts of a batch (api.md), read leniently: a newer API may add figures."""
    c = {key: int(counts.get(key, 0)) for key in ("total", "completed", "failed", "cancelled", "running", "queued")}
    finished = c["completed"] + c["failed"] + c["cancelled"]
    return (
        f"{bar(finished, c['total'])} {finished}/{c['total']} done: {c['completed']} completed, "
        f"{c['failed']} failed, {c['cancelled']} cancelled; {c['running']} running, {c['queued']} queued"
    )
