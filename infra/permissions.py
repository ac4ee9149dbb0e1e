"""Who may touch what, in one table: the least-privilege contract of every function.

Anything not listed here is denied (roles start empty, see infra/lambdas.py). Workers never get
database access; only the functions in DATABASE_USERS sit in the VPC and may `rds-db:connect`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pageport.routes import BACKGROUND_FUNCTIONS, ROUTES, SIGN_IN_FUNCTIONS, WEBHOOK_FUNCTIONS, WORKER_QUEUES


@dataclass(frozen=True, slots=True)
class S3Access:
    mode: Literal["read", "write"]
    prefix: str  # e.g. "page-imports/"

    @property
    def actions(self) -> list[str]:
        if self.mode == "read":
            return ["s3:GetObject"]
        return ["s3:PutObject", "s3:AbortMultipartUpload"]


def read(prefix: str) -> S3Access:
    return S3Access("read", prefix)


def write(prefix: str) -> S3Access:
    return S3Access("write", prefix)


S3_ACCESS: dict[str, tuple[S3Access, ...]] = {
    # Workers read back what they write: a finished attempt's manifest (or a terminal
    # discovery status) means a duplicate message, which must not redo and overwrite it.
    "capture_worker": (read("page-imports/"), write("page-imports/")),
    "convert_worker": (read("page-imports/"), read("code2des/"), write("code2des/")),
    "discovery_worker": (read("discovery/"), write("discovery/")),
    "get_code2des_result": (read("code2des/"),),
    "get_batch_discovery": (read("discovery/"),),
    # page_discovery has no job table: its status is read from, and its failure (cancel, dead
    # letter, terminal dispatch failure) written to, discovery/{itemId}/status.json.
    # Every batch route answers with the batch's derived status (so reads it); the creating
    # routes also dispatch their own items and record a terminal send failure like the dispatcher.
    "create_batch": (read("discovery/"), write("discovery/")),
    "get_batch": (read("discovery/"),),
    "list_batch_items": (read("discovery/"),),
    "retry_batch": (read("discovery/"), write("discovery/")),
    "cancel_batch": (read("discovery/"), write("discovery/")),
    "dead_letter": (read("discovery/"), write("discovery/")),
    "dispatcher": (read("discovery/"), write("discovery/")),
    WEBHOOK_FUNCTIONS["page-imports"]: (read("page-imports/"),),
    WEBHOOK_FUNCTIONS["code2des"]: (read("code2des/"),),
}

# Who sends worker messages: the dispatcher, and creating routes that dispatch their own items
# right after commit (design.md, "Outbox and dispatch"). Values are WORKER_QUEUES names.
_ALL_QUEUES = tuple(WORKER_QUEUES.values())
QUEUE_SENDERS: dict[str, tuple[str, ...]] = {
    "dispatcher": _ALL_QUEUES,
    "create_page_import": ("capture",),
    "create_code2des": ("convert",),
    "create_batch": _ALL_QUEUES,
    "retry_batch": _ALL_QUEUES,
}

# Which worker calls which webhook (WEBHOOK_FUNCTIONS key) and under which variable.
WORKER_WEBHOOKS: dict[str, tuple[str, str]] = {
    "capture_worker": ("page-imports", "PAGE_IMPORT_WEBHOOK_URL"),
    "convert_worker": ("code2des", "CODE2DES_WEBHOOK_URL"),
}

# The sign-in sessions table (pageport/signin/store.py): exactly the item operations each uses.
# Refresh and sign-out talk only to the user pool's domain.
SIGN_IN_TABLE_ACCESS: dict[str, tuple[str, ...]] = {
    "create_sign_in_session": ("dynamodb:PutItem",),
    "sign_in_callback": ("dynamodb:DeleteItem", "dynamodb:UpdateItem"),
    "collect_sign_in_session": ("dynamodb:DeleteItem", "dynamodb:GetItem"),
    "refresh_sign_in": (),
    "sign_out": (),
}
assert set(SIGN_IN_TABLE_ACCESS) == SIGN_IN_FUNCTIONS

DATABASE_USERS: tuple[str, ...] = (
    # The sign-in routes run outside the VPC: they reach the user pool's hosted sign-in domain,
    # which no VPC endpoint serves (README, "Signing in").
    *(route.function for route in ROUTES if route.function not in SIGN_IN_FUNCTIONS),
    *WEBHOOK_FUNCTIONS.values(),
    *BACKGROUND_FUNCTIONS,
)

# Workers run outside the VPC on purpose: they fetch the public web.
assert not set(DATABASE_USERS) & set(WORKER_QUEUES), "workers must not reach the database"
assert not set(DATABASE_USERS) & SIGN_IN_FUNCTIONS, "sign-in functions run outside the VPC"
