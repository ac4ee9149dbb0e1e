"""PUT /projects/{projectId}/code2des/{code2desId}/materialization"""

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Body, Path
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.db import shared_connection
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.errors import ResultNotReady
from pageport.kinds.code2des import service as code2des
from pageport.kinds.code2des.models import Code2DesOut, MaterializationBody, code2des_out
from pageport.settings import DATABASE
from pageport.web import api_resolver, caller_scope
from pageport.web.responses import documented

app = api_resolver()


@app.put(
    "/projects/<projectId>/code2des/<code2desId>/materialization",
    summary="Record the first Figma placement",
    description=(
        "The first successful call stores `materializedAt` and `materializedNodeId` and needs a valid `nodeId`; "
        "every later call returns 200 with the stored values and changes nothing, whatever it sends."
    ),
    responses=documented({200: "The job with its (first) stored placement"}, ResultNotReady),
)
def put(
    projectId: Annotated[int, Path()],
    code2desId: Annotated[str, Path()],
    body: Annotated[MaterializationBody | None, Body()] = None,
) -> Code2DesOut:
    scope = caller_scope(app, projectId)
    raw = body.model_dump(mode="json", by_alias=True, exclude_unset=True) if body is not None else {}
    return code2des_out(code2des.record_materialization(shared_connection(), scope, code2desId, raw))


@entrypoint(Trigger.API, DATABASE)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
