"""capture.json, version 1: what the capture worker saw, for the converter.

Conventions (stable; later versions only add fields):

* JSON keys are camelCase; style dictionaries are keyed by CSS property names
  (``background-color``), with values as Chromium's ``getComputedStyle`` serializes them.
* Every box is in page CSS pixels: origin at the top-left of the document, independent of
  scrolling, ``x``/``y`` of the top-left corner. Boxes are border boxes unless said otherwise.
  Frames' content is translated into the top page's coordinates.
* ``ElementNode.styles`` omits properties whose value equals ``STYLE_DEFAULTS[name]`` (the
  CSS initial value as Chromium serializes it); read them with ``ElementNode.style(name)``.
  Properties not in ``ELEMENT_STYLE_PROPERTIES`` are not captured, and groups that cannot
  matter are not read (so absent, and ``style(name)`` returns the default or None):
  border-<side>-* when that side's style is none/hidden; outline-* when outline-style is none;
  top/right/bottom/left when position is static; flex/grid container properties unless
  display is flex/grid; item properties (flex-grow, align-self, grid-row-*, order...) unless
  the parent box is a flex/grid container; list-style-* unless display is list-item;
  object-fit/position except on replaced elements; transform-origin when transform is none;
  background-size/position/repeat/... when background-image is none; typography (font-*,
  line-height, letter-spacing, white-space, text-decoration-line...) except on elements with
  their own non-blank text, form controls and pseudo-elements (text nodes always carry the
  full set); text-decoration-* details when text-decoration-line is none;
  -webkit-text-stroke-color when the stroke width is 0; -webkit-text-fill-color when it
  equals color.
* The tree is the *flat* (rendered) tree: a host with an open shadow root lists the shadow
  tree's children (flagged ``inShadow``); a ``<slot>`` lists the light-DOM nodes assigned to
  it; a same-origin ``<iframe>`` lists its document's ``<html>`` element. Elements with
  ``display: none`` (and everything in them), ``<script>``, ``<style>``, ``<template>``,
  ``<head>`` content and comments are left out.
* Assets (images, fonts, SVG files, canvas snapshots) are stored once, named by the SHA-256
  of their bytes (lowercase hex), next to capture.json as ``assets/{sha256}``.
* Motion is settled before the tree is read (see ``capture.motion``): finite animations and
  transitions at their end, looping ones at the start of their first iteration, videos paused
  (at their first frame when they have no poster), canvases once their pixels stop changing.
* An element nodes cannot draw (see ``capture.snapshots``) also carries an ImageRef with
  source ``snapshot``: its pixels cropped from the screenshot, over the rect in ``box``.

The schema is split in two: ``properties`` (which computed styles are captured, and their
defaults) and ``models`` (the pydantic models of the document). Both import only pydantic.
"""

from pageport.capture.schema.models import (
    SCHEMA_VERSION,
    Asset,
    Box,
    CaptureDocument,
    CaptureStats,
    CustomProperty,
    DocumentInfo,
    ElementNode,
    FontFace,
    FormState,
    FrameInfo,
    ImageRef,
    LineBox,
    ListMarker,
    Node,
    Point,
    ProbeLayout,
    Pseudo,
    PseudoElement,
    RenderedFont,
    Size,
    TextNode,
)
from pageport.capture.schema.properties import (
    ELEMENT_STYLE_PROPERTIES,
    FLEX_ITEM_PROPERTIES,
    FONT_PROPERTIES,
    GAP_AND_GRID_TRACK_PROPERTIES,
    GRID_PLACEMENT_PROPERTIES,
    PSEUDO_STYLE_PROPERTIES,
    STYLE_DEFAULTS,
    TEXT_DECORATION_DETAIL_PROPERTIES,
    TEXT_STYLE_PROPERTIES,
    WEBKIT_TEXT_PAINT_PROPERTIES,
)

__all__ = [
    "ELEMENT_STYLE_PROPERTIES",
    "FLEX_ITEM_PROPERTIES",
    "FONT_PROPERTIES",
    "GAP_AND_GRID_TRACK_PROPERTIES",
    "GRID_PLACEMENT_PROPERTIES",
    "PSEUDO_STYLE_PROPERTIES",
    "SCHEMA_VERSION",
    "STYLE_DEFAULTS",
    "TEXT_DECORATION_DETAIL_PROPERTIES",
    "TEXT_STYLE_PROPERTIES",
    "WEBKIT_TEXT_PAINT_PROPERTIES",
    "Asset",
    "Box",
    "CaptureDocument",
    "CaptureStats",
    "CustomProperty",
    "DocumentInfo",
    "ElementNode",
    "FontFace",
    "FormState",
    "FrameInfo",
    "ImageRef",
    "LineBox",
    "ListMarker",
    "Node",
    "Point",
    "ProbeLayout",
    "Pseudo",
    "PseudoElement",
    "RenderedFont",
    "Size",
    "TextNode",
]
