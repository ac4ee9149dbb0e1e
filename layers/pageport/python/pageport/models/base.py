from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Self

from pydantic import BaseModel, ConfigDict, PlainSerializer, WithJsonSchema, field_validator
from pydantic.alias_generators import to_camel


def _iso_z(value: datetime) -> str:
    return value.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


# api.md: "Timestamps: ISO 8601 UTC with Z".
UtcDatetime = Annotated[
    datetime,
    PlainSerializer(_iso_z, return_type=str, when_used="json"),
    WithJsonSchema({"type": "string", "format": "date-time"}),  # the serializer's str says no format
]


def camel_alias(name: str) -> str:
    # to_camel would spell code2des_id as "code2DesId"; api.md says "code2desId".
    return to_camel(name).replace("code2Des", "code2des")


class CamelModel(BaseModel):
    """JSON is camelCase, Python is snake_case; unknown fields are refused, not ignored."""

    # Validators are built when the class is made, at INIT: never `defer_build`, which moves that
    # work to the first request (after a SnapStart restore, every copy's). A function keeps its
    # INIT lean by importing only the models it uses (docs/architecture.md, "Cold start").
    model_config = ConfigDict(alias_generator=camel_alias, populate_by_name=True, extra="forbid", frozen=True)

    def to_json_dict(self) -> dict[str, object]:
        return self.model_dump(mode="json", by_alias=True)

    @classmethod
    def of(cls, source: object, **differing: Any) -> Self:
        """This body with each field taken from `source`'s attribute of the same name, but for
        the fields in `differing` (named or shaped otherwise in api.md)."""
        same = {name: getattr(source, name) for name in cls.model_fields if name not in differing}
        return cls(**same, **differing)


class CamelRequest(CamelModel):
    """A body a client sends. Types are JSON's, strictly: "1440" is not a width and true is not
    a scale factor (an int is still a valid number). PostgreSQL text cannot hold NUL, so no string
    field of any request model (nested ones are request models too) may contain one: 422 naming it."""

    model_config = ConfigDict(strict=True)

    @field_validator("*")
    @classmethod
    def _no_nul(cls, value: object) -> object:
        if isinstance(value, str) and "\x00" in value:
            raise ValueError("must not contain NUL (\\u0000) characters")
        return value
