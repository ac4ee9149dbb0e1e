"""The deploy-time runner waits for a database that does not accept connections yet."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from pageport.migrations import apply_migrations, connect_with_retry


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _pipe(a: socket.socket, b: socket.socket) -> None:
    try:
        while data := a.recv(65536):
            b.sendall(data)
    except OSError:
        pass
    finally:
        for s in (a, b):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)


def _forward(listener: socket.socket, upstream_address: str | tuple[str, int]) -> None:
    """TCP -> the test database (the embedded server's Unix socket, or a TCP server)."""
    family = socket.AF_UNIX if isinstance(upstream_address, str) else socket.AF_INET
    while True:
        try:
            client, _ = listener.accept()
        except OSError:
            return
        upstream = socket.socket(family, socket.SOCK_STREAM)
        upstream.connect(upstream_address)
        for a, b in ((client, upstream), (upstream, client)):
            threading.Thread(target=_pipe, args=(a, b), daemon=True).start()


@pytest.fixture
def late_database(database_url: str) -> Iterator[tuple[str, threading.Event]]:
    """A TCP address for the test database that refuses connections until the event is set."""
    info = psycopg.conninfo.conninfo_to_dict(database_url)
    host = str(info.get("host") or "127.0.0.1")
    db_port = int(info.get("port") or 5432)
    upstream: str | tuple[str, int] = (
        str(Path(host) / f".s.PGSQL.{db_port}") if host.startswith("/") else (socket.gethostbyname(host), db_port)
    )
    port = _free_port()
    opened = threading.Event()
    listener = socket.socket()

    def open_later() -> None:
        opened.wait()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", port))
        listener.listen()
        _forward(listener, upstream)

    threading.Thread(target=open_later, daemon=True).start()
    url = psycopg.conninfo.make_conninfo(database_url, host="127.0.0.1", port=port, sslmode="disable")
    yield url, opened
    listener.close()


def test_connect_retries_with_backoff_until_the_database_accepts(late_database: tuple[str, threading.Event]) -> None:
    url, opened = late_database
    waits: list[float] = []

    def sleep(seconds: float) -> None:
        waits.append(seconds)
        if len(waits) == 3:
            opened.set()
            time.sleep(0.3)  # the listener is up before the next attempt

    with connect_with_retry(url, retry_within_s=60, sleep=sleep) as conn:
        assert conn.execute("SELECT 1").fetchone() == (1,)
    assert waits[:3] == [1.0, 2.0, 4.0]


def test_connect_gives_up_with_the_error_once_its_time_is_spent(late_database: tuple[str, threading.Event]) -> None:
    url, _ = late_database
    now = [0.0]
    waits: list[float] = []

    def sleep(seconds: float) -> None:
        waits.append(seconds)
        now[0] += seconds

    with pytest.raises(psycopg.OperationalError):
        connect_with_retry(url, retry_within_s=30, sleep=sleep, clock=lambda: now[0])
    # 1 + 2 + 4 + 8 = 15, then what is left of the 30 s; never past the deadline.
    assert waits == [1.0, 2.0, 4.0, 8.0, 15.0]


def test_a_single_attempt_without_time_to_retry(late_database: tuple[str, threading.Event]) -> None:
    url, _ = late_database
    with pytest.raises(psycopg.OperationalError):
        connect_with_retry(url, sleep=lambda s: pytest.fail("no retry without time"))


def test_migrations_run_once_the_database_comes_up(late_database: tuple[str, threading.Event]) -> None:
    url, opened = late_database
    threading.Timer(1.5, opened.set).start()
    started = time.monotonic()
    assert apply_migrations(url, retry_within_s=30) == []  # already migrated by the session
    assert time.monotonic() - started >= 1.5
