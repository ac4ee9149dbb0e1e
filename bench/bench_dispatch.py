"""Issue 5's bar: dispatch throughput (items/s) to a moto SQS server, with one and with two
dispatchers, against the floor of the same messages sent by a bare SendMessageBatch loop
(no database) in the same run. Goal: ratio >= 0.5."""

from __future__ import annotations

import os
import socket
import statistics
import threading
import time
import uuid

from common import emit, migrated_database, result

N = 600
RUNS = 3


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def main() -> None:
    import logging

    from moto.server import ThreadedMotoServer

    logging.getLogger("werkzeug").setLevel(logging.ERROR)

    for key, value in {
        "AWS_ACCESS_KEY_ID": "bench",
        "AWS_SECRET_ACCESS_KEY": "bench",
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_REGION": "us-east-1",
    }.items():
        os.environ[key] = value
    port = _free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    os.environ["AWS_ENDPOINT_URL"] = f"http://127.0.0.1:{port}"
    try:
        with migrated_database() as url:
            run(url)
    finally:
        server.stop()


def run(url: str) -> None:
    import boto3
    from pageport import aws
    from pageport.batches import ids, service
    from pageport.batches.dispatch import Dispatcher, message_body
    from pageport.db import connect
    from pageport.services.tenancy import Scope
    from pageport.settings import get_settings

    sqs = boto3.client("sqs")

    def fresh_queue() -> str:
        # A new queue per measurement: moto's sends slow down as a queue fills, and purges are rate-limited.
        url = sqs.create_queue(QueueName=f"capture-{uuid.uuid4().hex[:8]}")["QueueUrl"]
        os.environ["CAPTURE_QUEUE_URL"] = url
        get_settings.cache_clear()
        aws.reset_clients()
        return url

    conn = connect(url)
    org = conn.execute("INSERT INTO organization (name) VALUES ('b') RETURNING id").fetchone()["id"]
    project = conn.execute(
        "INSERT INTO project (organization_id, name) VALUES (%s, 'b') RETURNING id", (org,)
    ).fetchone()["id"]
    scope = Scope(org, project, "bench")
    requests = [{"url": f"https://example.com/{i}", "viewport": {"width": 1440, "height": 900}} for i in range(N)]

    def load(*, keep: bool = True) -> list[str]:
        created = service.create_batch(conn, scope, str(uuid.uuid4()), "page_import", requests, allow_private=False)
        key = ids.stored(org, created.batch.id)
        rows = conn.execute("SELECT message FROM batch_item WHERE batch_id = %s", (key,)).fetchall()
        if not keep:  # the floor only needs the same bodies, not the outbox rows
            conn.execute("DELETE FROM batch WHERE id = %s", (key,))
        return [message_body(r["message"]) for r in rows]

    def floor(bodies: list[str]) -> float:
        queue = fresh_queue()
        client = boto3.client("sqs")
        start = time.perf_counter()
        for i in range(0, len(bodies), 10):
            response = client.send_message_batch(
                QueueUrl=queue, Entries=[{"Id": str(j), "MessageBody": b} for j, b in enumerate(bodies[i : i + 10])]
            )
            assert not response.get("Failed")
        return len(bodies) / (time.perf_counter() - start)

    def dispatched(workers: int) -> float:
        load()
        fresh_queue()
        connections = [connect(url) for _ in range(workers)]
        clients = [boto3.client("sqs") for _ in range(workers)]
        sent = [0] * workers

        def work(index: int) -> None:
            sent[index] = Dispatcher(connections[index], clients[index], claim_size=50).run().sent

        threads = [threading.Thread(target=work, args=(i,)) for i in range(workers)]
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - start
        for c in connections:
            c.close()
        assert sum(sent) == N, sent
        return N / elapsed

    for workers in (1, 2):
        floors, ours = [], []
        for _ in range(RUNS):
            floors.append(floor(load(keep=False)))
            ours.append(dispatched(workers))
        ours_median, floor_median = statistics.median(ours), statistics.median(floors)
        emit(
            result(
                f"dispatch_throughput_{workers}_dispatcher{'s' if workers > 1 else ''}",
                "items/s",
                ours_median,
                "bare SendMessageBatch loop, no database",
                floor_median,
                "ratio >= 0.5",
            )
        )
    conn.close()


if __name__ == "__main__":
    main()
