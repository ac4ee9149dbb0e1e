/**
 * The resize oracle for the resize benchmark (bench/bench_resize.py): one JSON line per request
 * on stdin, `{"name", "result", "widths"}` (the result as GET .../result returns it); each width
 * places the result in a fresh in-memory Figma, drags the design's frame to that width as a
 * designer does (`resize(width, height)`: the frame's auto layout and its children's sizing and
 * constraints answer), and reads the placed design back. One line out per request:
 * `{"name", "designs": {width: document}, "images", "warnings"}` (the read-back documents, REST
 * node shapes, the image bytes they name, and the materializer's warnings), or `{"name", "error"}`.
 */
import { createInterface } from "node:readline";
import { materialize, readBack, type FullResult } from "../../src/materialize";
import { createTestFigma } from "../figma";

async function resized(result: FullResult, width: number): Promise<Awaited<ReturnType<typeof readBack>> & { warnings: string[] }> {
  const figma = createTestFigma();
  const root = result.document.document;
  const m = await materialize(figma, result, { parent: figma.currentPage, x: root.absoluteBoundingBox.x, y: root.absoluteBoundingBox.y });
  const frame = m.root;
  if ("resize" in frame) frame.resize(width, frame.height);
  return { ...(await readBack(frame, figma)), warnings: m.warnings };
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  const { name, result, widths } = JSON.parse(line) as { name: string; result: FullResult; widths: number[] };
  try {
    const designs: Record<string, unknown> = {};
    let images: Record<string, string> = {};
    let warnings: string[] = [];
    for (const width of widths) {
      const back = await resized(result, width);
      designs[String(width)] = back.document;
      images = { ...images, ...back.images };
      warnings = back.warnings;
    }
    process.stdout.write(JSON.stringify({ name, designs, images, warnings }) + "\n");
  } catch (e) {
    process.stdout.write(JSON.stringify({ name, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) }) + "\n");
  }
}
