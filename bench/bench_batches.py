"""Issue 4's bars: creating a 500-item batch vs loading the same rows with one COPY (issue 25
raised it to 1.5x: creation writes with COPY too), and reading its derived status vs a
single-row primary-key lookup, all in the same run."""

from __future__ import annotations

import json
import os
import uuid

from common import emit, migrated_database, paired_medians, result

RUNS = 15
N = 500


def main() -> None:
    with migrated_database() as url:
        from pageport.batches import ids, service
        from pageport.db import connect, reading
        from pageport.ids import new_id, new_nonce
        from pageport.services.tenancy import Scope

        conn = connect(url)
        org = conn.execute("INSERT INTO organization (name) VALUES ('bench') RETURNING id").fetchone()["id"]
        project = conn.execute(
            "INSERT INTO project (organization_id, name) VALUES (%s, 'bench') RETURNING id", (org,)
        ).fetchone()["id"]
        scope = Scope(org, project, "bench-user")
        requests = [{"url": f"https://example.com/p/{i}", "viewport": {"width": 1440, "height": 900}} for i in range(N)]

        def create() -> None:
            service.create_batch(conn, scope, str(uuid.uuid4()), "page_import", requests, allow_private=False)

        def copy_floor() -> None:
            # The same rows (batch, 500 page imports, 500 items with their messages), one COPY each.
            batch_id = ids.stored(org, str(uuid.uuid4()))  # as a batch row's id is kept
            with conn.transaction(), conn.cursor() as cur:
                cur.execute(
                    "INSERT INTO batch (id, organization_id, project_id, type, request_hash, created_by, updated_by)"
                    " VALUES (%s, %s, %s, 'page_import', %s, 'u', 'u')",
                    (batch_id, org, project, "0" * 64),
                )
                jobs = [new_id() for _ in range(N)]
                with cur.copy(
                    "COPY page_import (id, organization_id, project_id, source_url, viewport_width, viewport_height,"
                    " nonce, created_by, updated_by) FROM STDIN"
                ) as copy:
                    for i, job in enumerate(jobs):
                        copy.write_row((job, org, project, requests[i]["url"], 1440, 900, new_nonce(), "u", "u"))
                with cur.copy(
                    "COPY batch_item (id, batch_id, position, request, job_id, message, created_by, updated_by)"
                    " FROM STDIN"
                ) as copy:
                    for i, job in enumerate(jobs):
                        message = json.dumps({"kind": "capture", "pageImportId": job, "url": requests[i]["url"]})
                        copy.write_row((new_id(), batch_id, i, json.dumps(requests[i]), job, message, "u", "u"))

        create_median, floor_median = paired_medians(create, copy_floor, RUNS)
        emit(result("batch_create_500", "s", create_median, "COPY of the same rows", floor_median, "ratio <= 1.5"))

        target = service.create_batch(conn, scope, str(uuid.uuid4()), "page_import", requests, allow_private=False)
        batch_id = target.batch.id
        batch_key = ids.stored(org, batch_id)
        some_job = conn.execute("SELECT job_id FROM batch_item WHERE batch_id = %s LIMIT 1", (batch_key,)).fetchone()

        # Both as the read routes run them: autocommit statements on the container's connection.
        def read_status() -> None:
            with reading(conn) as cur:
                service.get_batch(cur, scope, batch_id)

        def pk_lookup() -> None:
            with reading(conn) as cur:
                cur.execute("SELECT * FROM page_import WHERE id = %s", (some_job["job_id"],)).fetchone()

        # Production tables have planner statistics (autovacuum); a fresh bench database would
        # otherwise plan the tenant-scoped lookups with default selectivities.
        conn.execute("ANALYZE")
        status_median, pk_median = paired_medians(read_status, pk_lookup, RUNS * 20)

        # For reference: looking each item's child up by primary key, nothing else (no item
        # facts, no grouping). The derivation reads a batch's children with one range scan
        # instead (job_tables.grouped_facts_sql); printed so the bar can be read against it.
        def child_probes() -> None:
            with reading(conn) as cur:
                cur.execute(
                    "SELECT count((SELECT j.status FROM page_import j WHERE j.id = i.job_id))"
                    " FROM batch_item i WHERE i.batch_id = %s",
                    (batch_key,),
                ).fetchone()

        probes_median, probes_pk_median = paired_medians(child_probes, pk_lookup, RUNS * 20)
        print(
            f"floor: {N} child primary-key probes alone take {probes_median * 1000:.3f} ms,"
            f" {probes_median / probes_pk_median:.2f}x the single-row lookup ({probes_pk_median * 1000:.3f} ms)",
            flush=True,
        )

        # The user-visible view: GET batch against GET page-import (a single-row primary-key
        # lookup) through the same handler stack, auth and serialization included.
        from devstack.apigw import invoke

        # What a deployed route is given beside its database (checked when its module loads).
        os.environ.setdefault("PAGEPORT_STAGE", "bench")
        os.environ.setdefault("ARTIFACT_BUCKET", "bench-artifacts")
        conn.execute("INSERT INTO organization_member (organization_id, subject) VALUES (%s, 'bench-user')", (org,))
        batch_path = f"/projects/{project}/page-batches/{batch_id}"
        import_path = f"/projects/{project}/page-imports/{some_job['job_id']}"
        assert invoke("GET", batch_path, subject="bench-user").status == 200
        assert invoke("GET", import_path, subject="bench-user").status == 200
        route_median, route_pk_median = paired_medians(
            lambda: invoke("GET", batch_path, subject="bench-user"),
            lambda: invoke("GET", import_path, subject="bench-user"),
            RUNS * 8,
        )
        emit(
            result(
                "batch_status_500_route",
                "s",
                route_median,
                "GET of one Page Import (primary-key lookup)",
                route_pk_median,
                "ratio <= 5",
            )
        )
        # Last, the bar as written: status derivation against one bare primary-key query.
        emit(
            result(
                "batch_status_500_sql", "s", status_median, "bare single-row primary-key query", pk_median, "ratio <= 5"
            )
        )
        conn.close()


if __name__ == "__main__":
    main()
