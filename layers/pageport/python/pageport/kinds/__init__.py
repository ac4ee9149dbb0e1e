"""Job kinds: one package per kind (`pageport.kinds.<name>`), found by scanning this package.

A kind's package holds everything that is that kind: its request and response models, rows and
SQL, service, batch operation (`operation.py`, the registry entry), worker job, artifacts and
manifest, and webhook outcome handling. Its `__init__` holds only its descriptor, `KIND`, so
whatever lists the kinds (queues, settings, the route table, the CDK stack, the local stack,
the tests' clean-up) reads them without importing the database driver, Chromium or the registry.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any


@dataclass(frozen=True, slots=True)
class JobAccess:
    """The S3 prefixes one job may read and write: the session policy of the credentials its
    message carries (pageport/workers/scoped.py). A writer reads back what it writes. Also the
    prefixes it may delete under, and the KMS encryption contexts it may decrypt under."""

    job_id: str
    reads: tuple[str, ...] = ()
    writes: tuple[str, ...] = ()
    deletes: tuple[str, ...] = ()
    decrypts: tuple[tuple[str, str], ...] = ()  # (context key, value) pairs, each its own grant


# A worker message as stored and sent (its JSON, camelCase) -> the access its job needs.
AccessOf = Callable[[Mapping[str, Any]], JobAccess]


@dataclass(frozen=True, slots=True)
class Webhook:
    """The function URL a kind's worker reports its outcome to."""

    function: str  # the webhook function's name ("page_import_webhook"; code: functions/webhook)
    path: str  # its key: the local gateway's /_webhooks/{path}, the CDK output's name

    @property
    def url_variable(self) -> str:
        """The worker's variable naming the webhook's URL (settings.webhook_url reads it)."""
        return f"{self.function.removesuffix('_webhook').upper()}_WEBHOOK_URL"


@dataclass(frozen=True, slots=True)
class Kind:
    """What the rest of the system needs to know of a kind, without importing its code."""

    name: str  # the batch `type` and the registry key
    queue: str  # its worker queue's logical name, and the `kind` of its worker messages
    worker: str  # the worker function's name (every kind's code: functions/worker/handler.py)
    s3_prefix: str  # where its artifacts live ("page-imports/")
    # Its worker runs in the Chromium container image (infra/images/worker.Dockerfile), not as a zip.
    chromium_image: bool
    worker_timeout_s: int = 120  # the worker's timeout unless the stage file sets one
    webhook: Webhook | None = None  # None: the worker publishes to S3 only (page_discovery)
    job_table: str | None = None  # None: no table of its own (the batch item is the job)
    # S3 prefixes of other kinds its worker reads (code2des reads the Page Import's capture).
    worker_reads: tuple[str, ...] = ()
    # The kind's own create routes, which publish their job right after commit.
    direct_senders: tuple[str, ...] = ()
    # Functions that read its results from S3 (a result route), beyond the batch routes.
    result_readers: tuple[str, ...] = ()
    # Its child status lives in S3, not a table: every batch function reads (and the ones that
    # fail children write) its prefix.
    status_in_s3: bool = False
    # What one job of it may reach in S3, from its worker message: whoever sends the message
    # mints credentials scoped to exactly this (the worker cannot mint any).
    s3_access: AccessOf = field(kw_only=True)

    @property
    def job_role_variable(self) -> str:
        """The senders' variable naming the role a job's credentials are minted from."""
        return f"{self.name.upper()}_JOB_ROLE_ARN"

    @property
    def package(self) -> str:
        return f"{__name__}.{self.name}"

    @property
    def queue_url_variable(self) -> str:
        return f"{self.queue.upper()}_QUEUE_URL"


@cache
def all_kinds() -> tuple[Kind, ...]:
    """Every kind, by name. A package here without a leading underscore is a kind."""
    found: list[Kind] = []
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg and not module.name.startswith("_"):
            kind = importlib.import_module(f"{__name__}.{module.name}").KIND
            if not isinstance(kind, Kind) or kind.name != module.name:
                raise TypeError(f"{__name__}.{module.name}.KIND must be a Kind named {module.name!r}")
            found.append(kind)
    return tuple(sorted(found, key=lambda kind: kind.name))


def names() -> list[str]:
    return [kind.name for kind in all_kinds()]


class UnknownKind(LookupError):
    pass


def by_name(name: str) -> Kind:
    found = next((kind for kind in all_kinds() if kind.name == name), None)
    if found is None:
        raise UnknownKind(f"no job kind {name!r}; known: {', '.join(names())}")
    return found


# The one variable that makes the shared worker and webhook handlers (functions/worker,
# functions/webhook) one kind's function; set per function by infra/ and the local stack.
KIND_VARIABLE = "PAGEPORT_KIND"


def from_environment() -> Kind:
    """The kind this function serves, read at cold start: a missing or unknown kind fails INIT."""
    name = os.environ.get(KIND_VARIABLE, "")
    if not name:
        raise UnknownKind(f"{KIND_VARIABLE} is not set; it names this function's job kind ({', '.join(names())})")
    return by_name(name)


def by_queue(queue: str) -> Kind:
    return next(kind for kind in all_kinds() if kind.queue == queue)
