"""The Figma plugin against the local stack: its API client and flows (plugin/test/stack,
vitest in Node, on the in-memory Figma) import a page, convert it, fetch the paged result,
materialize it, record the placement, and find the stored node on a second placement."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.conftest import DevStack
from tests.support.plugin import run_vitest


@pytest.fixture(scope="module")
def stack(make_stack: Any) -> DevStack:
    stack: DevStack = make_stack("--allow-private-targets")
    stack.env["RESULT_PAGE_BYTES"] = "256"  # gallery.html's two images come in two result pages
    return stack.start()


def test_plugin_flows_against_the_local_stack(stack: DevStack, site: str) -> None:
    tenant = stack.cli_json("admin", "create-project", "--org", "Acme", "--project", "Site", "--member", "designer")
    env = {
        "PAGEPORT_API": stack.base_url,
        "PAGEPORT_TOKEN": stack.token("designer"),
        "PAGEPORT_PROJECT": str(tenant["projectId"]),
        "PAGEPORT_SITE": site,
    }
    run = run_vitest("--config", "vitest.stack.config.ts", env=env, timeout_s=900)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output[-6000:] + "\n--- stack stderr ---\n" + stack.stderr()[-3000:]
    passed = re.search(r"Tests\s+(\d+) passed", output)
    assert passed is not None and int(passed.group(1)) >= 5, output[-3000:]
    assert "failed" not in (passed.group(0))
