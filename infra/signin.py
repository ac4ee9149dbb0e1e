"""Sign-in sessions: the DynamoDB table (pageport/signin/store.py) and the sign-in functions'
settings and permissions.

DynamoDB rather than the stack's PostgreSQL: the callback must call the user pool's hosted
sign-in domain, which no VPC endpoint serves, so the sign-in functions run outside the VPC (no
NAT added to the isolated subnets), where DynamoDB is reached by IAM alone. Single use is a
conditional delete; expiry is checked in every condition; TTL sweeps what expired.
"""

from __future__ import annotations

from aws_cdk import Acknowledgment, RemovalPolicy, Validations
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_iam as iam
from constructs import Construct
from pageport.signin.store import PARTITION_KEY, TTL_ATTRIBUTE

from infra.config import StageConfig
from infra.lambdas import PageportFunction
from infra.permissions import SIGN_IN_TABLE_ACCESS


class SignIn(Construct):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: StageConfig,
        functions: dict[str, PageportFunction],
        client_id: str,
        sign_in_domain: str,
        redirect_uri: str,
    ) -> None:
        super().__init__(scope, construct_id)
        self.table = dynamodb.Table(
            self,
            "Sessions",
            partition_key=dynamodb.Attribute(name=PARTITION_KEY, type=dynamodb.AttributeType.STRING),
            billing_mode=dynamodb.BillingMode.PAY_PER_REQUEST,
            time_to_live_attribute=TTL_ATTRIBUTE,
            encryption=dynamodb.TableEncryption.AWS_MANAGED,
            # Items live 5 minutes and hold only hashes and ciphertext: nothing to keep.
            removal_policy=RemovalPolicy.DESTROY,
        )
        Validations.of(self.table).acknowledge(
            Acknowledgment(
                id="AwsSolutions-DDB3",
                reason="Sign-in sessions live at most 5 minutes and hold only key hashes and "
                "ciphertext; a point-in-time restore would bring back nothing anyone can use.",
            )
        )
        for name, actions in SIGN_IN_TABLE_ACCESS.items():
            fn = functions[name]
            for variable, value in (
                ("SIGNIN_TABLE", self.table.table_name),
                ("SIGNIN_PROVIDER", "cognito"),
                ("SIGNIN_ISSUER_URL", sign_in_domain),
                ("SIGNIN_CLIENT_ID", client_id),
                ("SIGNIN_REDIRECT_URI", redirect_uri),
            ):
                fn.add_env(variable, value)
            if actions:
                fn.role.add_to_policy(iam.PolicyStatement(actions=list(actions), resources=[self.table.table_arn]))
