"""PUT /projects/{projectId}/code2des/{code2desId}/materialization"""

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Body, Path
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.db import shared_connection
from pageport.models.api import Code2DesOut, MaterializationRequest
from pageport.services import code2des
from pageport.web import api_resolver, caller_scope
from pageport.web.views import code2des_out

app = api_resolver()


@app.put("/projects/<projectId>/code2des/<code2desId>/materialization", summary="Record the first Figma placement")
def put(
    projectId: Annotated[int, Path()],
    code2desId: Annotated[str, Path()],
    body: Annotated[MaterializationRequest, Body()],
) -> Code2DesOut:
    scope = caller_scope(app, projectId)
    return code2des_out(code2des.materialize(shared_connection(), scope, code2desId, body.node_id))


def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
