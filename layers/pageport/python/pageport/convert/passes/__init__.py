"""The converter's ordered pass list: each pass one named step over the conversion's state.

`convert_capture` runs PASSES in order, skipping those its ConversionOptions switch off. A pass
reads and changes `state.root` (the page FRAME) and what earlier passes left on the state; each
is testable alone on a state built by the passes before it (`run_passes(state, until=...)`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pageport.convert.passes import (
    build,
    components,
    flow_layout,
    ids,
    images,
    names,
    reflow,
    script_fonts,
    settle,
    tokens,
)
from pageport.convert.state import ConversionState
from pageport.models.conversion import ConversionOptions


def _always(options: ConversionOptions) -> bool:
    return True


@dataclass(frozen=True)
class Pass:
    name: str
    run: Callable[[ConversionState], None]
    enabled: Callable[[ConversionOptions], bool] = _always


PASSES: tuple[Pass, ...] = (
    Pass("build", build.run),  # the element walk: nodes, paint, text, flex auto layout
    Pass("script_fonts", script_fonts.run),  # each writing system in a family that draws it
    Pass("flow_layout", flow_layout.run, lambda options: options.auto_layout),  # block flow, rows, stacks
    Pass("settle", settle.run),  # auto-layout children where Figma will put them
    Pass("reflow", reflow.run, lambda options: options.auto_layout),  # FILL, HUG, alignment, constraints
    Pass("names", names.run),  # layers the page did not name, named by what they are
    Pass("tokens", tokens.run, lambda options: options.tokens),  # variables and styles, bound
    Pass("components", components.run, lambda options: options.components),  # repeats as instances
    Pass("ids", ids.run),  # "1:n" in depth-first order
    Pass("images", images.run),  # carry exactly the images the tree paints
)


def run_passes(state: ConversionState, until: str | None = None, after: str | None = None) -> None:
    """Run the enabled passes in order; with `until`, stop after the pass of that name; with
    `after`, start with the pass that follows that one (a site design builds each page alone,
    then makes the design editable across them: convert.site)."""
    steps = PASSES[[p.name for p in PASSES].index(after) + 1 :] if after else PASSES
    for step in steps:
        if step.enabled(state.options):
            state.check_time()
            step.run(state)
        if step.name == until:
            return
