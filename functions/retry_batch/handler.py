"""POST /projects/{projectId}/page-batches/{batchId}/retry"""

from typing import Annotated, Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.openapi.params import Body, Path
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.batches import service
from pageport.batches.models import BatchOut, BatchRetryRequest
from pageport.db import shared_connection
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.errors import BatchIdConflict, NothingToRetry
from pageport.settings import ARTIFACTS, DATABASE, EVERY_QUEUE
from pageport.web import api_resolver, caller_scope
from pageport.web.responses import documented
from pageport.web.views import batch_out

app = api_resolver()


@app.post(
    "/projects/<projectId>/page-batches/<batchId>/retry",
    summary="Retry the failed items as a new batch",
    responses=documented({200: "Replay", 201: "Created"}, BatchIdConflict, NothingToRetry),
)
def retry(
    projectId: Annotated[int, Path()],
    batchId: Annotated[str, Path()],
    body: Annotated[BatchRetryRequest, Body()],
) -> Response[BatchOut]:
    scope = caller_scope(app, projectId)
    conn = shared_connection()
    result = service.retry_batch(conn, scope, batchId, body.id)
    view = service.dispatch_new(conn, scope, result)
    return Response(status_code=201 if result.created else 200, content_type="application/json", body=batch_out(view))


@entrypoint(Trigger.API, DATABASE, ARTIFACTS, EVERY_QUEUE)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
