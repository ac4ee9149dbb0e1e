"""Lambda SnapStart's runtime hooks: nothing that must be unique or fresh outlives a snapshot.

With SnapStart (infra: `snap_start` in the stage file) a version's INIT runs once, at publish;
every cold start then resumes a copy of that memory, many copies at once. What INIT left behind
is shared by all of them unless these hooks, run by the Lambda runtime, undo it:

- the database connection (pageport.db) is closed before the snapshot, so each copy opens its
  own after the restore, with an IAM auth token fetched then (db.conninfo makes one per connect);
- boto3 clients and sessions hold credentials and pooled sockets from INIT: dropped after the
  restore, so the first call of each copy makes its own;
- `random` was seeded at import: reseeded per copy from the OS. Ids (uuid7) and nonces come
  from `secrets` (the OS's generator) and need nothing.

Registered once, at import, by pageport.entrypoints.shape (every handler imports it). A hook
reaches only modules this process already imported: one never imported holds nothing to reset,
and importing it here would add its import to every function's INIT.
"""

from __future__ import annotations

import random
import sys

from snapshot_restore_py import register_after_restore, register_before_snapshot


def before_snapshot() -> None:
    db = sys.modules.get("pageport.db")
    if db is not None:
        db.close_shared_connection()


def after_restore() -> None:
    random.seed()  # from os.urandom: each copy its own sequence
    # A connection opened after the before-snapshot hook ran would be a dead socket here.
    before_snapshot()
    aws = sys.modules.get("pageport.aws")
    if aws is not None:
        aws.reset_clients()
    scoped = sys.modules.get("pageport.workers.scoped")
    if scoped is not None:
        scoped.reset()
    queues = sys.modules.get("pageport.queues")
    if queues is not None:
        queues.reset_clients()
    if "boto3" in sys.modules:
        import boto3  # already loaded: no cost

        boto3.DEFAULT_SESSION = None  # db's IAM token client goes through it


register_before_snapshot(before_snapshot)
register_after_restore(after_restore)
