"""The admin function: tenant administration on a deployed stage, and the stage file's seed.

Invoked with IAM only: no API route, no function URL, no resource policy, so nobody may invoke
it until an identity policy allows `lambda:InvokeFunction` on it (the operator's, see the
README). Its name derives from the stage (pageport.models.admin.admin_function_name) so the CLI
and such policies can name it without reading the stack. It connects through the proxy as the
data-only application role (the stack's `_grant`, as every DATABASE_USERS function): tenants
are rows, which that role may write, so no wider database role is needed.

The stage's `[seed]` (if any) is a custom resource that the admin function applies through the
CDK provider framework, after the migrations; the provider's function is then the one principal
allowed to invoke it.
"""

from __future__ import annotations

from aws_cdk import Acknowledgment, CfnOutput, CustomResource, Validations
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from aws_cdk import custom_resources as cr
from constructs import Construct
from pageport.models.admin import admin_function_name

from infra.background import Background
from infra.config import FunctionSizing, StageConfig
from infra.lambdas import FunctionFactory, PageportFunction, VpcPlacement
from infra.nag import logical_id

SIZING = FunctionSizing(memory_mb=256, timeout_s=30)


class Admin(Construct):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: StageConfig,
        factory: FunctionFactory,
        placement: VpcPlacement,
        background: Background,
    ) -> None:
        super().__init__(scope, construct_id)
        self.admin = factory.create(
            self,
            "admin",
            sizing=SIZING,
            description="Tenant administration (pageport admin --stage); IAM invoke only",
            placement=placement,
        )
        self.function_name = admin_function_name(config.name)
        cfn_function = self.admin.function.node.default_child
        assert isinstance(cfn_function, lambda_.CfnFunction)
        cfn_function.function_name = self.function_name
        self.functions: dict[str, PageportFunction] = {"admin": self.admin}
        CfnOutput(self, "FunctionName", value=self.admin.function.function_name)

        self.seed: CustomResource | None = None
        if config.seed is not None:
            provider = cr.Provider(
                self,
                "SeedProvider",
                on_event_handler=self.admin.function,
                log_group=logs.LogGroup(self, "SeedProviderLogs", retention=logs.RetentionDays[config.log_retention]),
            )
            self.seed = CustomResource(
                self,
                "Seed",
                service_token=provider.service_token,
                resource_type="Custom::PageportSeed",
                properties={"Seed": config.seed.model_dump(mode="json")},
            )
            # After the schema and the app role exist (the migration), and after the function
            # can connect (its role's policy, environment and the proxy target: the stack's _grant).
            self.seed.node.add_dependency(background.migration, self.admin)
            CfnOutput(self, "SeedProjectId", value=self.seed.get_att_string("ProjectId"))
            Validations.of(provider).acknowledge(
                Acknowledgment(
                    id="AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/"
                    "service-role/AWSLambdaBasicExecutionRole]",
                    reason="CDK's custom-resource provider framework function (logs only); it "
                    "just relays CloudFormation events to the admin function.",
                ),
                Acknowledgment(
                    id=f"AwsSolutions-IAM5[Resource::<{logical_id(self.admin.function)}.Arn>:*]",
                    reason="The provider framework may invoke any version of the admin function "
                    "(CDK's grantInvoke); it is that one function only.",
                ),
                Acknowledgment(
                    id="AwsSolutions-L1",
                    reason="The provider framework's Node.js runtime is chosen and updated by aws-cdk-lib itself.",
                ),
            )
