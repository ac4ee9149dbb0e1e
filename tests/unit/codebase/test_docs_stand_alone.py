"""The repository stands alone for its users: its README and docs never send a reader to files
outside it (the team's shared folder beside the checkout is not part of the repository)."""

from __future__ import annotations

import re

from tests.support.paths import REPO_ROOT

OUTSIDE = re.compile(r"\.\./shared\b|\.\./\.\./")


def test_readme_and_docs_point_only_inside_the_repository() -> None:
    documents = [REPO_ROOT / "README.md", *sorted((REPO_ROOT / "docs").rglob("*.md")), *REPO_ROOT.glob("*/README.md")]
    assert len(documents) > 3
    outside = [
        f"{path.relative_to(REPO_ROOT)}:{number}: {line.strip()}"
        for path in documents
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if OUTSIDE.search(line)
    ]
    assert outside == []


def test_the_readme_opens_with_the_two_commands_then_the_five_command_quickstart() -> None:
    text = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    quickstart = text.index("## Your first design")
    first_screen = text[: text.index("\n## ", quickstart)]
    blocks = re.findall(r"```sh\n(.*?)```", first_screen, re.S)
    assert len(blocks) == 2
    two, five = ([line for line in block.splitlines() if line.strip()] for block in blocks)
    assert [line.split()[:2] for line in two] == [["make", "run"], ["make", "test"]]
    assert len(five) == 5 and five[0].startswith("make run")
    assert len(first_screen.splitlines()) <= 45  # one screen
