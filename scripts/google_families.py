"""Regenerates convert/data/google_fonts.json: every Google Fonts family (Figma's font catalogue
bundles them) with its category, the subsets (writing systems) it covers and its styles as
Figma names them ("Regular", "Italic", "SemiBold", "Bold Italic"...). The converter reads the
families; the plugin's in-memory Figma offers exactly these fonts (plugin/test/figma/fonts.ts).

Source: the npm package google-font-metadata (fonts/package.json's devDependencies, locked in
fonts/package-lock.json), whose data/api-response.json is the Google Fonts Developer API's family
list. Usage: (cd fonts && npm ci) && python scripts/google_families.py [PACKAGE_DIR]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "fonts/node_modules/google-font-metadata"
TARGET = ROOT / "layers/pageport/python/pageport/convert/data/google_fonts.json"


# Google's numeric weights by the name Figma gives each style of a Google family.
_WEIGHT_NAMES = {
    "100": "Thin",
    "200": "ExtraLight",
    "300": "Light",
    "400": "Regular",
    "500": "Medium",
    "600": "SemiBold",
    "700": "Bold",
    "800": "ExtraBold",
    "900": "Black",
}


def figma_styles(variants: list[str]) -> list[str]:
    """Google's variants ("regular", "700", "700italic") as Figma's style names, lightest first,
    each weight's italic after it ("Regular", "Italic", "Bold", "Bold Italic")."""
    out: list[tuple[str, bool]] = []
    for variant in variants:
        italic = variant.endswith("italic")
        weight = variant.removesuffix("italic") or "400"
        weight = "400" if weight == "regular" else weight
        if weight in _WEIGHT_NAMES:
            out.append((weight, italic))
    names = []
    for weight, italic in sorted(set(out)):
        name = _WEIGHT_NAMES[weight]
        names.append(("Italic" if name == "Regular" else f"{name} Italic") if italic else name)
    return names


def main() -> int:
    version = json.loads((PACKAGE / "package.json").read_text())["version"]
    api = json.loads((PACKAGE / "data/api-response.json").read_text())
    families = {
        entry["family"]: {
            "category": entry.get("category", ""),
            "styles": figma_styles(entry.get("variants", [])),
            # The writing systems the family covers (Google's subsets: latin, japanese, arabic...).
            "subsets": sorted(entry.get("subsets", [])),
        }
        for entry in api
    }
    families_sorted = sorted(families.items(), key=lambda kv: kv[0].lower())
    out = {
        "source": f"npm google-font-metadata {version}, data/api-response.json (scripts/google_families.py)",
        "families": dict(families_sorted),
    }
    # One family a line: a readable diff when the catalogue changes.
    lines = [f"{json.dumps(name, ensure_ascii=False)}: {json.dumps(entry)}" for name, entry in families_sorted]
    text = '{"source": ' + json.dumps(out["source"]) + ',\n"families": {\n' + ",\n".join(lines) + "\n}}\n"
    TARGET.write_text(text, encoding="utf-8")
    print(f"{TARGET.relative_to(ROOT)}: {len(families)} families", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
