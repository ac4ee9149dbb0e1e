"""POST /projects/{projectId}/code2des"""

from typing import Annotated, Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.openapi.params import Body, Path
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.batches import registry
from pageport.db import shared_connection
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.errors import PageImportNotReady
from pageport.kinds.code2des import creation
from pageport.kinds.code2des.models import Code2DesOut, Code2DesRequest, code2des_out
from pageport.settings import DATABASE, queue_of
from pageport.web import api_resolver, caller_scope
from pageport.web.responses import documented

# The fast path after commit (batches.dispatch.send_now) reads its queue, and would fail a job
# that cannot be queued, through the kind's registry entry: registered at INIT.
registry.load("code2des")

app = api_resolver()


@app.post(
    "/projects/<projectId>/code2des",
    summary="Convert a completed Page Import",
    responses=documented({201: "Created"}, PageImportNotReady),
)
def create(projectId: Annotated[int, Path()], body: Annotated[Code2DesRequest, Body()]) -> Response[Code2DesOut]:
    scope = caller_scope(app, projectId)
    row = creation.create_code2des(shared_connection(), scope, body)
    return Response(status_code=201, content_type="application/json", body=code2des_out(row))


@entrypoint(Trigger.API, DATABASE, queue_of("code2des"))
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
