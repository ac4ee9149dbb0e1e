"""Where things are, for tests at any depth under tests/ (no `Path(__file__).parents[N]`)."""

from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
TESTS = REPO_ROOT / "tests"
# Shared test data: fixture pages, captures, results and sites (tests/fixtures/<domain>/).
FIXTURES = TESTS / "fixtures"
