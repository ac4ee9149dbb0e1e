"""The CLI's commands: the user's, over the HTTP API only (import, batch, discover, status), and
the operator's tenant administration (`admin`), locally or on a deployed stage."""

from __future__ import annotations

import itertools
import json
import re
import sys
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from devstack.client import Api, ApiError
from devstack.progress import Progress, batch_line

PROCESSING, COMPLETED, FAILED, CANCELLED = "0", "1", "2", "3"
STATUS_NAMES = {PROCESSING: "processing", COMPLETED: "completed", FAILED: "failed", CANCELLED: "cancelled"}
POLL_S = 1.0


class CommandFailed(Exception):
    """One line for the user; the command exits 1."""


@dataclass(frozen=True)
class Viewport:
    width: int
    height: int

    @classmethod
    def parse(cls, text: str) -> Viewport:
        found = re.fullmatch(r"\s*(\d{2,5})\s*[xX]\s*(\d{2,5})\s*", text)
        if not found:
            raise ValueError(f"a viewport is WIDTHxHEIGHT, like 1440x900, not {text!r}")
        from pageport.kinds.page_import.viewport import HEIGHT_RANGE, WIDTH_RANGE

        width, height = int(found[1]), int(found[2])
        for name, value, (low, high) in (("width", width, WIDTH_RANGE), ("height", height, HEIGHT_RANGE)):
            if not low <= value <= high:
                raise ValueError(f"the viewport {name} must be {low} to {high} pixels, not {value}")
        return cls(width, height)

    def as_json(self) -> dict[str, int]:
        return {"width": self.width, "height": self.height}


def _wait(
    fetch: Callable[[], Mapping[str, Any]],
    describe: Callable[[Mapping[str, Any]], str],
    progress: Progress,
    *,
    timeout_s: float,
    sleep: Callable[[float], None] = time.sleep,
) -> Mapping[str, Any]:
    """Poll until the resource leaves "processing"."""
    started = time.monotonic()
    while True:
        current = fetch()
        elapsed = time.monotonic() - started
        progress.update(describe(current), f" ({elapsed:.0f}s)")
        if current.get("status") != PROCESSING:
            return current
        if elapsed > timeout_s:
            raise CommandFailed(f"still processing after {timeout_s:.0f}s; check again later")
        sleep(POLL_S if elapsed > 3 else POLL_S / 2)


# ---------------------------------------------------------------------------- import


def screen_id_for(url: str, viewport: Viewport | None) -> str:
    """The page's slug, with its viewport (none for a site design, whose variants have theirs)."""
    parts = urlsplit(url)
    slug = re.sub(r"[^a-z0-9]+", "-", f"{parts.hostname or ''}{parts.path}".lower()).strip("-") or "page"
    return f"{slug[:200]}-{viewport.width}x{viewport.height}" if viewport else slug[:200]


def _create_page_import(
    api: Api,
    project: int,
    url: str,
    viewport: Viewport,
    scale: float,
    ready_selector: str | None,
    color_scheme: str | None,
    auth: Mapping[str, Any] | None,
) -> Mapping[str, Any]:
    request: dict[str, Any] = {"url": url, "viewport": viewport.as_json(), "deviceScaleFactor": scale}
    if auth:
        request["auth"] = dict(auth)
    if ready_selector:
        request["readySelector"] = ready_selector
    if color_scheme:
        request["colorScheme"] = color_scheme
    created: Mapping[str, Any] = api.post(f"/projects/{project}/page-imports", request)
    return created


def _capture_label(job: Mapping[str, Any]) -> str:
    viewport = job["viewport"]
    return f"{job['sourceUrl']} at {viewport['width']}x{viewport['height']}, {job.get('colorScheme', 'light')}"


def _wait_for_capture(api: Api, project: int, created: Mapping[str, Any], progress: Progress, timeout_s: float) -> None:
    page_import_id = created["pageImportId"]
    page_import = _wait(
        lambda: api.get(f"/projects/{project}/page-imports/{page_import_id}"),
        lambda job: f"capturing {_capture_label(created)}: {STATUS_NAMES.get(job['status'], job['status'])}",
        progress,
        timeout_s=timeout_s,
    )
    if page_import["status"] != COMPLETED:
        progress.done()
        raise CommandFailed(f"the capture failed: {page_import.get('errorMessage') or 'no reason given'}")
    progress.done(f"Page Import {page_import_id} completed")


def run_import(
    api: Api,
    project: int,
    url: str,
    *,
    viewports: Sequence[Viewport],
    scale: float,
    ready_selector: str | None,
    out: Path | None,
    color_schemes: Sequence[str | None] = (None,),
    figma_file_key: str,
    screen_id: str | None,
    timeout_s: float,
    progress: Progress,
    options: dict[str, bool] | None = None,
    auth: Mapping[str, Any] | None = None,
) -> Path:
    """Page Imports (one per viewport and colour scheme, each with `auth` for a page behind a
    login), then one Code2Des (with the converter's `options`, when given): one page's design,
    or with several captures one site design with a variant each. Then the result and its
    preview on disk. Returns the folder."""
    captures = [(viewport, scheme) for scheme in color_schemes for viewport in viewports]
    created = [_create_page_import(api, project, url, v, scale, ready_selector, scheme, auth) for v, scheme in captures]
    for job in created:
        progress.done(f"Page Import {job['pageImportId']} created for {_capture_label(job)}")
    for job in created:
        _wait_for_capture(api, project, job, progress, timeout_s)
    site = len(created) > 1
    conversion: dict[str, Any] = {
        "pageImportId": created[0]["pageImportId"],
        "figmaFileKey": figma_file_key,
        "screenId": screen_id or screen_id_for(created[0]["sourceUrl"], None if site else viewports[0]),
    }
    if site:
        conversion["variants"] = [{"pageImportId": job["pageImportId"]} for job in created[1:]]
    if options is not None:
        conversion["options"] = options
    job = api.post(f"/projects/{project}/code2des", conversion)
    code2des_id = job["code2desId"]
    code2des = _wait(
        lambda: api.get(f"/projects/{project}/code2des/{code2des_id}"),
        lambda current: f"converting to a Figma design: {STATUS_NAMES.get(current['status'], current['status'])}",
        progress,
        timeout_s=timeout_s,
    )
    if code2des["status"] != COMPLETED:
        progress.done()
        raise CommandFailed(f"the conversion failed: {code2des.get('errorMessage') or 'no reason given'}")
    progress.done(f"Code2Des {code2des_id} completed ({code2des.get('warningCount') or 0} warnings)")

    from devstack.designs import open_in_figma_line, write_design

    folder = write_design(api, project, code2des_id, out or Path(f"pageport-{code2des_id}"), progress)
    progress.done(open_in_figma_line("code2des", code2des_id))
    return folder


# ---------------------------------------------------------------------------- batches


@dataclass(frozen=True)
class UrlFile:
    """The URLs of a batch file, each with the line it came from, so that the API's refusal of
    request N can be told as the line the user has to fix."""

    path: Path
    urls: list[str]
    lines: list[int]  # 1-based line number of each URL

    def explain(self, error: ApiError) -> Exception:
        """A 422 naming request indexes, retold by file line; any other error as it is."""
        bad: list[str] = []
        for detail in error.details if error.status == 422 else []:
            loc = detail.get("loc") or []
            index = loc[1] if len(loc) > 1 and loc[0] == "requests" else None
            if isinstance(index, int) and 0 <= index < len(self.urls):
                bad.append(f"line {self.lines[index]} ({self.urls[index]}): {detail.get('msg')}")
        if not bad:
            return error
        return CommandFailed(f"{self.path}: nothing was stored; fix " + "; ".join(bad))


def read_url_file(path: Path) -> UrlFile:
    """The URLs of `path`; `-` reads standard input (`pageport discover URL | pageport batch -`)."""
    try:
        text = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CommandFailed(f"cannot read {path}: {exc.strerror}") from None
    lines = text.splitlines()
    # A URL per line; anything after a tab is ignored, so `pageport discover`'s "URL<TAB>title"
    # lines are a batch file as they are.
    candidates = (
        (number, line.split("\t", 1)[0].strip())
        for number, line in enumerate(lines, start=1)
        if not line.lstrip().startswith("#")
    )
    numbered = [(number, url) for number, url in candidates if url]
    if not numbered:
        raise CommandFailed(f"{path} holds no URLs (one per line; # starts a comment)")
    if len(numbered) > 500:
        raise CommandFailed(f"{path} holds {len(numbered)} URLs; a batch takes at most 500")
    return UrlFile(path, [url for _, url in numbered], [number for number, _ in numbered])


def _ask_to_cancel(api: Api, project: int, batch_id: str, progress: Progress) -> None:
    progress.done()
    try:
        answer = input(f"\nCancel batch {batch_id}? [y/N] ") if sys.stdin.isatty() else ""
    except (EOFError, KeyboardInterrupt):
        answer = ""
    if answer.strip().lower() in ("y", "yes"):
        batch = api.post(f"/projects/{project}/page-batches/{batch_id}/cancel", {}, idempotent=True)
        progress.done(f"cancelled: {batch_line(batch['counts'])}")
    else:
        progress.done(f"left running; follow it with: pageport status {batch_id}")


def run_batch(
    api: Api,
    project: int,
    urls: list[str],
    *,
    viewport: Viewport,
    scale: float,
    batch_id: str | None,
    timeout_s: float,
    progress: Progress,
    color_scheme: str | None = None,
) -> Mapping[str, Any]:
    batch_id = batch_id or str(uuid.uuid4())
    scheme = {"colorScheme": color_scheme} if color_scheme else {}
    requests = [{"url": url, "viewport": viewport.as_json(), "deviceScaleFactor": scale, **scheme} for url in urls]
    batch = api.post(
        f"/projects/{project}/page-batches",
        {"id": batch_id, "type": "page_import", "requests": requests},
        idempotent=True,  # the batch id
    )
    progress.done(f"batch {batch['id']}: {len(urls)} page imports")
    return follow_batch(api, project, batch_id, timeout_s=timeout_s, progress=progress)


def run_retry(
    api: Api, project: int, source_id: str, *, batch_id: str | None, timeout_s: float, progress: Progress
) -> Mapping[str, Any]:
    """A new batch of the source's retryable items (the API decides which), followed to the end."""
    batch_id = batch_id or str(uuid.uuid4())
    batch = api.post(f"/projects/{project}/page-batches/{source_id}/retry", {"id": batch_id}, idempotent=True)
    progress.done(f"batch {batch['id']} retries {batch['counts']['total']} items of {source_id}")
    return follow_batch(api, project, batch_id, timeout_s=timeout_s, progress=progress)


def follow_batch(api: Api, project: int, batch_id: str, *, timeout_s: float, progress: Progress) -> Mapping[str, Any]:
    """Live progress until every item is done; Ctrl-C offers to cancel the batch."""
    try:
        batch = _wait(
            lambda: api.get(f"/projects/{project}/page-batches/{batch_id}"),
            lambda current: batch_line(current["counts"]),
            progress,
            timeout_s=timeout_s,
        )
    except KeyboardInterrupt:
        _ask_to_cancel(api, project, batch_id, progress)
        raise
    progress.done(
        f"batch {batch_id} {STATUS_NAMES.get(batch['status'], batch['status'])}: {batch_line(batch['counts'])}"
    )
    return batch


def run_discover(
    api: Api, project: int, url: str, *, max_pages: int, timeout_s: float, progress: Progress
) -> Mapping[str, Any]:
    batch_id = str(uuid.uuid4())
    api.post(
        f"/projects/{project}/page-batches",
        {"id": batch_id, "type": "page_discovery", "requests": [{"url": url, "maxPages": max_pages}]},
        idempotent=True,  # the batch id
    )
    progress.done(f"discovery batch {batch_id}")
    found = _wait(
        lambda: api.get(f"/projects/{project}/page-batches/{batch_id}/discovery"),
        lambda current: f"discovering {url}: {len(current.get('pages') or [])} pages so far",
        progress,
        timeout_s=timeout_s,
    )
    progress.done()
    if found["status"] != COMPLETED:
        raise CommandFailed(f"discovery failed: {found.get('errorMessage') or 'no reason given'}")
    return found


def describe_batch(batch: Mapping[str, Any]) -> str:
    return (
        f"batch {batch['id']} ({batch['type']}) {STATUS_NAMES.get(batch['status'], batch['status'])}"
        f" · {batch_line(batch['counts'])} · created {batch.get('createdAt')}"
        + (f" · retry of {batch['retryOf']}" if batch.get("retryOf") else "")
    )


def failed_items(api: Api, project: int, batch_id: str, limit: int = 20) -> list[Mapping[str, Any]]:
    """The first failed items with their reasons (for `status`)."""
    from devstack.designs import batch_items

    return list(
        itertools.islice((item for item in batch_items(api, project, batch_id) if item["status"] == FAILED), limit)
    )


# Where each operation's child job is read: its errorMessage says why an item failed.
CHILD_JOB_ROUTES = {"page_import": "page-imports", "code2des": "code2des"}


def failure_lines(api: Api, project: int, batch: Mapping[str, Any], limit: int = 20) -> list[str]:
    """A line per failed item (the first `limit`): what it asked for and why it failed, the
    dispatch error if there was one, else its child job's."""
    route = CHILD_JOB_ROUTES.get(batch["type"])
    lines = []
    for item in failed_items(api, project, batch["id"], limit):
        reason = item.get("errorMessage")
        if not reason and route and item.get("jobId"):
            try:
                reason = api.get(f"/projects/{project}/{route}/{item['jobId']}").get("errorMessage")
            except ApiError:
                reason = None  # the job went away meanwhile: the line still names it
        request = item.get("request") or {}
        target = request.get("url") or request.get("pageImportId") or ""
        lines.append(
            f"  #{item['position'] + 1} {target} failed: {reason or 'no reason recorded'} (job {item.get('jobId')})"
        )
    return lines


# ---------------------------------------------------------------------------- admin

# For tests only: where the Lambda API is (a local server implementing Invoke); unset in real use.
LAMBDA_ENDPOINT_VARIABLE = "PAGEPORT_LAMBDA_ENDPOINT"
# The admin function answers in seconds; its timeout is 30 s.
ADMIN_READ_TIMEOUT_S = 70


def run_admin_locally(data_dir: Path, command: Any) -> dict[str, Any]:
    """The command against the local stack's database (migrated first)."""
    from pageport.db import connect
    from pageport.services.admin import run_command

    from devstack.database import prepare_database

    with connect(prepare_database(data_dir)) as conn:
        return run_command(conn, command)


def stage_region(stage: str, explicit: str | None) -> str | None:
    """--region, else the stage file's region when run from a checkout (where the stage was
    deployed from), else None: boto3's own default (AWS_REGION, the profile)."""
    if explicit:
        return explicit
    import tomllib

    stage_file = Path(__file__).resolve().parent.parent / "infra" / "stages" / f"{stage}.toml"
    if stage_file.is_file():
        region = tomllib.loads(stage_file.read_text(encoding="utf-8")).get("region")
        return str(region) if region else None
    return None


def run_admin_on_stage(stage: str, command: Any, *, region: str | None) -> dict[str, Any]:
    """Invoke the stage's admin function with the operator's AWS credentials; its JSON result,
    or CommandFailed with the function's error message."""
    import os

    import boto3
    from botocore.config import Config
    from botocore.exceptions import BotoCoreError, ClientError
    from pageport.models.admin import admin_function_name

    name = admin_function_name(stage)
    region = stage_region(stage, region)
    client = boto3.client(
        "lambda",
        region_name=region,
        endpoint_url=os.environ.get(LAMBDA_ENDPOINT_VARIABLE) or None,
        # One attempt: the operator sees each invoke's answer (create-project is idempotent, by name).
        config=Config(read_timeout=ADMIN_READ_TIMEOUT_S, retries={"total_max_attempts": 1}),
    )
    payload = json.dumps(command.to_json_dict()).encode()
    try:
        response = client.invoke(FunctionName=name, InvocationType="RequestResponse", Payload=payload)
    except ClientError as exc:
        error = exc.response.get("Error", {})
        code = error.get("Code", "")
        where = f"{name} in {region or 'the default region'}"
        if code in ("AccessDeniedException", "AccessDenied"):
            raise CommandFailed(
                f"not allowed to invoke {where}: your AWS identity needs lambda:InvokeFunction on it"
            ) from None
        if code == "ResourceNotFoundException":
            raise CommandFailed(
                f"no admin function {where}: is stage {stage!r} deployed to this account and region?"
            ) from None
        raise CommandFailed(f"invoking {where}: {code}: {error.get('Message', '')}") from None
    except BotoCoreError as exc:  # no credentials, no region, endpoint unreachable
        raise CommandFailed(f"invoking {name}: {exc}") from None
    body = json.loads(response["Payload"].read() or b"null")
    if response.get("FunctionError"):
        detail = body.get("errorMessage") if isinstance(body, dict) else None
        raise CommandFailed(f"the admin function failed: {detail or response['FunctionError']}")
    if not isinstance(body, dict):
        raise CommandFailed("the admin function answered something other than a JSON object")
    if isinstance(body.get("error"), dict):
        raise CommandFailed(_admin_error_line(body["error"]))
    return body


def _admin_error_line(error: Mapping[str, Any]) -> str:
    details = "; ".join(
        f"{'.'.join(str(part) for part in detail.get('loc') or [])}: {detail.get('msg')}"
        for detail in error.get("details") or []
    )
    return f"{error.get('message') or error.get('code')}{f' ({details})' if details else ''}"


def admin_refusal(error: Exception) -> CommandFailed:
    """A refusal of the layer (unknown organization, invalid command) as the CLI's one line."""
    from pageport.errors import PageportError

    if isinstance(error, PageportError):
        return CommandFailed(_admin_error_line(error.body()["error"]))
    return CommandFailed(str(error))


__all__ = [
    "ApiError",
    "CommandFailed",
    "UrlFile",
    "Viewport",
    "describe_batch",
    "failed_items",
    "failure_lines",
    "follow_batch",
    "read_url_file",
    "run_batch",
    "run_discover",
    "run_import",
    "run_retry",
]
