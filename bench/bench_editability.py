"""Editability benchmark: how much of a converted page a designer can work in, not just look at.

Every fidelity page (bench/fidelity/pages: our fixture pages and the published templates) is
served on loopback and captured by the capture worker's own `capture_page` at 1280 and 390 px,
then converted twice from the same capture: with the default options (tokens, components, auto
layout) and with every option off (the baseline: the plain, picture-like conversion). Per page
and width, on the default conversion:

- auto layout: multi-child frames (FRAME, COMPONENT, INSTANCE with two or more children) in
  auto layout, of all of them (goal >= 0.80);
- bound paints: SOLID paints (fills, strokes, text fills and style runs) bound to a variable
  (goal >= 0.95);
- text styles: TEXT nodes with a text style (goal >= 0.95);
- instances: members of the structurally repeated subtrees (`repeated_groups` on the same
  conversion with components off) that are INSTANCE nodes in the default one (goal >= 0.90; a page with no repeats
  counts 1);
- generic names: layers named by a tag (`div`) or by Figma's defaults (`Frame 3`) (goal 0);
- fidelity: the render's gain against the page's screenshot (bench_fidelity's measure) must
  not fall below the baseline's by more than 0.01.

Each page prints one JSON line; the LAST line is the summary: `median` is the worst page's
worst share divided by its goal (>= 1 when every page meets every bar), `baseline_median` the
same for the baseline conversion. Run: `.venv/bin/python bench/bench_editability.py [page ...]
[--width W]`.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent / "fidelity"))

import harness
from pageport.convert import convert_capture
from pageport.convert.components.signature import repeated_groups
from pageport.convert.options import ConversionOptions
from pageport.render import render_preview

GOALS = {"auto_layout": 0.80, "bound_paints": 0.95, "text_styles": 0.95, "instances": 0.90}
MAX_GAIN_DROP = 0.01
PLAIN = ConversionOptions(tokens=False, components=False, auto_layout=False)
NO_COMPONENTS = ConversionOptions(components=False)
_FRAMES = ("FRAME", "COMPONENT", "INSTANCE")
# Tag names, and the names Figma gives a layer nobody named.
_TAGS = frozenset(
    [
        "div",
        "span",
        "section",
        "article",
        "p",
        "a",
        "li",
        "ul",
        "ol",
        "dl",
        "dt",
        "dd",
        "header",
        "footer",
        "nav",
        "main",
        "aside",
        "img",
        "picture",
        "button",
        "form",
        "input",
        "label",
        "table",
        "tr",
        "td",
        "th",
        "tbody",
        "thead",
        "figure",
        "figcaption",
        "svg",
        "i",
        "b",
        "strong",
        "em",
        "small",
        "body",
        "html",
    ]
)
_FIGMA_DEFAULT = re.compile(r"^(?:Frame|Rectangle|Group|Vector|Ellipse|Component|Instance)(?: \d+)?$")


@dataclass(frozen=True)
class Editability:
    auto_layout: float
    bound_paints: float
    text_styles: float
    instances: float
    generic_names: int
    counts: dict[str, str]


def _walk(node: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(n.get("children") or [])


def _share(part: int, whole: int) -> float:
    return part / whole if whole else 1.0


def _solid_paints(node: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    paints = [*node.get("fills", []), *node.get("strokes", []), *node.get("style", {}).get("fills", [])]
    for run in node.get("styleOverrideTable", {}).values():
        paints.extend(run.get("fills", []))
    return (p for p in paints if p.get("type") == "SOLID")


def generic(name: str) -> bool:
    return name in _TAGS or bool(_FIGMA_DEFAULT.match(name))


def editability(result: Mapping[str, Any], without_components: Mapping[str, Any]) -> Editability:
    nodes = list(_walk(result["document"]))
    multi = [n for n in nodes if n["type"] in _FRAMES and len(n.get("children") or []) >= 2]
    laid = sum(1 for n in multi if n.get("layoutMode") in ("HORIZONTAL", "VERTICAL", "GRID"))
    paints = [p for n in nodes for p in _solid_paints(n)]
    bound = sum(1 for p in paints if "color" in p.get("boundVariables", {}))
    texts = [n for n in nodes if n["type"] == "TEXT"]
    styled = sum(1 for n in texts if n.get("styles", {}).get("text"))
    repeated = sum(len(group) for group in repeated_groups(without_components["document"]))
    instances = sum(1 for n in nodes if n["type"] == "INSTANCE")
    return Editability(
        auto_layout=_share(laid, len(multi)),
        bound_paints=_share(bound, len(paints)),
        text_styles=_share(styled, len(texts)),
        instances=min(1.0, _share(instances, repeated)),
        generic_names=sum(1 for n in nodes if generic(n["name"])),
        counts={
            "auto_layout": f"{laid}/{len(multi)}",
            "bound_paints": f"{bound}/{len(paints)}",
            "text_styles": f"{styled}/{len(texts)}",
            "instances": f"{instances}/{repeated}",
        },
    )


def margin(e: Editability) -> float:
    """The worst share divided by its goal (>= 1: every bar met); 0 with any generic name."""
    worst = min(getattr(e, key) / goal for key, goal in GOALS.items())
    return 0.0 if e.generic_names else worst


def measure(browser: object, base: str, name: str, viewport: tuple[int, int]) -> dict[str, Any]:
    cap = harness.capture(browser, f"{base}/{harness.page_path(name)}", viewport)
    ours = convert_capture(cap.capture_json, cap.assets)
    plain = convert_capture(cap.capture_json, cap.assets, PLAIN)
    result, plain_result = json.loads(ours.result_json), json.loads(plain.result_json)
    flat = json.loads(convert_capture(cap.capture_json, cap.assets, NO_COMPONENTS).result_json)
    gain = harness.gain(cap.screenshot_png, render_preview(result, ours.images)).gain
    plain_gain = harness.gain(cap.screenshot_png, render_preview(plain_result, plain.images)).gain
    ours_e, plain_e = editability(result, flat), editability(plain_result, flat)
    line = {
        "name": f"editability/{name}@{viewport[0]}",
        "unit": "worst editability share / its goal",
        "median": round(margin(ours_e), 4),
        "baseline": "the same capture converted with every option off",
        "baseline_median": round(margin(plain_e), 4),
        "ratio": None,
        "goal": "median >= 1 and gain - baseline gain >= -0.01",
        **{k: round(v, 4) if isinstance(v, float) else v for k, v in asdict(ours_e).items()},
        "gain": round(gain, 4),
        "baseline_gain": round(plain_gain, 4),
        "gain_change": round(gain - plain_gain, 4),
    }
    print(json.dumps(line), flush=True)
    return line


def summary(lines: list[dict[str, Any]]) -> dict[str, Any]:
    worst = min(line["median"] for line in lines)
    baseline = min(line["baseline_median"] for line in lines)
    out: dict[str, Any] = {
        "name": "editability",
        "unit": "worst page's worst editability share / its goal (>= 1: every bar met on every page)",
        "median": worst,
        "baseline": "the same captures converted with every option off",
        "baseline_median": baseline,
        "ratio": round(worst / baseline, 3) if baseline else None,
        "goal": "median >= 1 (auto layout >= 0.80, bound paints >= 0.95, text styles >= 0.95, instances >= 0.90, "
        "no generic names) and no page's gain below its baseline's by more than 0.01",
    }
    for key in (*GOALS, "generic_names"):
        pick = max if key == "generic_names" else min
        page = pick(lines, key=lambda line: line[key])
        out[f"worst_{key}"] = f"{page[key]} ({page['name'].removeprefix('editability/')})"
    drop = min(lines, key=lambda line: line["gain_change"])
    out["worst_gain_change"] = f"{drop['gain_change']} ({drop['name'].removeprefix('editability/')})"
    out["pages_meeting_every_bar"] = (
        f"{sum(line['median'] >= 1 and line['gain_change'] >= -MAX_GAIN_DROP for line in lines)}/{len(lines)}"
    )
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pages", nargs="*", help="page names (default: all)")
    parser.add_argument("--width", type=int, action="append", help="only these viewport widths (1280, 390)")
    args = parser.parse_args()
    names = args.pages or harness.page_names()
    viewports = [v for v in harness.VIEWPORTS if not args.width or v[0] in args.width]
    lines: list[dict[str, Any]] = []
    with harness.serve_pages() as base, harness.chromium() as browser:
        for name in names:
            for viewport in viewports:
                lines.append(measure(browser, base, name, viewport))
    print(json.dumps(summary(lines)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
