"""Where the local stack keeps its state, and how it finds the repository's Lambda code."""

from __future__ import annotations

import os
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


def ensure_repo_on_path() -> None:
    """The handler modules (`functions.*`) and `infra` live at the repository root, which the
    editable install does not map: put it on `sys.path` so `pageport dev` works from anywhere."""
    root = str(REPO_ROOT)
    if root not in sys.path:
        sys.path.insert(0, root)


def default_data_dir() -> Path:
    return Path(os.environ.get("PAGEPORT_DATA_DIR") or Path.home() / ".pageport").expanduser()


def resolve_data_dir(explicit: str | None) -> Path:
    path = Path(explicit).expanduser() if explicit else default_data_dir()
    path = path.resolve()
    path.mkdir(parents=True, exist_ok=True)
    return path


def postgres_dir(data_dir: Path) -> Path:
    return data_dir / "postgres"


def secrets_dir(data_dir: Path) -> Path:
    path = data_dir / "secrets"
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path
