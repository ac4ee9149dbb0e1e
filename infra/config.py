"""Per-stage configuration: one TOML file per stage under infra/stages/, validated by pydantic.

Nothing here talks to AWS: account, region and availability zones come from the file (or the
CDK context / CDK_DEFAULT_ACCOUNT for the account), so synthesis is offline and repeatable.
"""

from __future__ import annotations

import math
import re
import tomllib
from pathlib import Path
from typing import Annotated, Literal, Self

from pageport import kinds
from pageport.routes import WORKER_QUEUES
from pydantic import BaseModel, ConfigDict, Field, model_validator

STAGES_DIR = Path(__file__).resolve().parent / "stages"

Architecture = Literal["arm64", "x86_64"]
LogRetention = Literal["ONE_WEEK", "TWO_WEEKS", "ONE_MONTH", "THREE_MONTHS", "SIX_MONTHS", "ONE_YEAR", "TWO_YEARS"]
Seconds = Annotated[int, Field(ge=1, le=900)]

# A worker queue's visibility timeout is this many times its worker's timeout (AWS's advice
# for SQS-triggered Lambdas); infra/messaging.py builds the queues with it.
VISIBILITY_FACTOR = 6
# The most items one batch holds (api.md): the longest queue a single request can make.
MAX_BATCH_ITEMS = 500


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DatabaseConfig(_Model):
    instance_type: str = "t4g.micro"  # ec2.InstanceType string form, e.g. "r7g.large"
    # A full minor version: AWS stops creating instances of old minors and of a bare major
    # ("16"), and cfn-lint's data (W3691, tests/infra/test_cfn_lint.py) follows what it still
    # creates. 16 is the major the tests' embedded PostgreSQL runs; RDS applies later minors in
    # the maintenance window (auto_minor_version_upgrade).
    engine_version: str = Field(default="16.13", pattern=r"^\d+\.\d+$")
    name: str = "pageport"
    admin_user: str = "pageport_admin"
    port: int = Field(default=5433, ge=1150, le=65535)  # proxy -> DB only; the proxy listens on 5432
    allocated_storage_gb: int = Field(default=20, ge=20)
    max_allocated_storage_gb: int = Field(default=100, ge=20)
    multi_az: bool = False
    backup_retention_days: int = Field(default=7, ge=1, le=35)
    deletion_protection: bool = False
    # RETAIN/SNAPSHOT keep data when the stack (or the resource) is deleted; DESTROY is for dev.
    removal_policy: Literal["destroy", "snapshot", "retain"] = "snapshot"
    proxy_idle_client_timeout_s: int = Field(default=1800, ge=1, le=28800)
    proxy_max_connections_percent: int = Field(default=90, ge=1, le=100)
    # How long a request waits for the proxy to lend it a connection (during a failover, all of
    # it): well under the API's 29 s and the webhook's 30 s, so the caller gets a 503 to retry,
    # not a timeout (docs/outages.md).
    proxy_borrow_timeout_s: int = Field(default=10, ge=1, le=25)


class ApiConfig(_Model):
    throttle_rate_limit: float = Field(default=50, gt=0)
    throttle_burst_limit: int = Field(default=100, gt=0)
    # The Figma plugin runs in a sandboxed iframe whose Origin is "null": only it may read answers.
    cors_allow_origins: tuple[str, ...] = ("null",)
    # The AWS managed rule groups (common, known bad inputs) and the per-IP rate rule on every
    # route. The per-IP rule on /auth/* is on every stage whatever this says.
    waf: bool = False
    # AWS::ApiGateway::Account is one per account and region: let only one stack own it.
    manage_cloudwatch_role: bool = True
    detailed_metrics: bool = False
    # Per-method throttling of the unauthenticated sign-in routes (/auth/*), per stage: they are
    # reachable without a token. Collect is polled (every 2 s per signing-in designer) and gets
    # `auth_collect_factor` times these limits.
    auth_throttle_rate_limit: float = Field(default=10, gt=0)
    auth_throttle_burst_limit: int = Field(default=20, gt=0)
    auth_collect_factor: int = Field(default=5, ge=1, le=100)
    # Requests to /auth/* one client IP may make per 5 minutes (WAF), so that one client cannot
    # use up the per-method limits above for everyone. A signing-in plugin polls collect about
    # 100 times in the session's 5 minutes; 600 leaves room for a few people behind one NAT.
    auth_requests_per_ip_per_5_min: int = Field(default=600, ge=10, le=2_000_000_000)


class CognitoConfig(_Model):
    existing_user_pool_id: str | None = Field(default=None, pattern=r"^[\w-]+_[0-9a-zA-Z]+$")
    # With an existing pool, the platform team creates the plugin's app client and the pool's
    # domain by hand (README, "Signing in"): name them here so the sign-in routes can use them.
    existing_plugin_client_id: str | None = Field(default=None, pattern=r"^[a-z0-9]{1,128}$")
    existing_sign_in_domain: str | None = Field(default=None, pattern=r"^https://[a-z0-9.-]+$")
    # The hosted sign-in (managed login) domain prefix; default pageport-<stage>-<account>.
    domain_prefix: str | None = Field(default=None, pattern=r"^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$")
    # How long a designer stays signed in without signing in again (refresh token lifetime).
    refresh_token_days: int = Field(default=30, ge=1, le=3650)
    # An ID token cannot be revoked: after sign-out it still works until it expires. Short, then
    # (the plugin renews it at 80% of its life with the refresh token, which sign-out revokes).
    id_token_minutes: int = Field(default=15, ge=5, le=1440)
    mfa: Literal["optional", "required"] = "optional"
    threat_protection: bool = False  # Cognito "Plus" feature plan (paid)
    deletion_protection: bool = False


class AlarmsConfig(_Model):
    """Thresholds of the alarms on the business metrics (pageport.metrics, infra/monitoring.py)."""

    # Failed / (completed + failed) imports or conversions over 15 minutes, in percent...
    failure_rate_percent: float = Field(default=20, gt=0, le=100)
    # ...once at least this many finished in those 15 minutes (two failures of three is no outage).
    failure_rate_min_jobs: int = Field(default=10, ge=1)
    # p90 of a batch item's wait from its creation to its send to the worker queue.
    dispatch_lag_p90_s: int = Field(default=300, ge=1)


class FunctionSizing(_Model):
    memory_mb: int = Field(default=512, ge=128, le=10240)
    timeout_s: Seconds = 15


class WorkerConfig(_Model):
    memory_mb: int = Field(default=2048, ge=128, le=10240)
    timeout_s: Seconds = 120
    batch_size: int = Field(default=1, ge=1, le=10)
    max_concurrency: int = Field(default=10, ge=2, le=1000)  # SQS event source limit, >= 2
    max_receive_count: int = Field(default=3, ge=1, le=1000)


class SeedConfig(_Model):
    """The first tenant, applied on deploy after the migrations (infra/admin.py); idempotent:
    the organization and project are matched by name, members added unless present."""

    organization: str = Field(min_length=1, max_length=255)
    project: str = Field(min_length=1, max_length=255)
    members: tuple[str, ...] = ()  # Cognito subjects (`sub`), at most 50 characters each

    @model_validator(mode="after")
    def _valid_seed(self) -> Self:
        # The admin function's own command model: a bad seed fails synthesis, not the deploy.
        from pageport.models.admin import Seed

        Seed(organization=self.organization, project=self.project, members=list(self.members))
        return self


class StageConfig(_Model):
    name: str = Field(pattern=r"^[a-z][a-z0-9-]{1,15}$")
    account: str | None = Field(default=None, pattern=r"^\d{12}$")
    region: str = Field(pattern=r"^[a-z]{2}(-[a-z]+)+-\d$")
    availability_zones: tuple[str, ...] = Field(min_length=2, max_length=3)
    vpc_cidr: str = "10.40.0.0/16"
    # The region's S3 managed prefix list (`aws ec2 describe-managed-prefix-lists`); narrows the
    # Lambdas' HTTPS egress to S3. Optional: see infra/network.py.
    s3_prefix_list_id: str | None = Field(default=None, pattern=r"^pl-[0-9a-f]+$")
    architecture: Architecture = "arm64"  # zip functions and the layer
    # Lambda SnapStart for the zip functions invoked through their `live` alias (infra/lambdas.py):
    # a restore from a snapshot of INIT instead of a cold start, for a per-version cache charge
    # and a per-restore charge (README, "SnapStart"). prod.toml turns it on.
    snap_start: bool = False
    # Worker images are built by `cdk deploy` on the deployer's machine: match its CPU to avoid
    # emulated builds (Debian's chromium exists for both).
    worker_image_architecture: Architecture = "x86_64"
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    log_retention: LogRetention = "ONE_MONTH"
    termination_protection: bool = False
    alarm_email: str | None = None
    dispatcher_schedule: str = Field(default="rate(1 minute)", pattern=r"^rate\(\d+ (minute|minutes|hour|hours)\)$")
    # The sweep (run with the dispatcher) fails a job still processing this long after its
    # attempt began. It must exceed `longest_legitimate_wait_s()`, or live work would be failed.
    job_deadline_s: int = Field(default=86_400, ge=60)
    artifact_expiration_days: int | None = Field(default=None, ge=1)
    access_log_expiration_days: int = Field(default=90, ge=1)
    database: DatabaseConfig = DatabaseConfig()
    api: ApiConfig = ApiConfig()
    cognito: CognitoConfig = CognitoConfig()
    alarms: AlarmsConfig = AlarmsConfig()
    api_function: FunctionSizing = FunctionSizing()
    webhook_function: FunctionSizing = FunctionSizing(timeout_s=30)
    dispatcher_function: FunctionSizing = FunctionSizing(timeout_s=50)
    dead_letter_function: FunctionSizing = FunctionSizing(timeout_s=30)
    migrate_function: FunctionSizing = FunctionSizing(timeout_s=600)
    workers: dict[str, WorkerConfig] = Field(default_factory=dict)
    seed: SeedConfig | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        if len(set(self.availability_zones)) != len(self.availability_zones):
            raise ValueError("availability zones must be distinct")
        for zone in self.availability_zones:
            if not re.fullmatch(re.escape(self.region) + r"[a-z]", zone):
                raise ValueError(f"availability zone {zone!r} is not in region {self.region}")
        unknown = set(self.workers) - set(WORKER_QUEUES)
        if unknown:
            raise ValueError(f"unknown workers {sorted(unknown)}; known: {sorted(WORKER_QUEUES)}")
        cognito = self.cognito
        if cognito.existing_user_pool_id and not (
            cognito.existing_plugin_client_id and cognito.existing_sign_in_domain
        ):
            raise ValueError(
                "cognito.existing_user_pool_id needs cognito.existing_plugin_client_id and "
                "cognito.existing_sign_in_domain (the plugin's sign-in; README, Signing in)"
            )
        if not cognito.existing_user_pool_id and (cognito.existing_plugin_client_id or cognito.existing_sign_in_domain):
            raise ValueError("cognito.existing_plugin_client_id/existing_sign_in_domain need existing_user_pool_id")
        if self.database.max_allocated_storage_gb < self.database.allocated_storage_gb:
            raise ValueError("database.max_allocated_storage_gb < allocated_storage_gb")
        longest = self.longest_legitimate_wait_s()
        if self.job_deadline_s <= longest:
            raise ValueError(
                f"job_deadline_s ({self.job_deadline_s}) must exceed the longest legitimate wait "
                f"({longest} s: a full batch queued behind a worker's concurrency, every redelivery "
                "before the dead-letter queue, and every dispatch try)"
            )
        return self

    @property
    def dispatcher_tick_s(self) -> int:
        count, unit = self.dispatcher_schedule.removeprefix("rate(").removesuffix(")").split()
        return int(count) * (3600 if unit.startswith("hour") else 60)

    def worker_wait_s(self, name: str) -> int:
        """The longest a job of this worker can legitimately stay processing:
        dispatch:     MAX_ATTEMPTS x lease (each failed try waits out its lease) + one tick;
        queue:        ceil(MAX_BATCH_ITEMS / (max_concurrency x batch_size)) waves, each at most
                      the worker's timeout (a batch of messages shares one invocation);
        redeliveries: max_receive_count x visibility timeout before the message is dead-lettered
                      (the dead-letter consumer then fails the job itself)."""
        from pageport.batches.dispatch import LEASE, MAX_ATTEMPTS

        worker = self.worker(name)
        dispatch = MAX_ATTEMPTS * int(LEASE.total_seconds()) + self.dispatcher_tick_s
        waves = math.ceil(MAX_BATCH_ITEMS / (worker.max_concurrency * worker.batch_size))
        redeliveries = worker.max_receive_count * VISIBILITY_FACTOR * worker.timeout_s
        return dispatch + waves * worker.timeout_s + redeliveries

    def longest_legitimate_wait_s(self) -> int:
        """The largest `worker_wait_s` over every kind's worker: what the deadline must exceed."""
        return max(self.worker_wait_s(name) for name in WORKER_QUEUES)

    def worker(self, name: str) -> WorkerConfig:
        """The stage file's settings for a worker, else its kind's timeout and the defaults."""
        default = next(
            (WorkerConfig(timeout_s=k.worker_timeout_s) for k in kinds.all_kinds() if k.worker == name), None
        )
        return self.workers.get(name, default or WorkerConfig())

    @property
    def stack_name(self) -> str:
        return f"Pageport-{self.name}"


def load_stage(name: str, *, account: str | None = None, stages_dir: Path = STAGES_DIR) -> StageConfig:
    """Read infra/stages/<name>.toml; `account` (context, CDK_DEFAULT_ACCOUNT) fills a blank one."""
    path = stages_dir / f"{name}.toml"
    if not path.is_file():
        known = sorted(p.stem for p in stages_dir.glob("*.toml"))
        raise SystemExit(f"unknown stage {name!r}: no {path}; known stages: {', '.join(known)}")
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data.setdefault("name", name)
    if account and not data.get("account"):
        data["account"] = account
    return StageConfig.model_validate(data)
