"""GET /projects/{projectId}/page-batches/{batchId}/discovery"""

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Path
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.batches import service
from pageport.db import reading
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.kinds.page_discovery.models import DiscoveryOut
from pageport.settings import ARTIFACTS, DATABASE
from pageport.storage import ArtifactStore
from pageport.web import api_resolver, caller_scope
from pageport.web.views import discovery_out

app = api_resolver()


@app.get("/projects/<projectId>/page-batches/<batchId>/discovery", summary="Pages found by a page_discovery batch")
def read(projectId: Annotated[int, Path()], batchId: Annotated[str, Path()]) -> DiscoveryOut:
    scope = caller_scope(app, projectId)
    with reading() as cur:
        return discovery_out(service.discovery_result(cur, scope, batchId, ArtifactStore.default()))


@entrypoint(Trigger.API, DATABASE, ARTIFACTS)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
