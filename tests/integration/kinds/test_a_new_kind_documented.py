"""A new kind's batch body appears in the OpenAPI document by itself: the documented batch union
is built from the registry (the throwaway `page_archive` kind of test_a_new_kind)."""

from __future__ import annotations

from openapi_spec_validator import validate

from devstack.openapi import build_document
from tests.integration.kinds.test_a_new_kind import NAME, new_kind

__all__ = ["new_kind"]  # the fixture, used by name


def test_the_new_kinds_batch_body_is_documented(new_kind) -> None:
    document = build_document()
    validate(document)
    schemas = document["components"]["schemas"]
    mapping = schemas["BatchCreateRequest"]["discriminator"]["mapping"]
    assert sorted(mapping) == ["code2des", NAME, "page_discovery", "page_import"]
    variant = schemas[mapping[NAME].rsplit("/", 1)[1]]
    assert variant["properties"]["type"]["const"] == NAME
    assert variant["properties"]["requests"]["items"] == {"$ref": "#/components/schemas/PageArchiveRequest"}
    assert schemas["PageArchiveRequest"]["properties"]["url"]["maxLength"] == 4096


def test_without_it_the_document_names_only_the_kinds_there_are() -> None:
    mapping = build_document()["components"]["schemas"]["BatchCreateRequest"]["discriminator"]["mapping"]
    assert NAME not in mapping
