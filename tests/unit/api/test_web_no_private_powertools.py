"""`pageport.web` uses Powertools through its public API only: no module under it reads or
writes a `_`-prefixed attribute (Powertools' `_cors`, `_route_keys`, ...) or imports a private
name, so a Powertools upgrade cannot silently change what it relies on."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.support.paths import REPO_ROOT

WEB = REPO_ROOT / "layers/pageport/python/pageport/web"
ATTRIBUTE_BUILTINS = {"getattr", "setattr", "hasattr", "delattr"}


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_uses(source: str) -> list[str]:
    """Every `_`-prefixed attribute, attribute-by-name or imported name in `source`."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            found.append(f"line {node.lineno}: .{node.attr}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ATTRIBUTE_BUILTINS
            and len(node.args) > 1
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and _private(node.args[1].value)
        ):
            found.append(f"line {node.lineno}: {node.func.id}(..., {node.args[1].value!r})")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("aws_lambda_powertools"):
            parts = (node.module or "").split(".") + [alias.name for alias in node.names]
            found += [f"line {node.lineno}: import {part}" for part in parts if _private(part)]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("aws_lambda_powertools") and any(map(_private, alias.name.split("."))):
                    found.append(f"line {node.lineno}: import {alias.name}")
    return found


def _modules() -> list[Path]:
    return sorted(WEB.rglob("*.py"))


def test_the_scan_sees_the_web_package() -> None:
    assert {p.name for p in _modules()} >= {"__init__.py", "resolver.py", "auth.py", "tenancy.py", "prechecks.py"}


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.name)
def test_no_private_attribute_is_used(path: Path) -> None:
    assert private_uses(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    "source",
    [
        "headers = self._cors.to_dict(origin)",
        "app._route_keys.append('x')",
        "cors = getattr(app, '_cors', None)",
        "from aws_lambda_powertools.event_handler.api_gateway import _registered_api_adapter",
        "import aws_lambda_powertools.event_handler._private",
    ],
)
def test_the_scan_catches_private_uses(source: str) -> None:
    assert private_uses(source)


def test_the_scan_allows_dunders_and_public_names() -> None:
    assert private_uses("super().__init__(cors=cors)\nheaders = cors.to_dict(origin)\napp.context.get('k')") == []
