"""docs/result.schema.json is what the converter's types say (scripts/result_schema.py), and every
result the converter made for the fixtures is valid against it, no key more: the format the plugin
reads is defined once, in Python (plugin/test/result-schema.test.ts checks the TypeScript side)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from scripts.result_schema import result_schema
from tests.support.paths import REPO_ROOT

SCHEMA_FILE = REPO_ROOT / "docs" / "result.schema.json"
RESULTS = sorted((REPO_ROOT / "plugin" / "test" / "fixtures" / "results").glob("*.json"))


def _validator() -> Draft202012Validator:
    return Draft202012Validator(json.loads(SCHEMA_FILE.read_text()))


def _document(path: Any) -> dict[str, Any]:
    response: dict[str, Any] = json.loads(path.read_text())
    document: dict[str, Any] = response["document"]
    return document


def test_the_committed_schema_is_the_types() -> None:
    assert json.loads(SCHEMA_FILE.read_text()) == result_schema(), "stale: run `make schema`"


@pytest.mark.parametrize("path", RESULTS, ids=lambda p: p.stem)
def test_every_fixture_result_is_valid(path: Any) -> None:
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in _validator().iter_errors(_document(path))]
    assert errors == []


def test_a_key_the_types_do_not_name_is_invalid() -> None:
    document = copy.deepcopy(_document(RESULTS[0]))
    document["document"]["children"][0]["layoutSizingHorizontal"] = "FILL"
    assert any("layoutSizingHorizontal" in e.message for e in _validator().iter_errors(document))
