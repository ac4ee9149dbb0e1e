"""Request validation shared by the single-job routes, the batch operations and the webhooks:
a model's errors as api.md's 422 details. (A target URL's rules: services.targets.)"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from pageport.errors import ValidationFailed, field_error

ModelT = TypeVar("ModelT", bound=BaseModel)


def details_of(exc: ValidationError, prefix: list[str | int]) -> list[dict[str, Any]]:
    return [field_error([*prefix, *err["loc"]], err["msg"]) for err in exc.errors()]


def parse_model(model: type[ModelT], raw: Any, prefix: list[str | int] | None = None) -> ModelT:
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise ValidationFailed(details=details_of(exc, prefix or [])) from None
