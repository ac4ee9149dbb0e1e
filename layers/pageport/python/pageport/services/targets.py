"""A request's target URL (a Page Import's page, a discovery's homepage), normalized or refused
with api.md's 422. Its own module: only the functions that take a URL load the URL rules."""

from __future__ import annotations

from pageport.errors import ValidationFailed, field_error
from pageport.netguard.urls import TargetUrlError, normalize_target_url


def normalized_url(raw: str, *, allow_private: bool, loc: list[str | int]) -> str:
    try:
        return normalize_target_url(raw, allow_private=allow_private)
    except TargetUrlError as exc:
        raise ValidationFailed(str(exc), details=[field_error(loc, str(exc))]) from None
