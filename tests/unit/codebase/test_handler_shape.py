"""Every function has the one handler shape (pageport.entrypoints.shape) and one settings model,
and a variable it cannot run without fails its INIT by name."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from pageport import kinds
from pageport.entrypoints.shape import Trigger
from pageport.routes import BACKGROUND_FUNCTIONS, KIND_FUNCTIONS, ROUTES, WEBHOOK_FUNCTIONS, WORKER_QUEUES
from pageport.settings import ConfigurationError, FunctionSettings, Requirement

from tests.conftest import FUNCTION_ENVIRONMENT

REPO = Path(__file__).resolve().parents[3]
_BACKGROUND_TRIGGERS = {
    "schedule": Trigger.SCHEDULE,
    "sqs-dlq": Trigger.QUEUE,
    "custom-resource": Trigger.INVOKE,
    "iam-invoke": Trigger.INVOKE,
}
EXPECTED_TRIGGER: dict[str, Trigger] = {
    **{route.function: Trigger.API for route in ROUTES},
    **dict.fromkeys(WEBHOOK_FUNCTIONS.values(), Trigger.FUNCTION_URL),
    **dict.fromkeys(WORKER_QUEUES, Trigger.QUEUE),
    **{function: _BACKGROUND_TRIGGERS[trigger] for function, trigger in BACKGROUND_FUNCTIONS.items()},
}


def settings_model(module: ModuleType) -> type[FunctionSettings]:
    """The function's settings model, which `entrypoint` made and loaded at INIT."""
    model: type[FunctionSettings] = module.lambda_handler.__pageport_settings__
    return model


@pytest.fixture
def loaded(function_module):
    return function_module


def test_every_function_is_listed_with_its_trigger() -> None:
    folders = {path.parent.name for path in (REPO / "functions").glob("*/handler.py")}
    made_per_kind = {made.folder for made in KIND_FUNCTIONS.values()}
    assert folders == (set(EXPECTED_TRIGGER) - set(KIND_FUNCTIONS)) | made_per_kind


@pytest.mark.parametrize("function", sorted(EXPECTED_TRIGGER))
def test_a_function_has_the_fixed_stack_and_one_settings_model(loaded, function: str) -> None:
    module = loaded(function)
    assert module.lambda_handler.__pageport_trigger__ is EXPECTED_TRIGGER[function]
    model = settings_model(module)
    assert issubclass(model, FunctionSettings) and model.__module__ == module.__name__
    assert model.requires, f"{function}: {model.__name__} requires nothing"


def test_handlers_build_no_logger_tracer_or_metrics_of_their_own() -> None:
    """One stack: the handler modules only apply `entrypoint`, never Powertools' decorators."""
    for path in sorted((REPO / "functions").glob("*/handler.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        called = {
            node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
        }
        assert not called & {"Logger", "Tracer", "Metrics", "inject_lambda_context", "log_metrics"}, path
        (handler,) = (n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "lambda_handler")
        (decorator,) = handler.decorator_list
        assert isinstance(decorator, ast.Call) and ast.unparse(decorator.func) == "entrypoint", path


def _variables(requirement: Requirement) -> tuple[str, ...]:
    return requirement.names


@pytest.mark.parametrize("function", sorted(EXPECTED_TRIGGER))
def test_each_required_variable_missing_fails_load_by_name(loaded, monkeypatch, function: str) -> None:
    model = settings_model(loaded(function))
    made = KIND_FUNCTIONS.get(function)
    if made:
        monkeypatch.setenv(kinds.KIND_VARIABLE, made.kind)
    model.load()  # the tests' function environment satisfies it
    for requirement in model.requires:
        if not _variables(requirement):
            continue  # a kind without a webhook: its worker needs no URL
        with monkeypatch.context() as scoped:
            for name in _variables(requirement):
                scoped.delenv(name, raising=False)
            with pytest.raises(ConfigurationError) as raised:
                model.load()
            assert all(name in str(raised.value) for name in _variables(requirement)), raised.value


def test_a_cold_start_without_a_variable_fails_init_naming_it_and_no_value() -> None:
    """The real INIT (a fresh interpreter importing the module), without ARTIFACT_BUCKET."""
    secret_url = "postgresql://app:s3cret-password@db.invalid/pageport"
    env = {
        "PYTHONPATH": f"{REPO / 'layers/pageport/python'}:{REPO}",
        "PATH": "/usr/bin:/bin",
        **FUNCTION_ENVIRONMENT,
        "DATABASE_URL": secret_url,
    }
    del env["ARTIFACT_BUCKET"]
    result = subprocess.run(
        [sys.executable, "-c", "import functions.create_batch.handler"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("pageport.settings.ConfigurationError: CreateBatchSettings") and "ARTIFACT_BUCKET" in last
    assert "functions/create_batch/handler.py" in result.stderr  # raised while the module loads
    assert "s3cret" not in result.stderr


def test_an_invalid_value_is_named_without_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    Probe = FunctionSettings.for_function("functions.probe.handler", ())
    assert Probe.__name__ == "ProbeSettings"

    monkeypatch.setenv("DATABASE_URL", "postgresql://app:s3cret-password@db.invalid/pageport")
    monkeypatch.setenv("CLAIM_EXPIRES_AFTER_S", "soon")
    with pytest.raises(ConfigurationError) as raised:
        Probe.load()
    assert "CLAIM_EXPIRES_AFTER_S" in str(raised.value) and "s3cret" not in str(raised.value)


def test_settings_read_the_environment_alone(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No .env file or secrets directory is asked at a load (INIT loads settings twice): values
    come from the environment, and a .env file in the working directory is not read."""
    from pageport.settings import Settings

    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("PAGEPORT_STAGE=from-dotenv\n")
    monkeypatch.setenv("PAGEPORT_STAGE", "from-environment")
    sources = Settings.settings_customise_sources(Settings, *(object() for _ in range(4)))
    assert len(sources) == 2  # init arguments, then the environment
    assert Settings().pageport_stage == "from-environment"
    monkeypatch.delenv("PAGEPORT_STAGE")
    assert Settings().pageport_stage != "from-dotenv"


def test_settings_read_the_environment_as_pydantic_settings_would(monkeypatch: pytest.MonkeyPatch) -> None:
    """Our environment source (no per-field type probing) reads what EnvSettingsSource reads:
    names in any case, an alias first, a dict as JSON, strings coerced by the model."""
    from pageport.settings import Settings
    from pydantic_settings import EnvSettingsSource

    ours_too = {name.upper() for name in Settings.model_fields} | {"AWS_REGION"}
    for key in [k for k in os.environ if k.upper() in ours_too]:
        monkeypatch.delenv(key)
    monkeypatch.setenv("aws_region", "eu-central-1")
    monkeypatch.setenv("Db_Port", "6543")
    monkeypatch.setenv("DB_IAM_AUTH", "true")
    monkeypatch.setenv("DB_HOST", "")
    monkeypatch.setenv("KIND_URLS", '{"CAPTURE_QUEUE_URL": "https://sqs.invalid/capture"}')
    monkeypatch.setenv("PAGEPORT_DATA_DIR", "/tmp/elsewhere")
    ours = Settings()
    theirs = Settings.model_validate(EnvSettingsSource(Settings)())
    assert ours == theirs
    assert (ours.aws_region, ours.db_port, ours.db_iam_auth, ours.db_host) == ("eu-central-1", 6543, True, "")
    assert ours.kind_urls == {"CAPTURE_QUEUE_URL": "https://sqs.invalid/capture"}


def test_an_api_invocation_logs_under_api_gateways_request_id(loaded, caplog: pytest.LogCaptureFixture) -> None:
    from pageport.logging import logger

    from devstack.apigw import lambda_context, rest_event

    (route,) = (r for r in ROUTES if r.function == "refresh_sign_in")
    event = rest_event(route, route.path, {}, body="{}", claims=None)  # 422: no refresh token
    response = loaded("refresh_sign_in").lambda_handler(event, lambda_context("refresh_sign_in"))
    assert response["statusCode"] == 422
    assert logger.get_correlation_id() == event["requestContext"]["requestId"]
    logger.info("probe")
    # As the function's log line reads (the logger's handler holds whichever stdout it met first).
    line = json.loads(logger.registered_formatter.format(caplog.records[-1]))
    assert line["message"] == "probe" and line["function_name"] == "refresh_sign_in"
    assert line["correlation_id"] == event["requestContext"]["requestId"]
