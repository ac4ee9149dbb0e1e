"""What every worker message and webhook shares. Each kind's message and webhook payload are in
its package (`pageport.kinds.<kind>.models`).

A message carries the source request and the correlation fence (id, attempt, nonce); never a
database credential. Workers echo the fence in the webhook and in the manifest.
"""

from __future__ import annotations

from typing import Literal, Protocol

Outcome = Literal["succeeded", "failed"]


class JobFence(Protocol):
    """The correlation fence of a job-table kind's message or manifest, whatever the kind calls
    its id field (`page_import_id`, `code2des_id`)."""

    @property
    def job_id(self) -> str: ...

    @property
    def attempt(self) -> int: ...

    @property
    def nonce(self) -> str: ...
