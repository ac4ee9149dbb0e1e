"""Dead letters are never dropped: one that names no job to fail is kept whole under
dead-letters/ in the artifact bucket, once, and counted (DeadLettersKept)."""

from __future__ import annotations

import json
from typing import Any

import boto3
import pytest
from pageport import metrics

from devstack.apigw import lambda_context, load_function
from tests.conftest import AwsResources
from tests.support import sqs_event
from tests.support.workers import objects_under


def _deliver(event: dict[str, Any]) -> dict[str, Any]:
    result: dict[str, Any] = load_function("dead_letter").lambda_handler(event, lambda_context("dead_letter"))
    return result


def _kept(aws: AwsResources) -> dict[str, dict[str, Any]]:
    return {key: json.loads(data) for key, data in objects_under(aws.bucket, "dead-letters/").items()}


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ("not json", "unrecognised"),
        ('["a list"]', "unrecognised"),
        ('{"kind": "page_archive", "id": "x"}', "unrecognised"),  # no such kind
        ('{"kind": "capture", "pageImportId": 7}', "malformed"),  # its operation refuses it
    ],
)
def test_a_letter_naming_no_job_is_kept_whole_once(
    db: Any, aws: AwsResources, capsys: pytest.CaptureFixture[str], body: str, reason: str
) -> None:
    event = sqs_event([body], queue="capture-dlq", receive_count=4)
    record = event["Records"][0]
    record["messageAttributes"] = {"trace": {"stringValue": "t-1", "dataType": "String"}}

    assert _deliver(event) == {"batchItemFailures": []}

    kept = _kept(aws)
    assert list(kept) == [f"dead-letters/{record['messageId']}.json"]
    (letter,) = kept.values()
    assert letter["body"] == body and letter["reason"] == reason
    assert letter["messageId"] == record["messageId"]
    assert letter["sourceQueueArn"] == record["eventSourceARN"]
    assert letter["attributes"]["ApproximateReceiveCount"] == "4"
    assert letter["messageAttributes"] == record["messageAttributes"]
    assert _counted(capsys.readouterr().out) == 1

    # A redelivery of the same message is neither kept again nor counted again.
    first = boto3.client("s3").head_object(Bucket=aws.bucket, Key=f"dead-letters/{record['messageId']}.json")
    assert _deliver(event) == {"batchItemFailures": []}
    again = boto3.client("s3").head_object(Bucket=aws.bucket, Key=f"dead-letters/{record['messageId']}.json")
    assert again["ETag"] == first["ETag"] and again["LastModified"] == first["LastModified"]
    assert len(_kept(aws)) == 1
    assert _counted(capsys.readouterr().out) == 0


def test_a_letter_that_cannot_be_kept_stays_in_the_queue(db: Any, aws: AwsResources) -> None:
    """S3 refusing the write (here: the bucket is gone) fails the record: SQS keeps it."""
    s3 = boto3.client("s3")
    s3.delete_bucket(Bucket=aws.bucket)
    event = sqs_event(["not json"], queue="convert-dlq", receive_count=4)

    assert _deliver(event) == {"batchItemFailures": [{"itemIdentifier": event["Records"][0]["messageId"]}]}
    s3.create_bucket(Bucket=aws.bucket)


def test_a_letter_without_a_usable_message_id_is_kept_by_its_content(db: Any, aws: AwsResources) -> None:
    event = sqs_event(["not json"], queue="capture-dlq")
    event["Records"][0]["messageId"] = "../../etc/passwd"

    assert _deliver(event) == {"batchItemFailures": []}

    (key,) = _kept(aws)
    assert key.startswith("dead-letters/sha256-") and ".." not in key


def _counted(stdout: str) -> int:
    total = 0
    for line in stdout.splitlines():
        if line.startswith("{") and metrics.DEAD_LETTERS_KEPT in (doc := json.loads(line)):
            total += int(sum(doc[metrics.DEAD_LETTERS_KEPT]))
    return total
