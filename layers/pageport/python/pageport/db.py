"""PostgreSQL connections: `DATABASE_URL`, RDS Proxy with IAM auth, or an embedded server.

Options suit RDS Proxy: no server-side prepared statements (`prepare_threshold=None`, which
would pin the proxy connection), `SET LOCAL` only, TLS required, short connect timeout.

A Lambda container keeps one connection across invocations (per thread: see `_Instance`), and
the proxy may close it while the container idles (its idle client timeout), which the container
only learns on its next round trip. No ping is spent on every request to find out; instead the
first round trip of a request is retried once on a fresh connection when the connection turns
out to be gone, and only where that cannot repeat a write (see `read` and `retrying`).
"""

from __future__ import annotations

import functools
import threading
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

import psycopg
from psycopg import sql
from psycopg.rows import dict_row

from pageport.settings import Settings, get_settings

Connection = psycopg.Connection[dict[str, Any]]
Cursor = psycopg.Cursor[dict[str, Any]]
T = TypeVar("T")


class StaleConnection(psycopg.OperationalError):
    """The shared connection was found closed at the very start of an operation, before any of
    its statements reached the server: running the operation again on a fresh connection is safe."""


# Set by `retrying` while its operation has sent nothing yet (per thread, like the connection).
_untouched = threading.local()


class SharedConnection(psycopg.Connection[dict[str, Any]]):
    """The container's connection. It tells `retrying` whether a failure came from the first
    thing its operation did: the BEGIN of its first transaction (nothing of the transaction ran)."""

    def cursor(self, *args: Any, **kwargs: Any) -> Any:
        # A statement outside a transaction may be a write in autocommit: once one was sent,
        # a failure can no longer be told apart from a partial write.
        _untouched.armed = False
        return super().cursor(*args, **kwargs)

    @contextmanager
    def transaction(
        self, savepoint_name: str | None = None, force_rollback: bool = False
    ) -> Iterator[psycopg.Transaction]:
        first = getattr(_untouched, "armed", False)
        _untouched.armed = False
        with ExitStack() as stack:
            try:
                tx = stack.enter_context(super().transaction(savepoint_name, force_rollback))
            except psycopg.OperationalError as exc:
                if first and self.broken:
                    raise StaleConnection(str(exc)) from exc
                raise
            yield tx


class _Instance(threading.local):
    """The connection "the container" keeps. A Lambda container runs one invocation at a time
    in one thread; the local stack runs many at once, one per handler thread, so a thread is an
    instance here and each has its own connection (a psycopg connection is not for two
    concurrent transactions)."""

    cached: SharedConnection | None = None


_instance = _Instance()


def conninfo(settings: Settings | None = None) -> str:
    settings = settings or get_settings()
    if settings.database_url:
        return settings.database_url
    if settings.db_host:
        return _rds_proxy_conninfo(settings)
    return embedded_conninfo(settings.pageport_data_dir / "postgres")


def _rds_proxy_conninfo(settings: Settings) -> str:
    password = ""
    if settings.db_iam_auth:
        import boto3  # only the in-VPC Lambdas pay for this import

        password = boto3.client("rds", region_name=settings.aws_region).generate_db_auth_token(
            DBHostname=settings.db_host, Port=settings.db_port, DBUsername=settings.db_user
        )
    return (
        f"postgresql://{quote(settings.db_user)}:{quote(password, safe='')}@{settings.db_host}:"
        f"{settings.db_port}/{settings.db_name}?sslmode=require&connect_timeout=5"
        "&application_name=pageport"
    )


def _pgserver() -> Any:
    # Not in the Lambda layer. Its import resolves a runtime dir it never uses here and warns
    # when XDG_RUNTIME_DIR is unset (CI, containers): that warning is noise for every caller.
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
        import pgserver
    return pgserver


def embedded_server_class() -> Any:
    """pgserver's server class (its lock guards the handle count), imported without the warning."""
    return _pgserver().postgres_server.PostgresServer


def embedded_conninfo(data_dir: Path) -> str:
    """Start (or reuse) an embedded PostgreSQL in `data_dir`; local stack and tests only."""
    pgserver = _pgserver()
    data_dir.mkdir(parents=True, exist_ok=True)
    # "stop": the server stops when this process exits (or on stop_embedded).
    server = pgserver.get_server(data_dir, cleanup_mode="stop")
    uri: str = server.get_uri()
    return uri


def stop_embedded(data_dir: Path) -> None:
    _pgserver().get_server(data_dir).cleanup()


def connect(info: str | None = None) -> Connection:
    return psycopg.connect(info or conninfo(), row_factory=dict_row, prepare_threshold=None, autocommit=True)


def shared_connection() -> Connection:
    """One connection per Lambda container, re-opened when it is known to be closed (a failure
    seen earlier); one the proxy closed unseen is found, and replaced, by `read`/`retrying`."""
    cached = _instance.cached
    if cached is None or cached.closed:
        cached = _instance.cached = SharedConnection.connect(
            conninfo(), row_factory=dict_row, prepare_threshold=None, autocommit=True
        )
    return cached


def _lost(exc: psycopg.OperationalError) -> bool:
    """A connection-level failure of the shared connection (not, say, a cancelled query)."""
    cached = _instance.cached
    return isinstance(exc, StaleConnection) or (cached is not None and cached.broken)


def read(query: Callable[[Cursor], T]) -> T:
    """Run read-only statements in autocommit on the shared connection. If the connection turns
    out to be gone, reconnect and run them once more: a read has no effect to repeat. The API's
    caller check is every request's first round trip, so it finds a closed connection at no cost."""
    try:
        with reading() as cur:
            return query(cur)
    except psycopg.OperationalError as exc:
        if not _lost(exc):
            raise
    close_shared_connection()
    with reading() as cur:
        return query(cur)


def retrying(operation: Callable[[], T]) -> T:
    """Run an operation on `shared_connection()` (fetched inside `operation`); if the BEGIN of
    its first transaction fails because the connection is gone, and it sent nothing before, run
    it once more on a fresh connection. Never after a statement or a COMMIT was sent: that
    failure may follow a partial or even a committed write, which a retry would repeat."""
    _untouched.armed = _instance.cached is not None  # a fresh connection has just proved itself
    try:
        return operation()
    except StaleConnection:
        close_shared_connection()
    finally:
        _untouched.armed = False
    return operation()


@contextmanager
def transaction(conn: Connection | None = None) -> Iterator[Cursor]:
    """A transaction on the container's connection (autocommit outside blocks); rolled back on any exception."""
    conn = conn or shared_connection()
    with conn.transaction(), conn.cursor() as cur:
        yield cur


@functools.cache
def _copy_statement(table: str, columns: tuple[str, ...]) -> bytes:
    return (
        sql.SQL("COPY {} ({}) FROM STDIN")
        .format(sql.Identifier(table), sql.SQL(", ").join(map(sql.Identifier, columns)))
        .as_bytes(None)
    )


def copy_rows(cur: Cursor, table: str, columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    """Write `rows` into `table` with one COPY, in the caller's transaction: the bulk-load path,
    with no statement or parameter list per row to build and parse. COPY returns nothing, so
    the caller makes the ids (pageport.ids) and anything else it must know about the rows.
    Values as COPY's text format takes them: a JSON column's value is its JSON text."""
    with cur.copy(_copy_statement(table, tuple(columns))) as copy:
        for row in rows:
            copy.write_row(row)


@contextmanager
def reading(conn: Connection | None = None) -> Iterator[Cursor]:
    """Autocommit statements for reads: one round trip each, no BEGIN/COMMIT around them."""
    conn = conn or shared_connection()
    with conn.cursor() as cur:
        yield cur


def close_shared_connection() -> None:
    """Close this thread's (this instance's) connection."""
    cached, _instance.cached = _instance.cached, None
    if cached is not None and not cached.closed:
        cached.close()
