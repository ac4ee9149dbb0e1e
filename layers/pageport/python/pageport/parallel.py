"""A few blocking calls at once (S3 requests that do not depend on each other), on short-lived
threads that carry the caller's X-Ray context (tracing.carried).

S3 answers each request in tens of milliseconds from Lambda; an attempt that writes or reads
its artifacts one after another pays that once per object."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from typing import TypeVar

from pageport.tracing import carried

T = TypeVar("T")

# botocore's connection pool holds 10 connections per client: more threads would only queue.
MAX_THREADS = 8


def run_all(calls: Sequence[Callable[[], T]], *, max_threads: int = MAX_THREADS) -> list[T]:
    """Every call's result, in order. All calls run to their end before anything is raised;
    then the exception of the first call (in order) that raised one is raised."""
    if len(calls) <= 1:
        return [call() for call in calls]
    # Threads per call, not a pool kept across invocations: nothing starts at INIT (SnapStart).
    with ThreadPoolExecutor(max_workers=min(max_threads, len(calls)), thread_name_prefix="pageport-io") as pool:
        futures = [pool.submit(carried(call)) for call in calls]
    return [future.result() for future in futures]


@contextmanager
def started(call: Callable[[], T]) -> Iterator[Future[T]]:
    """`call` running on a helper thread while the block runs (its future: `.result()` returns
    what it returned or raises what it raised); leaving the block waits for it to end."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="pageport-io") as pool:
        yield pool.submit(carried(call))
