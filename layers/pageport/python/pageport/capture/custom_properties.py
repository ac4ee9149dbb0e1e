"""The page's CSS custom properties (`--x`), for the converter to name its design tokens by.

One script in the page reads every readable stylesheet: the custom properties declared, and
for each, which kinds of property use it through `var(--x)` (colour, background, border,
shadow, font size, radius, spacing...). Each is then resolved where most pages declare their
tokens, on the root element, into the computed colour or length it stands for. The converter
names a token after the custom property whose resolved value and use match what it found
(capture.json `customProperties`); cross-origin sheets cannot be read and name nothing.
"""

from __future__ import annotations

from typing import Any

MAX_PROPERTIES = 800

# Which kind of value a property's var() stands for: the converter's token groups.
USE_OF_PROPERTY = {
    "color": "color",
    "background": "background",
    "background-color": "background",
    "border": "border",
    "border-color": "border",
    "outline": "border",
    "outline-color": "border",
    "fill": "color",
    "stroke": "color",
    "box-shadow": "shadow",
    "text-shadow": "shadow",
    "font-size": "font-size",
    "font-family": "font-family",
    "font-weight": "font-weight",
    "line-height": "line-height",
    "letter-spacing": "letter-spacing",
    "border-radius": "radius",
    "gap": "spacing",
    "row-gap": "spacing",
    "column-gap": "spacing",
    "padding": "spacing",
    "margin": "spacing",
}

CUSTOM_PROPERTIES_JS = """
({ max, useOf }) => {
  const uses = new Map();  // --name -> Set of uses
  const declared = new Set();
  const useOfProperty = (p) => {
    if (useOf[p]) return useOf[p];
    if (p.startsWith('border-') && p.endsWith('-color')) return 'border';
    if (p.startsWith('border-') && p.endsWith('-radius')) return 'radius';
    if (p.startsWith('padding-') || p.startsWith('margin-')) return 'spacing';
    return null;
  };
  const visit = (list) => {
    for (const r of list) {
      if (declared.size >= max) return;
      if (r.style) {
        for (let i = 0; i < r.style.length; i++) {
          if (r.style[i].startsWith('--')) declared.add(r.style[i]);
        }
        // A shorthand holding var() ("background: var(--brand)") is kept unexpanded, its
        // longhands empty: read the declarations as written.
        const text = r.style.cssText.includes('var(--') ? r.style.cssText : '';
        for (const d of text.matchAll(/(?:^|;)\\s*([a-z-]+)\\s*:([^;]*var\\(--[^;]*)/g)) {
          const use = useOfProperty(d[1]);
          if (!use) continue;
          for (const m of d[2].matchAll(/var\\(\\s*(--[A-Za-z0-9_-]+)/g)) {
            if (!uses.has(m[1])) uses.set(m[1], new Set());
            uses.get(m[1]).add(use);
          }
        }
      }
      if (r.cssRules) visit(r.cssRules);
    }
  };
  for (const s of document.styleSheets) {
    try { visit(s.cssRules); } catch (e) { /* cross-origin: unreadable */ }
  }
  const root = document.documentElement;
  const rootStyle = getComputedStyle(root);
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;visibility:hidden;pointer-events:none;left:0;top:0';
  root.appendChild(probe);
  const out = [];
  try {
    for (const name of [...declared].sort()) {
      const value = rootStyle.getPropertyValue(name).trim();
      if (!value) continue;  // declared for some component only, not at the root
      const item = { name, value, uses: [...(uses.get(name) || [])].sort(), color: null, length: null };
      if (CSS.supports('color', value)) {
        probe.style.color = `var(${name})`;
        item.color = getComputedStyle(probe).color;
      } else if (CSS.supports('padding-left', value)) {
        probe.style.paddingLeft = `var(${name})`;
        const px = parseFloat(getComputedStyle(probe).paddingLeft);
        if (Number.isFinite(px)) item.length = Math.round(px * 100) / 100;
      }
      out.push(item);
    }
  } finally {
    probe.remove();
  }
  return out;
}
"""


def read_custom_properties(page: Any) -> list[dict[str, Any]]:
    """The root's custom properties with their resolved values and uses (capture.json's
    `customProperties`)."""
    result: list[dict[str, Any]] = page.evaluate(
        CUSTOM_PROPERTIES_JS, {"max": MAX_PROPERTIES, "useOf": USE_OF_PROPERTY}
    )
    return result
