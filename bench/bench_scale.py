"""Issue 25's bar: costs that stay flat as the database grows. The same operations (create a
500-item batch, read its status, page its items, one dispatch round, a fenced webhook update,
a Page Import GET) on a small database and on one holding a production-sized history (1M Page
Imports, 200k Code2Des, 2,000 batches of 500 items over 500 projects, and the one-item batches
that 200k single creates leave), through the layer's own service functions. Goal: each <= 1.5x
its own figure on the small database.

Both databases live on the same server in the same run, and each operation's samples alternate
between them (paired_medians), so the machine's drift lands on both sides of each ratio.
An operation that misses prints the EXPLAIN (ANALYZE, BUFFERS) plan of every statement it runs.
"""

# The history's SQL is composed from this file's own constants, nothing else.
# ruff: noqa: S608

from __future__ import annotations

import contextlib
import io
import os
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import psycopg
from common import emit, migrated_database, paired_medians, result
from psycopg import sql
from psycopg.rows import tuple_row

N = 500
RUNS = 15
GOAL = 1.5
PROJECTS = 500  # 100 organizations of 5 projects
BATCHES = 2_000
SINGLE_IMPORTS = 200_000  # single creates (one-item batches); with the batches' 800k: 1M Page Imports
QUEUE_URL = "http://127.0.0.1:9/queue/capture"
BUCKET = "bench-artifacts"

# A production-sized history, generated server-side (INSERT ... SELECT generate_series, far
# faster than rows sent from here). Ids are UUIDv7-shaped and time-ordered like new_id()'s,
# all older than now. Batch b belongs to project b % 500; one batch in five is a Code2Des
# batch whose children come from a Page Import batch of the same project. The last 1% of
# batches are still processing (sent, children running); of the rest 96% completed, 3% failed,
# 0.5% cancelled, 0.5% failed to dispatch. Nothing of the history waits in the outbox.
_ID = """overlay(gen_random_uuid()::text placing
          substr(lpad(to_hex((extract(epoch FROM {ts}) * 1000)::bigint), 12, '0'), 1, 8) || '-' ||
          substr(lpad(to_hex((extract(epoch FROM {ts}) * 1000)::bigint), 12, '0'), 9, 4) from 1 for 13)"""

LOAD = [
    "INSERT INTO organization (name) SELECT 'org ' || g FROM generate_series(1, 100) g",
    """INSERT INTO project (organization_id, name)
       SELECT o.id, 'project ' || g FROM organization o, generate_series(1, 5) g""",
    """CREATE TEMP TABLE h_project AS
       SELECT row_number() OVER (ORDER BY id) - 1 AS n, id, organization_id FROM project""",
    f"""CREATE TEMP TABLE h_batch AS
       SELECT b, p.id AS project_id, p.organization_id,
              CASE WHEN (b / {PROJECTS} + b) % 5 = 0 THEN 'code2des' ELSE 'page_import' END AS type,
              now() - interval '180 days' + b * interval '180 days' / {BATCHES} AS created_at
       FROM generate_series(0, {BATCHES - 1}) b JOIN h_project p ON p.n = b % {PROJECTS}""",
    f"ALTER TABLE h_batch ADD COLUMN id text; UPDATE h_batch SET id = {_ID.format(ts='created_at')}",
    # The Page Import batch each Code2Des batch takes its sources from: the same project's
    # other batch at the same offset (batch b's project repeats every 500 batches).
    """ALTER TABLE h_batch ADD COLUMN source int;
       UPDATE h_batch c SET source = (SELECT min(s.b) FROM h_batch s
                                      WHERE s.project_id = c.project_id AND s.type = 'page_import')
       WHERE c.type = 'code2des'""",
    f"""CREATE TEMP TABLE h_item AS
       SELECT *, {_ID.format(ts="created_at")} AS id, {_ID.format(ts="created_at")} AS job_id
       FROM (SELECT hb.b, pos, hb.id AS batch_id, hb.project_id, hb.organization_id, hb.type, hb.source,
                    hb.created_at + pos * interval '1 ms' AS created_at,
                    CASE WHEN hb.b >= {BATCHES * 99 // 100} THEN 'processing'
                         WHEN (hb.b * 500 + pos) % 200 = 0 THEN 'cancelled'
                         WHEN (hb.b * 500 + pos) % 200 = 1 THEN 'undispatchable'
                         WHEN (hb.b * 500 + pos) % 200 < 8 THEN 'failed'
                         ELSE 'completed' END AS fate
             FROM h_batch hb, generate_series(0, {N - 1}) pos) s""",
    "CREATE INDEX ON h_item (b, pos)",
    "ANALYZE h_batch, h_item",
    """INSERT INTO batch (id, organization_id, project_id, type, request_hash, created_at, updated_at,
                          created_by, updated_by)
       SELECT id, organization_id, project_id, type, encode(sha256(id::bytea || 'x'), 'hex'), created_at,
              created_at, 'user', 'user'
       FROM h_batch""",
    # Page Imports: the Page Import batches' children, then single ones spread over the history.
    """INSERT INTO page_import (id, organization_id, project_id, source_url, viewport_width, viewport_height,
                                status, nonce, result_url, capture_hash, screenshot_url, error_message,
                                created_at, updated_at, created_by, updated_by)
       SELECT job_id, organization_id, project_id, 'https://example.com/' || b || '/' || pos, 1440, 900,
              CASE fate WHEN 'processing' THEN '0' WHEN 'completed' THEN '1' ELSE '2' END::page_import_status,
              md5(job_id), CASE WHEN fate = 'completed' THEN 's3://b/page-imports/' || job_id || '/1/capture.json' END,
              CASE WHEN fate = 'completed' THEN encode(sha256(job_id::bytea), 'hex') END,
              CASE WHEN fate = 'completed' THEN 's3://b/page-imports/' || job_id || '/1/screenshot.png' END,
              CASE WHEN fate IN ('failed', 'cancelled', 'undispatchable') THEN 'The page could not be captured.' END,
              created_at, created_at + interval '40 s', 'user', 'backend:webhook'
       FROM h_item WHERE type = 'page_import'""",
    # Single creates: since issue 23 each Page Import's worker message is a one-item batch.
    f"""CREATE TEMP TABLE h_single AS
       SELECT g, t, p.id AS project_id, p.organization_id, {_ID.format(ts="t")} AS job_id,
              {_ID.format(ts="t")} AS batch_id, {_ID.format(ts="t")} AS item_id
       FROM (SELECT g, now() - interval '180 days' + g * interval '180 days' / {SINGLE_IMPORTS} AS t
             FROM generate_series(1, {SINGLE_IMPORTS}) g) s
       JOIN h_project p ON p.n = s.g % {PROJECTS}""",
    """INSERT INTO page_import (id, organization_id, project_id, source_url, viewport_width, viewport_height,
                                status, nonce, result_url, capture_hash, screenshot_url, created_at, updated_at,
                                created_by, updated_by)
       SELECT job_id, organization_id, project_id, 'https://example.com/single/' || g, 1440, 900,
              CASE WHEN g % 50 = 0 THEN '2' ELSE '1' END::page_import_status, md5(job_id),
              's3://b/single/' || g, md5(job_id), 's3://b/single/' || g || '.png', t, t + interval '40 s',
              'user', 'backend:webhook'
       FROM h_single""",
    """INSERT INTO batch (id, organization_id, project_id, type, request_hash, created_at, updated_at,
                          created_by, updated_by)
       SELECT batch_id, organization_id, project_id, 'page_import', md5(job_id) || md5(batch_id), t, t, 'user', 'user'
       FROM h_single""",
    """INSERT INTO batch_item (id, batch_id, position, request, job_id, message, dispatched_at, created_at,
                               updated_at, created_by, updated_by)
       SELECT item_id, batch_id, 0, jsonb_build_object('url', 'https://example.com/single/' || g),
              job_id, jsonb_build_object('kind', 'capture', 'pageImportId', job_id, 'attempt', 1), t + interval '1 s',
              t, t + interval '1 s', 'user', 'backend:dispatcher'
       FROM h_single""",
    """INSERT INTO code2des (id, organization_id, project_id, page_import_id, figma_file_key, screen_id, status,
                             nonce, result_url, warning_count, error_message, created_at, updated_at,
                             created_by, updated_by)
       SELECT c.job_id, c.organization_id, c.project_id, s.job_id, 'file' || c.project_id, 'screen-' || c.pos,
              CASE c.fate WHEN 'processing' THEN '0' WHEN 'completed' THEN '1' ELSE '2' END::code2des_status,
              md5(c.job_id), CASE WHEN c.fate = 'completed' THEN 's3://b/code2des/' || c.job_id || '/1/result.json' END,
              CASE WHEN c.fate = 'completed' THEN 0 END,
              CASE WHEN c.fate IN ('failed', 'cancelled', 'undispatchable') THEN 'The design could not be made.' END,
              c.created_at, c.created_at + interval '20 s', 'user', 'backend:webhook'
       FROM h_item c JOIN h_item s ON s.b = c.source AND s.pos = c.pos
       WHERE c.type = 'code2des'""",
    """INSERT INTO batch_item (id, batch_id, position, request, job_id, message, dispatched_at, dispatch_attempts,
                               error_message, cancelled_at, created_at, updated_at, created_by, updated_by)
       SELECT id, batch_id, pos,
              jsonb_build_object('url', 'https://example.com/' || b || '/' || pos,
                                 'viewport', jsonb_build_object('width', 1440, 'height', 900)),
              job_id,
              jsonb_build_object('kind', CASE type WHEN 'page_import' THEN 'capture' ELSE 'convert' END,
                                 'pageImportId', job_id, 'attempt', 1, 'nonce', md5(job_id),
                                 'sourceUrl', 'https://example.com/' || b || '/' || pos,
                                 'viewport', jsonb_build_object('width', 1440, 'height', 900),
                                 'deviceScaleFactor', 1, 'readySelector', NULL,
                                 'artifactPrefix', 'page-imports/' || job_id || '/1/'),
              CASE WHEN fate <> 'undispatchable' THEN created_at + interval '1 s' END,
              CASE WHEN fate = 'undispatchable' THEN 3 ELSE 1 END,
              CASE WHEN fate = 'undispatchable' THEN 'We could not queue this item after 3 attempts.' END,
              CASE WHEN fate = 'cancelled' THEN created_at + interval '5 s' END,
              created_at, created_at + interval '5 s', 'user', 'backend:dispatcher'
       FROM h_item""",
    "DROP TABLE h_item, h_batch, h_project, h_single",
]


class _MemoryS3:
    """The artifact bucket in memory: the webhook's figure is its database work (its S3 reads
    cost the same whatever the database holds, and would only dilute the ratio)."""

    class exceptions:
        class NoSuchKey(Exception):
            pass

    def __init__(self) -> None:
        self.objects: dict[str, bytes] = {}

    def get_object(self, *, Bucket: str, Key: str) -> dict[str, Any]:
        import io

        if Key not in self.objects:
            raise self.exceptions.NoSuchKey(Key)
        data = self.objects[Key]
        return {"ContentLength": len(data), "Body": io.BytesIO(data), "ETag": '"x"', "LastModified": None}


class _AcceptingSqs:
    """SQS that accepts every entry at once: the dispatch round's figure is its database work."""

    def send_message_batch(self, *, QueueUrl: str, Entries: list[dict[str, str]]) -> dict[str, Any]:
        return {"Successful": [{"Id": entry["Id"]} for entry in Entries], "Failed": []}


class _ExplainingCursor(psycopg.Cursor[Any]):
    """Runs each statement once under EXPLAIN (ANALYZE, BUFFERS), rolled back, before running it
    for real; the plans are collected in `plans`."""

    plans: list[str] = []
    status_calls: list[tuple[str, int, int]] = []  # batch_view_v1's arguments, call by call

    def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:
        if isinstance(query, bytes):
            query = query.decode()
        text = query.as_string(self.connection) if isinstance(query, sql.Composable) else str(query)
        with (
            self.connection.transaction(force_rollback=True),
            psycopg.Cursor(self.connection, row_factory=tuple_row) as explain,
        ):
            explain.execute("EXPLAIN (ANALYZE, BUFFERS) " + text, params)
            plan = "\n".join(row[0] for row in explain.fetchall())
        type(self).plans.append(f"-- {' '.join(text.split())[:300]}\n{plan}")
        if "batch_view_v1" in text and params:
            type(self).status_calls.append(tuple(params))
        return super().execute(query, params, **kwargs)


@dataclass
class Side:
    """One database and what its operations act on."""

    label: str
    url: str
    conn: Any
    scope: Any
    s3: _MemoryS3
    target_batch: str = ""
    some_job: str = ""
    webhook_jobs: Iterator[tuple[str, int, str]] = field(default_factory=lambda: iter(()))


def _with_database(url: str, name: str) -> str:
    info = psycopg.conninfo.conninfo_to_dict(url)
    info["dbname"] = name
    return psycopg.conninfo.make_conninfo(**{k: str(v) for k, v in info.items() if v is not None})


@contextmanager
def second_database(url: str, name: str) -> Iterator[str]:
    """Another migrated database on the same server as `url`."""
    from pageport.migrations import apply_migrations

    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(name)))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    other = _with_database(url, name)
    apply_migrations(other)
    try:
        yield other
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def load_history(url: str) -> float:
    start = time.perf_counter()
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SET synchronous_commit = off")
        conn.execute("SET work_mem = '256MB'")
        conn.execute("SET temp_buffers = '1GB'")  # the scratch tables stay in memory
        for statement in LOAD:
            began = time.perf_counter()
            conn.execute(statement)
            print(f"  {time.perf_counter() - began:6.1f} s  {' '.join(statement.split())[:70]}", flush=True)
        # What autovacuum gives production tables: visibility maps and planner statistics.
        began = time.perf_counter()
        conn.execute("VACUUM (ANALYZE)")
        # And a checkpoint, as the checkpointer would have run since: otherwise the measured
        # operations' backends pay for writing out the load's dirty buffers to evict them.
        conn.execute("CHECKPOINT")
        print(f"  {time.perf_counter() - began:6.1f} s  VACUUM (ANALYZE), CHECKPOINT", flush=True)
    return time.perf_counter() - start


def main() -> None:
    for key, value in {
        "PAGEPORT_STAGE": "bench",
        "ARTIFACT_BUCKET": BUCKET,
        "CAPTURE_QUEUE_URL": QUEUE_URL,
        "POWERTOOLS_METRICS_DISABLED": "true",
        "POWERTOOLS_LOG_LEVEL": "WARNING",  # a line per webhook otherwise
    }.items():
        os.environ.setdefault(key, value)
    with (
        migrated_database() as small_url,
        second_database(small_url, f"pageport_bench_large_{os.getpid()}") as large_url,
    ):
        run(small_url, large_url)


def run(small_url: str, large_url: str) -> None:
    from pageport.db import connect
    from pageport.services.tenancy import Scope

    loaded_s = load_history(large_url)
    counts = {}
    with psycopg.connect(large_url) as conn:
        for table in ("page_import", "code2des", "batch", "batch_item", "project"):
            counts[table] = conn.execute(sql.SQL("SELECT count(*) FROM {}").format(sql.Identifier(table))).fetchone()[0]
    print(f"history loaded in {loaded_s:.1f} s: {counts}", flush=True)

    sides = []
    for label, url in (("small", small_url), ("large", large_url)):
        conn = connect(url)
        if label == "small":
            org = conn.execute("INSERT INTO organization (name) VALUES ('bench') RETURNING id").fetchone()["id"]
            project = conn.execute(
                "INSERT INTO project (organization_id, name) VALUES (%s, 'bench') RETURNING id", (org,)
            ).fetchone()["id"]
            conn.execute("ANALYZE")
        else:  # one of the history's 500 projects
            row = conn.execute("SELECT id, organization_id FROM project ORDER BY id LIMIT 1").fetchone()
            org, project = row["organization_id"], row["id"]
        sides.append(Side(label, url, conn, Scope(org, project, "bench-user"), _MemoryS3()))
    small, large = sides
    measure(small, large)
    for side in sides:
        side.conn.close()


def measure(small: Side, large: Side) -> None:
    from pageport.batches import service
    from pageport.batches.dispatch import Dispatcher
    from pageport.db import reading
    from pageport.kinds.page_import import service as page_imports
    from pageport.kinds.page_import.webhook import JOB_KIND
    from pageport.models.manifests import ArtifactRef
    from pageport.services import webhooks
    from pageport.storage import ArtifactStore, sha256_hex

    requests = [{"url": f"https://example.com/p/{i}", "viewport": {"width": 1440, "height": 900}} for i in range(N)]

    def create(side: Side) -> Callable[[], object]:
        return lambda: service.create_batch(
            side.conn, side.scope, str(uuid.uuid4()), "page_import", requests, allow_private=False
        )

    def status(side: Side) -> Callable[[], object]:
        def read() -> None:
            with reading(side.conn) as cur:
                service.get_batch(cur, side.scope, side.target_batch)

        return read

    def items(side: Side) -> Callable[[], object]:
        def read() -> None:
            with reading(side.conn) as cur:
                service.list_items(cur, side.scope, side.target_batch, limit=100, after_position=199)

        return read

    def page_import(side: Side) -> Callable[[], object]:
        def read() -> None:
            with reading(side.conn) as cur:
                page_imports.get_page_import(cur, side.scope, side.some_job)

        return read

    def webhook(side: Side) -> Callable[[], object]:
        store = ArtifactStore(BUCKET, client=side.s3)

        def apply() -> None:
            job_id, attempt, nonce = next(side.webhook_jobs)
            call = webhooks.WebhookCall(
                job_id, attempt, nonce, "succeeded", store.url(f"page-imports/{job_id}/{attempt}/manifest.json")
            )
            assert webhooks.apply_webhook(side.conn, JOB_KIND, call, store).applied

        return apply

    def dispatch_round(side: Side) -> Callable[[], object]:
        def round_() -> None:
            report = Dispatcher(side.conn, _AcceptingSqs(), claim_size=100).run(max_rounds=1)
            assert report.sent == 100, report

        return round_

    def prepare(side: Side) -> None:
        """A fresh 500-item batch to read, and processing Page Imports with their manifests for
        the webhooks (from the batches `create` made: nothing of the history is processing-new)."""
        created = create(side)()
        side.target_batch = created.batch.id  # type: ignore[attr-defined]
        side.some_job = side.conn.execute(
            "SELECT job_id FROM batch_item WHERE batch_id = %s AND position = 250", (side.target_batch,)
        ).fetchone()["job_id"]
        jobs = side.conn.execute(
            """SELECT j.id, j.attempt, j.nonce FROM page_import j JOIN batch_item i ON i.job_id = j.id
               WHERE j.project_id = %s AND j.status = '0' AND i.batch_id <> %s ORDER BY j.id""",
            (side.scope.project_id, side.target_batch),
        ).fetchall()
        for job in jobs:
            prefix = f"page-imports/{job['id']}/{job['attempt']}/"
            refs = {}
            for name, data in (("capture", b'{"capture": 1}'), ("screenshot", b"png")):
                side.s3.objects[prefix + name] = data
                refs[name] = ArtifactRef(key=prefix + name, sha256=sha256_hex(data), size=len(data))
            manifest = JOB_KIND.manifest_model(
                page_import_id=job["id"], attempt=job["attempt"], nonce=job["nonce"], outcome="succeeded", **refs
            )
            side.s3.objects[prefix + "manifest.json"] = manifest.model_dump_json(by_alias=True).encode()
        side.webhook_jobs = iter([(job["id"], job["attempt"], job["nonce"]) for job in jobs])
        # Fresh statistics, as autovacuum keeps them: the small database was analyzed empty, and
        # with no rows to go by its planner may scan a project's index instead of the id's.
        side.conn.execute("ANALYZE")

    operations: list[tuple[str, Callable[[Side], Callable[[], object]], int]] = [
        ("batch_create_500", create, RUNS),
        ("batch_status_500", status, RUNS * 20),
        ("batch_items_page_100", items, RUNS * 10),
        ("page_import_get", page_import, RUNS * 20),
        ("webhook_fenced_update", webhook, RUNS * 10),
        ("dispatch_round_100", dispatch_round, RUNS * 2),
    ]
    worst: tuple[float, str] = (0.0, "")
    for name, operation, runs in operations:
        if name == "batch_status_500":  # after the creates: their children feed the webhooks
            prepare(small)
            prepare(large)
        with contextlib.redirect_stdout(io.StringIO()):  # the layer's log and EMF lines
            large_median, small_median = paired_medians(operation(large), operation(small), runs)
        line = result(
            name, "s", large_median, "the same operation on the small database", small_median, f"ratio <= {GOAL}"
        )
        emit(line)
        ratio = float(line["ratio"])
        worst = max(worst, (ratio, name))
        if ratio > GOAL:
            for side in (small, large):
                print(f"-- plans of {name} on the {side.label} database:", flush=True)
                explain(side, operation)
    print(f"worst: {worst[1]}", flush=True)
    emit(
        {
            "name": "scale_worst_ratio",
            "unit": "ratio",
            "median": worst[0],
            "baseline": "each operation on the small database",
            "baseline_median": 1.0,
            "ratio": worst[0],
            "goal": f"ratio <= {GOAL}",
        }
    )


def explain(side: Side, operation: Callable[[Side], Callable[[], object]]) -> None:
    """Run the operation once with every statement explained first (rolled back)."""
    from pageport.batches import batch_view
    from pageport.batches.job_tables import grouped_facts_sql

    _ExplainingCursor.plans = []
    _ExplainingCursor.status_calls = []
    side.conn.cursor_factory = _ExplainingCursor
    try:
        operation(side)()
        # A status read runs inside batch_view_v1, whose plan hides its statements: these are they.
        for batch_id, organization_id, project_id in list(_ExplainingCursor.status_calls):
            with side.conn.cursor() as cur:
                cur.execute(
                    sql.SQL(
                        "SELECT b.*, {} AS retry_of FROM batch b"
                        " WHERE b.id = {} AND b.organization_id = {} AND b.project_id = {} AND b.deleted_at IS NULL"
                    ).format(
                        sql.SQL(batch_view.RETRY_OF_SQL),
                        sql.Literal(batch_id),
                        sql.Literal(organization_id),
                        sql.Literal(project_id),
                    )
                )
                cur.execute(grouped_facts_sql("page_import", sql.Literal(batch_id)))
    finally:
        side.conn.cursor_factory = psycopg.Cursor
    for plan in _ExplainingCursor.plans:
        print(plan, flush=True)


if __name__ == "__main__":
    main()
