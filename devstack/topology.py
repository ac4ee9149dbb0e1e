"""The queues, DLQs and bucket the local stack provisions: the CDK stack's settings, read from
the same stage file (infra/stages/dev.toml) so the two agree on timeouts and redrive."""

from __future__ import annotations

from dataclasses import dataclass

from pageport import routes

from devstack.paths import ensure_repo_on_path

# infra.messaging.VISIBILITY_FACTOR: that module imports aws_cdk (seconds of start-up), so the
# value is repeated here and a test keeps the two equal.
VISIBILITY_FACTOR = 6
QUEUE_RETENTION_S = 4 * 24 * 3600  # infra.messaging: Duration.days(4)
DLQ_RETENTION_S = 14 * 24 * 3600  # infra.messaging: Duration.days(14)
DLQ_BATCH_SIZE = 10  # infra.background: the dead-letter event source's batch size
LOCAL_STAGE = "dev"


@dataclass(frozen=True, slots=True)
class QueueSpec:
    name: str  # logical name ("capture")
    worker: str  # consuming function ("capture_worker")
    consumer_timeout_s: int
    batch_size: int
    max_receive_count: int
    dead_letter_timeout_s: int

    @property
    def queue_name(self) -> str:
        return f"pageport-{self.name}"

    @property
    def dlq_name(self) -> str:
        return f"pageport-{self.name}-dlq"

    @property
    def visibility_timeout_s(self) -> int:
        return VISIBILITY_FACTOR * self.consumer_timeout_s

    @property
    def dlq_visibility_timeout_s(self) -> int:
        return VISIBILITY_FACTOR * self.dead_letter_timeout_s

    @property
    def url_variable(self) -> str:
        return f"{self.name.upper()}_QUEUE_URL"


def queue_specs(stage: str = LOCAL_STAGE) -> list[QueueSpec]:
    ensure_repo_on_path()
    from infra.config import load_stage

    config = load_stage(stage)
    specs = []
    # Read at call time: the table is built from the kinds found when pageport.routes loaded.
    for worker, name in routes.WORKER_QUEUES.items():
        settings = config.worker(worker)
        specs.append(
            QueueSpec(
                name=name,
                worker=worker,
                consumer_timeout_s=settings.timeout_s,
                batch_size=settings.batch_size,
                max_receive_count=settings.max_receive_count,
                dead_letter_timeout_s=config.dead_letter_function.timeout_s,
            )
        )
    return specs
