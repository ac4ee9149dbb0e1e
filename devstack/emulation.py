"""S3 and SQS on one machine: moto in server mode, plus the persistence moto lacks.

moto keeps everything in memory, so the stack snapshots what matters into one SQLite file in
the data dir (`emulation.sqlite3`) every few seconds and on shutdown, and restores it on start:
every artifact object, and every message in every queue and DLQ with its receive count (so
redrive still counts receives made before a restart). Messages that were in flight when the
stack stopped come back visible: their consumer is gone. SQLite gives an atomic, crash-safe
snapshot in a single file; objects are written incrementally (by ETag).

Both are read and restored through moto's backends in this process, not its HTTP API: SQS
messages cannot be read without receiving them (which changes their receive count), and
listing or re-uploading thousands of objects over HTTP would make every start and snapshot
slow. Those backends are moto internals (moto 5 is pinned); tests/e2e/test_devstack_parts.py
keeps them honest.
"""

from __future__ import annotations

import functools
import json
import logging
import sqlite3
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from devstack.faults import FaultInjector
from devstack.localauth import LocalCredentials
from devstack.topology import DLQ_RETENTION_S, QUEUE_RETENTION_S, QueueSpec

if TYPE_CHECKING:
    from moto.server import ThreadedMotoServer
    from mypy_boto3_s3 import S3Client
    from mypy_boto3_sqs import SQSClient

SNAPSHOT_FILE = "emulation.sqlite3"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS s3_object (
    bucket TEXT NOT NULL, key TEXT NOT NULL, etag TEXT NOT NULL, content_type TEXT NOT NULL,
    body BLOB NOT NULL, PRIMARY KEY (bucket, key));
CREATE TABLE IF NOT EXISTS sqs_message (
    queue TEXT NOT NULL, position INTEGER NOT NULL, body TEXT NOT NULL,
    receive_count INTEGER NOT NULL, PRIMARY KEY (queue, position));
"""


@dataclass(frozen=True, slots=True)
class ProvisionedQueue:
    spec: QueueSpec
    url: str
    arn: str
    dlq_url: str
    dlq_arn: str


@dataclass(frozen=True, slots=True)
class Resources:
    endpoint: str
    bucket: str
    queues: dict[str, ProvisionedQueue]  # logical name -> queue
    # Wraps each Page Import's key for its sign-in details. A new key each start: details sealed
    # before a restart cannot be opened after it (their capture fails, saying so).
    page_auth_key_arn: str = ""


@dataclass(frozen=True, slots=True)
class SnapshotReport:
    objects_written: int
    objects_deleted: int
    messages: int


class Emulation:
    def __init__(self, data_dir: Path, credentials: LocalCredentials) -> None:
        self.data_dir = data_dir
        self.credentials = credentials
        self._server: ThreadedMotoServer | None = None
        self._endpoint: str | None = None
        self._resources: Resources | None = None
        self._lock = threading.Lock()
        self._db = sqlite3.connect(data_dir / SNAPSHOT_FILE, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.executescript(_SCHEMA)
        self._known_etags: dict[str, str] = {}  # key -> ETag as last written
        self._last_messages: list[tuple[str, int, str, int]] | None = None

    # ------------------------------------------------------------------ server
    def start(self, host: str = "127.0.0.1") -> str:
        from moto.server import ThreadedMotoServer

        # Werkzeug logs every request line to stderr; the stack logs what matters itself.
        logging.getLogger("werkzeug").setLevel(logging.WARNING)
        self._server = ThreadedMotoServer(ip_address=host, port=0, verbose=False)
        self._server.start()
        # The fault switch (devstack/faults.py) sits in front of moto's app: werkzeug reads the
        # server's `app` on each request.
        wsgi = self._server._server
        assert wsgi is not None
        wsgi.app = FaultInjector(wsgi.app, self.data_dir, _log_fault)
        bound_host, port = self._server.get_host_and_port()
        self._endpoint = f"http://{bound_host}:{port}"
        return self._endpoint

    def stop(self) -> None:
        if self._server is not None:
            self._server.stop()
            self._server = None
        self._db.close()

    @property
    def endpoint(self) -> str:
        if self._endpoint is None:
            raise RuntimeError("the emulation is not started")
        return self._endpoint

    def _client(self, service: str) -> Any:
        import boto3

        return boto3.client(
            service,  # type: ignore[call-overload]
            endpoint_url=self.endpoint,
            region_name=self.credentials.region,
            aws_access_key_id=self.credentials.access_key_id,
            aws_secret_access_key=self.credentials.secret_access_key,
        )

    def s3(self) -> S3Client:
        client: S3Client = self._client("s3")
        return client

    def sqs(self) -> SQSClient:
        client: SQSClient = self._client("sqs")
        return client

    # ------------------------------------------------------------------ resources
    def provision(self, bucket: str, specs: Iterable[QueueSpec]) -> Resources:
        """The CDK stack's bucket, queues and DLQs (visibility 6x the consumer's timeout,
        redrive after `max_receive_count` receives)."""
        self.s3().create_bucket(Bucket=bucket)
        sqs = self.sqs()
        queues: dict[str, ProvisionedQueue] = {}
        for spec in specs:
            dlq_url = sqs.create_queue(
                QueueName=spec.dlq_name,
                Attributes={
                    "VisibilityTimeout": str(spec.dlq_visibility_timeout_s),
                    "MessageRetentionPeriod": str(DLQ_RETENTION_S),
                },
            )["QueueUrl"]
            dlq_arn = _arn(sqs, dlq_url)
            url = sqs.create_queue(
                QueueName=spec.queue_name,
                Attributes={
                    "VisibilityTimeout": str(spec.visibility_timeout_s),
                    "MessageRetentionPeriod": str(QUEUE_RETENTION_S),
                    "RedrivePolicy": json.dumps(
                        {"deadLetterTargetArn": dlq_arn, "maxReceiveCount": spec.max_receive_count}
                    ),
                },
            )["QueueUrl"]
            queues[spec.name] = ProvisionedQueue(spec, url, _arn(sqs, url), dlq_url, dlq_arn)
        key = self._client("kms").create_key(Description="pageport local: page sign-in details")["KeyMetadata"]["Arn"]
        self._resources = Resources(self.endpoint, bucket, queues, key)
        return self._resources

    def provision_signin_table(self, name: str) -> None:
        from pageport.signin.store import create_table

        atomic_dynamodb_items()
        create_table(self._client("dynamodb"), name)

    def _queue_names(self) -> list[tuple[str, str]]:
        """(queue name, ARN) for every provisioned queue and DLQ."""
        if self._resources is None:
            raise RuntimeError("nothing is provisioned")
        pairs = []
        for queue in self._resources.queues.values():
            pairs.append((queue.spec.queue_name, queue.arn))
            pairs.append((queue.spec.dlq_name, queue.dlq_arn))
        return pairs

    # ------------------------------------------------------------------ persistence
    def restore(self) -> tuple[int, int]:
        """Load the last snapshot into the (fresh, provisioned) emulation: (objects, messages)."""
        resources = self._require_resources()
        log = logging.getLogger("pageport.devstack")
        with self._lock:
            s3 = _s3_backend(self._account)
            objects = 0
            for key_name, content_type, body in self._db.execute(
                "SELECT key, content_type, body FROM s3_object WHERE bucket = ?", (resources.bucket,)
            ):
                key = s3.put_object(resources.bucket, key_name, body, disable_notification=True)
                key.set_metadata({"Content-Type": content_type})
                self._known_etags[key_name] = key.etag
                objects += 1
            messages = 0
            names = dict(self._queue_names())
            for queue, body, receive_count in self._db.execute(
                "SELECT queue, body, receive_count FROM sqs_message ORDER BY queue, position"
            ):
                if queue not in names:
                    log.warning("dropping a stored message of unknown queue %s", queue)
                    continue
                message = _sqs_backend(names[queue]).send_message(queue, body)
                message.approximate_receive_count = receive_count
                messages += 1
        return objects, messages

    def snapshot(self) -> SnapshotReport:
        """Write what changed since the last snapshot, in one SQLite transaction."""
        resources = self._require_resources()
        with self._lock:
            bucket = _s3_backend(self._account).get_bucket(resources.bucket)
            current = {name: key for name, key in bucket.keys.items() if hasattr(key, "etag")}
            fetched: list[tuple[str, str, str, str, bytes]] = []
            for name, key in current.items():
                etag = key.etag
                if self._known_etags.get(name) == etag:
                    continue
                try:
                    body = key.value
                except ValueError:  # overwritten (and disposed) meanwhile: the next round takes it
                    continue
                content_type = key.metadata.get("Content-Type") or "application/octet-stream"
                fetched.append((resources.bucket, name, etag, content_type, body))
            removed = [name for name in self._known_etags if name not in current]
            messages = self._read_messages()
            write_messages = messages != self._last_messages
            if not fetched and not removed and not write_messages:
                return SnapshotReport(0, 0, len(messages))
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.executemany(
                    "INSERT OR REPLACE INTO s3_object (bucket, key, etag, content_type, body) VALUES (?, ?, ?, ?, ?)",
                    fetched,
                )
                self._db.executemany(
                    "DELETE FROM s3_object WHERE bucket = ? AND key = ?", [(resources.bucket, n) for n in removed]
                )
                if write_messages:
                    self._db.execute("DELETE FROM sqs_message")
                    self._db.executemany(
                        "INSERT INTO sqs_message (queue, position, body, receive_count) VALUES (?, ?, ?, ?)",
                        messages,
                    )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            for _, name, etag, _, _ in fetched:
                self._known_etags[name] = etag
            for name in removed:
                self._known_etags.pop(name, None)
            self._last_messages = messages
            return SnapshotReport(len(fetched), len(removed), len(messages))

    def _require_resources(self) -> Resources:
        if self._resources is None:
            raise RuntimeError("nothing is provisioned")
        return self._resources

    @property
    def _account(self) -> str:
        """The account moto filed everything under (from a queue ARN: arn:aws:sqs:region:account:name)."""
        return next(iter(self._require_resources().queues.values())).arn.split(":")[4]

    def _read_messages(self) -> list[tuple[str, int, str, int]]:
        rows: list[tuple[str, int, str, int]] = []
        for name, arn in self._queue_names():
            queue = _sqs_backend(arn).get_queue(name)
            with queue._messages_lock:  # moto mutates the list from its request threads
                messages = list(queue._messages)
            rows.extend(
                (name, position, message.body, message.approximate_receive_count)
                for position, message in enumerate(messages)
            )
        return rows


# moto's DynamoDB reads an item, checks a condition and writes in separate steps with no lock,
# so two racing conditional writes of one item can both pass, or one can read it half-removed
# and fail inside moto. DynamoDB applies each item operation atomically; so does this, once
# per process, for the local stack and the tests (the sign-in store's single-use collect).
_DYNAMODB_ITEM_OPERATIONS = (
    "get_item",
    "put_item",
    "update_item",
    "delete_item",
    "batch_get_item",
    "batch_write_item",
    "transact_get_items",
    "transact_write_items",
    "query",
    "scan",
)
_DYNAMODB_LOCK = threading.RLock()


def _log_fault(service: str) -> None:
    from devstack.pollers import logger

    logger.info("fault injected", extra={"service": service})


def atomic_dynamodb_items() -> None:
    """Serialize moto's DynamoDB item operations (idempotent)."""
    from moto.dynamodb.models import DynamoDBBackend

    if getattr(DynamoDBBackend, "_pageport_atomic", False):
        return
    for name in _DYNAMODB_ITEM_OPERATIONS:
        setattr(DynamoDBBackend, name, _serialized(getattr(DynamoDBBackend, name)))
    DynamoDBBackend._pageport_atomic = True  # type: ignore[attr-defined]


def _serialized(operation: Any) -> Any:
    @functools.wraps(operation)
    def locked(*args: Any, **kwargs: Any) -> Any:
        with _DYNAMODB_LOCK:
            return operation(*args, **kwargs)

    return locked


def _arn(sqs: SQSClient, url: str) -> str:
    return sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]


def _sqs_backend(arn: str) -> Any:
    """moto's in-process SQS backend holding the queue `arn` names (arn:aws:sqs:region:account:name)."""
    from moto.sqs.models import sqs_backends

    _, _, _, region, account, _ = arn.split(":", 5)
    return sqs_backends[account][region]


def _s3_backend(account: str) -> Any:
    from moto.s3.models import s3_backends

    return s3_backends[account]["aws"]
