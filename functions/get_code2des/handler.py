"""GET /projects/{projectId}/code2des/{code2desId}"""

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Path
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.db import reading
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.kinds.code2des import service as code2des
from pageport.kinds.code2des.models import Code2DesOut, code2des_out
from pageport.settings import DATABASE
from pageport.web import api_resolver, caller_scope

app = api_resolver()


@app.get("/projects/<projectId>/code2des/<code2desId>", summary="Read a Code2Des job")
def read(projectId: Annotated[int, Path()], code2desId: Annotated[str, Path()]) -> Code2DesOut:
    scope = caller_scope(app, projectId)
    with reading() as cur:
        return code2des_out(code2des.get_code2des(cur, scope, code2desId))


@entrypoint(Trigger.API, DATABASE)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
