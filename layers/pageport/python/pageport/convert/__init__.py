"""Code2Des conversion: a captured page (capture.json + assets) -> a Figma node tree.

``convert_capture`` is the worker's entry point (``site.convert_site`` for several captures of
one page as one design with a variant each); ``result.json`` holds the tree in Figma REST
API node shapes plus image, font and warning metadata (see ``converter`` for the format).

Module map: ``converter`` (entry point, result assembly) drives ``tree`` (the element walk)
over a ``state.ConversionState``; each concern draws its part of a node: ``paint`` (backgrounds,
borders, radii, shadows, outlines), ``compositing`` (opacity, blend, clipping, filters),
``image_fills`` / ``carried`` / ``vectors`` (images placed, carried as PNG/JPEG/GIF, SVG as
vectors), ``replaced`` (<img>, form controls), ``text_nodes`` (TEXT nodes and style runs),
``pseudo`` (::before/::after), ``layout`` (auto layout, checked by ``autolayout``, a
simulation of Figma's); ``nodes``, ``naming``, ``css``,
``text``, ``fonts``, ``images`` and ``figma`` are the shared vocabulary below them.
"""

from pageport.convert.converter import RESULT_VERSION, Conversion, canonical_json, convert_capture
from pageport.convert.layout import auto_layout_share
from pageport.convert.state import ConversionOutOfTime

__all__ = [
    "RESULT_VERSION",
    "Conversion",
    "ConversionOutOfTime",
    "auto_layout_share",
    "canonical_json",
    "convert_capture",
]
