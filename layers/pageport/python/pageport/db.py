"""PostgreSQL connections: `DATABASE_URL`, RDS Proxy with IAM auth, or an embedded server.

Options suit RDS Proxy: no server-side prepared statements (`prepare_threshold=None`, which
would pin the proxy connection), `SET LOCAL` only, TLS required, short connect timeout.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import psycopg
from psycopg.rows import dict_row

from pageport.settings import Settings, get_settings

Connection = psycopg.Connection[dict[str, Any]]
Cursor = psycopg.Cursor[dict[str, Any]]

_cached: Connection | None = None


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
    """One connection per Lambda container, re-opened when it broke between invocations."""
    global _cached
    if _cached is None or _cached.closed or _cached.broken:
        _cached = connect()
    return _cached


@contextmanager
def transaction(conn: Connection | None = None) -> Iterator[Cursor]:
    """A transaction on the container's connection (autocommit outside blocks); rolled back on any exception."""
    conn = conn or shared_connection()
    with conn.transaction(), conn.cursor() as cur:
        yield cur


@contextmanager
def reading(conn: Connection | None = None) -> Iterator[Cursor]:
    """Autocommit statements for reads: one round trip each, no BEGIN/COMMIT around them."""
    conn = conn or shared_connection()
    with conn.cursor() as cur:
        yield cur


def close_shared_connection() -> None:
    global _cached
    if _cached is not None and not _cached.closed:
        _cached.close()
    _cached = None
