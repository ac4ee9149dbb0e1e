"""The worker image's Dockerfile builds with any builder: no BuildKit-only instructions, no
pulled frontend (the layer itself, built and imported as Lambda does: tests/infra/test_layer.py)."""

from __future__ import annotations

import re

from infra.paths import REPO_ROOT
from infra.workers import DOCKERFILE

# Options the classic (non-BuildKit) builder accepts; anything else (RUN --mount/--network/
# --security, COPY --link/--chmod/--parents/--exclude, ADD --checksum ...) needs BuildKit.
_CLASSIC_OPTIONS = {
    "FROM": {"--platform"},
    "COPY": {"--from", "--chown"},
    "ADD": {"--chown"},
    "HEALTHCHECK": {"--interval", "--timeout", "--start-period", "--retries"},
}
_DIRECTIVE = re.compile(r"^#\s*([A-Za-z][A-Za-z0-9_-]*)\s*=\s*(.*?)\s*$")


def buildkit_only(dockerfile: str) -> list[str]:
    """What in a Dockerfile only BuildKit builds (or makes any builder pull a frontend)."""
    problems: list[str] = []
    lines = dockerfile.splitlines()
    for line in lines:  # parser directives: only at the very top, before any other line
        match = _DIRECTIVE.match(line)
        if not match:
            break
        if match.group(1).lower() != "escape":  # `syntax` pulls a frontend image; `check` is BuildKit's
            problems.append(f"parser directive {line.strip()!r}")
    instructions: list[str] = []
    current = ""
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("#") or (not stripped and not current):
            continue  # comments may sit inside a continued instruction
        current += " " + stripped.removesuffix("\\")
        if not stripped.endswith("\\"):
            instructions.append(current.strip())
            current = ""
    for instruction in instructions:
        keyword, _, rest = instruction.partition(" ")
        keyword = keyword.upper()
        for token in rest.split():
            if not token.startswith("--"):
                break
            option = token.split("=", 1)[0]
            if option not in _CLASSIC_OPTIONS.get(keyword, set()):
                problems.append(f"{keyword} {option}")
        if keyword in {"RUN", "COPY", "ADD"} and "<<" in rest:
            problems.append(f"{keyword} heredoc")
    return problems


def test_the_worker_image_builds_without_buildkit_or_a_pulled_frontend() -> None:
    assert buildkit_only((REPO_ROOT / DOCKERFILE).read_text()) == []
    # The check itself catches each kind of BuildKit-only syntax.
    sample = (
        "# syntax=docker/dockerfile:1\n"
        "FROM --platform=linux/arm64 python:3.12\n"
        "RUN --mount=type=cache,target=/root/.cache \\\n"
        "    pip install x\n"
        "COPY --link --chown=1:1 a b\n"
        "RUN <<EOF\necho hi\nEOF\n"
    )
    assert buildkit_only(sample) == [
        "parser directive '# syntax=docker/dockerfile:1'",
        "RUN --mount",
        "COPY --link",
        "RUN heredoc",
    ]
