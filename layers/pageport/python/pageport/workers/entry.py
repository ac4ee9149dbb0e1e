"""What a kind's job module offers the shared worker handler (functions/worker): its message
model and the function that runs one message, as `JOB = WorkerJob(...)` in `kinds/<kind>/job.py`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from pydantic import BaseModel

MessageT = TypeVar("MessageT", bound=BaseModel)
MessageT_contra = TypeVar("MessageT_contra", bound=BaseModel, contravariant=True)


class RunJob(Protocol[MessageT_contra]):
    def __call__(self, message: MessageT_contra, *, remaining_s: float | None = None) -> object: ...


@dataclass(frozen=True, slots=True)
class WorkerJob(Generic[MessageT]):
    message: type[MessageT]
    run: RunJob[MessageT]  # bounded by remaining_s: the seconds this invocation has left
