"""GET /projects/{projectId}/page-batches/{batchId}/items"""

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Path, Query
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.batches import service
from pageport.batches.models import BatchItemsPage
from pageport.db import reading
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.services.jobs import parse_offset_cursor
from pageport.settings import ARTIFACTS, DATABASE
from pageport.web import api_resolver, caller_scope
from pageport.web.views import item_out

app = api_resolver()


@app.get("/projects/<projectId>/page-batches/<batchId>/items", summary="List a batch's items by position")
def read(
    projectId: Annotated[int, Path()],
    batchId: Annotated[str, Path()],
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
    cursor: Annotated[str | None, Query(max_length=16)] = None,
) -> BatchItemsPage:
    scope = caller_scope(app, projectId)
    with reading() as cur:
        items, last = service.list_items(cur, scope, batchId, limit=limit, after_position=parse_offset_cursor(cursor))
    return BatchItemsPage(items=[item_out(i) for i in items], next_cursor=None if last is None else str(last))


@entrypoint(Trigger.API, DATABASE, ARTIFACTS)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
