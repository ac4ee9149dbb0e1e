"""Business metrics (CloudWatch EMF through Powertools Metrics), in namespace `Pageport/<stage>`.

Callers state facts (a job was created, finished, worked for so long, ...); every function's
entry point (entrypoints/shape.py) writes what an invocation recorded once, at its end. Metric
names come from the kind (`ImportsCreated`, `ConversionsFailed`, ...); the only dimensions are
Powertools' `service` and a low-cardinality error code (failures) or the kind (dead letters).
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from typing import Literal, ParamSpec, TypeVar, cast

from aws_lambda_powertools import Metrics
from aws_lambda_powertools.metrics import MetricUnit

from pageport.settings import get_settings

SERVICE = "pageport"
# A kind's metric prefix and its work's duration metric; another kind gets its CamelCase name.
_NAMES: dict[str, tuple[str, str]] = {
    "page_import": ("Imports", "CaptureDuration"),
    "code2des": ("Conversions", "ConversionDuration"),
}
# The failure causes we can tell apart (a closed set: error messages never become dimensions).
ErrorCode = Literal["WorkerFailed", "DeadLettered", "PublishFailed", "DeadlinePassed"]
Outcome = Literal["completed", "failed"]

P = ParamSpec("P")
R = TypeVar("R")


def namespace(stage: str | None = None) -> str:
    """This stage's namespace (infra passes the stage it builds; a function reads its own)."""
    return f"Pageport/{stage or get_settings().pageport_stage}"


@functools.lru_cache(maxsize=1)
def _metrics() -> Metrics:
    return Metrics(namespace=namespace(), service=SERVICE)


# Powertools writes one EMF blob per set of dimensions: the dimensions of what is pending.
_pending: list[dict[str, str]] = []


def job_metric_prefix(kind: str) -> str:
    """`Imports` for page_import, `Conversions` for code2des: `<prefix>Created`, ... (infra reads it)."""
    return _NAMES[kind][0] if kind in _NAMES else "".join(part.title() for part in kind.split("_"))


def _record(name: str, unit: MetricUnit, value: float, *dimension_sets: dict[str, str]) -> None:
    metrics = _metrics()
    wanted = list(dimension_sets) or [{}]
    if _pending and _pending != wanted:
        flush()  # other dimensions: their blob first, so no value lands under the wrong ones
    if not _pending:
        _pending.extend(wanted)
        for key, dim in wanted[0].items():
            metrics.add_dimension(key, dim)
        for extra in wanted[1:]:
            metrics.add_dimensions(**extra, service=SERVICE)
    metrics.add_metric(name=name, unit=unit, value=value)


def job_created(kind: str, count: int = 1) -> None:
    _record(f"{job_metric_prefix(kind)}Created", MetricUnit.Count, count)


def job_finished(kind: str, outcome: Outcome, error_code: ErrorCode | None = None) -> None:
    if outcome == "completed":
        _record(f"{job_metric_prefix(kind)}Completed", MetricUnit.Count, 1)
    else:
        # Also without the error code, so an alarm can read the total without a SEARCH.
        _record(f"{job_metric_prefix(kind)}Failed", MetricUnit.Count, 1, {"ErrorCode": error_code or "Unknown"}, {})


def work_duration(kind: str, ms: float) -> None:
    name = _NAMES[kind][1] if kind in _NAMES else f"{job_metric_prefix(kind)}Duration"
    _record(name, MetricUnit.Milliseconds, ms)


def dispatch_lag(ms: float) -> None:
    _record("DispatchLag", MetricUnit.Milliseconds, max(0.0, ms))


def dead_letter_handled(kind: str) -> None:
    _record("DeadLettersHandled", MetricUnit.Count, 1, {"Kind": kind})


# A dead letter no job could be found for (unparseable, unknown kind, malformed): kept whole in
# S3 for a person to look at. No dimension: an alarm reads the total.
DEAD_LETTERS_KEPT = "DeadLettersKept"


def dead_letter_kept() -> None:
    _record(DEAD_LETTERS_KEPT, MetricUnit.Count, 1)


def flush() -> None:
    """Write what is pending now (a dimension change mid-invocation): nothing if nothing was
    recorded, so no empty-metrics warning."""
    metrics = _metrics()
    if metrics.metric_set:
        metrics.flush_metrics()  # prints one EMF line, unless POWERTOOLS_METRICS_DISABLED
    _forget()


def _forget() -> None:
    _metrics().clear_metrics()  # a disabled flush keeps what it did not print: drop it
    _pending.clear()


# A function that recorded nothing this invocation (a read route) is expected; Powertools
# documents filtering this warning for that case.
warnings.filterwarnings("ignore", message="No application metrics to publish", category=UserWarning)


def logged(handler: Callable[P, R]) -> Callable[P, R]:
    """Powertools' `log_metrics`: what an invocation recorded is written once, when it returns
    or raises; then nothing is left pending. (No cold-start metric: Lambda's REPORT line has
    the init duration.)"""
    emitting = _metrics().log_metrics(handler)

    @functools.wraps(handler)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return cast(R, emitting(*args, **kwargs))
        finally:
            _forget()

    return wrapper
