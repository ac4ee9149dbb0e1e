"""A batch's id is the client's UUID within its organization (its tenant), not across tenants.

`batch.id` (the seed's PRIMARY KEY, varchar(255)) holds `<organization id>:<client UUID>`, so two
tenants may choose the same UUID and neither learns that the other did: before, a create under
an id another tenant had used answered 409 and so revealed it. Within one organization the
contract holds as written: the same id in another of its projects is still a 409
(`batch_id_conflict`). Routes and views speak the client UUID alone; only this module turns one
into the other (the batch service at its edges). A retry's `request_hash` is the SHA-256 of its
source's stored id (batch_view.RETRY_OF_SQL).
"""

from __future__ import annotations

SEPARATOR = ":"


def stored(organization_id: int, client_id: str) -> str:
    """The row id of the batch an organization calls `client_id`."""
    return f"{organization_id}{SEPARATOR}{client_id}"


def shown(stored_id: str) -> str:
    """The id the tenant knows the batch by."""
    return stored_id.rpartition(SEPARATOR)[2]
