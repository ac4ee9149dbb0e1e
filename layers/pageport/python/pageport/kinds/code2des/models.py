"""Code2Des's bodies: its request, materialization and responses (api.md), and its table row.
Its worker message, webhook and manifest: `messages`."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import ConfigDict, Field, WithJsonSchema, model_validator

from pageport.kinds.code2des.variants import MAX_VARIANTS, BreakpointName, Variant, VariantRequest
from pageport.models.api import NonEmpty255, Status
from pageport.models.base import CamelModel, CamelRequest, UtcDatetime
from pageport.models.conversion import DEFAULT_OPTIONS, ConversionOptions
from pageport.models.rows import AuditedRow


class Code2DesRequest(CamelRequest):
    page_import_id: NonEmpty255
    figma_file_key: NonEmpty255
    screen_id: NonEmpty255
    placement_target: NonEmpty255 | None = None
    # Absent (not a default object) unless sent, so a request without options keeps the same
    # canonical form, and batch requestHash, it had before options existed.
    options: ConversionOptions | None = Field(
        default=None, description="What the conversion makes of the page; every option is on when absent."
    )
    # A site design (absent unless sent, like options): further completed captures of the same
    # page, each a variant of one component set with this request's capture.
    variants: list[VariantRequest] | None = Field(
        default=None,
        min_length=1,
        max_length=MAX_VARIANTS,
        description="Further captures of the same page (other viewports, the other colour scheme): one design "
        "with a variant per capture, breakpoints as variants and light/dark as variable modes.",
    )
    breakpoint: BreakpointName | None = Field(
        default=None, description="With variants: the breakpoint name of pageImportId's capture."
    )

    @model_validator(mode="after")
    def _variants_are_other_captures(self) -> Code2DesRequest:
        if self.breakpoint is not None and not self.variants:
            raise ValueError("breakpoint names a variant of a site design: send it with variants")
        ids = [self.page_import_id, *(v.page_import_id for v in self.variants or [])]
        if len(set(ids)) != len(ids):
            raise ValueError("each variant is another Page Import: a capture appears twice")
        return self

    @property
    def conversion_options(self) -> ConversionOptions:
        return self.options or DEFAULT_OPTIONS

    @property
    def page_import_ids(self) -> list[str]:
        """Every capture the design is made of, this request's own first."""
        return [self.page_import_id, *(v.page_import_id for v in self.variants or [])]


class MaterializationRequest(CamelRequest):
    """What a first PUT …/materialization must send."""

    node_id: NonEmpty255


class MaterializationBody(CamelModel):
    """The first successful call needs `nodeId`; once a placement is stored, every later call
    gets it back unchanged, whatever it sends."""

    # Refuses nothing, so a later call never fails validation (api.md); the handler checks a
    # first call against MaterializationRequest.
    model_config = ConfigDict(extra="allow")

    node_id: Annotated[
        Any,
        WithJsonSchema(
            {
                "type": "string",
                "minLength": 1,
                "maxLength": 255,
                "description": "The Figma node the result was placed as; required on the first call, "
                "then ignored whatever its value",
            }
        ),
    ] = None


class Code2DesOut(CamelModel):
    code2des_id: str
    project_id: int
    organization_id: int
    page_import_id: str
    figma_file_key: str
    screen_id: str
    placement_target: str | None
    options: ConversionOptions
    variants: list[Variant] = Field(description="A site design's variants, pageImportId's first; empty for one page.")
    status: Status
    attempt: int
    result_url: str | None
    warning_count: int | None
    error_message: str | None
    materialized_at: UtcDatetime | None
    materialized_node_id: str | None
    created_at: UtcDatetime
    updated_at: UtcDatetime
    created_by: str
    updated_by: str


class Code2DesResultOut(CamelModel):
    code2des_id: str
    warning_count: int | None
    document: dict[str, Any] | None = Field(description="The Figma node tree; on image pages after the first, null")
    images: dict[str, str] = Field(description="Image hash -> base64 bytes, for the images on this page")
    next_cursor: str | None = Field(description="Present when more images remain: pass as ?cursor=")


class Code2DesRow(AuditedRow):
    id: str
    organization_id: int
    project_id: int
    page_import_id: str
    figma_file_key: str
    screen_id: str
    placement_target: str | None
    conversion_options: ConversionOptions = DEFAULT_OPTIONS  # '{}' in the row: every option at its default
    variants: list[Variant] = Field(default_factory=list)  # '[]' in the row: one page
    status: str
    attempt: int
    nonce: str
    result_url: str | None
    warning_count: int | None
    error_message: str | None
    materialized_at: datetime | None
    materialized_node_id: str | None


def code2des_out(row: Code2DesRow) -> Code2DesOut:
    return Code2DesOut.of(row, code2des_id=row.id, options=row.conversion_options)
