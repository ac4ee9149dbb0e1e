"""The `pageport` CLI for people, against a running stack: import (Page Import + Code2Des ->
result.json + preview.png), batch, status, discover, one-line errors; and the dead-letter
path (worker failure -> redrive after 3 receives -> dead-letter consumer)."""

from __future__ import annotations

import base64
import json
import os
import pty
import re
import select
import signal
import socket
import struct
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import boto3
import pytest

from tests.e2e.conftest import REPO_ROOT, DevStack, subprocess_env, wait_for


@pytest.fixture(scope="module")
def stack(make_stack: Any) -> DevStack:
    started: DevStack = make_stack("--allow-private-targets").start()
    return started


@pytest.fixture(scope="module")
def account(stack: DevStack) -> dict[str, str]:
    created = stack.cli_json("admin", "create-project", "--org", "Initech", "--project", "Web", "--member", "dana")
    return {"--api": stack.base_url, "--token": stack.token("dana"), "--project": str(created["projectId"])}


@pytest.fixture(scope="module")
def poison(stack: DevStack) -> str:
    """A worker message no worker can process, sent first so its three receives overlap the
    other tests: the discovery worker fails it, SQS redrives it, the dead-letter consumer
    takes it."""
    run = json.loads((stack.data_dir / "run.json").read_text())
    credentials = json.loads((stack.data_dir / "secrets" / "aws-credentials.json").read_text())
    sqs = boto3.client(
        "sqs",
        endpoint_url=run["awsEndpoint"],
        region_name="us-east-1",
        aws_access_key_id=credentials["accessKeyId"],
        aws_secret_access_key=credentials["secretAccessKey"],
    )
    marker = f"poison-{uuid.uuid4()}"
    queue = sqs.get_queue_url(QueueName="pageport-discovery")["QueueUrl"]
    sqs.send_message(QueueUrl=queue, MessageBody=json.dumps({"kind": "discovery", "batchItemId": marker}))
    return marker


def _options(account: dict[str, str]) -> list[str]:
    return [part for pair in account.items() for part in pair]


def test_import_writes_the_result_and_a_preview(
    stack: DevStack, account: dict[str, str], site: str, poison: str, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    done = stack.cli(
        "import", f"{site}/index.html", "--viewport", "800x600", "--scale", "2", "--out", str(out), *_options(account)
    )
    assert done.returncode == 0, done.stderr
    assert "Page Import" in done.stderr and "completed" in done.stderr  # the progress display
    result = json.loads((out / "result.json").read_text())
    # How to take the design into Figma: the plugin's Jobs → Open reads the `kind/id` in this line.
    assert f"Open in Figma: Pageport plugin → Jobs → Open, paste  code2des/{result['code2desId']}" in done.stderr
    assert result["nextCursor"] is None and result["code2desId"]
    root = result["document"]
    assert isinstance(root, dict) and root  # the verified node tree from GET .../result
    assert json.dumps(root).count('"TEXT"') >= 3  # the fixture's headings and paragraphs
    # Every image the tree references arrives hydrated (base64) through the backend.
    referenced = set(re.findall(r'"imageRef": "([0-9a-f]{64})"', json.dumps(root)))
    assert referenced and referenced <= set(result["images"])
    assert all(base64.b64decode(result["images"][ref])[:8] == b"\x89PNG\r\n\x1a\n" for ref in referenced)
    png = (out / "preview.png").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = struct.unpack(">II", png[16:24])
    assert width == 800 and height >= 600  # the design's frame at the requested viewport

    # The same job through the API: completed, with the result the file holds.
    status, job = _api(stack, account, "GET", f"/code2des/{result['code2desId']}")
    assert (status, job["status"], job["warningCount"]) == (200, "1", result["warningCount"])
    assert job["options"] == {"tokens": True, "components": True, "autoLayout": True}

    # The stack's home page lists the design with its preview and the id the plugin opens.
    with urllib.request.urlopen(stack.base_url + "/", timeout=30) as home:
        page = home.read().decode()
        assert home.headers["Content-Type"].startswith("text/html")
    assert f"<code>code2des/{result['code2desId']}</code>" in page and f"{site}/index.html" in page
    preview_path = f"/designs/{result['code2desId']}/preview.png"
    assert f'src="{preview_path}"' in page
    with urllib.request.urlopen(stack.base_url + preview_path, timeout=60) as preview:
        assert preview.headers["Content-Type"] == "image/png" and preview.read().startswith(b"\x89PNG")
    assert stack.call("POST", "/", None, {})[0] == 405

    # The converter's options from the command line: off, each flag gives the plain conversion.
    plain_out = tmp_path / "plain"
    plain = stack.cli(
        "import", f"{site}/index.html", "--viewport", "800x600", "--out", str(plain_out),
        "--no-tokens", "--no-auto-layout", *_options(account),
    )  # fmt: skip
    assert plain.returncode == 0, plain.stderr
    plain_result = json.loads((plain_out / "result.json").read_text())
    status, job = _api(stack, account, "GET", f"/code2des/{plain_result['code2desId']}")
    assert job["options"] == {"tokens": False, "components": True, "autoLayout": False}
    assert "variables" not in plain_result["document"] and '"layoutMode"' not in json.dumps(plain_result)


def test_import_at_two_viewports_light_and_dark_makes_one_site_design(
    stack: DevStack, account: dict[str, str], site: str, tmp_path: Path
) -> None:
    out = tmp_path / "site"
    done = stack.cli(
        "import", f"{site}/index.html", "--viewport", "800x600", "--viewport", "390x700",
        "--color-scheme", "light", "--color-scheme", "dark", "--out", str(out), *_options(account),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("Page Import") >= 4  # one capture per viewport and scheme
    result = json.loads((out / "result.json").read_text())
    document = result["document"]
    assert document["version"] == 3 and document["document"]["type"] == "COMPONENT_SET"
    assert sorted(v["name"] for v in document["document"]["children"]) == [
        "breakpoint=mobile, theme=dark",
        "breakpoint=mobile, theme=light",
        "breakpoint=tablet, theme=dark",
        "breakpoint=tablet, theme=light",
    ]
    (collection,) = document["variableCollections"].values()
    assert [m["name"] for m in collection["modes"]] == ["Light", "Dark"]
    # The dark captures drew the page's dark colours: the body's background in each mode.
    values = [v["valuesByMode"] for v in document["variables"].values() if v["resolvedType"] == "COLOR"]
    light, dark = (m["modeId"] for m in collection["modes"])
    hexes = {(_hex(v[light]), _hex(v[dark])) for v in values}
    assert ("f4f6fb", "0b1020") in hexes and ("ffffff", "161c33") in hexes
    status, job = _api(stack, account, "GET", f"/code2des/{result['code2desId']}")
    assert status == 200 and [(v["breakpoint"], v["theme"]) for v in job["variants"]] == [
        ("tablet", "light"),
        ("mobile", "light"),
        ("tablet", "dark"),
        ("mobile", "dark"),
    ]
    png = (out / "preview.png").read_bytes()
    assert struct.unpack(">II", png[16:24])[0] > 800 + 390  # the whole set: the variants side by side


def _hex(color: dict[str, float]) -> str:
    return "".join(f"{round(color[c] * 255):02x}" for c in "rgb")


def test_batch_status_and_discover(stack: DevStack, account: dict[str, str], site: str, tmp_path: Path) -> None:
    urls = tmp_path / "urls.txt"
    urls.write_text(f"# two pages\n{site}/pricing.html\n\n{site}/about.html\n")
    done = stack.cli("batch", str(urls), "--viewport", "640x480", *_options(account))
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["status"] == "1" and summary["counts"]["completed"] == 2 and summary["counts"]["total"] == 2
    assert "2/2 done" in done.stderr  # the live progress bar's last state

    status = stack.cli("status", summary["batchId"], *_options(account))
    assert status.returncode == 0, status.stderr
    assert "completed" in status.stdout and "2/2 done" in status.stdout

    found = stack.cli("discover", f"{site}/index.html", "--max-pages", "5", *_options(account))
    assert found.returncode == 0, found.stderr
    listed = {line.split("\t")[0] for line in found.stdout.splitlines()}
    assert {f"{site}/index.html", f"{site}/pricing.html", f"{site}/about.html"} <= listed

    # What discover prints is a batch file as it is, here through a pipe: the product's
    # discover → import → convert path, each design's result and preview on disk.
    out = tmp_path / "designs"
    imported = stack.cli(
        "batch", "-", "--convert", "--out", str(out), "--viewport", "640x480", *_options(account),
        stdin=found.stdout, timeout=300,
    )  # fmt: skip
    assert imported.returncode == 0, imported.stderr
    summary = json.loads(imported.stdout.strip().splitlines()[-1])
    counts, designs = summary["counts"], summary["designs"]
    assert counts["completed"] == counts["total"] == len(listed)
    assert designs["statusName"] == "completed" and designs["counts"]["completed"] == len(listed)
    assert designs["out"] == str(out)
    folders = sorted(out.iterdir())
    assert len(folders) == len(listed) and folders[0].name.startswith("001-")
    for folder in folders:
        assert (folder / "preview.png").read_bytes().startswith(b"\x89PNG")
        assert json.loads((folder / "result.json").read_text())["document"]["version"] == 2
    assert f"Open in Figma: Pageport plugin → Jobs → Open, paste  page-batches/{designs['batchId']}" in imported.stderr
    answered, design_batch = _api(stack, account, "GET", f"/page-batches/{designs['batchId']}")
    assert (answered, design_batch["type"]) == (200, "code2des")


def test_failed_items_say_why(stack: DevStack, account: dict[str, str], site: str, tmp_path: Path) -> None:
    urls = tmp_path / "urls.txt"
    refused = "http://127.0.0.1:9/closed"  # Chromium refuses the port: the capture fails at once
    urls.write_text(f"{site}/about.html\n{refused}\n")
    done = stack.cli("batch", str(urls), "--viewport", "640x480", *_options(account))
    assert done.returncode == 1, done.stderr  # finished, but not everything completed
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert (summary["counts"]["completed"], summary["counts"]["failed"]) == (1, 1)
    # The child job's reason, under the URL the user wrote, in both `batch` and `status`.
    expected = f"  #2 {refused} failed: Could not load {refused}"  # items counted from 1, as the file's lines
    assert expected in done.stderr
    status = stack.cli("status", summary["batchId"], *_options(account))
    assert status.returncode == 0 and expected in status.stdout, status.stdout

    # `retry` follows a new batch of only the failed item; it fails again for the same reason.
    retried = stack.cli("retry", summary["batchId"], *_options(account))
    assert retried.returncode == 1, retried.stderr
    again = json.loads(retried.stdout.strip().splitlines()[-1])
    assert again["batchId"] != summary["batchId"] and again["counts"] == {
        **summary["counts"],
        "total": 1,
        "completed": 0,
    }
    assert f"  #1 {refused} failed: Could not load {refused}" in retried.stderr
    # Cancelling a finished batch changes nothing and says so.
    cancelled = stack.cli("cancel", summary["batchId"], *_options(account))
    assert cancelled.returncode == 0 and "1 completed, 1 failed, 0 cancelled" in cancelled.stdout, cancelled.stdout


def test_errors_are_one_line(stack: DevStack, account: dict[str, str], site: str, tmp_path: Path) -> None:
    options = {**account, "--token": account["--token"][:-4] + "AAAA"}
    urls = tmp_path / "urls.txt"
    urls.write_text(f"# pages\n{site}/index.html\nnot a url\n\nftp://example.com/\n")
    cases = {
        # The API's 422 names request indexes 1 and 2; the CLI names the file's lines.
        "nothing was stored; fix line 3 (not a url)": stack.cli("batch", str(urls), *_options(account)),
        "unauthorized": stack.cli("import", f"{site}/index.html", *_options(options)),
        "cannot reach the API": stack.cli(
            "status", str(uuid.uuid4()), *_options({**account, "--api": "http://127.0.0.1:9"})
        ),
        "WIDTHxHEIGHT": stack.cli("import", f"{site}/", "--viewport", "wide", *_options(account)),
        "the viewport width must be 320 to 3840 pixels, not 100": stack.cli(
            "import", f"{site}/", "--viewport", "100x800", *_options(account)
        ),
        "did you mean https://example.com/ ?": stack.cli("import", "example.com/", *_options(account)),
        "not_found": stack.cli("status", str(uuid.uuid4()), *_options(account)),
        "no token": stack.cli("status", "x", "--api", stack.base_url, "--project", "1"),
    }
    for expected, done in cases.items():
        assert done.returncode != 0, expected
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("pageport: error:") and expected in lines[0], done.stderr
    assert "; line 5 (ftp://example.com/): " in cases["nothing was stored; fix line 3 (not a url)"].stderr


def _read_until(fd: int, wanted: str, process: subprocess.Popen[bytes], timeout: float = 60) -> str:
    """Everything the terminal showed until `wanted` appeared (fails on exit or timeout)."""
    seen = b""
    deadline = time.monotonic() + timeout
    while wanted.encode() not in seen:
        closed = False
        if select.select([fd], [], [], 0.2)[0]:
            try:
                seen += os.read(fd, 4096)
            except OSError:  # EIO: nothing holds the terminal open any more
                closed = True
        if time.monotonic() > deadline or (closed and process.poll() is not None):
            pytest.fail(f"{wanted!r} never appeared; the terminal showed:\n{seen.decode(errors='replace')}")
    return seen.decode(errors="replace")


def test_ctrl_c_during_a_batch_offers_to_cancel_it(stack: DevStack, account: dict[str, str], tmp_path: Path) -> None:
    """On a terminal, Ctrl-C while following a batch asks whether to cancel it; "y" cancels."""
    with socket.socket() as silent:  # accepts connections, never answers: imports stay running
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        port = silent.getsockname()[1]
        urls = tmp_path / "urls.txt"
        urls.write_text(f"http://127.0.0.1:{port}/a\nhttp://127.0.0.1:{port}/b\n")
        batch_id = str(uuid.uuid4())
        controller, terminal = pty.openpty()
        env = subprocess_env(stack.home) | {"PAGEPORT_DATA_DIR": str(stack.data_dir)}
        process = subprocess.Popen(
            [sys.executable, "-m", "devstack.cli", "batch", str(urls), "--id", batch_id, *_options(account)],
            cwd=REPO_ROOT,
            env=env,
            stdin=terminal,
            stdout=terminal,
            stderr=terminal,
            # As at a terminal, whatever the runner's disposition: an ignored SIGINT is inherited,
            # and the CLI would never see the Ctrl-C (the full suite left it ignored).
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        os.close(terminal)
        try:
            _read_until(controller, f"batch {batch_id}: 2 page imports", process)
            path = f"/projects/{account['--project']}/page-batches/{batch_id}"
            wait_for(
                lambda: stack.call("GET", path, account["--token"])[1]["counts"]["running"],
                lambda running: running == 2,
                timeout=60,
                what="both imports to be running",
                stack=stack,
            )
            process.send_signal(signal.SIGINT)
            _read_until(controller, f"Cancel batch {batch_id}? [y/N]", process)
            os.write(controller, b"y\n")
            shown = _read_until(controller, "cancelled:", process)
            assert process.wait(timeout=30) == 130, shown
        finally:
            if process.poll() is None:
                process.kill()
            os.close(controller)
        status, batch = stack.call("GET", path, account["--token"])
        assert status == 200 and batch["status"] == "3"
        assert batch["counts"]["cancelled"] == 2 and batch["counts"]["processing"] == 0


def test_the_project_defaults_to_the_tokens_only_one(stack: DevStack) -> None:
    first = stack.cli_json("admin", "create-project", "--org", "Umbrella", "--project", "Site", "--member", "erin")
    api = ["--api", stack.base_url, "--token", stack.token("erin")]
    missing = str(uuid.uuid4())
    # One project: used without asking (the batch lookup reaches it and finds no such batch).
    alone = stack.cli("status", missing, *api)
    assert alone.returncode == 1 and "Batch not found" in alone.stderr, alone.stderr
    # Two: the choice is the user's, with the projects to choose from.
    second = stack.cli_json("admin", "create-project", "--org", "Umbrella", "--project", "Shop", "--member", "erin")
    both = stack.cli("status", missing, *api)
    assert both.returncode == 1, both.stderr
    # (as /me/projects lists them: by name)
    assert f"erin has {second['projectId']} (Umbrella / Shop), {first['projectId']} (Umbrella / Site)" in both.stderr
    chosen = stack.cli("status", missing, *api, "--project", str(second["projectId"]))
    assert "Batch not found" in chosen.stderr, chosen.stderr
    # None: who to ask.
    nobody = stack.cli("status", missing, "--api", stack.base_url, "--token", stack.token("frank"))
    assert "frank is a member of no project" in nobody.stderr, nobody.stderr


def test_the_readmes_quickstart_works_as_written(stack: DevStack, site: str, tmp_path: Path) -> None:
    """README's five commands after `make run` (the stack is this test's): the page they import
    is the fixture site's (no network here), the API this stack's; nothing else is changed."""
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"## Your first design.*?```sh\n(.*?)```", readme, re.S)
    assert found is not None
    commands = [line.split("  #")[0].strip() for line in found[1].splitlines() if line.strip()]
    assert commands[:2] == ["make run", ". .venv/bin/activate"] and len(commands) == 5
    (tmp_path / ".venv").symlink_to(REPO_ROOT / ".venv")  # the folder the commands are run in
    script = "\n".join(["set -e", *commands[1:]]).replace("https://example.com/", f"{site}/index.html")
    env = subprocess_env(stack.home) | {"PAGEPORT_DATA_DIR": str(stack.data_dir), "PAGEPORT_API": stack.base_url}
    env["PATH"] = "/usr/local/bin:/usr/bin:/bin"  # no pageport on it until the venv is activated
    done = subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    opened = re.search(r"Open in Figma: .*code2des/([0-9a-f-]{36})", done.stderr)
    assert opened is not None, done.stderr
    (folder,) = tmp_path.glob("pageport-*")
    assert folder.name == f"pageport-{opened[1]}" and (folder / "preview.png").read_bytes().startswith(b"\x89PNG")


def test_a_message_no_worker_can_process_is_dead_lettered(stack: DevStack, poison: str) -> None:
    def handled() -> list[dict[str, Any]]:
        return [
            record
            for record in stack.log_records()
            if record.get("message") == "batch done"
            and record.get("function") == "dead_letter"
            and any(job.get("batch_item_id") == poison for job in record.get("jobs", []))
        ]

    wait_for(handled, bool, timeout=60, what="the dead-letter consumer to take the poison message")
    worker_failures = [
        record
        for record in stack.log_records()
        if record.get("message") == "batch done"
        and record.get("function") == "discovery_worker"
        and any(job.get("batch_item_id") == poison for job in record.get("failed", []))
    ]
    assert len(worker_failures) == 3  # maxReceiveCount receives, then SQS moved it
    assert stack.stop() < 10


def _api(stack: DevStack, account: dict[str, str], method: str, path: str) -> tuple[int, Any]:
    return stack.call(method, f"/projects/{account['--project']}{path}", account["--token"])
