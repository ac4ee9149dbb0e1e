"""Workers have no database access: their handlers never even load the PostgreSQL driver."""

from __future__ import annotations

import subprocess
import sys

import pytest
from pageport import kinds

from tests.conftest import FUNCTION_ENVIRONMENT


def _environment(repo_root, **variables: str) -> dict[str, str]:
    """What a deployed worker or webhook is given (no database URL for workers), and no more."""
    return {
        "PYTHONPATH": f"{repo_root / 'layers/pageport/python'}:{repo_root}",
        "PATH": "/usr/bin:/bin",
        "PAGEPORT_STAGE": FUNCTION_ENVIRONMENT["PAGEPORT_STAGE"],
        "ARTIFACT_BUCKET": FUNCTION_ENVIRONMENT["ARTIFACT_BUCKET"],
        **variables,
    }


def _webhook_url(kind: str) -> dict[str, str]:
    webhook = kinds.by_name(kind).webhook
    return {webhook.url_variable: "https://webhook.invalid/"} if webhook else {}


@pytest.mark.parametrize("kind", kinds.names())
def test_worker_handlers_do_not_import_the_database_layer(repo_root, kind):
    probe = (
        "import sys; import functions.worker.handler; "
        "loaded = [m for m in ('psycopg', 'pageport.db', 'pgserver') if m in sys.modules]; print(loaded)"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=repo_root,
        env=_environment(repo_root, **{kinds.KIND_VARIABLE: kind}, **_webhook_url(kind)),
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == "[]", result.stdout


@pytest.mark.parametrize(
    ("handler", "value"), [("worker", None), ("worker", "page_archive"), ("webhook", "page_discovery")]
)
def test_a_missing_or_unknown_kind_fails_init_with_its_name(repo_root, handler, value):
    env = _environment(repo_root, DB_HOST="proxy.invalid")
    if value is not None:
        env[kinds.KIND_VARIABLE] = value
    result = subprocess.run(
        [sys.executable, "-c", f"import functions.{handler}.handler"],
        cwd=repo_root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    # The cold start names what is wrong: the variable, or the kind it named.
    assert (value or kinds.KIND_VARIABLE) in result.stderr.splitlines()[-1], result.stderr
