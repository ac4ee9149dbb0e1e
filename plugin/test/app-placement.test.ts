import { describe, expect, it } from "vitest";
import { createTestFigma } from "./figma";
import {
  freeSlot,
  freeSpot,
  groupExtent,
  groupOrigin,
  newGroup,
  overlaps,
  PLACEMENT_GAP,
  reservedArea,
  sideBySide,
  slotPosition,
  topLevelRects,
  unionBounds,
} from "../src/app/placement";

describe("free spot", () => {
  it("is the origin on an empty page", () => {
    expect(freeSpot([])).toEqual({ x: 0, y: 0 });
    expect(freeSpot([], 100, { x: 50, y: -20 })).toEqual({ x: 50, y: -20 });
  });

  it("is right of everything, top-aligned, one gap away", () => {
    const rects = [
      { x: -200, y: 100, width: 300, height: 50 },
      { x: 400, y: -50, width: 100, height: 1000 },
    ];
    expect(unionBounds(rects)).toEqual({ x: -200, y: -50, width: 700, height: 1000 });
    const spot = freeSpot(rects, 120);
    expect(spot).toEqual({ x: 620, y: -50 });
    const placed = { ...spot, width: 1440, height: 5000 };
    expect(rects.some((r) => overlaps(r, placed))).toBe(false);
  });

  it("never overlaps existing top-level nodes of a page in the in-memory Figma", () => {
    const figma = createTestFigma();
    const a = figma.createFrame();
    a.resize(800, 600);
    a.x = 100;
    a.y = 40;
    const b = figma.createRectangle();
    b.resize(50, 2000);
    b.x = 1000;
    b.y = 300;
    const rects = topLevelRects(figma.currentPage);
    expect(rects).toHaveLength(2);
    const spot = freeSpot(rects);
    expect(spot).toEqual({ x: 1050 + PLACEMENT_GAP, y: 40 });
    const frame = figma.createFrame();
    frame.resize(1440, 900);
    frame.x = spot.x;
    frame.y = spot.y;
    for (const other of [a, b]) {
      expect(overlaps({ x: frame.x, y: frame.y, width: frame.width, height: frame.height }, { x: other.x, y: other.y, width: other.width, height: other.height })).toBe(false);
    }
  });
});

describe("side by side (one URL, several viewports)", () => {
  it("puts each viewport one gap right of the previous one, top-aligned", () => {
    expect(sideBySide([1440, 768, 390], { x: 10, y: 20 }, 100)).toEqual([
      { x: 10, y: 20 },
      { x: 1550, y: 20 },
      { x: 2418, y: 20 },
    ]);
    const group = newGroup("g", "row", [1440, 768, 390], 100);
    expect(slotPosition(group, 2, { x: 10, y: 20 })).toEqual({ x: 2418, y: 20 });
    expect(groupExtent(group)).toBe(1440 + 768 + 390 + 200);
  });

  it("knows every slot at once, whatever order the designs finish in", () => {
    const group = newGroup("g", "row", [1440, 390], 100);
    expect(slotPosition(group, 1, { x: 0, y: 0 })).toEqual({ x: 1540, y: 0 });
  });
});

describe("grid (a batch of pages)", () => {
  it("fills rows of `columns` cells as wide as the widest viewport", () => {
    const group = newGroup("g", "grid", [1440, 1440, 1440, 1440, 1440], 100, 2);
    const origin = { x: 0, y: 0 };
    expect(slotPosition(group, 0, origin)).toEqual({ x: 0, y: 0 });
    expect(slotPosition(group, 1, origin)).toEqual({ x: 1540, y: 0 });
    // Row 2 waits until row 1's heights are known…
    expect(slotPosition(group, 2, origin)).toBeNull();
    group.slots[0] = { width: 1440, height: 3000 };
    expect(slotPosition(group, 2, origin)).toBeNull();
    group.slots[1] = { width: 1440, height: 4200 };
    // …then starts below its tallest design.
    expect(slotPosition(group, 2, origin)).toEqual({ x: 0, y: 4300 });
    expect(slotPosition(group, 3, origin)).toEqual({ x: 1540, y: 4300 });
    expect(slotPosition(group, 4, origin)).toBeNull();
  });

  it("a failed or cancelled slot (height 0) does not hold the grid up or leave a gap row", () => {
    const group = newGroup("g", "grid", [800, 800, 800], 50, 1);
    group.slots[0] = { width: 800, height: 0 };
    group.slots[1] = { width: 800, height: 1200 };
    expect(slotPosition(group, 2, { x: 5, y: 5 })).toEqual({ x: 5, y: 1255 });
    expect(slotPosition(group, 3, { x: 5, y: 5 })).toBeNull();
  });

  it("reserves its width so another group starting meanwhile goes to its right", () => {
    const group = newGroup("g", "grid", [1440, 1440, 1440, 1440, 1440, 1440], 100, 4);
    expect(reservedArea(group)).toBeNull();
    group.origin = { x: 500, y: 0 };
    const reserved = reservedArea(group);
    expect(reserved).toEqual({ x: 500, y: 0, width: 4 * 1440 + 3 * 100, height: 1 });
    const other = groupOrigin([{ x: 0, y: 0, width: 400, height: 400 }], reserved ? [reserved] : [], 100);
    expect(other).toEqual({ x: 500 + 4 * 1440 + 3 * 100 + 100, y: 0 });
  });
});

describe("each slot is checked against the page as it is now", () => {
  it("a slot with nothing on it is used as is; one with content on it moves right of everything", () => {
    const want = { x: 0, y: 0, width: 100, height: 100 };
    expect(freeSlot(want, [{ x: 200, y: 0, width: 10, height: 10 }])).toEqual({ x: 0, y: 0 });
    expect(freeSlot(want, [{ x: 50, y: 50, width: 10, height: 10 }, { x: 300, y: -40, width: 10, height: 10 }], 120)).toEqual({ x: 430, y: -40 });
  });

  it("a failed grid slot placed again later does not overlap the row below it (its height was settled at 0)", () => {
    // Two columns; slot 0 failed (height 0), slot 1 placed 300 tall, so row 2 started right below.
    const group = newGroup("g", "grid", [100, 100, 100], 20, 2);
    group.origin = { x: 0, y: 0 };
    group.slots[0]!.height = 0;
    group.slots[1]!.height = 300;
    const row2 = slotPosition(group, 2, group.origin)!;
    expect(row2).toEqual({ x: 0, y: 320 });
    const onPage = [
      { x: 120, y: 0, width: 100, height: 300 },
      { x: row2.x, y: row2.y, width: 100, height: 500 },
    ];
    // The failed item is converted again and placed: its cell would run into row 2.
    const cell = slotPosition(group, 0, group.origin)!;
    const want = { ...cell, width: 100, height: 900 };
    expect(onPage.some((r) => overlaps(r, want))).toBe(true);
    const spot = freeSlot(want, onPage, 20);
    expect(onPage.some((r) => overlaps(r, { ...spot, width: 100, height: 900 }))).toBe(false);
  });
});
