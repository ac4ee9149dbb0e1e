"""Workers have no database access: their handlers never even load the PostgreSQL driver."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("worker", ["capture_worker", "convert_worker", "discovery_worker"])
def test_worker_handlers_do_not_import_the_database_layer(repo_root, worker):
    probe = (
        f"import sys; import functions.{worker}.handler; "
        "loaded = [m for m in ('psycopg', 'pageport.db', 'pgserver') if m in sys.modules]; print(loaded)"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=repo_root,
        env={"PYTHONPATH": f"{repo_root / 'layers/pageport/python'}:{repo_root}", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == "[]", result.stdout
