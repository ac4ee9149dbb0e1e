"""Applies the schema migrations on deploy (CloudFormation custom resource, via the CDK
provider framework). Safe to run twice or concurrently: the runner holds an advisory lock."""

import os
from typing import Any

from aws_lambda_powertools import Logger
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.db import conninfo
from pageport.migrations import apply_migrations, set_role_password_from_secret

logger = Logger(service="pageport-migrate")


@logger.inject_lambda_context
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    if event.get("RequestType") == "Delete":
        # Never drop data on stack deletion; the database has its own retention policy.
        return {"PhysicalResourceId": event.get("PhysicalResourceId", "pageport-schema")}
    applied = apply_migrations(conninfo())
    logger.info("migrations applied", extra={"applied": applied})
    # The functions' data-only role gets the password the proxy holds for it (every deploy,
    # so a changed secret value takes effect with the next deployment).
    secret_arn = os.environ.get("APP_DB_SECRET_ARN")
    if secret_arn:
        role = set_role_password_from_secret(conninfo(), secret_arn)
        logger.info("application role password set", extra={"role": role})
    return {"PhysicalResourceId": "pageport-schema", "Data": {"Applied": ",".join(applied) or "none"}}
