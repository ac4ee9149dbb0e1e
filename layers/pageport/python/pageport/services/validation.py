"""Request validation shared by the single-job routes and the batch operations: one place
decides what a valid Page Import, Code2Des or discovery request is."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from pageport.errors import ValidationFailed, field_error
from pageport.netguard.urls import TargetUrlError, normalize_target_url

ModelT = TypeVar("ModelT", bound=BaseModel)


def details_of(exc: ValidationError, prefix: list[str | int]) -> list[dict[str, Any]]:
    return [field_error([*prefix, *err["loc"]], err["msg"]) for err in exc.errors()]


def parse_model(model: type[ModelT], raw: Any, prefix: list[str | int] | None = None) -> ModelT:
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise ValidationFailed(details=details_of(exc, prefix or [])) from None


def normalized_url(raw: str, *, allow_private: bool, loc: list[str | int]) -> str:
    try:
        return normalize_target_url(raw, allow_private=allow_private)
    except TargetUrlError as exc:
        raise ValidationFailed(str(exc), details=[field_error(loc, str(exc))]) from None
