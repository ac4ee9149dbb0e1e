/** What a design needs to reflow when its frame is resized: constraints set once every frame has its final size, locked proportions, and the resize itself. */
import { describe, expect, it } from "vitest";
import { readBack } from "../src/materialize";
import { node, place } from "./materialize-builders";

describe("a design resized after placing", () => {
  it("places a child with SCALE constraints at its box, and it keeps its share when its frame is resized", async () => {
    // The frame hugs, and its only child is out of the flow: switching auto layout on shrinks the
    // frame to nothing; the plugin leaves auto layout off and the child keeps its box.
    const bar = node("RECTANGLE", [0, 0, 100, 20], { layoutPositioning: "ABSOLUTE", constraints: { horizontal: "SCALE", vertical: "TOP" }, fills: [] });
    const track = node("FRAME", [0, 0, 400, 20], { layoutMode: "VERTICAL", primaryAxisSizingMode: "AUTO", counterAxisSizingMode: "AUTO", children: [bar] });
    const { m } = await place(node("FRAME", [0, 0, 400, 20], { children: [track] }));
    const placed = m.nodes.get(bar.id) as RectangleNode;
    expect([placed.x, placed.width, placed.constraints.horizontal]).toEqual([0, 100, "SCALE"]);
    // And it keeps its share when the design is resized.
    (m.nodes.get(track.id) as FrameNode).resize(200, 20);
    expect(placed.width).toBe(50);
  });

  it("locks the proportions of a node the result says keeps them, and reads them back", async () => {
    const chart = node("RECTANGLE", [0, 0, 400, 100], { preserveRatio: true, layoutAlign: "STRETCH", fills: [] });
    const stack = node("FRAME", [0, 0, 400, 100], { layoutMode: "VERTICAL", primaryAxisSizingMode: "AUTO", counterAxisSizingMode: "FIXED", children: [chart] });
    const { m, figma } = await place(stack);
    const frame = m.root as FrameNode;
    frame.resize(200, frame.height);
    expect([m.nodes.get(chart.id)?.width, m.nodes.get(chart.id)?.height, frame.height]).toEqual([200, 50, 50]);
    const back = await readBack(frame, figma);
    expect(back.document.children?.[0]?.preserveRatio).toBe(true);
  });
});
