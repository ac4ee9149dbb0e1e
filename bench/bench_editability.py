"""Editability benchmark: how much of an imported page a designer can work in, not just look at.

Every fidelity page (bench/fidelity/pages: our fixture pages and the published templates) and
every page of the real-pages corpus (corpus/, in its own colour scheme; `--no-corpus` leaves it
out) is served on loopback and captured by the capture worker's own `capture_page` at 1280 and 390 px,
then converted from the same capture with the default options (tokens, components, auto layout),
with components off (where the repeats are counted) and with every option off (the baseline: the
plain, picture-like conversion). The default result is then PLACED as the plugin places it, by
its materializer in the in-memory Figma that enforces the Plugin API's rules
(plugin/bench/place.ts, run by Node), and read back: every figure below is of the design as
placed, not of the converter's output. Per page and width:

- auto layout: multi-child frames (FRAME, COMPONENT, INSTANCE with two or more children) in
  auto layout, of all of them (goal >= 0.80);
- bound paints: SOLID paints (fills, strokes, text fills and style runs) bound to a variable
  (goal >= 0.95);
- text styles: TEXT nodes with a text style (goal >= 0.95);
- instances: members of the structurally repeated subtrees (`repeated_groups` on the
  conversion with components off) that are INSTANCE nodes as placed (goal >= 0.90; a page with
  no repeats counts 1); `plain_frames` counts repeats the plugin had to place as plain frames;
- generic names: layers named by a tag (`div`) or by Figma's defaults (`Frame 3`) (goal 0);
- fidelity: the result's gain against the page's screenshot (bench_fidelity's measure) is not
  below the baseline's by more than 0.01 (`gain_change`);
- as placed, reported beside the bars: how the placed design renders against its result
  (`placed_ssim`; the plugin's round trip holds the fixtures to >= 0.99) and its gain against
  the baseline's (`placed_gain_change`). Auto layout may put a layer up to a pixel from its
  captured box (the converter's and the plugin's bound), which a renderer at 1x sees on text.

Each page prints one JSON line; the LAST line is the summary: `median` is the worst page's
worst share divided by its goal (>= 1 when every page meets every bar), `baseline_median` the
same for the baseline conversion. The corpus's distribution per width and share (mean, 10th
percentile, the worst page) goes to stderr. Run: `.venv/bin/python bench/bench_editability.py
[page ...] [--width W] [--no-corpus]`.
"""

from __future__ import annotations

import argparse
import base64
import functools
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

sys.path.insert(0, str(Path(__file__).resolve().parent / "fidelity"))

import harness
from pageport.convert import convert_capture
from pageport.convert.components.signature import repeated_groups
from pageport.models.conversion import ConversionOptions
from pageport.render import render_preview, similarity

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.support.corpus import PAGES_DIR, corpus_pages

GOALS = {"auto_layout": 0.80, "bound_paints": 0.95, "text_styles": 0.95, "instances": 0.90}
MAX_GAIN_DROP = 0.01
MIN_PLACED_SSIM = 0.99
PLUGIN = Path(__file__).resolve().parent.parent / "plugin"
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


@dataclass
class Converted:
    """One page at one width: its capture's screenshot and its three conversions."""

    name: str
    width: int
    screenshot: bytes
    result: dict[str, Any]
    images: dict[str, bytes]
    plain: dict[str, Any]
    plain_render: bytes
    without_components: dict[str, Any]


def convert(
    browser: object,
    base: str,
    name: str,
    viewport: tuple[int, int],
    path: str | None = None,
    scheme: Literal["light", "dark"] = "light",
) -> Converted:
    cap = harness.capture(browser, f"{base}/{path or harness.page_path(name)}", viewport, scheme)
    ours = convert_capture(cap.capture_json, cap.assets)
    plain = convert_capture(cap.capture_json, cap.assets, PLAIN)
    flat = convert_capture(cap.capture_json, cap.assets, NO_COMPONENTS)
    return Converted(
        name,
        viewport[0],
        cap.screenshot_png,
        json.loads(ours.result_json),
        ours.images,
        json.loads(plain.result_json),
        render_preview(json.loads(plain.result_json), plain.images),
        json.loads(flat.result_json),
    )


def place(pages: list[Converted], work: Path) -> dict[str, dict[str, Any]]:
    """Every result placed by the plugin's materializer in the in-memory Figma and read back
    (plugin/bench/place.ts, bundled by esbuild and run by Node), by page key."""
    into, out = work / "results", work / "placed"
    into.mkdir()
    for page in pages:
        response = {
            "code2desId": page.name,
            "warningCount": len(page.result["warnings"]),
            "document": page.result,
            "images": {sha: base64.b64encode(data).decode() for sha, data in page.images.items()},
            "nextCursor": None,
        }
        (into / f"{page.name}@{page.width}.json").write_text(json.dumps(response))
    script = work / "place.cjs"
    npx = shutil.which("npx") or "npx"
    run = functools.partial(subprocess.run, cwd=PLUGIN, check=True, capture_output=True, text=True)
    run([npx, "esbuild", "bench/place.ts", "--bundle", "--platform=node", "--format=cjs", f"--outfile={script}"])
    run(["node", str(script), str(into), str(out)])
    return {path.stem: json.loads(path.read_text()) for path in out.glob("*.json")}


def measure(page: Converted, placed: dict[str, Any]) -> dict[str, Any]:
    """The placed design's editability, and that placing it moved nothing."""
    images = {key: base64.b64decode(value) for key, value in placed["images"].items()}
    placed_render = render_preview(placed["document"], images)
    result_render = render_preview(page.result, page.images)
    gain = harness.gain(page.screenshot, result_render).gain
    placed_gain = harness.gain(page.screenshot, placed_render).gain
    plain_gain = harness.gain(page.screenshot, page.plain_render).gain
    ours = editability(placed, page.without_components)
    plain = editability(page.plain, page.without_components)
    line = {
        "name": f"editability/{page.name}@{page.width}",
        "unit": "worst editability share / its goal",
        "median": round(margin(ours), 4),
        "baseline": "the same capture converted with every option off",
        "baseline_median": round(margin(plain), 4),
        "ratio": None,
        "goal": "median >= 1 and gain - baseline gain >= -0.01",
        **{k: round(v, 4) if isinstance(v, float) else v for k, v in asdict(ours).items()},
        "placed_ssim": round(similarity.ssim(result_render, placed_render), 4),
        "plain_frames": sum("placed as a plain frame" in w for w in placed["warnings"]),
        "gain": round(gain, 4),
        "baseline_gain": round(plain_gain, 4),
        "gain_change": round(gain - plain_gain, 4),
        "placed_gain_change": round(placed_gain - plain_gain, 4),
    }
    print(json.dumps(line), flush=True)
    return line


def _meets(line: dict[str, Any]) -> bool:
    return bool(line["median"] >= 1 and line["gain_change"] >= -MAX_GAIN_DROP)


def distribution(lines: list[dict[str, Any]]) -> str:
    """Per width and share: mean, 10th percentile and the worst page (where editability is lowest)."""
    out = []
    for width in sorted({line["name"].rsplit("@", 1)[1] for line in lines}, key=int, reverse=True):
        at = [line for line in lines if line["name"].endswith(f"@{width}")]
        for key in (*GOALS, "median"):
            values = sorted(at, key=lambda line: line[key])
            shares = [line[key] for line in values]
            p10 = statistics.quantiles(shares, n=10)[0] if len(shares) >= 2 else shares[0]
            worst = values[0]["name"].removeprefix("editability/")
            out.append(
                f"{width} px {key}: mean {statistics.fmean(shares):.3f}, 10th percentile {p10:.3f}, "
                f"worst {worst} {shares[0]:.3f}"
            )
    return "\n".join(out)


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
    moved = min(lines, key=lambda line: line["placed_ssim"])
    out["worst_placed_ssim"] = f"{moved['placed_ssim']} ({moved['name'].removeprefix('editability/')})"
    placed = min(lines, key=lambda line: line["placed_gain_change"])
    out["worst_placed_gain_change"] = f"{placed['placed_gain_change']} ({placed['name'].removeprefix('editability/')})"
    out["placed_ssim_below_0.99"] = sum(line["placed_ssim"] < MIN_PLACED_SSIM for line in lines)
    out["plain_frames"] = sum(line["plain_frames"] for line in lines)
    out["pages_meeting_every_bar"] = f"{sum(_meets(line) for line in lines)}/{len(lines)}"
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pages", nargs="*", help="page names (default: all)")
    parser.add_argument("--width", type=int, action="append", help="only these viewport widths (1280, 390)")
    parser.add_argument("--no-corpus", action="store_true", help="our fixture pages only, not the corpus (corpus/)")
    args = parser.parse_args()
    names = [n for n in args.pages or harness.page_names() if n in harness.page_names()]
    corpus = [] if args.no_corpus else [p for p in corpus_pages() if not args.pages or p.name in args.pages]
    viewports = [v for v in harness.VIEWPORTS if not args.width or v[0] in args.width]
    with harness.chromium() as browser:
        with harness.serve_pages() as base:
            pages = [convert(browser, base, name, viewport) for name in names for viewport in viewports]
        with harness.serve_pages(PAGES_DIR) as base:
            pages += [
                convert(browser, base, page.name, viewport, page.path, page.color_scheme)
                for page in corpus
                for viewport in viewports
            ]
    with tempfile.TemporaryDirectory(prefix="pageport-editability-") as work:
        placed = place(pages, Path(work))
    lines = [measure(page, placed[f"{page.name}@{page.width}"]) for page in pages]
    if corpus:
        corpus_keys = {f"editability/{p.name}@{v[0]}" for p in corpus for v in viewports}
        corpus_lines = [line for line in lines if line["name"] in corpus_keys]
        print("corpus editability:\n" + distribution(corpus_lines), file=sys.stderr)
    print(json.dumps(summary(lines)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
