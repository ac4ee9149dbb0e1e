"""Webhooks: one Lambda per WEBHOOK_FUNCTIONS entry (one per kind with a webhook, all running
functions/webhook with the kind's PAGEPORT_KIND) behind a function URL with AWS_IAM auth.

No resource policy opens them: with AWS_IAM, a caller needs an identity policy allowing
lambda:InvokeFunctionUrl (and, since Oct 2025, lambda:InvokeFunction) on the function, which the
stack grants to the matching worker role only (infra/permissions.py WORKER_WEBHOOKS).
"""

from __future__ import annotations

from aws_cdk import aws_lambda as lambda_
from constructs import Construct
from pageport.routes import WEBHOOK_FUNCTIONS

from infra.config import StageConfig
from infra.lambdas import FunctionFactory, PageportFunction, VpcPlacement


class Webhooks(Construct):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: StageConfig,
        factory: FunctionFactory,
        placement: VpcPlacement,
    ) -> None:
        super().__init__(scope, construct_id)
        self.functions: dict[str, PageportFunction] = {}
        self.urls: dict[str, lambda_.FunctionUrl] = {}
        for key, function in WEBHOOK_FUNCTIONS.items():
            fn = factory.create(
                self,
                function,
                sizing=config.webhook_function,
                description=f"Worker webhook for {key} (SigV4, function URL)",
                placement=placement,
                live_alias=True,
            )
            self.functions[function] = fn
            self.urls[key] = fn.live.add_function_url(auth_type=lambda_.FunctionUrlAuthType.AWS_IAM)
