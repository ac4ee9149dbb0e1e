"""How the CLI reaches the API: the token and the project (the token's only one by default),
and plain words for a request the user got wrong before the API has to refuse it."""

from __future__ import annotations

import argparse
import sys

from devstack.client import Api, ApiError


def api_and_project(args: argparse.Namespace) -> tuple[Api, int]:
    if not args.token:
        raise UsageProblem("no token: run `pageport token SUBJECT` and pass --token or set PAGEPORT_TOKEN")
    try:
        api = Api(args.api, args.token, on_wait=_say_waiting)
    except ValueError as exc:
        raise UsageProblem(str(exc)) from None
    return api, int(args.project) if args.project is not None else only_project(api)


def _say_waiting(notice: str) -> None:
    print(f"pageport: {notice}", file=sys.stderr, flush=True)


def only_project(api: Api) -> int:
    """The token's project when it is a member of exactly one (`GET /me/projects`); else the
    choice is the user's, and the message lists what there is to choose from."""
    mine = api.get("/me/projects")
    projects = [(p["projectId"], f"{o['name']} / {p['name']}") for o in mine["organizations"] for p in o["projects"]]
    if len(projects) == 1:
        return int(projects[0][0])
    if not projects:
        raise UsageProblem(
            f"{mine['subject']} is a member of no project: `pageport admin create-project … --member {mine['subject']}`"
        )
    listed = ", ".join(f"{project_id} ({name})" for project_id, name in projects)
    raise UsageProblem(f"pass --project N or set PAGEPORT_PROJECT: {mine['subject']} has {listed}")


class UsageProblem(Exception):
    pass


def web_address(url: str) -> str:
    """The URL as given when it names a scheme; else a refusal that says what was probably meant."""
    if "://" not in url:
        raise UsageProblem(f"{url!r} is not a web address: did you mean https://{url.lstrip('/')} ?")
    return url


def private_target_hint(error: ApiError, api: Api) -> Exception:
    """The API refused a loopback or private address: on the local stack that is a choice made
    when it started, which the user can make otherwise."""
    refused = " ".join(str(d.get("msg")) for d in error.details) + " " + error.message
    if error.status == 422 and "not a public" in refused and api.is_local:
        return UsageProblem(
            f"{error}. To import pages on this machine or your network, restart the stack with"
            " `pageport dev --allow-private-targets`"
        )
    return error
