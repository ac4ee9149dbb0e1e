"""carried: captured image bytes checked, carried once per asset, SVG recognised by its bytes."""

from __future__ import annotations

import json
import time

from pageport.capture.schema import CaptureDocument, ImageRef
from pageport.convert.carried import raster_image, svg_asset
from pageport.convert.state import ConversionState

from tests.support.builders import capture, png, sha

SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="8" height="4"/>'


def state_with(assets: dict[str, bytes]) -> ConversionState:
    doc = CaptureDocument.model_validate(json.loads(capture([], assets=assets)))
    return ConversionState(doc, assets, clock=time.monotonic)


def test_a_raster_asset_is_carried_once_however_often_it_is_drawn() -> None:
    data = png(6, 4)
    state = state_with({sha(data): data})
    ref = ImageRef(source="img", sha256=sha(data))
    first, second = raster_image(state, ref), raster_image(state, ref)
    assert first == second == (sha(data), 6.0, 4.0)  # a PNG is carried as it is
    assert list(state.carried) == [sha(data)] and state.warnings == []


def test_bytes_not_matching_their_hash_are_left_out_once_with_a_warning() -> None:
    data = png(6, 4)
    state = state_with({"0" * 64: data})
    ref = ImageRef(source="img", sha256="0" * 64)
    assert raster_image(state, ref) is None and raster_image(state, ref) is None
    assert state.warnings == ["page: asset 000000000000 does not match its SHA-256; left out"]


def test_svg_is_recognised_by_its_bytes_and_not_carried() -> None:
    state = state_with({sha(SVG): SVG})
    ref = ImageRef(source="background", sha256=sha(SVG), natural_width=16)
    assert svg_asset(state, ref) == (SVG.decode(), 16.0, 4.0, 2.0)
    assert raster_image(state, ref) is None and state.carried == {}
    assert state.warnings == ["page: SVG image left out (background)"]
