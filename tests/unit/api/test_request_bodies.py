"""The request body cap against the largest valid batches, computed without a database (the
bodies themselves, through the API: tests/integration/api/test_request_bodies.py)."""

from __future__ import annotations

import json
import math
import uuid
from typing import Any

from pageport.batches.models import BatchCreateRequest
from pageport.kinds.code2des.models import Code2DesRequest
from pageport.kinds.code2des.variants import VariantRequest
from pageport.kinds.page_import.models import PageImportRequest
from pageport.kinds.page_import.viewport import Viewport
from pageport.models.conversion import ConversionOptions
from pageport.web import MAX_BODY_BYTES
from pydantic import BaseModel

from devstack.apigw import match, rest_event

# Lambda's synchronous invocation payload limit (the whole event, not just the body).
LAMBDA_SYNC_PAYLOAD_BYTES = 6 * 1024 * 1024


def _limit(model: type[BaseModel], alias: str, keyword: str) -> Any:
    """A bound as the OpenAPI document states it (`maxLength`, `maximum`, `maxItems`)."""
    schema = model.model_json_schema()["properties"][alias]
    for option in (schema, *schema.get("anyOf", [])):
        if keyword in option:
            return option[keyword]
    raise AssertionError(f"{model.__name__}.{alias} has no {keyword}")


def _maximal_page_import_item(selector_char: str = "m") -> dict[str, Any]:
    prefix = "https://example.com/"
    return {
        "url": prefix + "a" * (_limit(PageImportRequest, "url", "maxLength") - len(prefix)),
        "viewport": {"width": _limit(Viewport, "width", "maximum"), "height": _limit(Viewport, "height", "maximum")},
        # The longest spelling of a valid scale factor.
        "deviceScaleFactor": math.nextafter(_limit(PageImportRequest, "deviceScaleFactor", "maximum"), 0),
        "readySelector": selector_char * _limit(PageImportRequest, "readySelector", "maxLength"),
    }


def _maximal_code2des_item() -> dict[str, Any]:
    strings = [alias for alias in _aliases(Code2DesRequest) if alias not in ("options", "variants", "breakpoint")]
    item: dict[str, Any] = {alias: "x" * _limit(Code2DesRequest, alias, "maxLength") for alias in strings}
    # Every option, each spelled as its longest value.
    item["options"] = dict.fromkeys(_aliases(ConversionOptions), False)
    # The most variants, each with the longest id and breakpoint name (its pattern's bound).
    breakpoint_name = "b" * 32
    variant = {"pageImportId": "x" * _limit(VariantRequest, "pageImportId", "maxLength"), "breakpoint": breakpoint_name}
    item["variants"] = [variant] * _limit(Code2DesRequest, "variants", "maxItems")
    item["breakpoint"] = breakpoint_name
    return item


def _aliases(model: type[BaseModel]) -> list[str]:
    return list(model.model_json_schema()["properties"])


def _maximal_batch(item: dict[str, Any], type_: str) -> dict[str, Any]:
    count = _limit(BatchCreateRequest, "requests", "maxItems")
    return {"id": str(uuid.uuid4()), "type": type_, "requests": [item] * count}


def test_the_body_cap_is_above_every_maximal_batch_and_below_lambdas_limit():
    largest = 0
    for body in (
        _maximal_batch(_maximal_page_import_item(), "page_import"),
        # Every selector character sent as a \uXXXX escape.
        _maximal_batch(_maximal_page_import_item(selector_char="\u00e9"), "page_import"),
        _maximal_batch(_maximal_code2des_item(), "code2des"),
    ):
        for raw in (json.dumps(body, separators=(",", ":")), json.dumps(body, indent=2)):
            largest = max(largest, len(raw))
    assert 2 * 1024 * 1024 < largest < MAX_BODY_BYTES
    # The event API Gateway hands Lambda wraps the body (escaped, with headers and context).
    route, params, _ = match("POST", "/projects/1/page-batches")
    assert route is not None
    event = rest_event(route, "/projects/1/page-batches", params, body="x" * MAX_BODY_BYTES, claims={"sub": "u"})
    assert len(json.dumps(event)) < LAMBDA_SYNC_PAYLOAD_BYTES
