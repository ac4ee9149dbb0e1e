/**
 * Text laid out as Figma lays it out, for the in-memory Figma's auto-resizing text: each run
 * shaped with HarfBuzz, word by word as Blink does, over the installed font file of its family
 * and style (faces.ts; characters the face lacks by a Noto fallback), letter spacing after every
 * character, lines broken greedily at break opportunities (after spaces and hyphens, between CJK
 * characters; a word wider than the box breaks where it must), trailing spaces hanging, each line
 * as tall as its tallest line height (PIXELS, PERCENT of the size, or AUTO: the face's ascender,
 * descender and line gap), paragraphs ("\n") apart by paragraphSpacing, their first lines
 * indented by paragraphIndent.
 */
import * as hb from "harfbuzzjs";
import { parseStyle } from "../../src/materialize/fonts";
import { faceOf, fallbackFace, type Face } from "./faces";

export interface RunStyle {
  fontName: FontName;
  fontSize: number;
  letterSpacing: LetterSpacing;
  lineHeight: LineHeight;
  textCase: TextCase;
}

export interface LaidLine {
  /** UTF-16 offsets of the line in the text (its trailing spaces and break included). */
  start: number;
  end: number;
  /** Width without trailing spaces, px (what a wrapped line shows: its trailing spaces hang). */
  width: number;
  /** Width with them (what an auto-width text box spans). */
  advance: number;
  height: number;
}

export interface TextLayout {
  lines: LaidLine[];
  /** The widest line without its trailing spaces, and with them. */
  width: number;
  advance: number;
  height: number;
}

export interface LayoutOptions {
  /** The box width lines wrap at (Infinity: no wrapping, WIDTH_AND_HEIGHT). */
  wrapWidth: number;
  paragraphSpacing: number;
  paragraphIndent: number;
  /** Every advance x this (1.02: another engine 2 % wider), to check a design keeps its lines. */
  advanceScale?: number;
}

const faceOfStyle = (f: FontName): Face | null => {
  const { weight, italic } = parseStyle(f.style);
  return faceOf(f.family, weight, italic);
};

/** The fonts of `styles` that have no installed face here (their text cannot be measured). */
export function unmeasurable(styles: readonly RunStyle[]): FontName[] {
  const seen = new Map<string, FontName>();
  for (const s of styles) if (!faceOfStyle(s.fontName)) seen.set(`${s.fontName.family}\u0000${s.fontName.style}`, s.fontName);
  return [...seen.values()];
}

function cased(text: string, textCase: TextCase, previous: string): string {
  switch (textCase) {
    case "UPPER":
    case "SMALL_CAPS_FORCED":
      return text.toUpperCase();
    case "LOWER":
      return text.toLowerCase();
    case "TITLE":
      return /[\s\p{P}]/u.test(previous) || previous === "" ? text.toUpperCase() : text;
    default:
      return text;
  }
}

interface Shaped {
  /** Advance in font units of each UTF-16 unit (0 for one inside another's cluster). */
  advances: number[];
  /** Whether the unit starts a HarfBuzz cluster (a letter with its marks, a conjunct). */
  starts: boolean[];
}

const shaped = new Map<string, Shaped>();

/**
 * `text` shaped in `face`: each UTF-16 unit's advance, and where its clusters start. `spaced`:
 * letter-spaced, which turns the common ligatures off (as Blink does: "fi" stays two letters).
 */
function shape(face: Face, text: string, spaced = false): Shaped {
  const key = `${face.file}\u0000${spaced ? 1 : 0}${text}`;
  const known = shaped.get(key);
  if (known) return known;
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(face.font, buffer, spaced ? [new hb.Feature("liga", 0), new hb.Feature("clig", 0)] : undefined);
  const advances = new Array<number>(text.length).fill(0);
  const starts = new Array<boolean>(text.length).fill(false);
  const infos = buffer.getGlyphInfos();
  const positions = buffer.getGlyphPositions();
  infos.forEach((info, i) => {
    // Legacy kerning: the pair's value on the left glyph's advance (glyphs are in visual order).
    const next = infos[i + 1];
    const kern = next && face.kern.size ? (face.kern.get(info.codepoint * 65536 + next.codepoint) ?? 0) : 0;
    advances[info.cluster] = (advances[info.cluster] ?? 0) + (positions[i]?.xAdvance ?? 0) + kern;
    starts[info.cluster] = true;
  });
  if (shaped.size > 20000) shaped.clear();
  const out = { advances, starts };
  shaped.set(key, out);
  return out;
}

const unitAdvances = (face: Face, text: string): number[] => shape(face, text).advances;

const spaced = new Map<string, boolean>();

/**
 * Whether the face's kerning or ligatures involve the space (Liberation Sans kerns " T"): then
 * Blink shapes a run whole, else word by word. Probed on the letters such pairs usually name.
 */
function spaceFeatures(face: Face): boolean {
  const known = spaced.get(face.file);
  if (known !== undefined) return known;
  const sum = (t: string): number => unitAdvances(face, t).reduce((a, b) => a + b, 0);
  const found = [..."ATVWYfj1"].some((ch) => sum(` ${ch}`) !== sum(" ") + sum(ch) || sum(`${ch} `) !== sum(ch) + sum(" "));
  spaced.set(face.file, found);
  return found;
}

/** Each UTF-16 unit's advance in px for one run of one style (letter spacing included). */
function runAdvances(text: string, style: RunStyle, previous: string): number[] {
  const face = faceOfStyle(style.fontName) as Face;
  const { weight, italic } = parseStyle(style.fontName.style);
  const units: string[] = [];
  for (const ch of text) units.push(cased(ch, style.textCase, units.at(-1) ?? previous), ...(ch.length > 1 ? [""] : []));
  // Each character in the run's face where it has it (a space too, as Chromium falls back per
  // character), else in a fallback face; a mark or a joiner stays in the face of the character
  // before it. Each stretch of one face is shaped together.
  const faces: Face[] = [];
  for (let i = 0; i < text.length; i++) {
    const u = units[i] as string;
    const cp = (u || (text[i] as string)).codePointAt(0) as number;
    const before = faces[i - 1] ?? face;
    faces.push(u === "" || /[\p{M}\u200c\u200d]/u.test(u) ? before : face.has(cp) ? face : (fallbackFace(cp, weight, italic) ?? face));
  }
  const out = new Array<number>(text.length).fill(0);
  const spacing = style.letterSpacing.unit === "PIXELS" ? style.letterSpacing.value : (style.letterSpacing.value / 100) * style.fontSize;
  // Letter spacing goes after each cluster, as Blink spaces them (not inside a conjunct or
  // after a combining mark).
  const clusterStart = new Array<boolean>(text.length).fill(true);
  for (let start = 0; start < text.length; ) {
    const drawn = faces[start] as Face;
    let end = start + 1;
    while (end < text.length && faces[end] === drawn) end++;
    const scale = style.fontSize / drawn.upem;
    const display = units.slice(start, end).join("");
    if (display.length === end - start) {
      // Blink shapes word by word (each space on its own) unless the font kerns or ligates spaces.
      const pieces = spaceFeatures(drawn) ? [{ 0: display, index: 0 }] : display.matchAll(/ +|[^ ]+/g);
      for (const m of pieces) {
        const { advances, starts } = shape(drawn, m[0], spacing !== 0);
        advances.forEach((a, k) => (out[start + m.index + k] = a * scale));
        starts.forEach((first, k) => (clusterStart[start + m.index + k] = first));
      }
    } else {
      // A case mapping changed the length (ß to SS): each character on its own.
      for (let i = start; i < end; i++) if (units[i]) out[i] = unitAdvances(drawn, units[i] as string).reduce((a, b) => a + b, 0) * scale;
    }
    start = end;
  }
  for (let i = 0; i < text.length; i++) if (units[i] !== "" && clusterStart[i]) out[i] = (out[i] ?? 0) + spacing;
  return out;
}

function lineHeightOf(style: RunStyle): number {
  const lh = style.lineHeight;
  if (lh.unit === "PIXELS") return lh.value;
  if (lh.unit === "PERCENT") return (lh.value / 100) * style.fontSize;
  const face = faceOfStyle(style.fontName) as Face;
  const e = face.extents;
  return ((e.ascender - e.descender + e.lineGap) / face.upem) * style.fontSize;
}

const CJK = /[\u1100-\u11ff\u2e80-\u2fdf\u3000-\u303f\u3040-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;
// No line starts with these, none ends with those (kinsoku, and Latin closing punctuation).
const NO_START = /[)\]}、。，．・：；？！ー」』）】〉》〕〗〙〛ゝゞヽヾ々〻ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.:;!?%]/;
const NO_END = /[([{「『（【〈《〔〖〘〚]/;

/** Whether a line may break between text[i - 1] and text[i]. */
function breakBefore(text: string, i: number): boolean {
  const prev = text[i - 1] as string;
  const next = text[i] as string;
  if (/\s/.test(next) || NO_START.test(next) || NO_END.test(prev)) return false;
  if (prev === " " || prev === "\u200b" || prev === "\t") return true;
  if (prev === "-" && /\p{L}/u.test(next) && i >= 2 && /\p{L}/u.test(text[i - 2] as string)) return true;
  return CJK.test(prev) || CJK.test(next);
}

/** Lays out a text whose every UTF-16 unit has its style (styles.length === text.length, or one base style for empty text). */
export function layoutText(text: string, styles: readonly RunStyle[], base: RunStyle, options: LayoutOptions): TextLayout {
  const advances = new Array<number>(text.length).fill(0);
  // Runs of what shaping depends on (a style object per character need not be shared).
  const shapeKey = (s: RunStyle | undefined): string => (s ? `${s.fontName.family}\u0000${s.fontName.style}\u0000${s.fontSize}\u0000${s.letterSpacing.unit}${s.letterSpacing.value}\u0000${s.textCase}` : "");
  const keys = styles.map(shapeKey);
  for (let start = 0; start < text.length; ) {
    if (text[start] === "\n") {
      start++;
      continue;
    }
    let end = start + 1;
    while (end < text.length && keys[end] === keys[start] && text[end] !== "\n") end++;
    const scale = options.advanceScale ?? 1;
    runAdvances(text.slice(start, end), styles[start] ?? base, text[start - 1] ?? "").forEach((a, k) => (advances[start + k] = a * scale));
    start = end;
  }
  const lines: LaidLine[] = [];
  let height = 0;
  let paragraphs = 0;
  for (let p = 0; p <= text.length; ) {
    let pEnd = text.indexOf("\n", p);
    if (pEnd < 0) pEnd = text.length;
    if (paragraphs++) height += options.paragraphSpacing;
    for (const line of breakParagraph(text, advances, p, pEnd, options)) {
      const own = styles.slice(line.start, Math.max(line.start + 1, line.end));
      const tallest = Math.max(...(own.length ? own : [styles[line.start - 1] ?? base]).map(lineHeightOf));
      lines.push({ ...line, height: tallest });
      height += tallest;
    }
    p = pEnd + 1;
  }
  return { lines, width: Math.max(0, ...lines.map((l) => l.width)), advance: Math.max(0, ...lines.map((l) => l.advance)), height };
}

function breakParagraph(text: string, advances: readonly number[], start: number, end: number, options: LayoutOptions): Array<Omit<LaidLine, "height">> {
  const out: Array<Omit<LaidLine, "height">> = [];
  let lineStart = start;
  let indent = options.paragraphIndent;
  let width = indent; // through the last character added
  let visible = indent; // through the last character that is not a space
  let lastBreak = -1;
  let visibleAtBreak = 0;
  for (let i = start; i < end; i++) {
    if (i > lineStart && breakBefore(text, i)) {
      lastBreak = i;
      visibleAtBreak = visible;
    }
    const a = advances[i] ?? 0;
    const space = /\s/.test(text[i] as string);
    if (!space && i > lineStart && width + a > options.wrapWidth + 1e-3) {
      // Break at the last opportunity on the line, else (a word wider than the box) right here.
      const at = lastBreak > lineStart ? lastBreak : i;
      const shown = lastBreak > lineStart ? visibleAtBreak : visible;
      out.push({ start: lineStart, end: at, width: shown, advance: shown });
      lineStart = at;
      indent = 0;
      width = 0;
      visible = 0;
      for (let k = at; k < i; k++) width += advances[k] ?? 0;
      visible = width;
      lastBreak = -1;
    }
    width += a;
    if (!space) visible = width;
  }
  out.push({ start: lineStart, end, width: visible, advance: width });
  return out;
}
