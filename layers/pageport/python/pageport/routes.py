"""The one route table: it feeds the CDK API (one Lambda per route) and the local gateway.

Paths use API Gateway's `{param}` syntax; `resolver_path` gives Powertools' `<param>` form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pageport import kinds

_PARAM = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True, slots=True)
class Route:
    method: str
    path: str
    function: str  # folder under functions/, holding handler.py with `lambda_handler`
    # False: no bearer token (no authorizer in AWS, none checked by the local gateway); such a
    # route is throttled per method, and its Lambda runs outside the VPC (infra/api.py).
    authenticated: bool = True
    # True: the body is an HTML form a browser posts (urlencoded), not JSON.
    form_body: bool = False

    @property
    def resolver_path(self) -> str:
        return _PARAM.sub(r"<\1>", self.path)

    @property
    def handler_module(self) -> str:
        return f"functions.{self.function}.handler"


ROUTES: tuple[Route, ...] = (
    Route("POST", "/projects/{projectId}/page-imports", "create_page_import"),
    Route("GET", "/projects/{projectId}/page-imports/{pageImportId}", "get_page_import"),
    Route("POST", "/projects/{projectId}/code2des", "create_code2des"),
    Route("GET", "/projects/{projectId}/code2des/{code2desId}", "get_code2des"),
    Route("GET", "/projects/{projectId}/code2des/{code2desId}/result", "get_code2des_result"),
    Route(
        "PUT",
        "/projects/{projectId}/code2des/{code2desId}/materialization",
        "put_materialization",
    ),
    Route("POST", "/projects/{projectId}/page-batches", "create_batch"),
    Route("GET", "/projects/{projectId}/page-batches/{batchId}", "get_batch"),
    Route("GET", "/projects/{projectId}/page-batches/{batchId}/items", "list_batch_items"),
    Route("POST", "/projects/{projectId}/page-batches/{batchId}/cancel", "cancel_batch"),
    Route("POST", "/projects/{projectId}/page-batches/{batchId}/retry", "retry_batch"),
    Route("GET", "/projects/{projectId}/page-batches/{batchId}/discovery", "get_batch_discovery"),
    Route("GET", "/me/projects", "list_my_projects"),
    # Sign-in (pageport.signin): the plugin has no token yet, or an expired one.
    Route("POST", "/auth/sessions", "create_sign_in_session", authenticated=False),
    Route("POST", "/auth/sessions/collect", "collect_sign_in_session", authenticated=False),
    Route("GET", "/auth/callback", "sign_in_callback", authenticated=False),
    Route("POST", "/auth/callback", "confirm_sign_in", authenticated=False, form_body=True),
    Route("POST", "/auth/refresh", "refresh_sign_in", authenticated=False),
    Route("POST", "/auth/sign-out", "sign_out", authenticated=False),
)

# The sign-in functions: no database, no VPC (they reach the user pool's domain and DynamoDB).
SIGN_IN_FUNCTIONS: frozenset[str] = frozenset(route.function for route in ROUTES if not route.authenticated)

# Functions that read a browser's form rather than JSON (no JSON model or prechecks on them).
FORM_FUNCTIONS: frozenset[str] = frozenset(route.function for route in ROUTES if route.form_body)

# Webhooks sit behind Lambda function URLs (AWS_IAM), not the user API: path -> function, one
# per kind whose worker reports to one (pageport.kinds).
WEBHOOK_FUNCTIONS: dict[str, str] = {
    kind.webhook.path: kind.webhook.function for kind in kinds.all_kinds() if kind.webhook is not None
}

# Functions that are neither routes nor webhooks: (name, trigger).
BACKGROUND_FUNCTIONS: dict[str, str] = {
    "dispatcher": "schedule",
    "dead_letter": "sqs-dlq",
    "migrate": "custom-resource",
    # Tenant administration: invoked with IAM by operators (`pageport admin --stage`) and the seed.
    "admin": "iam-invoke",
}

# Worker name -> queue logical name, one per kind. Workers never touch the database.
WORKER_QUEUES: dict[str, str] = {kind.worker: kind.queue for kind in kinds.all_kinds()}

# The shared handler folders every kind's worker and webhook run (pageport.entrypoints).
WORKER_HANDLER = "worker"
WEBHOOK_HANDLER = "webhook"


@dataclass(frozen=True, slots=True)
class KindFunction:
    """A function made per kind from a shared handler: its code is `folder`, its kind is set in
    the environment (kinds.KIND_VARIABLE), its name (construct id, log field) stays the kind's."""

    function: str  # "capture_worker", "page_import_webhook"
    folder: str  # WORKER_HANDLER or WEBHOOK_HANDLER
    kind: str

    @property
    def handler_module(self) -> str:
        return f"functions.{self.folder}.handler"


KIND_FUNCTIONS: dict[str, KindFunction] = {
    **{kind.worker: KindFunction(kind.worker, WORKER_HANDLER, kind.name) for kind in kinds.all_kinds()},
    **{
        kind.webhook.function: KindFunction(kind.webhook.function, WEBHOOK_HANDLER, kind.name)
        for kind in kinds.all_kinds()
        if kind.webhook is not None
    },
}


def handler_folder(function: str) -> str:
    """The folder under functions/ holding a function's handler.py."""
    made = KIND_FUNCTIONS.get(function)
    return made.folder if made else function
