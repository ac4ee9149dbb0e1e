"""The viewport a Page Import is captured at: its request, its row and its worker message share it,
so the API bodies (`models`) and the worker protocol (`messages`) each load without the other."""

from __future__ import annotations

from pydantic import Field

from pageport.models.base import CamelRequest


class Viewport(CamelRequest):
    width: int = Field(ge=320, le=3840)
    height: int = Field(ge=240, le=4320)
