"""Code2Des conversion: a captured page (capture.json + assets) -> a Figma node tree.

``convert_capture`` is the worker's entry point; ``result.json`` holds the tree in Figma REST
API node shapes plus image, font and warning metadata (see ``converter`` for the format).
"""

from pageport.convert.converter import (
    RESULT_VERSION,
    Conversion,
    ConversionOutOfTime,
    canonical_json,
    convert_capture,
)

__all__ = ["RESULT_VERSION", "Conversion", "ConversionOutOfTime", "canonical_json", "convert_capture"]
