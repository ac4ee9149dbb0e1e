"""The per-job session policy (pageport.workers.scoped.session_policy)."""

from __future__ import annotations

import json

import pytest
from pageport.workers.scoped import session_policy


def test_a_writer_reads_back_its_own_prefix_and_nothing_else_is_granted() -> None:
    policy = session_policy("b", reads=["page-imports/p/"], writes=["code2des/c/"])
    statements = {tuple(s["Action"]): s for s in policy["Statement"]}
    assert set(statements) == {("s3:GetObject",), ("s3:ListBucket",), ("s3:PutObject", "s3:AbortMultipartUpload")}
    assert statements[("s3:GetObject",)]["Resource"] == [
        "arn:aws:s3:::b/code2des/c/*",
        "arn:aws:s3:::b/page-imports/p/*",
    ]
    assert statements[("s3:PutObject", "s3:AbortMultipartUpload")]["Resource"] == ["arn:aws:s3:::b/code2des/c/*"]
    assert statements[("s3:ListBucket",)]["Condition"] == {
        "StringLike": {"s3:prefix": ["code2des/c/*", "page-imports/p/*"]}
    }
    assert all(s["Effect"] == "Allow" for s in policy["Statement"])
    # AssumeRole takes at most 2048 characters of packed policy: a job's stays far below.
    long_id = "0192f3a4-b5c6-7d8e-9f01-23456789abcd"
    packed = session_policy(
        "pageport-artifacts-prod-123456789012", reads=[f"page-imports/{long_id}/"], writes=[f"code2des/{long_id}/"]
    )
    assert len(json.dumps(packed, separators=(",", ":"))) < 1024


@pytest.mark.parametrize(
    "prefix",
    [
        "page-imports/",
        "page-imports/*/",
        "page-imports/../x/",
        "page-imports/x",
        "",
        # IAM's single-character wildcard and policy variables: `?` matched any one job's id.
        "page-imports/?/",
        "page-imports/01J?????/",
        "page-imports/${aws:username}/",
        "page-imports/a b/",
        "/page-imports/x/",
    ],
)
def test_anything_but_one_job_s_prefix_is_refused(prefix: str) -> None:
    with pytest.raises(ValueError, match="not a job prefix"):
        session_policy("b", reads=[], writes=[prefix])
