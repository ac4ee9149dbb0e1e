"""Parsing of Chromium's computed CSS values into Figma paint/effect/geometry terms.

Computed values are already normalized by the browser (colors as rgb()/rgba() or a CSS 4 color
function, lengths in px, keywords lower-case), so a small tokenizer is enough: no cascade, no
shorthands, no relative units besides % (resolved against the box here).

``values`` (tokenizer, lengths, radii), ``colors``, ``shadows`` and ``gradients``; the
converter uses them through this package (``css.px``, ``css.parse_color``, ...).
"""

from pageport.convert.css.colors import parse_color, solid
from pageport.convert.css.gradients import Gradient, gradient, linear_gradient, radial_gradient
from pageport.convert.css.shadows import Shadow, parse_shadows
from pageport.convert.css.values import CssError, is_length, px, radius_pair, round_to, split_top

__all__ = [
    "CssError",
    "Gradient",
    "Shadow",
    "gradient",
    "is_length",
    "linear_gradient",
    "parse_color",
    "parse_shadows",
    "px",
    "radial_gradient",
    "radius_pair",
    "round_to",
    "solid",
    "split_top",
]
