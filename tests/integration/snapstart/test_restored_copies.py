"""Two execution environments resumed from one SnapStart snapshot hand out their own ids, nonces
and random draws, and open their own database connections and AWS clients.

The snapshot-restore-py library has no simulator, so this plays the runtime: a fresh interpreter
runs a real function's INIT (the dispatcher's handler module, as Lambda imports it) and leaves
behind what INIT could (a database connection, boto3 clients and session, drawn ids and random
numbers), runs the registered before-snapshot hooks as the runtime does before it snapshots
(in reverse order of registration), then forks twice: each child is a copy of that memory, as a
restore is (less the reseed `random` does in a forked child), and runs the registered
after-restore hooks (in order) before serving. Real
PostgreSQL (the test database), no AWS calls (clients are only made).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from infra.paths import REPO_ROOT, function_dir
from tests.conftest import AWS_ENV, FUNCTION_ENVIRONMENT

RUNTIME = r"""
import json, os, random, sys

sys.path.insert(0, sys.argv[1])
import handler  # the function's INIT: registers the hooks (pageport.entrypoints.shape)

import boto3
import snapshot_restore_py
from pageport import aws, db, ids

# What INIT may leave in the snapshot.
init_backend = db.shared_connection().info.backend_pid
init_s3 = aws.s3()
boto3.client("rds")  # as db.conninfo does for an IAM token: through the default session
init_session = boto3.DEFAULT_SESSION
ids.new_id(), ids.new_nonce(), random.random()

for hook, args, kwargs in reversed(snapshot_restore_py.get_before_snapshot()):
    hook(*args, **kwargs)
report = {
    "hooks": [len(snapshot_restore_py.get_before_snapshot()), len(snapshot_restore_py.get_after_restore())],
    "init_backend": init_backend,
    "closed_before_snapshot": db._instance.cached is None or db._instance.cached.closed,
    "copies": [],
}

snapshot_random = random.getstate()
pipes = []
for _ in range(2):
    read_end, write_end = os.pipe()
    if os.fork() == 0:  # a restored copy
        os.close(read_end)
        # `random` reseeds itself in a forked child (os.register_at_fork); a restore is no fork
        # and resumes the snapshot's state as it was.
        random.setstate(snapshot_random)
        for hook, args, kwargs in snapshot_restore_py.get_after_restore():
            hook(*args, **kwargs)
        copy = {
            "id": ids.new_id(),
            "nonce": ids.new_nonce(),
            "random": random.random(),
            # No round trip on a connection INIT left: two copies on one socket would hang.
            "backend": db.shared_connection().info.backend_pid,
            "own_s3_client": aws.s3() is not init_s3,
            "own_session": boto3.DEFAULT_SESSION is not init_session,
        }
        os.write(write_end, json.dumps(copy).encode())
        os._exit(0)
    os.close(write_end)
    pipes.append(read_end)
for read_end in pipes:
    with os.fdopen(read_end) as stream:
        report["copies"].append(json.loads(stream.read()))
for _ in pipes:
    os.wait()
print(json.dumps(report))
"""


def _restore_twice(database_url: str, tmp_path: Path) -> dict[str, Any]:
    script = tmp_path / "runtime.py"
    script.write_text(RUNTIME)
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "PYTHONPATH": os.pathsep.join([str(REPO_ROOT / "layers" / "pageport" / "python"), str(REPO_ROOT)]),
        "AWS_EC2_METADATA_DISABLED": "true",
        **FUNCTION_ENVIRONMENT,
        **AWS_ENV,
        "DATABASE_URL": database_url,
    }
    run = subprocess.run(
        [sys.executable, str(script), str(function_dir(REPO_ROOT, "dispatcher"))],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    report: dict[str, Any] = json.loads(run.stdout.strip().splitlines()[-1])
    return report


def test_restored_copies_hand_out_their_own_ids_nonces_and_connections(database_url: str, tmp_path: Path) -> None:
    report = _restore_twice(database_url, tmp_path)
    first, second = report["copies"]

    assert report["hooks"] == [1, 1]  # registered once, by the handler's import alone
    assert report["closed_before_snapshot"]
    assert first["id"] != second["id"]
    assert first["nonce"] != second["nonce"]
    # `random` was seeded at import, before the snapshot: without a reseed both draw alike.
    assert first["random"] != second["random"]
    # Each copy connected after its restore: not INIT's connection, nor the other copy's.
    assert len({report["init_backend"], first["backend"], second["backend"]}) == 3
    for copy in (first, second):
        assert copy["own_s3_client"] and copy["own_session"]
