"""The database being unreachable is an outage, not a bug: a failover (RDS Multi-AZ takes 60 to
120 s; RDS Proxy shortens it and does not hide it), a restart, a proxy that cannot borrow a
connection. Every caller answers it the same way: the API with 503 `service_unavailable` and
`Retry-After` (clients wait it out), a webhook with 503 (the worker retries it), a scheduled run
by ending early (the next run resumes). It is logged once per process and outage, as one line
without a traceback, not once per request."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypeVar

import psycopg
from psycopg import errors as pg_errors

from pageport.errors import ServiceUnavailable
from pageport.logging import logger

RETRY_AFTER_S = 5  # what a 503 asks clients to wait before trying again
LOG_EVERY_S = 60.0  # an outage still going on is logged again this often

# Server-side SQLSTATEs that mean "not now": the server shutting down or restarting, not yet
# accepting connections, read-only while a failover promotes the standby, out of connections.
_UNAVAILABLE_STATES = (
    pg_errors.AdminShutdown,  # 57P01
    pg_errors.CrashShutdown,  # 57P02
    pg_errors.CannotConnectNow,  # 57P03
    pg_errors.ConnectionException,  # class 08
    pg_errors.ReadOnlySqlTransaction,  # 25006
    pg_errors.TooManyConnections,  # 53300
)


class DatabaseUnavailable(ServiceUnavailable):
    default_message = "The service is briefly unavailable. Please try again in a few seconds."
    retry_after_s = RETRY_AFTER_S


def database_unreachable(exc: BaseException) -> bool:
    """Whether `exc` (or what it was raised from) says the database cannot be reached now:
    a refused, reset or timed-out connection (psycopg's OperationalError without a SQLSTATE,
    or a connection it found closed), or a server state above."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, _UNAVAILABLE_STATES):
            return True
        if isinstance(current, psycopg.OperationalError) and current.sqlstate is None:
            return True
        if isinstance(current, psycopg.InterfaceError) and "closed" in str(current):
            return True
        current = current.__cause__  # only an explicit cause: a bug met while handling one is a bug
    return False


class _OutageLog:
    """One warning when an outage is first met, again every LOG_EVERY_S while it lasts."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._last = -LOG_EVERY_S
        self._since_logged = 0

    def seen(self, where: str, exc: BaseException) -> None:
        with self._lock:
            self._since_logged += 1
            now = time.monotonic()
            if now - self._last < LOG_EVERY_S:
                return
            self._last, count, self._since_logged = now, self._since_logged, 0
        logger.warning(
            "the database is unreachable",
            extra={"where": where, "error": type(exc).__name__, "occurrences": count},
        )


outage_log = _OutageLog()
T = TypeVar("T")


def unless_unreachable(where: str, action: Callable[[], T]) -> T | None:
    """Run `action`; if the database cannot be reached, log that (once per outage) and return
    None: a scheduled run ends early, and the next one resumes where it would have."""
    try:
        return action()
    except Exception as exc:
        if unavailable(exc, where) is None:
            raise
        return None


def unavailable(exc: BaseException, where: str) -> DatabaseUnavailable | None:
    """The 503 to answer for `exc` if it is an outage (logged as one), else None."""
    if not database_unreachable(exc):
        return None
    outage_log.seen(where, exc)
    return DatabaseUnavailable()
