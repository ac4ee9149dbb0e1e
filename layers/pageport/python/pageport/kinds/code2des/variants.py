"""A Code2Des request's variants: further captures of the same page (other breakpoints, the
other colour scheme) that make one site design with its `pageImportId` (convert.site).

Each capture is a variant named by its breakpoint (the request's own name, else its viewport's:
desktop, tablet or mobile) and its theme (the Page Import's colour scheme). The request is
refused, naming the variant, where a capture is of another page or two captures would be the
same variant.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from pageport.errors import ValidationFailed, field_error
from pageport.kinds.page_import.models import PageImportRow
from pageport.models.api import NonEmpty255
from pageport.models.base import CamelModel, CamelRequest

# Besides the request's own capture: up to 6, e.g. 3 breakpoints x 2 themes. The job's scoped
# credentials name each capture's prefix, and STS takes session policies of 2,048 characters.
MAX_VARIANTS = 5
# Figma variant values: kept to a plain slug so "breakpoint=<name>" parses as one property.
BreakpointName = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]{0,31}$")]
Theme = Literal["light", "dark"]
# The narrowest viewport width of each named breakpoint, widest first.
_BREAKPOINTS = ((1024, "desktop"), (768, "tablet"), (0, "mobile"))


class VariantRequest(CamelRequest):
    page_import_id: NonEmpty255
    breakpoint: BreakpointName | None = Field(
        default=None, description="The variant's breakpoint name; by default its viewport's: desktop, tablet, mobile."
    )


class Variant(CamelModel):
    """A resolved variant, as the row keeps it and the lifecycle shows it."""

    page_import_id: str
    breakpoint: str
    theme: Theme


def breakpoint_of(viewport_width: int) -> str:
    return next(name for low, name in _BREAKPOINTS if viewport_width >= low)


def resolve(
    primary: str,
    primary_breakpoint: str | None,
    variants: Sequence[VariantRequest],
    ready: Mapping[str, PageImportRow],
) -> list[Variant]:
    """The design's variants, the request's own capture first; every capture must be in
    `ready`. Raises ValidationFailed naming each variant that cannot be one."""
    wanted = [(primary, primary_breakpoint), *((v.page_import_id, v.breakpoint) for v in variants)]
    resolved: list[Variant] = []
    errors: list[dict[str, object]] = []
    seen: dict[tuple[str, str], int] = {}
    page = ready[primary].source_url
    for index, (page_import_id, name) in enumerate(wanted):
        where: list[str | int] = ["pageImportId"] if index == 0 else ["variants", index - 1, "pageImportId"]
        row = ready[page_import_id]
        if row.source_url != page:
            errors.append(field_error(where, f"a capture of another page ({row.source_url}, not {page})"))
            continue
        variant = Variant(
            page_import_id=page_import_id,
            breakpoint=name or breakpoint_of(row.viewport_width),
            theme="dark" if row.color_scheme == "dark" else "light",
        )
        key = (variant.breakpoint, variant.theme)
        if key in seen:
            message = (
                f"the same variant as {'pageImportId' if seen[key] == 0 else f'variants[{seen[key] - 1}]'} "
                f"(breakpoint={key[0]}, theme={key[1]}): give it a breakpoint name of its own"
            )
            errors.append(field_error(where[:-1] if index else where, message))
            continue
        seen[key] = index
        resolved.append(variant)
    if errors:
        raise ValidationFailed(details=errors)
    return resolved
