"""POST /projects/{projectId}/page-batches/{batchId}/cancel"""

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Path
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.batches import service
from pageport.batches.models import BatchOut
from pageport.db import shared_connection
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.settings import ARTIFACTS, DATABASE
from pageport.web import api_resolver, caller_scope
from pageport.web.views import batch_out

app = api_resolver()


@app.post("/projects/<projectId>/page-batches/<batchId>/cancel", summary="Cancel every unfinished item (idempotent)")
def cancel(projectId: Annotated[int, Path()], batchId: Annotated[str, Path()]) -> BatchOut:
    scope = caller_scope(app, projectId)
    return batch_out(service.cancel_batch(shared_connection(), scope, batchId))


@entrypoint(Trigger.API, DATABASE, ARTIFACTS)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
