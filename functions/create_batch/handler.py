"""POST /projects/{projectId}/page-batches"""

from typing import Annotated, Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.openapi.params import Body, Path
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.batches import service
from pageport.batches.models import BatchCreateRequest, BatchOut
from pageport.db import shared_connection
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.errors import BatchIdConflict
from pageport.settings import ARTIFACTS, DATABASE, EVERY_QUEUE, get_settings
from pageport.web import api_resolver, caller_scope
from pageport.web.responses import documented
from pageport.web.views import batch_out

app = api_resolver()


@app.post(
    "/projects/<projectId>/page-batches",
    summary="Create a batch (idempotent by client id)",
    responses=documented({200: "Replay of an existing batch", 201: "Created"}, BatchIdConflict),
)
def create(projectId: Annotated[int, Path()], body: Annotated[BatchCreateRequest, Body()]) -> Response[BatchOut]:
    scope = caller_scope(app, projectId)
    conn = shared_connection()
    result = service.create_batch(
        conn, scope, body.id, body.type, body.requests, allow_private=get_settings().pageport_allow_private_targets
    )
    view = service.dispatch_new(conn, scope, result)
    return Response(status_code=201 if result.created else 200, content_type="application/json", body=batch_out(view))


@entrypoint(Trigger.API, DATABASE, ARTIFACTS, EVERY_QUEUE)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
