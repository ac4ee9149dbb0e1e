"""What the API bodies of ../shared/api.md share: status codes and field types. Each kind's
bodies are in its package (`pageport.kinds.<kind>.models`), the batch bodies in
`pageport.batches.models`."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, StringConstraints

Status = Literal["0", "1", "2"]
ItemStatus = Literal["0", "1", "2", "3"]


NonEmpty255 = Annotated[str, StringConstraints(min_length=1, max_length=255, strip_whitespace=True)]

CANONICAL_UUID = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"


def _canonical_uuid(value: str) -> str:
    # Stored and compared exactly as sent: another spelling would be another batch id.
    if re.fullmatch(CANONICAL_UUID, value) is None:
        raise ValueError(
            "must be a UUID in canonical form: lowercase hex digits and hyphens, 8-4-4-4-12 "
            "(e.g. 0192f8a4-7c3e-7a11-8f00-2b5c4d6e7f80)"
        )
    return value


ClientUuid = Annotated[
    str,
    AfterValidator(_canonical_uuid),
    Field(
        description="A UUID chosen by the client, in canonical lowercase hyphenated form",
        json_schema_extra={"format": "uuid", "pattern": CANONICAL_UUID},
    ),
]
