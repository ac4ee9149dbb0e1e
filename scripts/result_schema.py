"""`make schema`: docs/result.schema.json, the JSON Schema of result.json, generated from the
Python types the converter builds it with (pageport.convert.figma.Result). Every object is closed
(no key the types do not name), so the schema says exactly what the converter may write.

tests/unit/convert/test_result_schema.py keeps the committed file current and validates every
fixture result against it; plugin/test/result-schema.test.ts checks the plugin's TypeScript
types (src/materialize/types.ts) against it.

Run: `.venv/bin/python scripts/result_schema.py > docs/result.schema.json`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "layers" / "pageport" / "python"))


def _closed(schema: Any) -> Any:
    """Every object schema with its properties closed (additionalProperties: false)."""
    if isinstance(schema, dict):
        out = {key: _closed(value) for key, value in schema.items()}
        if out.get("type") == "object" and "properties" in out:
            out["additionalProperties"] = False
        return out
    if isinstance(schema, list):
        return [_closed(item) for item in schema]
    return schema


def result_schema() -> dict[str, Any]:
    from pageport.convert.figma import Result
    from pydantic import TypeAdapter

    schema: dict[str, Any] = _closed(TypeAdapter(Result).json_schema())
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Pageport result.json", **schema}


def main() -> int:
    print(json.dumps(result_schema(), indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
