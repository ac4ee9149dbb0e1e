"""Regenerates convert/data/google_fonts.json: every Google Fonts family (Figma's font catalogue
bundles them) with its category.

Source: the npm package google-font-metadata (fonts/package.json's devDependencies, locked in
fonts/package-lock.json), whose data/api-response.json is the Google Fonts Developer API's family
list. Usage: (cd fonts && npm ci) && python scripts/google_families.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "fonts/node_modules/google-font-metadata"
TARGET = ROOT / "layers/pageport/python/pageport/convert/data/google_fonts.json"


def main() -> int:
    version = json.loads((PACKAGE / "package.json").read_text())["version"]
    api = json.loads((PACKAGE / "data/api-response.json").read_text())
    families = {entry["family"]: entry.get("category", "") for entry in api}
    out = {
        "source": f"npm google-font-metadata {version}, data/api-response.json (scripts/google_families.py)",
        "families": dict(sorted(families.items(), key=lambda kv: kv[0].lower())),
    }
    TARGET.write_text(json.dumps(out, indent=0, ensure_ascii=False, sort_keys=False) + "\n")
    print(f"{TARGET.relative_to(ROOT)}: {len(families)} families", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
