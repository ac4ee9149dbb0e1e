"""GET /projects/{projectId}/page-imports/{pageImportId}"""

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Path
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.db import reading
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.kinds.page_import import service as page_imports
from pageport.kinds.page_import.models import PageImportOut, page_import_out
from pageport.settings import DATABASE
from pageport.web import api_resolver, caller_scope

app = api_resolver()


@app.get("/projects/<projectId>/page-imports/<pageImportId>", summary="Read a Page Import")
def read(projectId: Annotated[int, Path()], pageImportId: Annotated[str, Path()]) -> PageImportOut:
    scope = caller_scope(app, projectId)
    with reading() as cur:
        return page_import_out(page_imports.get_page_import(cur, scope, pageImportId))


@entrypoint(Trigger.API, DATABASE)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
