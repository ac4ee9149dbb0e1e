"""`pageport`: run the local stack (`dev`), manage its tenants (`admin`, `token`), and use the
API as a person would (`import`, `batch`, `retry`, `cancel`, `discover`, `status`).

Local commands take --data-dir (default $PAGEPORT_DATA_DIR or ~/.pageport); API commands take
--api ($PAGEPORT_API, default http://127.0.0.1:8000), --token ($PAGEPORT_TOKEN) and --project
($PAGEPORT_PROJECT). Errors are one line on stderr and a non-zero exit code.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from devstack.cli_access import UsageProblem, api_and_project, private_target_hint, web_address
from devstack.client import DEFAULT_API, Api, ApiError, ApiUnreachable
from devstack.page_auth import add_auth_flags

EXIT_FAILED = 1
EXIT_INTERRUPTED = 130


def _fail(message: str) -> int:
    print(f"pageport: error: {message}", file=sys.stderr, flush=True)
    return EXIT_FAILED


# ---------------------------------------------------------------------------- local commands


def cmd_dev(args: argparse.Namespace) -> int:
    from devstack.paths import resolve_data_dir
    from devstack.stack import DevOptions, run_dev

    return run_dev(
        DevOptions(
            host=args.host,
            port=args.port,
            data_dir=resolve_data_dir(args.data_dir),
            allow_private_targets=args.allow_private_targets,
            workers=not args.no_workers,
        )
    )


def _admin(args: argparse.Namespace, payload: dict[str, Any]) -> int:
    """One command, run locally (the data dir's database) or by a deployed stage's admin
    function (--stage); both print the same JSON result."""
    from pageport.errors import PageportError
    from pageport.models.admin import parse_command

    from devstack.commands import admin_refusal, run_admin_locally, run_admin_on_stage
    from devstack.paths import resolve_data_dir

    try:
        command = parse_command(payload)
        if args.stage:
            if args.data_dir:
                raise UsageProblem("--stage runs on the deployed stage: it takes no --data-dir")
            result = run_admin_on_stage(args.stage, command, region=args.region)
        else:
            result = run_admin_locally(resolve_data_dir(args.data_dir), command)
    except PageportError as exc:
        raise admin_refusal(exc) from None
    print(json.dumps(result))
    return 0


def cmd_create_project(args: argparse.Namespace) -> int:
    return _admin(
        args, {"command": "create-project", "organization": args.org, "project": args.project, "members": args.member}
    )


def cmd_add_member(args: argparse.Namespace) -> int:
    return _admin(args, {"command": "add-member", "organizationId": args.org_id, "members": args.member})


def cmd_list_tenants(args: argparse.Namespace) -> int:
    return _admin(args, {"command": "list"})


def cmd_token(args: argparse.Namespace) -> int:
    from devstack.localauth import TokenKey
    from devstack.paths import resolve_data_dir

    key = TokenKey.for_data_dir(resolve_data_dir(args.data_dir))
    print(key.issue(args.subject, ttl_s=int(args.ttl_hours * 3600)))
    return 0


# ---------------------------------------------------------------------------- API commands


def cmd_import(args: argparse.Namespace) -> int:
    api, project = api_and_project(args)
    try:
        _run_import(api, project, args)
    except ApiError as exc:
        raise private_target_hint(exc, api) from None
    return 0


def _run_import(api: Api, project: int, args: argparse.Namespace) -> None:
    from devstack.commands import Viewport, run_import
    from devstack.page_auth import AuthArgumentError, auth_from_args
    from devstack.progress import Progress

    url = web_address(args.url)
    try:
        auth = auth_from_args(url, args)
    except AuthArgumentError as exc:
        raise UsageProblem(str(exc)) from None
    run_import(
        api,
        project,
        url,
        auth=auth,
        viewports=list(dict.fromkeys(Viewport.parse(v) for v in args.viewport or ["1440x900"])),
        scale=args.scale,
        ready_selector=args.ready_selector,
        color_schemes=list(dict.fromkeys(args.color_scheme or [None])),
        out=Path(args.out) if args.out else None,
        figma_file_key=args.figma_file_key,
        screen_id=args.screen_id,
        timeout_s=args.timeout,
        progress=Progress(),
        options=conversion_options(args),
    )


# The converter's options (Code2Des `options`), each on unless its flag turns it off.
_CONVERSION_FLAGS = {
    "tokens": ("--no-tokens", "leave colours, type, radii and spacing as raw values (no variables or styles)"),
    "components": ("--no-components", "leave repeated elements as plain layers (no components and instances)"),
    "autoLayout": ("--no-auto-layout", "keep every frame's children at absolute positions (no auto layout)"),
}


def add_conversion_flags(sub: argparse.ArgumentParser) -> None:
    for option, (flag, description) in _CONVERSION_FLAGS.items():
        sub.add_argument(flag, dest=f"option_{option}", action="store_false", help=description)


def conversion_options(args: argparse.Namespace) -> dict[str, bool] | None:
    """The Code2Des `options` the flags ask for; None (the API's defaults) when none is off."""
    chosen = {option: getattr(args, f"option_{option}") for option in _CONVERSION_FLAGS}
    return chosen if not all(chosen.values()) else None


def cmd_batch(args: argparse.Namespace) -> int:
    from devstack.commands import Viewport, read_url_file, run_batch
    from devstack.progress import Progress

    api, project = api_and_project(args)
    url_file = read_url_file(Path(args.file))
    try:
        batch = run_batch(
            api,
            project,
            url_file.urls,
            viewport=Viewport.parse(args.viewport),
            scale=args.scale,
            color_scheme=args.color_scheme,
            batch_id=args.id,
            timeout_s=args.timeout,
            progress=Progress(),
        )
    except ApiError as exc:
        explained = url_file.explain(exc)
        raise (private_target_hint(explained, api) if isinstance(explained, ApiError) else explained) from None
    if not args.convert:
        return _report_finished(api, project, batch)
    from devstack.designs import run_convert_batch

    captured = _tell_failures(api, project, batch)
    out = Path(args.out or f"pageport-{batch['id']}")
    designs = run_convert_batch(
        api,
        project,
        batch,
        out=out,
        figma_file_key=args.figma_file_key,
        options=conversion_options(args),
        timeout_s=args.timeout,
        progress=Progress(),
    )
    converted = EXIT_FAILED if designs is None else _tell_failures(api, project, designs)
    summary = {**_summary(batch), "designs": None if designs is None else {**_summary(designs), "out": str(out)}}
    print(json.dumps(summary))
    return max(captured, converted)


def cmd_retry(args: argparse.Namespace) -> int:
    from devstack.commands import run_retry
    from devstack.progress import Progress

    api, project = api_and_project(args)
    batch = run_retry(api, project, args.batch_id, batch_id=args.id, timeout_s=args.timeout, progress=Progress())
    return _report_finished(api, project, batch)


def cmd_cancel(args: argparse.Namespace) -> int:
    from devstack.commands import describe_batch

    api, project = api_and_project(args)
    print(describe_batch(api.post(f"/projects/{project}/page-batches/{args.batch_id}/cancel", {}, idempotent=True)))
    return 0


def _report_finished(api: Api, project: int, batch: Mapping[str, Any], *, open_line: bool = True) -> int:
    """Why items failed and how to open the batch in Figma (stderr), then the summary as one JSON
    line (stdout) for scripts."""
    code = _tell_failures(api, project, batch)
    if open_line:
        from devstack.designs import open_in_figma_line

        print(open_in_figma_line("page-batches", batch["id"]), file=sys.stderr)
    print(json.dumps(_summary(batch)))
    return code


def _tell_failures(api: Api, project: int, batch: Mapping[str, Any]) -> int:
    """Each failed item's reason (stderr); the exit status the batch's outcome calls for."""
    from devstack.commands import COMPLETED, failure_lines

    if batch["counts"].get("failed"):
        print("\n".join(failure_lines(api, project, batch)), file=sys.stderr)
    return 0 if batch["status"] == COMPLETED and batch["counts"].get("failed", 0) == 0 else EXIT_FAILED


def _summary(batch: Mapping[str, Any]) -> dict[str, Any]:
    return {"batchId": batch["id"], **_status(batch), "counts": batch["counts"]}


def _status(record: Mapping[str, Any]) -> dict[str, str]:
    """A status as stored ("1") and in words ("completed"), for scripts and for people."""
    from devstack.commands import STATUS_NAMES

    return {"status": record["status"], "statusName": STATUS_NAMES.get(record["status"], record["status"])}


def cmd_discover(args: argparse.Namespace) -> int:
    from devstack.commands import run_discover
    from devstack.progress import Progress

    api, project = api_and_project(args)
    try:
        found = run_discover(
            api, project, web_address(args.url), max_pages=args.max_pages, timeout_s=args.timeout, progress=Progress()
        )
    except ApiError as exc:
        raise private_target_hint(exc, api) from None
    if args.json:
        print(json.dumps({**found, **_status(found)}, indent=1))
    else:
        for page in found["pages"]:
            print(f"{page['url']}\t{page.get('title') or ''}")
        if found.get("truncated"):
            print(f"(stopped at {args.max_pages} pages; raise --max-pages for more)", file=sys.stderr)
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    from devstack.commands import describe_batch, failure_lines

    api, project = api_and_project(args)
    batch = api.get(f"/projects/{project}/page-batches/{args.batch_id}")
    if args.json:
        print(json.dumps({**batch, **_status(batch)}, indent=1))
        return 0
    print(describe_batch(batch))
    if batch["counts"].get("failed"):
        print("\n".join(failure_lines(api, project, batch)))
    return 0


# ---------------------------------------------------------------------------- parser


def _env_float(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


class _Parser(argparse.ArgumentParser):
    """Options spelled out in full (no `--viewpor`: an abbreviation could mean another option one
    day); a command's mistakes shown with its own usage."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def parse_args(self, args: Sequence[str] | None = None, namespace: Any = None) -> Any:  # type: ignore[override]
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:  # argparse leaves these to the top parser, whose usage does not name the command
            self._command_parser(parsed).error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed

    def _command_parser(self, parsed: argparse.Namespace) -> argparse.ArgumentParser:
        """The parser of the (sub)command the arguments chose, or this one."""
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction):
                chosen = action.choices.get(getattr(parsed, action.dest or "", None) or "")
                if isinstance(chosen, _Parser):
                    return chosen._command_parser(parsed)
        return self


def _positive(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, not {text}")
    return value


def build_parser() -> argparse.ArgumentParser:
    from importlib.metadata import version

    parser = _Parser(prog="pageport", description="Pageport: web pages to editable Figma designs.")
    parser.add_argument("--version", action="version", version=f"pageport {version('pageport')}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)

    def data_dir(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--data-dir", help="local state (default: $PAGEPORT_DATA_DIR or ~/.pageport)")

    dev = commands.add_parser("dev", help="run the whole stack on this machine (foreground)")
    dev.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    dev.add_argument("--port", type=int, default=8000, help="port to listen on; 0 picks a free one (default 8000)")
    data_dir(dev)
    dev.add_argument(
        "--allow-private-targets",
        action="store_true",
        help="let the API accept and the workers fetch loopback/private addresses (local development only)",
    )
    dev.add_argument(
        "--no-workers", action="store_true", help="do not consume the worker queues (messages wait; for debugging)"
    )
    dev.set_defaults(run=cmd_dev)

    admin = commands.add_parser(
        "admin", help="manage organizations, projects and members (local database, or a deployed stage)"
    )
    admin_commands = admin.add_subparsers(dest="admin_command", required=True, metavar="ACTION", parser_class=_Parser)

    def target(sub: argparse.ArgumentParser) -> None:
        data_dir(sub)
        sub.add_argument(
            "--stage",
            help="run it on this deployed stage instead: invokes its admin function (pageport-STAGE-admin) with "
            "your AWS credentials, which need lambda:InvokeFunction on it",
        )
        sub.add_argument("--region", help="the stage's region (default: its stage file's, else your AWS default)")

    create = admin_commands.add_parser("create-project", help="a new organization with a project and its members")
    create.add_argument("--org", required=True, help="organization name")
    create.add_argument("--project", required=True, help="project name")
    create.add_argument("--member", action="append", default=[], required=True, help="member subject (repeatable)")
    target(create)
    create.set_defaults(run=cmd_create_project)
    add = admin_commands.add_parser("add-member", help="add members to an organization")
    add.add_argument("--org-id", type=int, required=True, help="organization id")
    add.add_argument("--member", action="append", default=[], required=True, help="member subject (repeatable)")
    target(add)
    add.set_defaults(run=cmd_add_member)
    listing = admin_commands.add_parser("list", help="every organization with its projects and members, as JSON")
    target(listing)
    listing.set_defaults(run=cmd_list_tenants)

    token = commands.add_parser("token", help="print a bearer token the local gateway accepts for SUBJECT")
    token.add_argument("subject")
    token.add_argument("--ttl-hours", type=_positive, default=24 * 7, help="lifetime in hours (default 168)")
    data_dir(token)
    token.set_defaults(run=cmd_token)

    def api_options(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--api", default=os.environ.get("PAGEPORT_API", DEFAULT_API), help="API base URL")
        sub.add_argument("--token", default=os.environ.get("PAGEPORT_TOKEN"), help="bearer token")
        sub.add_argument(
            "--project",
            type=int,
            default=os.environ.get("PAGEPORT_PROJECT"),
            help="project id (default: $PAGEPORT_PROJECT, else the token's only project)",
        )
        sub.add_argument(
            "--timeout", type=float, default=_env_float("PAGEPORT_TIMEOUT", 900), help="seconds to wait (default 900)"
        )

    def color_scheme(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "--color-scheme",
            choices=("light", "dark"),
            help="render pages as a visitor preferring this scheme sees them (default: light)",
        )

    imp = commands.add_parser("import", help="import a page and convert it to a Figma design")
    imp.add_argument("url")
    imp.add_argument(
        "--viewport",
        action="append",
        help="WIDTHxHEIGHT in CSS px (default 1440x900); several: one design with a breakpoint variant each",
    )
    imp.add_argument("--scale", type=float, default=1, help="device scale factor 1-3 (default 1)")
    imp.add_argument("--ready-selector", help="wait for this CSS selector before capturing")
    imp.add_argument(
        "--color-scheme",
        action="append",
        choices=("light", "dark"),
        help="render the page as a visitor preferring this scheme sees it (default light); "
        "both: one design whose variables have a Light and a Dark mode",
    )
    add_auth_flags(imp)
    imp.add_argument("--out", help="folder for result.json and preview.png (default ./pageport-<code2desId>)")
    imp.add_argument("--figma-file-key", default="local", help="Figma file key recorded on the job")
    imp.add_argument("--screen-id", help="screen id recorded on the job (default: from the URL and viewport)")
    add_conversion_flags(imp)
    api_options(imp)
    imp.set_defaults(run=cmd_import)

    batch = commands.add_parser(
        "batch",
        help="import every URL in FILE as one batch (a URL per line, text after a tab ignored; - is standard input)",
    )
    batch.add_argument("file")
    batch.add_argument("--viewport", default="1440x900", help="WIDTHxHEIGHT in CSS px (default 1440x900)")
    batch.add_argument("--scale", type=float, default=1, help="device scale factor 1-3 (default 1)")
    color_scheme(batch)
    batch.add_argument("--id", help="client batch UUID (default: a new one; reuse it to resume safely)")
    batch.add_argument(
        "--convert", action="store_true", help="then convert every captured page to a Figma design (a code2des batch)"
    )
    batch.add_argument("--out", help="with --convert: folder for each design's folder (default ./pageport-<batchId>)")
    batch.add_argument("--figma-file-key", default="local", help="with --convert: Figma file key recorded on the jobs")
    add_conversion_flags(batch)
    api_options(batch)
    batch.set_defaults(run=cmd_batch)

    discover = commands.add_parser("discover", help="list a site's pages from its homepage")
    discover.add_argument("url")
    discover.add_argument("--max-pages", type=int, default=50, help="1-500 (default 50)")
    discover.add_argument("--json", action="store_true", help="print the discovery document as JSON")
    api_options(discover)
    discover.set_defaults(run=cmd_discover)

    retry = commands.add_parser("retry", help="retry a batch's failed items as a new batch, and follow it")
    retry.add_argument("batch_id")
    retry.add_argument("--id", help="client UUID of the new batch (default: a new one; reuse it to resume safely)")
    api_options(retry)
    retry.set_defaults(run=cmd_retry)

    cancel = commands.add_parser("cancel", help="cancel a batch: items not yet done are never run")
    cancel.add_argument("batch_id")
    api_options(cancel)
    cancel.set_defaults(run=cmd_cancel)

    status = commands.add_parser("status", help="show a batch's status and counts")
    status.add_argument("batch_id")
    status.add_argument("--json", action="store_true", help="print the batch as JSON")
    api_options(status)
    status.set_defaults(run=cmd_status)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    import psycopg

    from devstack.commands import CommandFailed

    try:
        return run(args)
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        return EXIT_INTERRUPTED
    except (ApiError, ApiUnreachable, CommandFailed, UsageProblem, ValueError) as exc:
        return _fail(str(exc))
    except psycopg.Error as exc:
        return _fail(f"database: {str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__}")
    except OSError as exc:
        return _fail(f"{exc.strerror or exc}{f': {exc.filename}' if exc.filename else ''}")


if __name__ == "__main__":
    sys.exit(main())
