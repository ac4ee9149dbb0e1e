"""What one capture is asked to do, within which bounds, and what it returns or raises."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from pageport.kinds.page_import.auth import PageAuth


@dataclass(frozen=True)
class CaptureRequest:
    """What to capture: the URL (already normalized and checked) and how to render it."""

    url: str
    viewport_width: int
    viewport_height: int
    device_scale_factor: float = 1
    ready_selector: str | None = None
    color_scheme: Literal["light", "dark"] = "light"  # prefers-color-scheme, and the page's own switch
    auth: PageAuth | None = field(default=None, repr=False)  # a page behind a login (capture/login.py)


@dataclass(frozen=True)
class CaptureLimits:
    """Bounds on one capture. Over a limit the capture truncates with a warning, or fails."""

    time_budget_s: float = 120
    max_page_height: int = 16384  # CSS px; taller pages are cut with a warning
    max_dom_nodes: int = 20000  # elements + text nodes; the rest is left out with a warning
    max_asset_bytes: int = 5_000_000  # per asset; bigger ones are skipped with a warning
    max_total_asset_bytes: int = 40_000_000
    ready_selector_timeout_s: float = 15
    network_quiet_ms: int = 250  # no request in flight for this long = "network quiet"
    network_quiet_timeout_s: float = 5  # long-polling pages never go quiet: proceed after this
    max_scroll_s: float = 10  # lazy-content scrolling stops after this long
    # Screenshot area in device pixels (~4 bytes each while encoding). Taller pages are cut
    # to fit; a viewport that alone does not fit fails.
    max_screenshot_pixels: int = 2**27
    # Motion (see motion.py): how long animations, videos and canvases may take to settle,
    # and how long a canvas must keep its pixels to count as drawn.
    max_motion_s: float = 3
    motion_quiet_ms: int = 300
    # Elements captured as an image of their pixels (see snapshots.py): how many, and their
    # total area in device pixels.
    max_snapshots: int = 100
    max_snapshot_pixels: int = 2**23
    # Characters of text a transformed, clipped or masked box may hold and still be imaged
    # (text in an image is neither editable nor searchable).
    max_snapshot_text: int = 80


DEFAULT_LIMITS = CaptureLimits()


@dataclass(frozen=True)
class CaptureBundle:
    """The artifacts of one capture.

    ``capture_json`` is canonical (sorted keys, compact separators, UTF-8), so its SHA-256
    identifies it. ``assets`` maps SHA-256 (lowercase hex) to bytes.
    """

    capture_json: bytes
    screenshot_png: bytes
    assets: dict[str, bytes]
    warnings: list[str]


FailureCode = Literal[
    "navigation_failed",
    "ready_selector_timeout",
    "invalid_ready_selector",
    "budget_exceeded",
    "page_too_large",
    "browser_error",
    "auth_missing",
    "page_crashed",
]


class CaptureFailed(Exception):
    """The capture cannot produce a result. ``safe_message`` may be shown to users as is."""

    def __init__(self, safe_message: str, *, code: FailureCode) -> None:
        super().__init__(safe_message)
        self.safe_message = safe_message
        self.code = code


@dataclass
class Deadline:
    budget_s: float
    start: float = field(default_factory=time.monotonic)

    def remaining_s(self) -> float:
        left = self.budget_s - (time.monotonic() - self.start)
        if left <= 0:
            raise self.exceeded()
        return left

    def remaining_ms(self) -> float:
        return self.remaining_s() * 1000

    def exceeded(self) -> CaptureFailed:
        return CaptureFailed(
            f"The capture did not finish within its {self.budget_s:g} s time budget.",
            code="budget_exceeded",
        )
