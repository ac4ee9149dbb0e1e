"""POST /projects/{projectId}/page-imports"""

from typing import Annotated, Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.openapi.params import Body, Path
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.batches import registry
from pageport.db import shared_connection
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.kinds.page_import import creation
from pageport.kinds.page_import.models import PageImportOut, PageImportRequest, page_import_out
from pageport.settings import DATABASE, get_settings, queue_of
from pageport.web import api_resolver, caller_scope

# The fast path after commit (batches.dispatch.send_now) reads its queue, and would fail a job
# that cannot be queued, through the kind's registry entry: registered at INIT.
registry.load("page_import")

app = api_resolver()


@app.post(
    "/projects/<projectId>/page-imports",
    summary="Import a public URL",
    responses={
        201: {"description": "Created"},
        503: {"description": "Sign-in details (`auth`) cannot be sealed here: no key is configured for them"},
    },
)
def create(projectId: Annotated[int, Path()], body: Annotated[PageImportRequest, Body()]) -> Response[PageImportOut]:
    scope = caller_scope(app, projectId)
    row = creation.create_page_import(
        shared_connection(), scope, body, allow_private=get_settings().pageport_allow_private_targets
    )
    return Response(status_code=201, content_type="application/json", body=page_import_out(row))


@entrypoint(Trigger.API, DATABASE, queue_of("page_import"))
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
