"""One factory for every Pageport Lambda: its own role (no managed policies), its own log group,
the shared layer, X-Ray tracing and the common environment.

A zip function created with `live_alias=True` (those API Gateway, the schedule, the queues and
function URLs invoke) publishes a version on each deploy whose code, layer or settings changed,
and is invoked through its alias `live` on that version, never $LATEST: Lambda SnapStart
(`snap_start` in the stage file) only snapshots published versions.

Each function starts with no permissions beyond writing its own logs and traces; the stack then
grants exactly what that function needs (see infra/permissions.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from aws_cdk import Acknowledgment, Annotations, Duration, RemovalPolicy, Validations
from aws_cdk import aws_ec2 as ec2
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from constructs import Construct
from pageport import kinds
from pageport.routes import KIND_FUNCTIONS

from infra.config import FunctionSizing, StageConfig
from infra.paths import function_dir

RUNTIME = lambda_.Runtime.PYTHON_3_12
# The alias every invoker of a `live_alias` function targets (a name scoped to its function).
LIVE_ALIAS = "live"
_ARCHITECTURES = {"arm64": lambda_.Architecture.ARM_64, "x86_64": lambda_.Architecture.X86_64}
_ASSET_EXCLUDES = ["__pycache__", "*.pyc", "tests", "*.md"]


def architecture(name: str) -> lambda_.Architecture:
    return _ARCHITECTURES[name]


def camel(name: str) -> str:
    """Construct id for a function folder: create_page_import -> CreatePageImport."""
    return "".join(part.capitalize() for part in name.split("_"))


@dataclass(frozen=True, slots=True)
class VpcPlacement:
    vpc: ec2.IVpc
    subnets: ec2.SubnetSelection
    security_group: ec2.ISecurityGroup


@dataclass(slots=True)
class FunctionFactory:
    """What every function shares; `create` builds one function from its folder under functions/."""

    config: StageConfig
    repo_root: Path
    layer: lambda_.ILayerVersion
    environment: dict[str, str] = field(default_factory=dict)
    # In-VPC functions that need a network path of their own (the migration runner's direct
    # database access) get it here, whoever creates them with the shared placement.
    placement_overrides: dict[str, VpcPlacement] = field(default_factory=dict)

    def create(
        self,
        scope: Construct,
        function: str,
        *,
        sizing: FunctionSizing,
        description: str,
        placement: VpcPlacement | None = None,
        environment: dict[str, str] | None = None,
        code: lambda_.DockerImageCode | None = None,
        image_architecture: str | None = None,
        live_alias: bool = False,
    ) -> PageportFunction:
        return PageportFunction(
            scope,
            camel(function),
            factory=self,
            function=function,
            sizing=sizing,
            description=description,
            placement=self.placement_overrides.get(function, placement) if placement else None,
            environment={**self.environment, **_kind_environment(function), **(environment or {})},
            image=code,
            image_architecture=image_architecture,
            live_alias=live_alias,
        )


def _kind_environment(function: str) -> dict[str, str]:
    """A per-kind worker or webhook runs the shared handler; this variable makes it its kind's."""
    made = KIND_FUNCTIONS.get(function)
    return {kinds.KIND_VARIABLE: made.kind} if made else {}


class PageportFunction(Construct):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        factory: FunctionFactory,
        function: str,
        sizing: FunctionSizing,
        description: str,
        placement: VpcPlacement | None,
        environment: dict[str, str],
        image: lambda_.DockerImageCode | None,
        image_architecture: str | None,
        live_alias: bool,
    ) -> None:
        super().__init__(scope, construct_id)
        config = factory.config
        self.function_name = function
        self.log_group = logs.LogGroup(self, "Logs", retention=logs.RetentionDays[config.log_retention])
        self.role = iam.Role(
            self,
            "Role",
            assumed_by=iam.ServicePrincipal("lambda.amazonaws.com"),
            description=f"Pageport {config.name} {function}",
        )
        self.log_group.grant_write(self.role)
        # Where the function's S3 grants (infra/permissions.py S3_ACCESS) go: its own role, or
        # for a worker the job role each job assumes with a narrower session policy (workers.py).
        self.data_role: iam.Role = self.role
        vpc_props: dict[str, object] = {}
        if placement:
            vpc_props = {
                "vpc": placement.vpc,
                "vpc_subnets": placement.subnets,
                "security_groups": [placement.security_group],
            }
            # What AWSLambdaVPCAccessExecutionRole grants, inline: ENI management has no
            # resource-level scoping for CreateNetworkInterface.
            self.role.add_to_policy(
                iam.PolicyStatement(
                    actions=[
                        "ec2:CreateNetworkInterface",
                        "ec2:DescribeNetworkInterfaces",
                        "ec2:DescribeSubnets",
                        "ec2:DeleteNetworkInterface",
                        "ec2:AssignPrivateIpAddresses",
                        "ec2:UnassignPrivateIpAddresses",
                    ],
                    resources=["*"],
                )
            )
        common: dict[str, object] = {
            "role": self.role,
            "log_group": self.log_group,
            "tracing": lambda_.Tracing.ACTIVE,
            "memory_size": sizing.memory_mb,
            "timeout": Duration.seconds(sizing.timeout_s),
            "environment": environment,
            "description": description,
            **vpc_props,
        }
        if image is not None:
            self.function: lambda_.Function = lambda_.DockerImageFunction(
                self,
                "Function",
                code=image,
                architecture=architecture(image_architecture or config.architecture),
                **common,  # type: ignore[arg-type]
            )
        else:
            snap_start = live_alias and config.snap_start and RUNTIME.supports_snap_start
            self.function = lambda_.Function(
                self,
                "Function",
                runtime=RUNTIME,
                architecture=architecture(config.architecture),
                handler="handler.lambda_handler",
                code=lambda_.Code.from_asset(str(function_dir(factory.repo_root, function)), exclude=_ASSET_EXCLUDES),
                layers=[factory.layer],
                snap_start=lambda_.SnapStartConf.ON_PUBLISHED_VERSIONS if snap_start else None,
                # A replaced version is deleted once the alias moved on: with SnapStart each
                # version's snapshot is billed for as long as the version exists.
                current_version_options=lambda_.VersionOptions(removal_policy=RemovalPolicy.DESTROY)
                if live_alias
                else None,
                **common,  # type: ignore[arg-type]
            )
            if snap_start:
                Annotations.of(self.function).acknowledge_warning(
                    "@aws-cdk/aws-lambda:snapStartRequirePublish",
                    "Published: its live alias points at current_version (one version per change).",
                )
            Validations.of(self).acknowledge(
                Acknowledgment(
                    id="AwsSolutions-L1",
                    reason="Python 3.12 is pinned on purpose: the shared layer's binary wheels "
                    "(psycopg, pydantic-core) are built for cp312; moving runtimes is a "
                    "deliberate change of infra/lambdas.py RUNTIME and LAMBDA_PYTHON together.",
                )
            )
        self.alias: lambda_.Alias | None = None
        if live_alias:
            if image is not None:
                raise ValueError(f"{function}: a container image has no SnapStart; invoke it as $LATEST")
            self.alias = lambda_.Alias(self, "Live", alias_name=LIVE_ALIAS, version=self.function.current_version)
        Validations.of(self.role).acknowledge(
            Acknowledgment(
                id="AwsSolutions-IAM5[Resource::*]",
                reason="Only X-Ray PutTraceSegments/PutTelemetryRecords (no resource-level "
                "permissions exist for them) and, for in-VPC functions, the ENI actions of "
                "AWSLambdaVPCAccessExecutionRole, which AWS does not scope by resource.",
            )
        )

    @property
    def live(self) -> lambda_.Alias:
        """What invokers target: the alias on the current published version."""
        if self.alias is None:
            raise ValueError(f"{self.function_name} was created without live_alias")
        return self.alias

    def add_env(self, name: str, value: str) -> None:
        self.function.add_environment(name, value)
