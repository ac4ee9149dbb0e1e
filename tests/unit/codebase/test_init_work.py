"""What a function does at INIT, in a fresh interpreter as on Lambda: the work its requests need is
done there (with SnapStart, INIT runs once, before the snapshot), and no more.

- Every pydantic model it imported has its validators built (no `defer_build`, which moves that
  work to the first request of every restored copy).
- The batch registry entries it uses are registered (the batch routes, the dispatcher, the
  dead-letter consumer and the migration runner: every kind's; a create route: its own kind's),
  and a function that uses none loads none (a kind's code is not every route's INIT).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from pageport import kinds
from pageport.routes import KIND_FUNCTIONS

from tests.conftest import FUNCTION_ENVIRONMENT
from tests.support.paths import REPO_ROOT

_EVERY_KIND = tuple(kinds.names())
EXPECTED_ENTRIES: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(
        (
            "create_batch",
            "get_batch",
            "list_batch_items",
            "cancel_batch",
            "retry_batch",
            "get_batch_discovery",
            "dispatcher",
            "dead_letter",
            "migrate",
        ),
        _EVERY_KIND,
    ),
    "create_page_import": ("page_import",),
    "create_code2des": ("code2des",),
}

# One interpreter imports the libraries every function stands on, then forks a child per function
# (a fresh INIT of our code each, without paying for the libraries each time).
_PROBE = """import importlib, json, os, sys
import aws_lambda_powertools.event_handler, boto3, psycopg, pydantic, pydantic_settings
results = {}
for function, module, kind in json.loads(sys.argv[1]):
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        if kind:
            os.environ["PAGEPORT_KIND"] = kind
        importlib.import_module(module)
        from pageport.batches import registry
        unbuilt = sorted(
            f"{cls.__module__}.{cls.__qualname__}"
            for name, loaded in list(sys.modules.items())
            if name.partition(".")[0] in ("pageport", "functions")
            for cls in list(vars(loaded).values())
            if isinstance(cls, type) and issubclass(cls, pydantic.BaseModel) and cls.__module__ == name
            and not cls.__pydantic_complete__
        )
        os.write(write, json.dumps({"entries": sorted(registry._REGISTRY), "unbuilt": unbuilt}).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        output = pipe.read()
    _, status = os.waitpid(pid, 0)
    results[function] = json.loads(output) if status == 0 and output else {"failed": status}
print(json.dumps(results))
"""


def _functions() -> dict[str, tuple[str, dict[str, str]]]:
    found: dict[str, tuple[str, dict[str, str]]] = {
        path.parent.name: (f"functions.{path.parent.name}.handler", {})
        for path in sorted((REPO_ROOT / "functions").glob("*/handler.py"))
        if path.parent.name not in {made.folder for made in KIND_FUNCTIONS.values()}
    }
    for name, made in KIND_FUNCTIONS.items():
        found[name] = (made.handler_module, {kinds.KIND_VARIABLE: made.kind})
    return found


FUNCTIONS = _functions()


@pytest.fixture(scope="module")
def after_init() -> dict[str, dict[str, object]]:
    """Each function's registry entries and unbuilt models after its INIT."""
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": f"{REPO_ROOT / 'layers/pageport/python'}:{REPO_ROOT}",
        **FUNCTION_ENVIRONMENT,
        "DB_HOST": "proxy.invalid",
    }
    listed = [(name, module, extra.get(kinds.KIND_VARIABLE)) for name, (module, extra) in FUNCTIONS.items()]
    result = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(listed)],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    found: dict[str, dict[str, object]] = json.loads(result.stdout)
    return found


@pytest.mark.parametrize("function", sorted(FUNCTIONS))
def test_init_builds_what_the_function_uses_and_no_other_kinds_entries(after_init, function: str) -> None:
    found = after_init[function]
    assert "failed" not in found, f"{function}: its INIT failed"
    assert found["unbuilt"] == [], f"{function}: models left to build at the first request"
    assert found["entries"] == sorted(EXPECTED_ENTRIES.get(function, ())), function
