"""Fixtures for the local stack's parts tested in-process (tests/unit/devstack/ and
tests/integration/devstack/): a plugin of the root conftest."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def data_dir() -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="pageport-devstack-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)
