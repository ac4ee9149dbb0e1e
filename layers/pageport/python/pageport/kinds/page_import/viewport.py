"""The viewport a Page Import is captured at: its request, its row and its worker message share it,
so the API bodies (`models`) and the worker protocol (`messages`) each load without the other."""

from __future__ import annotations

from pydantic import Field

from pageport.models.base import CamelRequest

# The sizes a capture accepts, in CSS pixels: a phone's narrowest to a 4K screen's widest.
WIDTH_RANGE = (320, 3840)
HEIGHT_RANGE = (240, 4320)


class Viewport(CamelRequest):
    width: int = Field(ge=WIDTH_RANGE[0], le=WIDTH_RANGE[1])
    height: int = Field(ge=HEIGHT_RANGE[0], le=HEIGHT_RANGE[1])
