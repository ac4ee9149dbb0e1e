"""The local stack's S3/SQS emulation in-process (moto over HTTP): redelivery against claims,
redrive and persistence (its other parts: tests/unit/devstack/test_devstack_parts.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from devstack.emulation import Emulation
from devstack.localauth import LocalCredentials
from devstack.pollers import RETRY_DELAY_S
from devstack.stack import handler_environment
from devstack.topology import queue_specs


@pytest.fixture
def emulation(data_dir: Path) -> Iterator[Emulation]:
    started = Emulation(data_dir, LocalCredentials.for_data_dir(data_dir))
    started.start()
    try:
        yield started
    finally:
        started.stop()


def test_a_locally_redelivered_message_takes_over_the_claim_its_stopped_copy_left(
    emulation: Emulation, data_dir: Path
) -> None:
    """Locally a failed record comes back after RETRY_DELAY_S, and only then: by that time the
    claim its copy left must have expired, or the job would be dead-lettered instead of redone."""
    resources = emulation.provision("pageport-artifacts", queue_specs())
    env = handler_environment(
        data_dir=data_dir,
        database_url="postgresql://unused",
        credentials=LocalCredentials.for_data_dir(data_dir),
        resources=resources,
        base_url="http://127.0.0.1:9",
        allow_private_targets=False,
    )
    assert 1 <= int(env["CLAIM_EXPIRES_AFTER_S"]) < RETRY_DELAY_S


def test_redrive_after_max_receives_and_snapshot_round_trip(emulation: Emulation, data_dir: Path) -> None:
    resources = emulation.provision("pageport-artifacts", queue_specs())
    sqs = emulation.sqs()
    capture = resources.queues["capture"]
    attributes = sqs.get_queue_attributes(QueueUrl=capture.url, AttributeNames=["All"])["Attributes"]
    assert int(attributes["VisibilityTimeout"]) == 6 * capture.spec.consumer_timeout_s
    assert json.loads(attributes["RedrivePolicy"]) == {"deadLetterTargetArn": capture.dlq_arn, "maxReceiveCount": 3}

    # Redrive: a message received three times without a delete moves to the DLQ.
    sqs.send_message(QueueUrl=capture.url, MessageBody="poison")
    for expected in ("1", "2", "3"):
        got = sqs.receive_message(QueueUrl=capture.url, VisibilityTimeout=0, AttributeNames=["All"])["Messages"]
        assert got[0]["Attributes"]["ApproximateReceiveCount"] == expected
    assert sqs.receive_message(QueueUrl=capture.url, VisibilityTimeout=0).get("Messages", []) == []
    assert [m["Body"] for m in sqs.receive_message(QueueUrl=capture.dlq_url, VisibilityTimeout=0)["Messages"]] == [
        "poison"
    ]

    # Persistence: objects and messages (in flight or not, with receive counts) survive.
    s3 = emulation.s3()
    s3.put_object(Bucket="pageport-artifacts", Key="a/manifest.json", Body=b"{}", ContentType="application/json")
    s3.put_object(Bucket="pageport-artifacts", Key="a/gone", Body=b"x")
    convert = resources.queues["convert"]
    sqs.send_message(QueueUrl=convert.url, MessageBody="first")
    sqs.receive_message(QueueUrl=convert.url, VisibilityTimeout=600)  # in flight at "shutdown"
    sqs.send_message(QueueUrl=convert.url, MessageBody="second")
    first = emulation.snapshot()
    assert first.objects_written == 2 and first.messages == 3
    s3.delete_object(Bucket="pageport-artifacts", Key="a/gone")
    assert emulation.snapshot().objects_deleted == 1
    assert emulation.snapshot() == type(first)(0, 0, 3)  # nothing changed: nothing written
    emulation.stop()

    from moto.moto_api._internal.models import moto_api_backend

    moto_api_backend.reset()  # a new process starts from an empty moto
    again = Emulation(data_dir, emulation.credentials)
    again.start()
    try:
        restored = again.provision("pageport-artifacts", queue_specs())
        assert again.restore() == (1, 3)
        s3 = again.s3()
        obj = s3.get_object(Bucket="pageport-artifacts", Key="a/manifest.json")
        assert (obj["Body"].read(), obj["ContentType"]) == (b"{}", "application/json")
        sqs = again.sqs()
        bodies = {}
        for _ in range(2):
            for message in sqs.receive_message(
                QueueUrl=restored.queues["convert"].url, MaxNumberOfMessages=10, AttributeNames=["All"]
            ).get("Messages", []):
                bodies[message["Body"]] = message["Attributes"]["ApproximateReceiveCount"]
        assert bodies == {"first": "2", "second": "1"}
        dead = sqs.receive_message(QueueUrl=restored.queues["capture"].dlq_url)["Messages"]
        assert [m["Body"] for m in dead] == ["poison"]
    finally:
        again.stop()
