"""The least-privilege table covers what the code paths need (the synthesized policies are
checked against the table in tests/infra/test_stack.py)."""

from __future__ import annotations

from pageport.routes import ROUTES, WORKER_QUEUES

from infra.permissions import QUEUE_SENDERS, S3_ACCESS, read, write


def test_every_batch_route_can_read_discovery_status() -> None:
    # Each batch route answers with the derived status; a discovery's lives in status.json.
    batch_routes = {route.function for route in ROUTES if "/page-batches" in route.path}
    assert batch_routes
    missing = sorted(name for name in batch_routes if read("discovery/") not in S3_ACCESS.get(name, ()))
    assert missing == []


def test_every_discovery_sender_can_record_a_terminal_failure() -> None:
    # After the third failed send the sender fails the item's child, which for a discovery
    # means writing a failed status.json.
    discovery_queue = WORKER_QUEUES["discovery_worker"]
    senders = {name for name, queues in QUEUE_SENDERS.items() if discovery_queue in queues}
    assert senders
    missing = sorted(name for name in senders if write("discovery/") not in S3_ACCESS.get(name, ()))
    assert missing == []


def test_every_worker_can_read_back_what_it_writes() -> None:
    # Before working, a worker reads its attempt's manifest (or discovery status) to drop a
    # duplicate message; without read access S3 answers 403 and every message would fail.
    for worker in WORKER_QUEUES:
        writes = [access.prefix for access in S3_ACCESS[worker] if access.mode == "write"]
        assert writes, worker
        for prefix in writes:
            assert read(prefix) in S3_ACCESS[worker], (worker, prefix)
