"""Who may touch what, in one table: the least-privilege contract of every function.

Anything not listed here is denied (roles start empty, see infra/lambdas.py). Workers never get
database access; only the functions in DATABASE_USERS sit in the VPC and may `rds-db:connect`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pageport import kinds
from pageport.cancellations import marker_prefix
from pageport.kinds.page_import import KIND as PAGE_IMPORT
from pageport.routes import BACKGROUND_FUNCTIONS, ROUTES, SIGN_IN_FUNCTIONS, WEBHOOK_FUNCTIONS, WORKER_QUEUES
from pageport.storage import DEAD_LETTER_PREFIX

# A page's sealed sign-in details (kinds/page_import/sealing.py): who seals them, who opens them.
SEALED_PREFIX = "page-imports/*/auth/"
PAGE_AUTH_SEALER = "create_page_import"
PAGE_AUTH_OPENER = PAGE_IMPORT.worker


_ACTIONS = {
    "read": ["s3:GetObject"],
    "write": ["s3:PutObject", "s3:AbortMultipartUpload"],
    # A page's sign-in details, sealed (tagged for the lifecycle rule) and deleted for good.
    "seal": ["s3:PutObject", "s3:PutObjectTagging"],
    "delete": ["s3:DeleteObject", "s3:DeleteObjectVersion"],
}


@dataclass(frozen=True, slots=True)
class S3Access:
    mode: Literal["read", "write", "seal", "delete"]
    prefix: str  # e.g. "page-imports/"

    @property
    def actions(self) -> list[str]:
        return _ACTIONS[self.mode]


def read(prefix: str) -> S3Access:
    return S3Access("read", prefix)


def write(prefix: str) -> S3Access:
    return S3Access("write", prefix)


# What every batch function does with a kind whose child status lives in S3 (page_discovery's
# status.json): every batch route answers with the batch's derived status (so reads it); the
# ones that fail children (cancel, dead letter, a terminal dispatch failure, including the
# creating routes that dispatch their own items) write it too.
_BATCH_READERS = ("get_batch", "list_batch_items")
_BATCH_WRITERS = ("create_batch", "retry_batch", "cancel_batch", "dead_letter", "dispatcher")


def _s3_access() -> dict[str, tuple[S3Access, ...]]:
    access: dict[str, list[S3Access]] = {}
    for kind in kinds.all_kinds():
        prefix = kind.s3_prefix
        # Workers read back what they write: a finished attempt's manifest (or a terminal
        # discovery status) means a duplicate message, which must not redo and overwrite it.
        access.setdefault(kind.worker, []).extend([read(prefix), *map(read, kind.worker_reads), write(prefix)])
        for function in kind.result_readers:
            access.setdefault(function, []).append(read(prefix))
        if kind.status_in_s3:
            for function in (*_BATCH_READERS, *_BATCH_WRITERS):
                access.setdefault(function, []).append(read(prefix))
            for function in _BATCH_WRITERS:
                access.setdefault(function, []).append(write(prefix))
        if kind.webhook is not None:
            access.setdefault(kind.webhook.function, []).append(read(prefix))
            # A dead letter whose attempt finished is recorded as its webhook would record it,
            # the manifest and artifacts read and checked (batches/lost_reports.py).
            access.setdefault("dead_letter", []).append(read(prefix))
        if kind.job_table is not None:
            # A cancel marks its children whose messages were sent; their worker reads the mark
            # before starting (pageport/cancellations.py).
            access.setdefault("cancel_batch", []).append(write(marker_prefix(prefix)))
            access[kind.worker].append(read(marker_prefix(prefix)))
    # Dead letters that name no job are kept whole for inspection (batches/dead_letters.py): the
    # dead-letter function writes them, nobody else touches them (people read them as admins).
    access.setdefault("dead_letter", []).append(write(DEAD_LETTER_PREFIX))
    # Pages behind a login (kinds/page_import/sealing.py): the creating route seals an import's
    # sign-in details under its prefix, its capture deletes them (their KMS key: PAGE_AUTH_*).
    access.setdefault(PAGE_AUTH_SEALER, []).append(S3Access("seal", SEALED_PREFIX))
    access.setdefault(PAGE_AUTH_OPENER, []).append(S3Access("delete", SEALED_PREFIX))
    return {function: tuple(sorted(set(grants), key=_grant_order)) for function, grants in access.items()}


def _grant_order(access: S3Access) -> tuple[str, str]:
    return (access.mode, access.prefix)  # reads before writes, then by prefix


S3_ACCESS: dict[str, tuple[S3Access, ...]] = _s3_access()

# Who sends worker messages: the dispatcher, and creating routes that dispatch their own items
# right after commit (design.md, "Outbox and dispatch"). Values are WORKER_QUEUES names.
_ALL_QUEUES = tuple(WORKER_QUEUES.values())
QUEUE_SENDERS: dict[str, tuple[str, ...]] = {
    "dispatcher": _ALL_QUEUES,
    "create_batch": _ALL_QUEUES,
    "retry_batch": _ALL_QUEUES,
    **{function: (kind.queue,) for kind in kinds.all_kinds() for function in kind.direct_senders},
}

# Which worker calls which webhook (WEBHOOK_FUNCTIONS key) and under which variable.
WORKER_WEBHOOKS: dict[str, tuple[str, str]] = {
    kind.worker: (kind.webhook.path, kind.webhook.url_variable) for kind in kinds.all_kinds() if kind.webhook
}

# The sign-in sessions table (pageport/signin/store.py): exactly the item operations each uses.
# Refresh and sign-out talk only to the user pool's domain.
SIGN_IN_TABLE_ACCESS: dict[str, tuple[str, ...]] = {
    "create_sign_in_session": ("dynamodb:PutItem",),
    # The callback checks the session is live (and ends it on the provider's error); the
    # confirmation reads it, counts wrong codes, takes the write side and seals the tokens.
    "sign_in_callback": ("dynamodb:DeleteItem", "dynamodb:GetItem"),
    "confirm_sign_in": ("dynamodb:DeleteItem", "dynamodb:GetItem", "dynamodb:UpdateItem"),
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
