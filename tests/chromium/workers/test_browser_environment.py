"""The browser holds no credentials: Chromium, and every process it starts, runs with the
allowlisted environment (pageport/capture/browser_env.py), whatever the worker's holds.

The real capture worker's browser is launched with AWS credentials and a secret in the worker's
environment; each launched Chromium process's environment is then read from /proc/<pid>/environ."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pageport.kinds.page_import import job as capture_job

SECRETS = {
    "AWS_ACCESS_KEY_ID": "AKIAFAKEFAKEFAKEFAKE",
    "AWS_SECRET_ACCESS_KEY": "fake-secret-access-key-7d1c9",
    "AWS_SESSION_TOKEN": "fake-session-token-2b8e4",
    "AWS_LAMBDA_FUNCTION_NAME": "pageport-test-capture-worker",
    "PAGEPORT_WEBHOOK_SECRET": "fake-pageport-secret-93af0",
}


def _parent(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[1])  # the field after the state: ppid


def _descendants(root: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = _parent(int(entry.name))
            except (OSError, IndexError, ValueError):
                continue  # exited meanwhile
    found: list[int] = []
    for pid in parents:
        ancestor = parents.get(pid)
        while ancestor not in (None, 0, 1):
            if ancestor == root:
                found.append(pid)
                break
            ancestor = parents.get(ancestor)
    return found


def _chromium_environments() -> dict[int, dict[str, str]]:
    environments: dict[int, dict[str, str]] = {}
    for pid in _descendants(os.getpid()):
        try:
            exe = Path(f"/proc/{pid}/exe").readlink()
            raw = Path(f"/proc/{pid}/environ").read_bytes()
        except OSError:
            continue
        if "chrom" in exe.name:
            pairs = (item.split(b"=", 1) for item in raw.split(b"\0") if b"=" in item)
            environments[pid] = {k.decode(errors="replace"): v.decode(errors="replace") for k, v in pairs}
    return environments


def test_chromium_processes_hold_no_aws_variable_or_secret(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, site: str
) -> None:
    capture_job.close_browser()  # launched below, with the secrets in this process's environment
    for name, value in SECRETS.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("TZ", "UTC")

    browser = capture_job.warm_browser()
    try:
        page = browser.new_page()
        page.goto(site + "/index.html")  # renderers and utility processes exist now
        environments = _chromium_environments()
        page.close()
    finally:
        capture_job.close_browser()

    assert len(environments) >= 2, "expected the browser process and the processes it started"
    for pid, env in environments.items():
        leaked = sorted(name for name in env if name.startswith("AWS_") or name in SECRETS)
        assert leaked == [], f"chromium pid {pid} inherited {leaked}"
        assert not any(secret in value for value in env.values() for secret in SECRETS.values()), pid
    # What it is given still reaches it (so the scan above read real environments).
    browser_env = next(iter(environments.values()))
    assert browser_env.get("HOME") == str(tmp_path) and browser_env.get("TZ") == "UTC" and "PATH" in browser_env
