"""GET /me/projects"""

from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.db import read
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.models.signin import MyOrganizationOut, MyProjectOut, MyProjectsOut
from pageport.services.tenancy import memberships
from pageport.settings import DATABASE
from pageport.web import api_resolver, subject_from_claims

app = api_resolver()


@app.get("/me/projects", summary="The organizations and projects the caller is a member of")
def list_mine() -> MyProjectsOut:
    subject = subject_from_claims(app.current_event.request_context.authorizer.claims)
    found = read(lambda cur: memberships(cur, subject))
    return MyProjectsOut(
        subject=subject,
        organizations=[
            MyOrganizationOut(
                organization_id=org.organization_id,
                name=org.name,
                projects=[MyProjectOut(project_id=p.project_id, name=p.name) for p in org.projects],
            )
            for org in found
        ],
    )


@entrypoint(Trigger.API, DATABASE)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
