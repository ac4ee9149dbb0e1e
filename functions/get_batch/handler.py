"""GET /projects/{projectId}/page-batches/{batchId}"""

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Path
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.batches import service
from pageport.batches.models import BatchOut
from pageport.db import reading
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.settings import ARTIFACTS, DATABASE
from pageport.web import api_resolver, caller_scope
from pageport.web.views import batch_out

app = api_resolver()


@app.get("/projects/<projectId>/page-batches/<batchId>", summary="Read a batch with derived status and counts")
def read(projectId: Annotated[int, Path()], batchId: Annotated[str, Path()]) -> BatchOut:
    scope = caller_scope(app, projectId)
    with reading() as cur:
        return batch_out(service.get_batch(cur, scope, batchId))


@entrypoint(Trigger.API, DATABASE, ARTIFACTS)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
