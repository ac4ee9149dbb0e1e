"""Settings from the environment, read once per process."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


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
    capture_queue_url: str | None = None
    convert_queue_url: str | None = None
    discovery_queue_url: str | None = None
    page_import_webhook_url: str | None = None
    code2des_webhook_url: str | None = None

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


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
