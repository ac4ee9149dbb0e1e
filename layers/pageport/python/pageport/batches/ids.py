"""A batch's id is the client's UUID within its project, not across every tenant.

`batch.id` (the seed's PRIMARY KEY, varchar(255)) holds `<project id>:<client UUID>`, so two
projects may choose the same UUID and neither learns that the other did: before, a create under
an id another tenant had used answered 409 and so revealed it. Routes and views speak the client
UUID alone; only this module turns one into the other (the batch service at its edges). A
retry's `request_hash` is the SHA-256 of its source's stored id (batch_view.RETRY_OF_SQL).
"""

from __future__ import annotations

SEPARATOR = ":"


def stored(project_id: int, client_id: str) -> str:
    """The row id of the batch a project calls `client_id`."""
    return f"{project_id}{SEPARATOR}{client_id}"


def shown(stored_id: str) -> str:
    """The id the project knows the batch by."""
    return stored_id.rpartition(SEPARATOR)[2]
