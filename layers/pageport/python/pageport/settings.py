"""Settings from the environment, read once per process."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar, Literal, get_origin

from pydantic import Field, ValidationError
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict


def _kind_urls() -> dict[str, str]:
    from pageport import kinds  # descriptors only: no kind's code is imported

    variables = {kind.queue_url_variable for kind in kinds.all_kinds()}
    variables |= {kind.webhook.url_variable for kind in kinds.all_kinds() if kind.webhook}
    variables |= {kind.job_role_variable for kind in kinds.all_kinds()}
    return {name: os.environ[name] for name in sorted(variables) if os.environ.get(name)}


class _Environment(PydanticBaseSettingsSource):
    """The environment, read as pydantic-settings' EnvSettingsSource reads it for our fields (no
    prefix, names case-insensitive, a field's alias first, a dict field's value as JSON), without
    its per-field type probing: its ABC subclass checks filled ~1,000 weak-reference caches at
    every INIT, a third of what a route's own code allocated there (bench/bench_cold_start.py)."""

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        raise NotImplementedError  # __call__ reads every field at once

    def __call__(self) -> dict[str, Any]:
        environ = {name.lower(): value for name, value in os.environ.items()}
        found: dict[str, Any] = {}
        for name, field in self.settings_cls.model_fields.items():
            key = field.alias or name
            value = environ.get(key.lower())
            if value is not None:
                found[key] = json.loads(value) if get_origin(field.annotation) is dict else value
        return found


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", extra="ignore", frozen=True)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # The environment alone: no .env file or secrets directory is configured, and asking
        # those sources anyway walks every field again on each load (INIT loads twice: the
        # function's requirements, then get_settings()), more than half of a load's time.
        return init_settings, _Environment(settings_cls)

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
    # Each kind's queue URL (`{QUEUE}_QUEUE_URL`), webhook URL (`{KIND}_WEBHOOK_URL`) and job role
    # (`{KIND}_JOB_ROLE_ARN`), by the variable its descriptor names (pageport.kinds): a new kind
    # needs no field here.
    kind_urls: dict[str, str] = Field(default_factory=_kind_urls)

    # The stage (infra sets PAGEPORT_STAGE): the business metrics' namespace is Pageport/<stage>.
    pageport_stage: str = "local"

    # Local development only: the deployed stack never sets it (see devstack).
    pageport_allow_private_targets: bool = False

    # A claim on an attempt older than this was left by a copy of the message that has stopped
    # (workers/claims.py). In AWS it is the worker Lambda's timeout (infra sets it per worker;
    # 900 s is Lambda's maximum); the local stack sets its own (devstack/stack.py).
    claim_expires_after_s: int = Field(default=900, ge=1)

    # A worker runs a job only with the scoped credentials its message carries (workers/scoped.py;
    # infra and the local stack set it on workers). Unset: a message without any uses the
    # process's own credentials (tests that run a worker on its own).
    job_credentials_required: bool = False

    # The sweep (batches/sweep.py) fails a job still processing this long after its attempt
    # began. In AWS the stage config sets it (infra/config.py `job_deadline_s`, checked against
    # the longest legitimate wait); the local stack and tests may shorten it.
    job_deadline_s: int = Field(default=86_400, ge=1)

    # Sign-in (pageport.signin): the sessions table, and the identity provider. "cognito": the
    # user pool domain's base URL (https://<prefix>.auth.<region>.amazoncognito.com); "local": the
    # local stack's issuer (<gateway>/auth/local). The redirect URI is the API's /auth/callback.
    signin_table: str = "pageport-signin"
    signin_provider: Literal["cognito", "local"] = "cognito"
    signin_issuer_url: str | None = None
    signin_client_id: str | None = None
    signin_redirect_uri: str | None = None

    # The KMS key that wraps each Page Import's own data key for its `auth` (pages behind a
    # login; kinds/page_import/sealing.py). Unset: imports that carry auth are refused (503).
    page_auth_key_arn: str | None = None

    # Result GET pages its images to stay under Lambda's 6 MB response limit.
    result_page_bytes: int = 4_000_000

    def queue_url(self, queue: str) -> str | None:
        return self.kind_urls.get(f"{queue.upper()}_QUEUE_URL")

    def webhook_url(self, variable: str) -> str | None:
        return self.kind_urls.get(variable)

    def job_role_arn(self, variable: str) -> str | None:
        """The role a kind's job credentials are minted from (its `job_role_variable`)."""
        return self.kind_urls.get(variable)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()


class ConfigurationError(RuntimeError):
    """A function started without a variable it cannot run without (raised at INIT)."""


@dataclass(frozen=True, slots=True)
class Requirement:
    """Environment variables a function cannot run without: all of them, or (`one_of`) at least
    one. Variables that come from the kinds' descriptors are computed when checked."""

    variables: tuple[str, ...] | Callable[[], tuple[str, ...]]
    one_of: bool = False

    @property
    def names(self) -> tuple[str, ...]:
        return self.variables() if callable(self.variables) else self.variables

    def missing(self, environ: Mapping[str, str]) -> list[str]:
        names = self.names
        absent = [name for name in names if not environ.get(name)]
        if self.one_of and len(absent) == len(names) and names:
            return [" or ".join(names)]
        return [] if self.one_of else absent


def _every_queue() -> tuple[str, ...]:
    from pageport import kinds

    return tuple(sorted({kind.queue_url_variable for kind in kinds.all_kinds()}))


def _this_kinds_webhook() -> tuple[str, ...]:
    from pageport import kinds

    webhook = kinds.from_environment().webhook  # an unknown kind fails here, with its name
    return (webhook.url_variable,) if webhook else ()


# What deployed functions are given (infra/stack.py and friends) and the local stack mirrors
# (devstack/stack.py); tests/infra checks every function's template against its model.
DATABASE = Requirement(("DATABASE_URL", "DB_HOST"), one_of=True)  # a libpq URL, or RDS Proxy
ARTIFACTS = Requirement(("ARTIFACT_BUCKET",))
STAGE = Requirement(("PAGEPORT_STAGE",))  # the business metrics' namespace
EVERY_QUEUE = Requirement(_every_queue)
JOB_KIND = Requirement(("PAGEPORT_KIND",))
JOB_KIND_WEBHOOK = Requirement(_this_kinds_webhook)  # after JOB_KIND: it reads the kind
# SIGNIN_PROVIDER defaults to the deployed one ("cognito"): the local stack names its own.
SIGN_IN = Requirement(("SIGNIN_TABLE", "SIGNIN_ISSUER_URL", "SIGNIN_CLIENT_ID", "SIGNIN_REDIRECT_URI"))


class FunctionSettings:
    """One function's INIT check: the variables that function cannot run without (`requires`),
    checked when its module loads, so a missing one fails INIT with its name instead of the
    first request; `load` then validates the environment as `Settings`. Values are read through
    `get_settings()` as before (tests and the local stack change the environment between
    invocations; Lambda never does). A plain class, not a `Settings` subclass: a model class per
    function was a whole pydantic model build at every INIT for fields it never added."""

    requires: ClassVar[tuple[Requirement, ...]] = ()

    @classmethod
    def for_function(cls, module: str, requires: tuple[Requirement, ...]) -> type[FunctionSettings]:
        """The check of the function whose handler is `module` ("functions.create_batch.handler"
        gives CreateBatchSettings)."""
        folder = module.removesuffix(".handler").rsplit(".", 1)[-1]
        name = "".join(part.title() for part in folder.split("_")) + "Settings"
        return type(name, (cls,), {"requires": requires, "__module__": module})

    @classmethod
    def load(cls) -> Settings:
        missing: list[str] = []
        for requirement in (STAGE, *cls.requires):  # every function writes metrics under its stage
            try:
                missing.extend(requirement.missing(os.environ))
            except LookupError as exc:  # an unknown PAGEPORT_KIND: its own message names it
                raise ConfigurationError(f"{cls.__name__}: {exc}") from None
        if missing:
            raise ConfigurationError(f"{cls.__name__}: missing environment variable(s): {', '.join(missing)}")
        try:
            return Settings()
        except ValidationError as exc:
            # Names and reasons only: the input is the whole environment (a database URL with
            # its password, keys), which must not reach a log line.
            problems = "; ".join(f"{'.'.join(map(str, e['loc'])).upper()}: {e['msg']}" for e in exc.errors())
            raise ConfigurationError(f"{cls.__name__}: invalid environment: {problems}") from None


def queue_of(kind_name: str) -> Requirement:
    """The queue URL of one kind (a create route that publishes its own job)."""

    def variable() -> tuple[str, ...]:
        from pageport import kinds

        return (kinds.by_name(kind_name).queue_url_variable,)

    return Requirement(variable)
