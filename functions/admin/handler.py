"""Tenant administration on a deployed stage: invoked with IAM only (no API route, no function
URL), by `pageport admin ... --stage NAME` with the operator's credentials, and by the stage
file's seed (a CloudFormation custom resource, through the CDK provider framework)."""

from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.db import retrying, shared_connection
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.errors import InternalError, PageportError
from pageport.logging import logger
from pageport.models.admin import Seed, parse_command
from pageport.services.admin import run_command
from pageport.settings import DATABASE

SEED_RESOURCE_ID = "pageport-seed"


@entrypoint(Trigger.INVOKE, DATABASE)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    if "RequestType" in event:
        return _seed_resource(event)
    try:
        command = parse_command(event)
        result = retrying(lambda: run_command(shared_connection(), command))
    except PageportError as exc:
        logger.info("admin command refused", extra={"code": exc.code})
        return exc.body()
    except Exception:
        # The operator sees a safe line; the traceback stays in the function's log.
        logger.exception("admin command failed")
        return InternalError().body()
    logger.info("admin command done", extra={"command": command.command})
    return result


def _seed_resource(event: dict[str, Any]) -> dict[str, Any]:
    """Create/Update apply the seed (idempotent); Delete keeps tenants (they are data)."""
    if event["RequestType"] == "Delete":
        return {"PhysicalResourceId": event.get("PhysicalResourceId", SEED_RESOURCE_ID)}
    seed = parse_command({"command": "seed", **event["ResourceProperties"]["Seed"]})
    assert isinstance(seed, Seed)
    result = retrying(lambda: run_command(shared_connection(), seed))
    logger.info("seed applied", extra={"seed": result})
    # One id whatever the seed says: a changed seed is an update, never a replacement (whose
    # Delete of the old resource would be asked to remove a tenant).
    return {
        "PhysicalResourceId": SEED_RESOURCE_ID,
        "Data": {"OrganizationId": str(result["organizationId"]), "ProjectId": str(result["projectId"])},
    }
