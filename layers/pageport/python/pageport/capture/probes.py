"""The page laid out again at nearby widths, to learn how each box sizes.

A design that reflows when a designer drags its frame needs each box's sizing intent: does it
fill its parent, keep its width, stay centred, sit at the right? Computed styles cannot say (a
`width: auto` block and a `width: 1140px` one both read as pixels), and the matched rules
(CSSOM) would make us re-implement the cascade, percentages, `fr` tracks, flex shrinking and
media queries. Laying the same page out at a narrower and a wider viewport and reading where
every walked box went asks the browser itself: a box whose width moves with its parent's fills
it, one whose left edge moves half as far is centred. The probes run after the walk and the
screenshot, so what they change (a resize handler that folds a menu) is never captured.

The widths are 5 % either side of the capture's, within the same media-query range on the
breakpoints pages commonly use from our widths (1200/1400 px, 576 px), where a designer's first
drag lands too.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from pageport.capture.contract import Deadline

PROBE_SHARE = 0.05
# Below this much time left, the capture keeps what it has and skips the probes.
MIN_SECONDS_LEFT = 3.0

# How long the page's own resize handlers get before the boxes are read.
SETTLE_MS = 60

PROBE_JS = """async () => {
  // The resize's layout, then what the page's resize handlers change: a chart library redraws
  // its canvas from a ResizeObserver callback in a later frame, throttled.
  await new Promise((done) => setTimeout(done, SETTLE_MS));
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const round = (v) => Math.round(v * 100) / 100;
  const sx = window.scrollX, sy = window.scrollY;
  const boxes = {};
  const put = (id, r) => {
    if (r.width || r.height) boxes[id] = [round(r.left + sx), round(r.top + sy), round(r.width), round(r.height)];
  };
  for (const [id, el] of window.__pageportElements || []) {
    if (el.isConnected) put(id, el.getBoundingClientRect());
  }
  const range = document.createRange();
  for (const [id, t] of window.__pageportTextNodes || []) {
    if (!t.isConnected || t.ownerDocument !== document) continue;
    range.selectNodeContents(t);
    put(id, range.getBoundingClientRect());
  }
  return boxes;
}""".replace("SETTLE_MS", str(SETTLE_MS))


def probe_widths(width: int) -> tuple[int, int]:
    step = max(8, round(width * PROBE_SHARE))
    return width - step, width + step


def probe_layouts(page: Page, width: int, height: int, deadline: Deadline, warnings: list[str]) -> list[dict[str, Any]]:
    """Each probe width's boxes, as capture.json's `probes` (ProbeLayout); none when time is short
    or the page stops answering (the design then keeps the capture's sizes)."""
    probes: list[dict[str, Any]] = []
    for probe in probe_widths(width):
        if deadline.remaining_s() < MIN_SECONDS_LEFT:
            warnings.append("no time left to lay the page out at other widths; the design keeps fixed sizes")
            return []
        try:
            page.set_viewport_size({"width": probe, "height": height})
            boxes: dict[str, list[float]] = page.evaluate(PROBE_JS)
        except PlaywrightError:
            warnings.append(f"the page could not be laid out at {probe} px; the design keeps fixed sizes")
            return []
        probes.append({"width": probe, "boxes": boxes})
    return probes
