"""`pageport` command line (placeholder until the local stack lands)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    print("pageport: the local stack is not built yet", file=sys.stderr)
    return 2
