"""Applies the schema migrations on deploy (CloudFormation custom resource, via the CDK
provider framework). Safe to run twice or concurrently: the runner holds an advisory lock.

On AWS it connects to the instance directly with the master secret (DB_SECRET_ARN), not
through the proxy: the proxy authenticates the data-only role this runner creates, so the
runner must not depend on it (infra/database.py, "Bootstrap"). Locally: DATABASE_URL/embedded.
"""

import os
from collections.abc import Callable
from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.batches import batch_view as batch_view  # the runner renders it: every registry entry, at INIT
from pageport.db import conninfo
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.logging import logger
from pageport.migrations import ConninfoSource, apply_migrations, secret_conninfo, set_role_password_from_secret
from pageport.settings import DATABASE

# What the migrations themselves may need of the invocation's time: connection retries get the rest.
RESERVED_FOR_MIGRATIONS_S = 120


@entrypoint(Trigger.INVOKE, DATABASE)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    if event.get("RequestType") == "Delete":
        # Never drop data on stack deletion; the database has its own retention policy.
        return {"PhysicalResourceId": event.get("PhysicalResourceId", "pageport-schema")}
    source = _conninfo_source()
    retry_within_s = max(0.0, context.get_remaining_time_in_millis() / 1000 - RESERVED_FOR_MIGRATIONS_S)
    applied = apply_migrations(source, retry_within_s=retry_within_s)
    logger.info("migrations applied", extra={"applied": applied})
    # The functions' data-only role gets the password the proxy holds for it (every deploy,
    # so a changed secret value takes effect with the next deployment).
    secret_arn = os.environ.get("APP_DB_SECRET_ARN")
    if secret_arn:
        role = set_role_password_from_secret(source, secret_arn)
        logger.info("application role password set", extra={"role": role})
    return {"PhysicalResourceId": "pageport-schema", "Data": {"Applied": ",".join(applied) or "none"}}


def _conninfo_source() -> ConninfoSource:
    secret_arn = os.environ.get("DB_SECRET_ARN")
    if not secret_arn:
        return conninfo()
    host, port, name = os.environ["DB_HOST"], int(os.environ["DB_PORT"]), os.environ["DB_NAME"]

    # Read on every attempt: RDS may rotate the master password while the runner retries.
    def direct() -> str:
        return secret_conninfo(secret_arn, host=host, port=port, dbname=name)

    source: Callable[[], str] = direct
    return source
