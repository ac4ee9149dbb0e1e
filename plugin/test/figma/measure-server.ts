/**
 * Text laid out by the in-memory Figma, for the Python test that holds it against Chromium's
 * layout with the same font files (tests/chromium/plugin/test_text_measure.py). One JSON request
 * per line on stdin, `{"font": {family, style}, "size", "text", "letterSpacing", "width"}`
 * (`width` null: auto width, else auto height at that width); one line out,
 * `{"width", "height", "lines", "file", "family", "index"}` (the font file it measured with, the
 * face's family name here and its index in the file), or
 * `{"error"}`. Bundled with esbuild and run by node, as the placement oracle is.
 */
import { createInterface } from "node:readline";
import { parseStyle } from "../../src/materialize/fonts";
import { faceOf } from "./faces";
import { createTestFigma } from "./index";

interface Request {
  font: FontName;
  size: number;
  text: string;
  letterSpacing?: number;
  width: number | null;
}

async function measure(request: Request): Promise<Record<string, unknown>> {
  const figma = createTestFigma();
  await figma.loadFontAsync({ family: "Inter", style: "Regular" });
  await figma.loadFontAsync(request.font);
  const t = figma.createText();
  t.fontName = request.font;
  t.fontSize = request.size;
  t.characters = request.text;
  if (request.letterSpacing) t.letterSpacing = { unit: "PIXELS", value: request.letterSpacing };
  if (request.width !== null) {
    t.textAutoResize = "HEIGHT";
    t.resize(request.width, t.height);
  }
  const { weight, italic } = parseStyle(request.font.style);
  const lines = (t as unknown as { laidOutLines(): string[] }).laidOutLines();
  const face = faceOf(request.font.family, weight, italic);
  return { width: t.width, height: t.height, lines, file: face?.file ?? null, family: face?.family ?? null, index: face?.index ?? 0 };
}

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  try {
    process.stdout.write(JSON.stringify(await measure(JSON.parse(line) as Request)) + "\n");
  } catch (e) {
    process.stdout.write(JSON.stringify({ error: e instanceof Error ? e.message : String(e) }) + "\n");
  }
}
