/**
 * The placement oracle for the Python invariants suite (tests/support/placement.py): one JSON
 * result per line on stdin (`{"name", "result"}`, the result as GET .../result returns it),
 * each placed by the materializer in a fresh in-memory Figma and read back; one line out per
 * result, `{"name", "breaks", "fallBacks", "kept"}` (compare.ts; the materializer's warnings for
 * instances it placed as plain frames; how many of the result's auto layout frames and instances
 * were placed as such: `{"autoLayout": [kept, of], "instances": [kept, of]}`), or
 * `{"name", "error"}` when placing it threw. Text is measured (the in-memory Figma's default).
 * A request may carry `"advanceScales": [0.98, 1.02]`: the result is then also placed with every
 * glyph advance scaled so, and `kept.lines` counts the wrapped texts whose lines all of them keep.
 * Bundled with esbuild and run by node, so a generated page is checked in milliseconds and a
 * failing one can be shrunk by hypothesis.
 */
import { createInterface } from "node:readline";
import { materialize, readBack, type FullResult, type ResultNode } from "../../src/materialize";
import { createTestFigma } from "../figma";
import { placementBreaks } from "./compare";

type Kept = Partial<Record<"autoLayout" | "instances" | "lines", [number, number]>>;

function* walk(n: ResultNode): Generator<ResultNode> {
  yield n;
  for (const c of n.children ?? []) yield* walk(c);
}

/** How many of the result's auto layout frames and instances Figma holds as such. */
function kept(result: FullResult, nodes: ReadonlyMap<string, SceneNode>): Kept {
  const autoLayout: [number, number] = [0, 0];
  const instances: [number, number] = [0, 0];
  for (const r of walk(result.document.document)) {
    const n = nodes.get(r.id);
    if (r.layoutMode && r.layoutMode !== "NONE") {
      autoLayout[1]++;
      if (n && "layoutMode" in n && n.layoutMode === r.layoutMode) autoLayout[0]++;
    }
    if (r.type === "INSTANCE") {
      instances[1]++;
      if (n?.type === "INSTANCE") instances[0]++;
    }
  }
  return { autoLayout, instances };
}

/** Wrapped texts (auto height) that keep the result's height, placed with every advance scaled by each of `scales`. */
async function linesKept(result: FullResult, scales: readonly number[]): Promise<[number, number]> {
  const wrapped = [...walk(result.document.document)].filter((r) => r.type === "TEXT" && r.style?.textAutoResize === "HEIGHT");
  const kept = new Set(wrapped.map((r) => r.id));
  for (const advanceScale of scales) {
    const figma = createTestFigma({ advanceScale });
    const root = result.document.document;
    const m = await materialize(figma, result, { parent: figma.currentPage, x: root.absoluteBoundingBox.x, y: root.absoluteBoundingBox.y });
    for (const r of wrapped) {
      const n = m.nodes.get(r.id);
      if (!n || Math.abs(n.height - r.absoluteBoundingBox.height) > 0.5) kept.delete(r.id);
    }
  }
  return [kept.size, wrapped.length];
}

async function place(result: FullResult, scales: readonly number[]): Promise<{ breaks: string[]; fallBacks: string[]; kept: Kept }> {
  const figma = createTestFigma();
  const root = result.document.document;
  const m = await materialize(figma, result, { parent: figma.currentPage, x: root.absoluteBoundingBox.x, y: root.absoluteBoundingBox.y });
  const available = new Set((await figma.listAvailableFontsAsync()).map((f) => f.fontName.family));
  const breaks = placementBreaks(result, await readBack(m.root, figma), available);
  // Why an instance became a plain frame, for whoever reads a break (not counted as one).
  const counts = kept(result, m.nodes);
  if (scales.length) counts.lines = await linesKept(result, scales);
  return { breaks, fallBacks: m.warnings.filter((w) => w.includes("placed as a plain frame")), kept: counts };
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  const { name, result, advanceScales } = JSON.parse(line) as { name: string; result: FullResult; advanceScales?: number[] };
  try {
    process.stdout.write(JSON.stringify({ name, ...(await place(result, advanceScales ?? [])) }) + "\n");
  } catch (e) {
    process.stdout.write(JSON.stringify({ name, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) }) + "\n");
  }
}
