"""GET /projects/{projectId}/code2des/{code2desId}/result"""

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Path, Query
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.db import reading
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.errors import ResultNotReady, UpstreamUnverifiable
from pageport.kinds.code2des import result as results
from pageport.kinds.code2des import service as code2des
from pageport.kinds.code2des.models import Code2DesResultOut
from pageport.settings import ARTIFACTS, DATABASE, get_settings
from pageport.storage import ArtifactStore
from pageport.web import api_resolver, caller_scope
from pageport.web.responses import documented

app = api_resolver()


@app.get(
    "/projects/<projectId>/code2des/<code2desId>/result",
    summary="Read the verified Figma node tree",
    responses=documented({200: "The verified result (a page of its images)"}, ResultNotReady, UpstreamUnverifiable),
)
def read(
    projectId: Annotated[int, Path()],
    code2desId: Annotated[str, Path()],
    cursor: Annotated[str | None, Query(max_length=16)] = None,
) -> Code2DesResultOut:
    scope = caller_scope(app, projectId)
    with reading() as cur:
        row = code2des.get_code2des(cur, scope, code2desId)
    return results.load_result(row, ArtifactStore.default(), cursor=cursor, page_bytes=get_settings().result_page_bytes)


@entrypoint(Trigger.API, DATABASE, ARTIFACTS)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
