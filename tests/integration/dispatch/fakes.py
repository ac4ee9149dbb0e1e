"""Injectable SQS clients for fault tests. They stand in for AWS, never for our code."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


class Crash(BaseException):
    """A process dying mid-run: not an Exception, so nothing in the dispatcher catches it."""


@dataclass
class RecordingSqs:
    """Accepts every entry and records who sent what; optional per-call fault injection."""

    sent: list[tuple[str, str, str]] = field(default_factory=list)  # (queue, body, sender)
    calls: int = 0
    fail_call: Callable[[int, list[dict[str, Any]]], str | None] | None = None  # -> "raise" | "crash" | None
    refuse_entry: Callable[[int, dict[str, Any]], bool] | None = None
    sender: str = "d0"
    lock: threading.Lock = field(default_factory=threading.Lock)

    def send_message_batch(self, QueueUrl: str, Entries: list[dict[str, Any]]) -> dict[str, Any]:
        assert 1 <= len(Entries) <= 10
        assert sum(len(e["MessageBody"].encode()) for e in Entries) <= 1024 * 1024
        with self.lock:
            self.calls += 1
            call = self.calls
        action = self.fail_call(call, Entries) if self.fail_call else None
        if action == "raise":
            raise ConnectionError("simulated SQS outage")
        successful, failed = [], []
        for entry in Entries:
            if self.refuse_entry and self.refuse_entry(call, entry):
                failed.append({"Id": entry["Id"], "Code": "InternalError", "SenderFault": False, "Message": "boom"})
            else:
                with self.lock:
                    self.sent.append((QueueUrl, entry["MessageBody"], self.sender))
                successful.append({"Id": entry["Id"], "MessageId": f"m-{call}-{entry['Id']}", "MD5OfMessageBody": ""})
        if action == "crash":
            raise Crash()
        return {"Successful": successful, "Failed": failed}


class SenderView:
    """The same recorder seen through one dispatcher's name (for the concurrency test)."""

    def __init__(self, recorder: RecordingSqs, name: str) -> None:
        self.recorder = recorder
        self.name = name

    def send_message_batch(self, QueueUrl: str, Entries: list[dict[str, Any]]) -> dict[str, Any]:
        with self.recorder.lock:
            for entry in Entries:
                self.recorder.sent.append((QueueUrl, entry["MessageBody"], self.name))
        return {
            "Successful": [{"Id": e["Id"], "MessageId": e["Id"], "MD5OfMessageBody": ""} for e in Entries],
            "Failed": [],
        }
