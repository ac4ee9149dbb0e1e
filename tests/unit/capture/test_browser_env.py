"""Chromium's launch environment is an allowlist (pageport.capture.browser_env)."""

from __future__ import annotations

from pageport.capture.browser_env import browser_environment


def test_only_allowlisted_variables_pass_and_home_is_always_set() -> None:
    worker = {
        "PATH": "/usr/bin",
        "LANG": "C.UTF-8",
        "TZ": "UTC",
        "XDG_CACHE_HOME": "/tmp/.cache",
        "FONTCONFIG_PATH": "/etc/fonts",
        "AWS_ACCESS_KEY_ID": "AKIA",
        "AWS_SECRET_ACCESS_KEY": "s",
        "AWS_SESSION_TOKEN": "t",
        "AWS_LAMBDA_RUNTIME_API": "127.0.0.1:9001",
        "DB_PASSWORD": "p",
        "PAGE_IMPORT_WEBHOOK_URL": "https://x.lambda-url.us-east-1.on.aws/",
        "LC_SECRET": "not a locale category",
    }
    env = browser_environment(worker)
    assert set(env) == {"PATH", "LANG", "TZ", "XDG_CACHE_HOME", "FONTCONFIG_PATH", "HOME"}
    assert env["HOME"]  # Lambda sets none: a temporary directory
    assert browser_environment({"HOME": "/tmp"})["HOME"] == "/tmp"
