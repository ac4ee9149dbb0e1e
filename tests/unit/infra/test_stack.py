"""Every stage file documents its alarm e-mail (the synthesized dev stack: tests/infra/test_stack.py)."""

from __future__ import annotations

import re

from infra.config import STAGES_DIR


def test_every_stage_file_documents_alarm_email() -> None:
    for path in STAGES_DIR.glob("*.toml"):
        lines = path.read_text(encoding="utf-8").splitlines()
        at = [i for i, line in enumerate(lines) if re.match(r"#?\s*alarm_email\s*=", line)]
        assert at, f"{path.name} does not mention alarm_email"
        # The comment block right above says what it does.
        above: list[str] = []
        for line in reversed(lines[: at[0]]):
            if not line.startswith("#"):
                break
            above.append(line)
        assert "topic" in " ".join(above).lower(), path.name
