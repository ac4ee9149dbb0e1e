"""What a Code2Des request may switch off in its conversion: ConversionOptions.

It travels from the request (API body, batch item, CLI flags, the plugin's toggles) through the
job's row and its worker message to `convert_capture`, which runs only the passes it enables.
Every option is on by default: a design a designer can work in. Off, each gives back the
converter's plain output for that concern (absolute positions, raw values, no components).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel


class ConversionOptions(BaseModel):
    """Strict JSON booleans, camelCase on the wire; unknown keys are refused (a typo is a 422)."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="forbid", frozen=True, strict=True)

    tokens: bool = Field(
        default=True,
        description="Colours, type, radii, spacing and shadows as variables and styles every node is bound to.",
    )
    components: bool = Field(
        default=True, description="Repeated elements (cards, nav items, buttons) as one component with instances."
    )
    auto_layout: bool = Field(
        default=True,
        description="Auto layout wherever Figma's layout keeps every child in place (flex, block flow, grid); "
        "off: every frame keeps absolute positions.",
    )


DEFAULT_OPTIONS = ConversionOptions()
