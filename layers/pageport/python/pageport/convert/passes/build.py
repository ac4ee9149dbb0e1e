"""Pass "build": the element walk (convert.tree) makes the page FRAME and everything in it."""

from __future__ import annotations

from pageport.convert.state import ConversionState
from pageport.convert.tree import page_root


def run(state: ConversionState) -> None:
    state.root = page_root(state)
