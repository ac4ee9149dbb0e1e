"""Every synthesized function's environment satisfies its handler's settings model: what CDK
gives a function is what its INIT check asks for (pageport.settings.FunctionSettings)."""

from __future__ import annotations

import os

import pytest
from pageport.routes import KIND_FUNCTIONS
from pageport.settings import ConfigurationError, FunctionSettings

from devstack.apigw import load_function
from tests.infra.synthesis import Synth
from tests.unit.codebase.test_handler_shape import settings_model


def _environments(synth: Synth) -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = {}
    for name, fn in synth.stack.functions.items():
        variables = synth.props(synth.logical_id(fn.function)).get("Environment", {}).get("Variables", {})
        # A reference (a queue URL, the proxy's endpoint) resolves at deploy: present, non-empty.
        found[name] = {
            key: value if isinstance(value, str) else "<resolved at deploy>" for key, value in variables.items()
        }
    return found


def _load_with_only(model: type[FunctionSettings], variables: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as scoped:
        for key in list(os.environ):
            if key.isupper() and not key.startswith(("PATH", "HOME", "PYTHON")):
                scoped.delenv(key)
        for key, value in variables.items():
            scoped.setenv(key, value)
        model.load()


def test_each_function_gets_every_variable_its_model_requires(synth: Synth, monkeypatch: pytest.MonkeyPatch) -> None:
    environments = _environments(synth)
    monkeypatch.setenv("DB_HOST", "proxy.invalid")  # only for the in-process INIT of the modules
    assert set(environments) >= {*KIND_FUNCTIONS}
    for name, variables in environments.items():
        _load_with_only(settings_model(load_function(name)), variables, monkeypatch)


def test_the_check_would_catch_a_variable_cdk_forgot(synth: Synth, monkeypatch: pytest.MonkeyPatch) -> None:
    variables = dict(_environments(synth)["dispatcher"])
    del variables["ARTIFACT_BUCKET"]
    monkeypatch.setenv("DB_HOST", "proxy.invalid")
    with pytest.raises(ConfigurationError, match="ARTIFACT_BUCKET"):
        _load_with_only(settings_model(load_function("dispatcher")), variables, monkeypatch)
