/**
 * The placement oracle for the Python invariants suite (tests/support/placement.py): one JSON
 * result per line on stdin (`{"name", "result"}`, the result as GET .../result returns it),
 * each placed by the materializer in a fresh in-memory Figma and read back; one line out per
 * result, `{"name", "breaks", "fallBacks"}` (compare.ts; the materializer's warnings for instances
 * it placed as plain frames), or `{"name", "error"}` when placing it threw.
 * Bundled with esbuild and run by node, so a generated page is checked in milliseconds and a
 * failing one can be shrunk by hypothesis.
 */
import { createInterface } from "node:readline";
import { materialize, readBack, type FullResult } from "../../src/materialize";
import { createTestFigma } from "../figma";
import { placementBreaks } from "./compare";

async function place(result: FullResult): Promise<{ breaks: string[]; fallBacks: string[] }> {
  const figma = createTestFigma();
  const root = result.document.document;
  const m = await materialize(figma, result, { parent: figma.currentPage, x: root.absoluteBoundingBox.x, y: root.absoluteBoundingBox.y });
  const available = new Set((await figma.listAvailableFontsAsync()).map((f) => f.fontName.family));
  const breaks = placementBreaks(result, await readBack(m.root, figma), available);
  // Why an instance became a plain frame, for whoever reads a break (not counted as one).
  return { breaks, fallBacks: m.warnings.filter((w) => w.includes("placed as a plain frame")) };
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  const { name, result } = JSON.parse(line) as { name: string; result: FullResult };
  try {
    process.stdout.write(JSON.stringify({ name, ...(await place(result)) }) + "\n");
  } catch (e) {
    process.stdout.write(JSON.stringify({ name, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) }) + "\n");
  }
}
