"""Workers: one Lambda per kind (WORKER_QUEUES, from pageport.kinds), fed by its queue, outside
the VPC (they fetch the public web and never touch the database).

A kind whose descriptor asks for the Chromium image (capture, discovery) runs as a container
image from infra/images/worker.Dockerfile (Debian's chromium + Playwright), built by `cdk
deploy`; synthesis only stages the context. The others (convert) are zip functions on the
shared layer. Every worker runs functions/worker (the kind from PAGEPORT_KIND, infra/lambdas.py),
so the image kinds share one image and one CMD.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from aws_cdk import Duration, IgnoreMode
from aws_cdk import aws_ecr_assets as ecr_assets
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_lambda_event_sources as sources
from constructs import Construct
from pageport import kinds
from pageport.kinds import Kind
from pageport.routes import WORKER_HANDLER, WORKER_QUEUES

from infra.config import FunctionSizing, StageConfig
from infra.lambdas import FunctionFactory, PageportFunction
from infra.messaging import Messaging

IMAGE_WORKERS = frozenset(kind.worker for kind in kinds.all_kinds() if kind.chromium_image)
DOCKERFILE = "infra/images/worker.Dockerfile"
_PLATFORMS = {
    "arm64": ecr_assets.Platform.LINUX_ARM64,
    "x86_64": ecr_assets.Platform.LINUX_AMD64,
}


def image_context_excludes() -> list[str]:
    """Docker-style excludes: the build context is the repo, reduced to what the image copies."""
    keep = [
        "pyproject.toml",
        DOCKERFILE,
        "layers/pageport/python/pageport",
        # The @fontsource lock and converter (the image's fonts stage; fonts/install.sh's inputs).
        "fonts/package.json",
        "fonts/package-lock.json",
        "fonts/fontsource_ttf.py",
        "fonts/55-pageport-aliases.conf",
        *([f"functions/{WORKER_HANDLER}"] if IMAGE_WORKERS else []),
    ]
    return [
        "*",
        "!infra",
        "infra/*",
        "!layers",
        "!fonts",
        "fonts/*",
        "!functions",
        "functions/*",
        *(f"!{path}" for path in keep),
        "**/__pycache__",
        "**/*.pyc",
    ]


# The Dockerfile's own CMD too; set here as well so the function's ImageConfig says it.
IMAGE_COMMAND = f"functions.{WORKER_HANDLER}.handler.lambda_handler"


def worker_image(repo_root: Path, architecture: str) -> lambda_.DockerImageCode:
    return lambda_.DockerImageCode.from_image_asset(
        str(repo_root),
        file=DOCKERFILE,
        cmd=[IMAGE_COMMAND],
        platform=_PLATFORMS[architecture],
        exclude=image_context_excludes(),
        ignore_mode=IgnoreMode.DOCKER,
    )


class Workers(Construct):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: StageConfig,
        factory: FunctionFactory,
        messaging: Messaging,
    ) -> None:
        super().__init__(scope, construct_id)
        self.functions: dict[str, PageportFunction] = {}
        self.job_roles: dict[str, iam.Role] = {}
        for worker, queue_name in WORKER_QUEUES.items():
            settings = config.worker(worker)
            image = (
                worker_image(factory.repo_root, config.worker_image_architecture) if worker in IMAGE_WORKERS else None
            )
            fn = factory.create(
                self,
                worker,
                sizing=FunctionSizing(memory_mb=settings.memory_mb, timeout_s=settings.timeout_s),
                description=f"Worker consuming the {queue_name} queue",
                code=image,
                image_architecture=config.worker_image_architecture,
                live_alias=image is None,  # an image has no SnapStart: it runs as $LATEST
            )
            (fn.function if image is not None else fn.live).add_event_source(
                sources.SqsEventSource(
                    messaging.queues[queue_name].queue,
                    batch_size=settings.batch_size,
                    max_concurrency=settings.max_concurrency,
                    report_batch_item_failures=True,
                )
            )
            # A copy of a message runs no longer than this: its claim on an attempt is then
            # orphaned (workers/claims.py). SQS redelivers only after 6x this (messaging.py).
            fn.add_env("CLAIM_EXPIRES_AFTER_S", str(settings.timeout_s))
            # A job runs only with the credentials its message carries (workers/scoped.py).
            fn.add_env("JOB_CREDENTIALS_REQUIRED", "true")
            self.functions[worker] = fn

    def add_job_role(self, kind: Kind, senders: Sequence[PageportFunction]) -> iam.Role:
        """The role a kind's job credentials are minted from, by the functions that send its
        messages, each with a session policy naming that job's prefixes (pageport/workers/
        scoped.py). It holds the worker's S3 grants (the stack adds them to the worker's
        `data_role`); the worker's own role holds none and may assume nothing. Trusted by those
        senders' roles alone, each of which gets the right to assume it and its ARN."""
        worker = self.functions[kind.worker]
        role = iam.Role(
            worker,
            "JobRole",
            assumed_by=iam.CompositePrincipal(*(iam.ArnPrincipal(fn.role.role_arn) for fn in senders)),
            description=f"Pageport {kind.worker}: one job's S3 access (narrowed per job by a session policy)",
            max_session_duration=Duration.hours(1),  # role chaining from Lambda's session caps it
        )
        for fn in senders:
            role.grant_assume_role(fn.role)
            fn.add_env(kind.job_role_variable, role.role_arn)
        worker.data_role = role
        self.job_roles[kind.worker] = role
        return role
