/**
 * Where new designs go. Pure geometry (tested without Figma) plus one function that reads the
 * current page's top-level nodes. Designs are placed to the right of everything already on the
 * page, top-aligned with it, with a gap; several designs of one import are side by side, a batch
 * of pages is a grid. Nothing already on the page is ever moved.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export const PLACEMENT_GAP = 120;
export const GRID_COLUMNS = 4;

/** The bounding box of some rectangles, or null when there are none. */
export function unionBounds(rects: readonly Rect[]): Rect | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const r of rects) {
    if (![r.x, r.y, r.width, r.height].every(Number.isFinite)) continue;
    minX = Math.min(minX, r.x);
    minY = Math.min(minY, r.y);
    maxX = Math.max(maxX, r.x + Math.max(0, r.width));
    maxY = Math.max(maxY, r.y + Math.max(0, r.height));
  }
  if (minX === Infinity) return null;
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/**
 * The top-left of a free spot for new content: right of `occupied`'s bounds plus `gap`, at their
 * top. An empty page starts at `emptyOrigin` (0, 0 unless the caller prefers the viewport).
 */
export function freeSpot(occupied: readonly Rect[], gap = PLACEMENT_GAP, emptyOrigin: Point = { x: 0, y: 0 }): Point {
  const bounds = unionBounds(occupied);
  if (!bounds) return { x: Math.round(emptyOrigin.x), y: Math.round(emptyOrigin.y) };
  return { x: Math.ceil(bounds.x + bounds.width + gap), y: Math.floor(bounds.y) };
}

export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Left edges of items laid side by side from `origin.x`, each `gap` after the previous one. */
export function sideBySide(widths: readonly number[], origin: Point, gap = PLACEMENT_GAP): Point[] {
  const points: Point[] = [];
  let x = origin.x;
  for (const width of widths) {
    points.push({ x, y: origin.y });
    x += width + gap;
  }
  return points;
}

/**
 * A group of designs placed together: `row` (the viewports of one URL) or `grid` (a batch of
 * pages). Each slot knows its expected width (the viewport's) and, once placed, its real size.
 */
export interface PlacementGroup {
  id: string;
  /** The page the group's designs go on (set at creation; older state has none: the current page). */
  pageId?: string;
  layout: "row" | "grid";
  columns: number;
  gap: number;
  /** Fixed when the group's first design is placed; null before. */
  origin: Point | null;
  slots: Slot[];
  /** A grid's site map (site-map.ts), once made: the overview board's node id. */
  siteMap?: string;
}

export interface Slot {
  /** Expected width (the viewport's) before placement; the real width after. */
  width: number;
  /** Real height once placed; 0 when the slot will never be filled (failed, cancelled); null while pending. */
  height: number | null;
}

/** The width a group may occupy, for keeping other groups clear of it while it fills. */
export function groupExtent(group: PlacementGroup): number {
  if (group.slots.length === 0) return 0;
  if (group.layout === "row") {
    return group.slots.reduce((sum, s) => sum + s.width, 0) + group.gap * (group.slots.length - 1);
  }
  const columns = Math.min(group.columns, group.slots.length);
  return columns * gridCellWidth(group) + group.gap * (columns - 1);
}

export function gridCellWidth(group: PlacementGroup): number {
  return group.slots.reduce((max, s) => Math.max(max, s.width), 0);
}

/**
 * Where slot `index` goes relative to a known origin, or null while that cannot be known yet
 * (a grid row starts below the tallest design of the rows above it, so every slot of those
 * rows must be settled first).
 */
export function slotPosition(group: PlacementGroup, index: number, origin: Point): Point | null {
  if (index < 0 || index >= group.slots.length) return null;
  if (group.layout === "row") {
    const point = sideBySide(
      group.slots.slice(0, index + 1).map((s) => s.width),
      origin,
      group.gap,
    )[index];
    return point ?? null;
  }
  const columns = Math.max(1, group.columns);
  const row = Math.floor(index / columns);
  const column = index % columns;
  const cell = gridCellWidth(group);
  let y = origin.y;
  for (let r = 0; r < row; r++) {
    const rowSlots = group.slots.slice(r * columns, (r + 1) * columns);
    if (rowSlots.some((s) => s.height === null)) return null;
    const tallest = rowSlots.reduce((max, s) => Math.max(max, s.height ?? 0), 0);
    if (tallest > 0) y += tallest + group.gap;
  }
  return { x: origin.x + column * (cell + group.gap), y };
}

export function newGroup(id: string, layout: "row" | "grid", widths: readonly number[], gap = PLACEMENT_GAP, columns = GRID_COLUMNS): PlacementGroup {
  return { id, layout, columns, gap, origin: null, slots: widths.map((width) => ({ width, height: null })) };
}

/** The occupied rectangles of a page's top-level nodes. */
export function topLevelRects(page: { children: readonly SceneNodeLike[] }): Rect[] {
  return page.children.map((node) => ({ x: node.x, y: node.y, width: node.width, height: node.height }));
}

export interface SceneNodeLike {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The origin for a group about to place its first design: right of the page's content and of
 * the space other unfinished groups on the page have reserved.
 */
export function groupOrigin(pageContent: readonly Rect[], reserved: readonly Rect[], gap = PLACEMENT_GAP): Point {
  return freeSpot([...pageContent, ...reserved], gap);
}

/**
 * Where a design of `want`'s size goes: at `want` when that overlaps nothing in `occupied`
 * (the page's top-level nodes as they are NOW, and areas reserved for other groups), else at a
 * free spot right of all of them. Never on top of anything.
 */
export function freeSlot(want: Rect, occupied: readonly Rect[], gap = PLACEMENT_GAP): Point {
  if (!occupied.some((r) => overlaps(want, r))) return { x: want.x, y: want.y };
  return freeSpot(occupied, gap);
}

/** The area a started group will fill (its full width; its height is open, so a tall strip). */
export function reservedArea(group: PlacementGroup): Rect | null {
  if (!group.origin) return null;
  return { x: group.origin.x, y: group.origin.y, width: groupExtent(group), height: 1 };
}
