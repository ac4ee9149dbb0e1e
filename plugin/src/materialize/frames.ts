/**
 * What a frame needs beyond the shared properties: layers standing in for paints a fill cannot
 * hold (tiled images), a background rectangle carrying shadows Figma would draw wrongly on the
 * frame itself, and auto layout, switched on last and kept only where Figma's layout puts every
 * child where the result has it.
 */
import { tilePieces } from "./images";
import { DATA_KIND } from "./kinds";
import { toPluginEffect, toPluginPaint } from "./paints";
import { effects, hasSpread, isShadow, type Writer } from "./properties";
import type { RestPaint, ResultNode } from "./types";

/** A node that holds children and lays them out: a frame, or a main component. */
export type FrameLike = FrameNode | ComponentNode;

/** Layers standing in for paints that cannot be fills (tiled images and what paints over them). */
export function paintLayers(w: Writer, frame: FrameLike, r: ResultNode, paints: RestPaint[]): SceneNode[] {
  const layers: SceneNode[] = [];
  const width = frame.width;
  const height = frame.height;
  for (const p of paints) {
    const img = p.type === "IMAGE" && p.imageRef ? w.images.get(p.imageRef) : undefined;
    if (img?.kind === "tiled") {
      const pieces = tilePieces(p, img, width, height, (m) => w.warn(`node "${r.name}": ${m}`));
      for (const piece of pieces) {
        const rect = w.figma.createRectangle();
        frame.insertChild(layers.length, rect);
        rect.name = "Image tile";
        rect.resize(Math.max(0.01, piece.box.width), Math.max(0.01, piece.box.height));
        rect.x = piece.box.x;
        rect.y = piece.box.y;
        const paint = toPluginPaint({ ...p, scaleMode: "STRETCH", imageTransform: undefined, imageRef: "" }, { imageHash: () => piece.hash, warn: w.ctx.warn }) as ImagePaint;
        rect.fills = [{ ...paint, imageTransform: piece.imageTransform }];
        rect.setPluginData(DATA_KIND, "image-tile");
        layers.push(rect);
      }
    } else {
      const paint = toPluginPaint(p, w.ctx);
      if (!paint) continue;
      const rect = w.figma.createRectangle();
      frame.insertChild(layers.length, rect);
      rect.name = "Fill";
      rect.resize(Math.max(0.01, width), Math.max(0.01, height));
      rect.x = 0;
      rect.y = 0;
      rect.fills = [paint];
      rect.setPluginData(DATA_KIND, "fill-layer");
      layers.push(rect);
    }
  }
  const radius = r.cornerRadius ?? Math.max(0, ...(r.rectangleCornerRadii ?? [0]));
  if (radius > 0 && !frame.clipsContent) {
    frame.clipsContent = true;
    if ((r.children ?? []).length) w.warn(`node "${r.name}": clips its content so its tiled image keeps the rounded corners`);
  }
  return layers;
}

/** An effect a frame's background layer draws, when it has one (shadows and a background blur). */
export function onBackground(e: Effect): boolean {
  return isShadow(e) || e.type === "BACKGROUND_BLUR";
}

/**
 * The frame's effects. A frame that does not clip and has children, or whose fills and
 * clipping would make Figma refuse a shadow's spread, gets its fills, radii and shadows on a
 * background rectangle (its first child) instead; returns that rectangle.
 */
export function frameEffects(w: Writer, f: FrameLike, r: ResultNode, hasChildren: boolean): RectangleNode | null {
  const list = (r.effects ?? []).map(toPluginEffect);
  const shadows = list.filter(onBackground);
  const spread = list.some(hasSpread);
  const moveShadows = shadows.some(isShadow) && !f.clipsContent && (hasChildren || spread);
  if (!moveShadows) {
    effects(w, f, r, list);
    return null;
  }
  const bg = w.figma.createRectangle();
  f.insertChild(0, bg);
  bg.name = "Background";
  bg.setPluginData(DATA_KIND, "background");
  w.attempt(r, "background size", () => {
    bg.resize(Math.max(0.01, f.width), Math.max(0.01, f.height));
    bg.x = 0;
    bg.y = 0;
    bg.constraints = { horizontal: "STRETCH", vertical: "STRETCH" };
  });
  const fills = f.fills;
  w.attempt(r, "fills", () => {
    bg.fills = typeof fills === "symbol" ? [] : fills;
    f.fills = [];
  });
  w.attempt(r, "corner radii", () => {
    bg.topLeftRadius = f.topLeftRadius;
    bg.topRightRadius = f.topRightRadius;
    bg.bottomRightRadius = f.bottomRightRadius;
    bg.bottomLeftRadius = f.bottomLeftRadius;
  });
  effects(w, bg, r, shadows);
  effects(w, f, r, list.filter((e) => !shadows.includes(e)));
  return bg;
}

export function autoLayout(w: Writer, f: FrameLike, r: ResultNode, kids: SceneNode[], layers: SceneNode[], tolerance: number): void {
  w.attempt(r, "auto layout", () => autoLayoutUnsafe(w, f, r, kids, layers, tolerance));
}

function autoLayoutUnsafe(w: Writer, f: FrameLike, r: ResultNode, kids: SceneNode[], layers: SceneNode[], tolerance: number): void {
  const all = [...layers, ...kids];
  const before = all.map((n) => ({ n, x: n.x, y: n.y, w: n.width, h: n.height }));
  const size = { w: f.width, h: f.height };
  f.primaryAxisSizingMode = r.primaryAxisSizingMode ?? "FIXED";
  f.counterAxisSizingMode = r.counterAxisSizingMode ?? "FIXED";
  f.primaryAxisAlignItems = r.primaryAxisAlignItems ?? "MIN";
  f.counterAxisAlignItems = r.counterAxisAlignItems ?? "MIN";
  f.paddingTop = r.paddingTop ?? 0;
  f.paddingRight = r.paddingRight ?? 0;
  f.paddingBottom = r.paddingBottom ?? 0;
  f.paddingLeft = r.paddingLeft ?? 0;
  f.itemSpacing = r.itemSpacing ?? 0;
  f.layoutMode = r.layoutMode as "HORIZONTAL" | "VERTICAL";
  if (r.layoutWrap === "WRAP" && r.layoutMode === "HORIZONTAL") {
    f.layoutWrap = "WRAP";
    f.counterAxisSpacing = r.counterAxisSpacing ?? 0;
  }
  const results = r.children ?? [];
  const absolute = new Set<SceneNode>(layers);
  kids.forEach((n, i) => {
    const c = results[i];
    if (!c || !("layoutAlign" in n)) return;
    if (c.layoutPositioning === "ABSOLUTE") absolute.add(n);
    else {
      if (c.layoutAlign) n.layoutAlign = c.layoutAlign;
      if (typeof c.layoutGrow === "number") n.layoutGrow = c.layoutGrow;
      // A stretched child the page keeps within a width (a centred max-width container).
      if (typeof c.minWidth === "number" && "minWidth" in n) n.minWidth = c.minWidth;
      if (typeof c.maxWidth === "number" && "maxWidth" in n) n.maxWidth = c.maxWidth;
    }
  });
  for (const b of before) {
    if (!absolute.has(b.n) || !("layoutPositioning" in b.n)) continue;
    b.n.layoutPositioning = "ABSOLUTE";
    b.n.x = b.x;
    b.n.y = b.y;
  }
  if (f.width !== size.w || f.height !== size.h) {
    if (f.primaryAxisSizingMode === "FIXED" && f.counterAxisSizingMode === "FIXED") f.resize(size.w, size.h);
  }
  const tol = tolerance;
  const moved = before
    .map((b) => ({ b, d: Math.max(Math.abs(b.n.x - b.x), Math.abs(b.n.y - b.y), Math.abs(b.n.width - b.w), Math.abs(b.n.height - b.h)) }))
    .filter((m) => m.d > tol + 1e-6);
  const frameMoved = Math.max(Math.abs(f.width - size.w), Math.abs(f.height - size.h)) > tol + 1e-6;
  if (!moved.length && !frameMoved) return;
  // Figma's layout does not reproduce the page: keep exact positions instead.
  f.layoutMode = "NONE";
  f.resize(Math.max(0.01, size.w), Math.max(0.01, size.h));
  for (const b of before) {
    if ("resize" in b.n && (b.n.width !== b.w || b.n.height !== b.h)) b.n.resize(Math.max(0.01, b.w), Math.max(0.01, b.h));
    b.n.x = b.x;
    b.n.y = b.y;
  }
  const worst = moved.sort((a, b) => b.d - a.d)[0];
  const what = worst ? `"${worst.b.n.name}" by ${worst.d.toFixed(2)} px` : `the frame's size`;
  w.warn(`auto layout of "${r.name}" left off: Figma's layout would move ${what}; children keep their exact positions`);
}


/**
 * A GRID frame's tracks, gaps and padding, set before its children are made: each child
 * appended then takes the next free cell in reading order, which is the result's (the converter
 * writes them so, convert/grid.py). Returns whether the grid is on.
 */
export function startGrid(w: Writer, f: FrameLike, r: ResultNode): boolean {
  let on = false;
  w.attempt(r, "grid layout", () => {
    f.layoutMode = "GRID";
    f.gridColumnCount = Math.max(1, r.gridColumnCount ?? 1);
    f.gridRowCount = Math.max(1, r.gridRowCount ?? 1);
    f.gridRowGap = r.gridRowGap ?? 0;
    f.gridColumnGap = r.gridColumnGap ?? 0;
    const fix = (tracks: GridTrackSize[], sizes: number[] | undefined): void =>
      tracks.forEach((track, i) => {
        track.type = "FIXED";
        track.value = Math.max(0, sizes?.[i] ?? 0);
      });
    fix(f.gridRowSizes, r.gridRowSizes);
    fix(f.gridColumnSizes, r.gridColumnSizes);
    f.paddingTop = r.paddingTop ?? 0;
    f.paddingRight = r.paddingRight ?? 0;
    f.paddingBottom = r.paddingBottom ?? 0;
    f.paddingLeft = r.paddingLeft ?? 0;
    on = true;
  });
  if (!on && f.layoutMode === "GRID") f.layoutMode = "NONE";
  return on;
}

/**
 * The GRID's children at their cells; where Figma puts one more than `tolerance` px from its
 * box, the frame goes back to absolute positions (each child where the result has it), with a
 * warning.
 */
export function checkGrid(w: Writer, f: FrameLike, r: ResultNode, kids: SceneNode[], tolerance: number): void {
  const results = r.children ?? [];
  const bb = r.absoluteBoundingBox;
  let worst = { d: 0, name: "" };
  kids.forEach((n, i) => {
    const c = results[i];
    if (!c) return;
    if (c.gridRowAnchorIndex !== undefined && c.gridColumnAnchorIndex !== undefined && "setGridChildPosition" in n) {
      const row = c.gridRowAnchorIndex;
      const column = c.gridColumnAnchorIndex;
      if (n.gridRowAnchorIndex !== row || n.gridColumnAnchorIndex !== column) w.attempt(c, "grid cell", () => n.setGridChildPosition(row, column));
    }
    const d = Math.max(Math.abs(n.x - (c.absoluteBoundingBox.x - bb.x)), Math.abs(n.y - (c.absoluteBoundingBox.y - bb.y)));
    if (d > worst.d) worst = { d, name: n.name };
  });
  if (worst.d <= tolerance + 1e-6) return;
  f.layoutMode = "NONE";
  kids.forEach((n, i) => {
    const c = results[i];
    if (!c) return;
    n.x = c.absoluteBoundingBox.x - bb.x;
    n.y = c.absoluteBoundingBox.y - bb.y;
  });
  w.warn(`grid layout of "${r.name}" left off: Figma's grid would move "${worst.name}" by ${worst.d.toFixed(2)} px; children keep their exact positions`);
}
