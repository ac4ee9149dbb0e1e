"""cdk-nag 3: AWS Solutions checks run as a CDK policy-validation plugin, so any finding not
acknowledged (Validations.of(construct).acknowledge(..., reason=...)) fails synthesis."""

from __future__ import annotations

from aws_cdk import App, Stack, Validations
from cdk_nag import AwsSolutionsChecks
from constructs import IConstruct


def enable_nag(app: App) -> None:
    Validations.of(app).add_plugins(AwsSolutionsChecks(app, verbose=True))


def logical_id(construct: IConstruct) -> str:
    """The logical id cdk-nag prints in finding ids such as `Resource::<Id.Arn>/prefix/*`."""
    target = construct.node.default_child or construct
    stack = Stack.of(construct)
    return str(stack.resolve(stack.get_logical_id(target)))  # type: ignore[arg-type]
