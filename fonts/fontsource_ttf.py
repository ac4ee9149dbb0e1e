"""Fontsource packages (WOFF2 subsets) -> installable TTF files, one per weight and style.

Fontsource ships each weight/style of a family as WOFF2 subsets by script; their name tables
are the variable font's instances and often wrong (Montserrat 700 italic calls itself family
"Montserrat Thin"), so fontconfig and Chromium would not find "Montserrat" bold. Here each
weight/style's latin subset is merged with its latin-ext subset where fontTools can (else latin
alone), decompressed to TTF and given a name table and OS/2 bits that say the package's family,
weight and style. Usage: fontsource_ttf.py NODE_MODULES/@fontsource OUT_DIR
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

from fontTools.merge import Merger
from fontTools.ttLib import TTFont

_FILE = re.compile(r"^(?P<id>.+)-(?P<subset>latin|latin-ext)-(?P<weight>\d+)-(?P<style>normal|italic)\.woff2$")
_WEIGHT_NAMES = {
    100: "Thin",
    200: "ExtraLight",
    300: "Light",
    400: "Regular",
    500: "Medium",
    600: "SemiBold",
    700: "Bold",
    800: "ExtraBold",
    900: "Black",
}
# Kept from the original name table: copyright, license, license URL, trademark, designer...
_KEEP_IDS = {0, 7, 8, 9, 11, 12, 13, 14}


def _style_name(weight: int, italic: bool) -> str:
    base = _WEIGHT_NAMES.get(weight, str(weight))
    if italic:
        return "Italic" if base == "Regular" else f"{base} Italic"
    return base


def _load(paths: list[Path]) -> TTFont:
    """The subsets as one TTFont: merged when fontTools can, else the first (latin)."""
    fonts = []
    for path in paths:
        font = TTFont(path)
        font.flavor = None
        buf = io.BytesIO()
        font.save(buf)
        buf.seek(0)
        fonts.append(buf)
    if len(fonts) > 1:
        try:
            merged = Merger().merge(fonts)
            out = io.BytesIO()
            merged.save(out)
            out.seek(0)
            return TTFont(out)
        except Exception as error:  # fontTools refuses some subset pairs: latin alone still serves
            print(f"fonts: {paths[0].name}: subsets not merged ({error}); latin only", file=sys.stderr)
            fonts[0].seek(0)
    return TTFont(fonts[0])


def _rename(font: TTFont, family: str, weight: int, italic: bool) -> None:
    style = _style_name(weight, italic)
    postscript = f"{family.replace(' ', '')}-{style.replace(' ', '')}"
    name = font["name"]
    name.names = [r for r in name.names if r.nameID in _KEEP_IDS and r.platformID == 3]
    for ident, value in ((1, family), (2, style), (4, f"{family} {style}"), (6, postscript), (16, family), (17, style)):
        name.setName(value, ident, 3, 1, 0x409)
    os2 = font["OS/2"]
    os2.usWeightClass = weight
    # fsSelection: ITALIC (bit 0), BOLD (bit 5), REGULAR (bit 6); head.macStyle: bold 0, italic 1.
    bits = os2.fsSelection & ~((1 << 0) | (1 << 5) | (1 << 6))
    bits |= (1 << 0) if italic else 0
    bits |= (1 << 5) if weight == 700 else 0
    bits |= (1 << 6) if weight == 400 and not italic else 0
    os2.fsSelection = bits
    font["head"].macStyle = (1 if weight == 700 else 0) | (2 if italic else 0)


def convert_package(package: Path, out_dir: Path) -> list[Path]:
    """Every weight/style of one @fontsource package as OUT_DIR/<Family>-<Style>.ttf."""
    family = json.loads((package / "metadata.json").read_text())["family"]
    groups: dict[tuple[int, bool], dict[str, Path]] = {}
    for path in sorted((package / "files").glob("*.woff2")):
        match = _FILE.match(path.name)
        if match:
            key = (int(match["weight"]), match["style"] == "italic")
            groups.setdefault(key, {})[match["subset"]] = path
    written = []
    for (weight, italic), subsets in sorted(groups.items()):
        if "latin" not in subsets:
            continue
        font = _load([subsets["latin"], *([subsets["latin-ext"]] if "latin-ext" in subsets else [])])
        _rename(font, family, weight, italic)
        target = out_dir / f"{family.replace(' ', '')}-{_style_name(weight, italic).replace(' ', '')}.ttf"
        font.save(target)
        written.append(target)
    return written


def main(argv: list[str]) -> int:
    source, out_dir = Path(argv[1]), Path(argv[2])
    out_dir.mkdir(parents=True, exist_ok=True)
    count = 0
    for package in sorted(p for p in source.iterdir() if (p / "metadata.json").is_file()):
        count += len(convert_package(package, out_dir))
    print(f"fontsource_ttf: {count} font files in {out_dir}", file=sys.stderr)
    return 0 if count else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
