"""Numbered SQL migrations and the one runner that applies them.

The same runner serves tests, the local stack and the deploy-time Lambda. It records each
applied file with its checksum, applies each file in its own transaction, and holds a
session advisory lock so two processes running it at once apply everything exactly once.

A file whose first line is `-- pageport: no-transaction` runs outside a transaction, for what
PostgreSQL refuses inside one (`CREATE INDEX CONCURRENTLY`, which builds an index without
holding off writes). Its statements run one by one, each committing on its own, and the file
is recorded only after the last: a failure part-way leaves it unrecorded, and the next run
repeats it from the start, so each of its statements must be idempotent (`IF NOT EXISTS`). Such
a file holds plain statements, each ending with `;` at the end of a line (no `$$` bodies).
A concurrent index build that fails leaves an invalid index, which `IF NOT EXISTS` would then
skip: the runner refuses to record the file while an index of the schema is invalid.
After the files it installs what code renders into the schema (the batch status function).

On deploy the database may not accept connections yet when the runner starts (an endpoint or
security-group rule still propagating, the instance finishing a modification): it retries its
connection with exponential backoff for as long as its caller allows (`retry_within_s`).
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

import psycopg
from psycopg import sql

# A libpq URL, or a function producing one per attempt (credentials read afresh each time).
ConninfoSource = str | Callable[[], str]

_log = logging.getLogger(__name__)

# The data-only role 0004_app_role.sql creates; deployed functions (but the runner) use it.
APP_ROLE = "pageport_app"

# Arbitrary but fixed: every runner of every version contends for the same lock.
_ADVISORY_LOCK_KEY = 0x5061_6765_706F_7274 & 0x7FFF_FFFF_FFFF_FFFF  # "Pageport"


# The first line that makes a file run outside a transaction.
NO_TRANSACTION_MARKER = "-- pageport: no-transaction"


@dataclass(frozen=True, slots=True)
class Migration:
    version: str
    sql: str

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.sql.encode()).hexdigest()

    @property
    def in_transaction(self) -> bool:
        first_line = self.sql.lstrip().partition("\n")[0].strip()
        return first_line != NO_TRANSACTION_MARKER

    def statements(self) -> list[str]:
        """A no-transaction file's statements, one per `;` that ends a (non-comment) line."""
        if "$$" in self.sql:
            raise MigrationError(f"migration {self.version}: a no-transaction file takes no $$ bodies")
        statements: list[str] = []
        current: list[str] = []
        for line in self.sql.splitlines():
            current.append(line)
            stripped = line.strip()
            if stripped.endswith(";") and not stripped.startswith("--"):
                statements.append("\n".join(current))
                current = []
        rest = [line for line in current if line.strip() and not line.strip().startswith("--")]
        if rest:
            raise MigrationError(f"migration {self.version}: a statement does not end with ';' at the end of a line")
        return statements


class MigrationError(RuntimeError):
    """A migration file the runner cannot apply as written, or that left the schema broken."""


class MigrationDrift(MigrationError):
    """An applied migration's file changed afterwards: refuse to guess."""


def available_migrations() -> list[Migration]:
    folder = resources.files(__package__)
    files = sorted((entry for entry in folder.iterdir() if entry.name.endswith(".sql")), key=lambda e: e.name)
    return [Migration(entry.name.removesuffix(".sql"), entry.read_text("utf-8")) for entry in files]


def connect_with_retry(
    conninfo: ConninfoSource,
    *,
    retry_within_s: float = 0.0,
    first_delay_s: float = 1.0,
    max_delay_s: float = 20.0,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> psycopg.Connection[Any]:
    """Connect (autocommit, no server-side prepares); a failed attempt is retried after 1, 2,
    4 ... (at most `max_delay_s`) seconds until `retry_within_s` has passed, then the last
    error is raised. `retry_within_s=0` makes exactly one attempt."""
    deadline = clock() + retry_within_s
    delay = first_delay_s
    attempt = 1
    while True:
        try:
            info = conninfo() if callable(conninfo) else conninfo
            return psycopg.connect(info, autocommit=True, prepare_threshold=None)
        except Exception as error:
            remaining = deadline - clock()
            if remaining <= 0 or not _retryable(error):
                raise
            wait = min(delay, remaining)
            _log.warning("database connection attempt %d failed (%s); retrying in %.1f s", attempt, error, wait)
            sleep(wait)
            delay = min(delay * 2, max_delay_s)
            attempt += 1


def _retryable(error: Exception) -> bool:
    """Connection failures, and botocore's (Secrets Manager not reachable yet); not an access
    denial or a malformed secret, which waiting does not fix."""
    if isinstance(error, psycopg.OperationalError | OSError):
        return True
    return any(cls.__module__.startswith("botocore") and cls.__name__ == "BotoCoreError" for cls in type(error).__mro__)


def secret_conninfo(secret_arn: str, *, host: str, port: int, dbname: str) -> str:
    """A TLS-only libpq URL to `host` with an RDS-style secret's credentials
    ({"username", "password"}): the deploy-time runner's direct connection to the instance."""
    secret = _read_secret(secret_arn)
    return psycopg.conninfo.make_conninfo(
        host=host,
        port=port,
        dbname=dbname,
        user=secret["username"],
        password=secret["password"],
        sslmode="require",  # the instance sets rds.force_ssl
        connect_timeout=5,
        application_name="pageport-migrate",
    )


def apply_migrations(
    conninfo: ConninfoSource, *, retry_within_s: float = 0.0, migrations: Sequence[Migration] | None = None
) -> list[str]:
    """Apply every pending migration (`migrations`: these instead of the package's files);
    return the versions this call applied."""
    applied_now: list[str] = []
    with connect_with_retry(conninfo, retry_within_s=retry_within_s) as conn:
        _take_lock(conn)
        try:
            conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migration ("
                " version varchar(255) PRIMARY KEY,"
                " checksum varchar(64) NOT NULL,"
                " applied_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP)"
            )
            done: dict[str, str] = dict(conn.execute("SELECT version, checksum FROM schema_migration").fetchall())
            for migration in available_migrations() if migrations is None else migrations:
                recorded = done.get(migration.version)
                if recorded is not None:
                    if recorded != migration.checksum:
                        raise MigrationDrift(f"migration {migration.version} changed after it was applied")
                    continue
                if migration.in_transaction:
                    with conn.transaction():
                        conn.execute(migration.sql.encode())
                        _record(conn, migration)
                else:
                    _apply_outside_transaction(conn, migration)
                applied_now.append(migration.version)
            _install_routines(conn)
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (_ADVISORY_LOCK_KEY,))
    return applied_now


def _take_lock(conn: psycopg.Connection[Any]) -> None:
    """The runners' advisory lock, asked for again until granted rather than waited for inside
    one statement: a waiting statement holds a snapshot, which the holder's `CREATE INDEX
    CONCURRENTLY` would wait for in turn (PostgreSQL reports the deadlock)."""
    delay = 0.02
    while conn.execute("SELECT pg_try_advisory_lock(%s)", (_ADVISORY_LOCK_KEY,)).fetchone() != (True,):
        time.sleep(delay)
        delay = min(delay * 2, 1.0)


def _record(conn: psycopg.Connection[Any], migration: Migration) -> None:
    conn.execute(
        "INSERT INTO schema_migration (version, checksum) VALUES (%s, %s)", (migration.version, migration.checksum)
    )


def _apply_outside_transaction(conn: psycopg.Connection[Any], migration: Migration) -> None:
    """Each statement on its own (the connection is in autocommit; a string of several would
    run as one implicit transaction), then the record, once all of them succeeded."""
    for statement in migration.statements():
        conn.execute(statement.encode())
    invalid = conn.execute(
        """SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
           JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE NOT i.indisvalid AND n.nspname = current_schema() ORDER BY 1"""
    ).fetchall()
    if invalid:
        names = ", ".join(row[0] for row in invalid)
        raise MigrationError(
            f"migration {migration.version} left invalid indexes ({names}): drop them and run the migrations again"
        )
    _record(conn, migration)


def _install_routines(conn: psycopg.Connection[Any]) -> None:
    """What the schema derives from code, not from a numbered file: recreated whenever the code
    renders it differently (a registry change), under the same lock as the migrations."""
    # Imported here: the CDK app imports this module (APP_ROLE) and needs none of the registry
    # (the migrate function imports batch_view at INIT).
    from pageport.batches import batch_view

    batch_view.install(conn, APP_ROLE)


def set_role_password(conninfo: ConninfoSource, role: str, password: str) -> None:
    """Give `role` the password its connection pooler (RDS Proxy) holds. libpq hashes it
    (SCRAM) on the client, so the clear password never appears in SQL or server logs."""
    with connect_with_retry(conninfo) as conn:
        verifier = conn.pgconn.encrypt_password(password.encode(), role.encode(), b"scram-sha-256")
        conn.execute(
            sql.SQL("ALTER ROLE {} WITH LOGIN PASSWORD {}").format(sql.Identifier(role), sql.Literal(verifier.decode()))
        )


def set_role_password_from_secret(conninfo: ConninfoSource, secret_arn: str) -> str:
    """Apply an RDS-style secret ({"username", "password"}) to its role; returns the role."""
    secret = _read_secret(secret_arn)
    set_role_password(conninfo, secret["username"], secret["password"])
    return str(secret["username"])


def _read_secret(secret_arn: str) -> dict[str, str]:
    from pageport import aws

    secret: dict[str, str] = json.loads(aws.secrets_manager().get_secret_value(SecretId=secret_arn)["SecretString"])
    return secret
