"""Every stage file's seed is one the admin function accepts (the admin function in the synthesized
template: tests/infra/test_admin_stack.py)."""

from __future__ import annotations

import pytest


def test_every_stage_files_seed_is_valid_or_absent() -> None:
    from infra.config import STAGES_DIR, load_stage

    for path in STAGES_DIR.glob("*.toml"):
        load_stage(path.stem)  # a [seed] the admin function would refuse fails here
    with pytest.raises(Exception, match="members"):
        from infra.config import StageConfig

        StageConfig.model_validate(
            {
                "name": "x1",
                "region": "eu-west-1",
                "availability_zones": ["eu-west-1a", "eu-west-1b"],
                "seed": {"organization": "A", "project": "P", "members": ["x" * 51]},
            }
        )
