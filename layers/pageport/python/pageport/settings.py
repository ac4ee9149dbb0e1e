"""Settings from the environment, read once per process."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


def _kind_urls() -> dict[str, str]:
    from pageport import kinds  # descriptors only: no kind's code is imported

    variables = {kind.queue_url_variable for kind in kinds.all_kinds()}
    variables |= {kind.webhook.url_variable for kind in kinds.all_kinds() if kind.webhook}
    return {name: os.environ[name] for name in sorted(variables) if os.environ.get(name)}


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", extra="ignore", frozen=True)

    # A full libpq URL wins; otherwise RDS Proxy with IAM auth (DB_HOST); otherwise embedded.
    database_url: str | None = None
    db_host: str | None = None
    db_port: int = 5432
    db_name: str = "pageport"
    db_user: str = "pageport_app"
    db_iam_auth: bool = False
    aws_region: str = Field(default="us-east-1", alias="AWS_REGION")

    # The embedded PostgreSQL and other local state live here when nothing else is named.
    pageport_data_dir: Path = Path.home() / ".pageport"

    artifact_bucket: str = "pageport-artifacts"
    # Each kind's queue URL (`{QUEUE}_QUEUE_URL`) and webhook URL (`{KIND}_WEBHOOK_URL`), by
    # the variable its descriptor names (pageport.kinds): a new kind needs no field here.
    kind_urls: dict[str, str] = Field(default_factory=_kind_urls)

    # The stage (infra sets PAGEPORT_STAGE): the business metrics' namespace is Pageport/<stage>.
    pageport_stage: str = "local"

    # Local development only: the deployed stack never sets it (see devstack).
    pageport_allow_private_targets: bool = False

    # A claim on an attempt older than this was left by a copy of the message that has stopped
    # (workers/claims.py). In AWS it is the worker Lambda's timeout (infra sets it per worker;
    # 900 s is Lambda's maximum); the local stack sets its own (devstack/stack.py).
    claim_expires_after_s: int = Field(default=900, ge=1)

    # Sign-in (pageport.signin): the sessions table, and the identity provider. "cognito": the
    # user pool domain's base URL (https://<prefix>.auth.<region>.amazoncognito.com); "local": the
    # local stack's issuer (<gateway>/auth/local). The redirect URI is the API's /auth/callback.
    signin_table: str = "pageport-signin"
    signin_provider: Literal["cognito", "local"] = "cognito"
    signin_issuer_url: str | None = None
    signin_client_id: str | None = None
    signin_redirect_uri: str | None = None

    # Result GET pages its images to stay under Lambda's 6 MB response limit.
    result_page_bytes: int = 4_000_000

    def queue_url(self, queue: str) -> str | None:
        return self.kind_urls.get(f"{queue.upper()}_QUEUE_URL")

    def webhook_url(self, variable: str) -> str | None:
        return self.kind_urls.get(variable)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
