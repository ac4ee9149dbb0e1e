"""Where the time goes in a run through the local stack, from its structured log lines (the
gateway's request lines, the pollers' "batch received"/"batch done", the workers' "capture/
conversion succeeded") and the client's own timestamps. Used by bench_e2e."""

from __future__ import annotations

import itertools
import statistics
from datetime import datetime
from typing import Any


def when(record: dict[str, Any]) -> float:
    """A Powertools timestamp ("2026-12-02 06:40:47,123+0000") as epoch seconds."""
    return datetime.strptime(record["timestamp"], "%Y-%m-%d %H:%M:%S,%f%z").timestamp()


def _worker_lines(records: list[dict[str, Any]], function: str, key: str) -> dict[str, dict[str, dict[str, Any]]]:
    """job id -> {"received": record, "done": record} for one worker."""
    found: dict[str, dict[str, dict[str, Any]]] = {}
    for record in records:
        if record.get("function") != function or record.get("message") not in ("batch received", "batch done"):
            continue
        for job in record.get("jobs", []):
            if key in job:
                found.setdefault(str(job[key]), {})[record["message"].split()[1]] = record
    return found


def _requests(records: list[dict[str, Any]], needle: str) -> list[dict[str, Any]]:
    return [r for r in records if r.get("message") == "request" and needle in str(r.get("path", ""))]


def _route(method: str, path: str) -> str | None:
    """The client route of a gateway request path (ids dropped), for the single-page rows."""
    parts = path.split("/")[3:]  # after /projects/{id}
    if not parts or parts[0] not in ("page-imports", "code2des"):
        return None
    shape = "/".join([parts[0], *("{id}" if i == 1 else p for i, p in enumerate(parts[1:], 1))])
    return f"{method} {shape}"


def single_breakdown(
    records: list[dict[str, Any]], marks: list[dict[str, Any]], direct: list[dict[str, float]], guarded: list[float]
) -> None:
    captures = _worker_lines(records, "capture_worker", "page_import_id")
    converts = _worker_lines(records, "convert_worker", "code2des_id")
    webhooks = {k: _requests(records, f"/_webhooks/{k}") for k in ("page-imports", "code2des")}
    succeeded = {
        str(r.get("page_import_id") or r.get("code2des_id")): when(r)
        for r in records
        if r.get("message") in ("capture succeeded", "conversion succeeded")
    }
    rows: dict[str, list[float]] = {}

    def add(name: str, seconds: float) -> None:
        rows.setdefault(name, []).append(seconds * 1000)

    for mark in marks:
        t0, t1, t2, t3, t4, t5 = mark["t"]
        cap, conv = captures.get(mark["page_import_id"], {}), converts.get(mark["code2des_id"], {})
        if not {"received", "done"} <= cap.keys() | set() or not {"received", "done"} <= conv.keys():
            continue
        add("create Page Import (HTTP, DB, send)", t1 - t0)
        add("capture message picked up (from POST)", when(cap["received"]) - t0)
        add("capture worker (incl. S3, webhook)", cap["done"]["duration_ms"] / 1000)
        if (ok := succeeded.get(mark["page_import_id"])) is not None:
            add("  received -> captured (store, capture)", ok - when(cap["received"]))
            add("  captured -> done (S3 writes, webhook)", when(cap["done"]) - ok)
        add("capture done -> client sees it", t2 - when(cap["done"]))
        add("create Code2Des (HTTP, DB, send)", t3 - t2)
        add("convert message picked up (from POST)", when(conv["received"]) - t2)
        add("convert worker (incl. S3, webhook)", conv["done"]["duration_ms"] / 1000)
        if (ok := succeeded.get(mark["code2des_id"])) is not None:
            add("  received -> converted (store, S3 reads)", ok - when(conv["received"]))
            add("  converted -> done (S3 writes, webhook)", when(conv["done"]) - ok)
        add("convert done -> client sees it", t4 - when(conv["done"]))
        add("GET result", t5 - t4)
        add("total through the stack", t5 - t0)
    for kind, lines in webhooks.items():
        for line in lines:
            add(f"  webhook {kind} (HTTP, verify, DB)", line["duration_ms"] / 1000)
    # The gateway's own time for each client request (the client's figures above add the wire).
    first = min((mark["t"][0] for mark in marks), default=0.0)
    for record in records:
        if record.get("message") != "request" or when(record) < first or "/_webhooks/" in str(record.get("path")):
            continue
        if (route := _route(str(record.get("http_method")), str(record.get("path", "")))) is not None:
            add(f"  gateway {route}", record["duration_ms"] / 1000)
    for sample in direct:
        add("  direct capture_page", sample["capture"])
        add("  direct convert_capture", sample["convert"])
        add("  direct total", sample["capture"] + sample["convert"])
    for seconds in guarded:
        add("  direct capture behind the SSRF guard", seconds)
    print("single page, where the time goes (median ms over the measured runs; the timestamps")
    print("are the client's and the stack's log lines, which round to the millisecond):")
    for name, values in rows.items():
        print(f"  {name:<44} {statistics.median(values):>9.1f}")


def batch_breakdown(records: list[dict[str, Any]], runs: list[dict[str, Any]]) -> None:
    received = [r for r in records if r.get("function") == "capture_worker" and r.get("message") == "batch received"]
    done = [r for r in records if r.get("function") == "capture_worker" and r.get("message") == "batch done"]
    dispatches = [r for r in records if r.get("message") == "dispatch run"]
    print("batch, where the time goes (per run):")
    for run in runs:
        t0, t1, t2 = run["t"]
        mine = [r for r in received if t0 <= when(r) <= t2 + 1]
        finished = [r for r in done if t0 <= when(r) <= t2 + 1]
        if not mine or not finished:
            continue
        work = sum(r["duration_ms"] for r in finished) / 1000
        first, last = min(map(when, mine)), max(map(when, finished))
        gaps = sorted(when(r) for r in mine)
        ends = sorted(when(r) for r in finished)
        idle = [start - end for start, end in zip(gaps[1:], ends[:-1], strict=False)]
        sent = sum(r.get("sent", 0) for r in dispatches if t0 <= when(r) <= t2)
        print(
            f"  total {t2 - t0:6.2f} s: create {1000 * (t1 - t0):6.1f} ms, first message picked up after "
            f"{1000 * (first - t1):6.1f} ms, {len(finished)} worker runs {work:6.2f} s "
            f"(median {statistics.median(r['duration_ms'] for r in finished):6.1f} ms), idle between messages "
            f"median {1000 * statistics.median(idle or [0]):5.1f} ms, last done -> client sees the batch "
            f"{1000 * (t2 - last):6.1f} ms; scheduled dispatcher sent {sent}"
        )


def _share(seconds: float, total: float) -> str:
    return f"{seconds:8.2f} s {100 * seconds / total:5.1f} %"


def large_batch_breakdown(records: list[dict[str, Any]], run: dict[str, Any], pages: int) -> None:
    """One large batch, stage by stage: what the capture worker spent capturing, storing and
    reporting, how long it sat idle between messages, and what the rest of the stack did
    meanwhile (the webhook's and the client's requests, the dispatcher's sends)."""
    t0, t1, t2 = run["t"]
    inside = [r for r in records if "timestamp" in r and t0 - 0.5 <= when(r) <= t2 + 1]
    received = [r for r in inside if r.get("function") == "capture_worker" and r.get("message") == "batch received"]
    done = [r for r in inside if r.get("function") == "capture_worker" and r.get("message") == "batch done"]
    captured = {str(r["page_import_id"]): when(r) for r in inside if r.get("message") == "capture succeeded"}
    starts = {str(job["page_import_id"]): when(r) for r in received for job in r.get("jobs", [])}
    ends = {str(job["page_import_id"]): when(r) for r in done for job in r.get("jobs", [])}
    ids = sorted(set(starts) & set(ends) & set(captured), key=lambda i: starts[i])
    if not ids:
        print("large batch: no worker lines found")
        return
    capturing = sum(captured[i] - starts[i] for i in ids)
    storing = sum(ends[i] - captured[i] for i in ids)
    order = [(starts[i], ends[i]) for i in ids]
    idle = sum(max(0.0, nxt[0] - prev[1]) for prev, nxt in itertools.pairwise(order))
    requests = [r for r in inside if r.get("message") == "request"]
    webhooks = [r["duration_ms"] for r in requests if "/_webhooks/" in str(r.get("path"))]
    polls = [r for r in requests if "/page-batches/" in str(r.get("path"))]
    sent = sum(r.get("sent", 0) for r in inside if r.get("message") == "dispatch run")
    total = t2 - t0
    print(f"batch of {pages} pages through the stack, where the time goes ({len(ids)} captures seen):")
    print(f"  total                                          {total:8.2f} s")
    print(f"  create (POST /page-batches)                    {_share(t1 - t0, total)}")
    print(f"  until the first capture starts (from POST)     {_share(order[0][0] - t0, total)}")
    print(f"  capturing (message received -> captured)       {_share(capturing, total)}")
    print(f"  storing and reporting (S3 writes, webhook)     {_share(storing, total)}")
    print(f"  worker idle between messages                   {_share(idle, total)}")
    print(f"  last capture done -> client sees the batch     {_share(t2 - order[-1][1], total)}")
    per = sorted(captured[i] - starts[i] for i in ids)
    p90 = per[int(0.9 * len(per))]
    print(
        f"  per page: capture median {1000 * statistics.median(per):.0f} ms (p90 {1000 * p90:.0f}), "
        f"webhook median {statistics.median(webhooks or [0]):.1f} ms (max {max(webhooks or [0]):.1f}), "
        f"{len(polls)} client polls of the batch, {sent} items sent by the scheduled dispatcher"
    )
