/**
 * The font files the in-memory Figma measures text with: the installed faces fontconfig lists
 * (the files capture renders with: fonts/install.sh), found by family and Figma style, opened
 * with HarfBuzz. A family Figma has under a name installed here by its metric twin (Arial and
 * Liberation Sans, Noto Sans JP and Noto Sans CJK JP) uses the twin. A family not installed at all
 * has no face: its text is not measured (the caller records it).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import * as hb from "harfbuzzjs";
import { kernPairs, type KernPairs } from "./kern";

export interface Face {
  readonly file: string;
  /** The face's family name here (fontconfig's first), and its index in a collection file. */
  readonly family: string;
  readonly index: number;
  readonly font: hb.Font;
  readonly upem: number;
  /** Ascender, descender (negative) and line gap, in font units. */
  readonly extents: { ascender: number; descender: number; lineGap: number };
  /** The legacy `kern` table's pairs, where its GPOS has no kerning (harfbuzzjs leaves them out). */
  readonly kern: KernPairs;
  /** Whether the face draws the code point (not .notdef). */
  has(codePoint: number): boolean;
}

interface Listed {
  file: string;
  index: number;
  families: string[];
  /** CSS weight (100..900). */
  weight: number;
  italic: boolean;
}

// Families with the same advance widths: the one Figma names is drawn here by an installed twin.
const TWINS: Record<string, readonly string[]> = {
  arial: ["liberation sans", "arimo"],
  helvetica: ["liberation sans", "arimo"],
  "times new roman": ["liberation serif", "tinos"],
  times: ["liberation serif", "tinos"],
  "courier new": ["liberation mono", "cousine"],
  courier: ["liberation mono", "cousine"],
  georgia: ["gelasio"],
  "noto sans jp": ["noto sans cjk jp"],
  "noto sans sc": ["noto sans cjk sc"],
  "noto sans tc": ["noto sans cjk tc"],
  "noto sans hk": ["noto sans cjk hk"],
  "noto sans kr": ["noto sans cjk kr"],
  "noto serif jp": ["noto serif cjk jp"],
  "noto serif sc": ["noto serif cjk sc"],
  "noto serif tc": ["noto serif cjk tc"],
  "noto serif kr": ["noto serif cjk kr"],
  "source sans pro": ["source sans 3"],
  muli: ["mulish"],
};

// fontconfig's weight scale -> CSS weights (fontconfig.h FC_WEIGHT_*).
const FC_WEIGHTS: ReadonlyArray<[number, number]> = [
  [0, 100], [40, 200], [50, 300], [55, 350], [75, 380], [80, 400], [100, 500], [180, 600], [200, 700], [205, 800], [210, 900], [215, 950],
];

function cssWeight(fc: number): number {
  let best = 400;
  let gap = Infinity;
  for (const [f, css] of FC_WEIGHTS) {
    if (Math.abs(f - fc) < gap) [best, gap] = [css, Math.abs(f - fc)];
  }
  return best;
}

let listing: Map<string, Listed[]> | null = null;

/** Every installed face by lower-cased family name (each of its names). */
function installed(): Map<string, Listed[]> {
  if (listing) return listing;
  listing = new Map();
  let out = "";
  try {
    out = execFileSync("fc-list", ["-f", "%{file}\t%{index}\t%{family}\t%{weight}\t%{slant}\n"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  } catch {
    return listing; // no fontconfig: nothing is measured
  }
  for (const line of out.split("\n")) {
    const [file, index, families, weight, slant] = line.split("\t");
    if (!file || !families || !/\.(ttf|otf|ttc|otc)$/i.test(file)) continue;
    const face: Listed = { file, index: Number(index) & 0xffff, families: families.split(","), weight: cssWeight(Number(weight)), italic: Number(slant) > 0 };
    for (const name of face.families) {
      const key = name.trim().toLowerCase();
      const list = listing.get(key) ?? [];
      list.push(face);
      listing.set(key, list);
    }
  }
  return listing;
}

const opened = new Map<string, Face>();

function open(listed: Listed): Face {
  const key = `${listed.file}#${listed.index}`;
  const known = opened.get(key);
  if (known) return known;
  const data = readFileSync(listed.file);
  const hbFace = new hb.Face(new hb.Blob(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)), listed.index);
  const font = new hb.Font(hbFace);
  const extents = font.hExtents();
  const face: Face = {
    file: listed.file,
    family: (listed.families[0] ?? "").trim(),
    index: listed.index,
    font,
    upem: hbFace.upem,
    extents: { ascender: extents.ascender, descender: extents.descender, lineGap: extents.lineGap },
    kern: hbFace.getTableFeatureTags("GPOS").includes("kern") ? new Map() : kernPairs(hbFace.referenceTable("kern")),
    has: (codePoint) => (font.nominalGlyph(codePoint) ?? 0) !== 0,
  };
  opened.set(key, face);
  return face;
}

/** The closest installed face of the family (or its twin) to a weight and slant, as CSS matches. */
export function faceOf(family: string, weight: number, italic: boolean): Face | null {
  const all = installed();
  const name = family.trim().toLowerCase();
  const faces = [name, ...(TWINS[name] ?? [])].map((n) => all.get(n)).find((list) => list && list.length);
  if (!faces) return null;
  const slanted = faces.filter((f) => f.italic === italic);
  const pool = slanted.length ? slanted : faces;
  const best = pool.reduce((a, b) => (Math.abs(b.weight - weight) < Math.abs(a.weight - weight) ? b : a));
  return open(best);
}

// Faces tried, in order, for characters a face lacks: Figma falls back to Noto for other scripts.
const FALLBACK_FAMILIES = [
  "noto sans", "noto sans cjk jp", "noto sans arabic", "noto sans hebrew", "noto sans thai", "noto sans devanagari", "noto sans bengali",
  "noto sans tamil", "noto sans armenian", "noto sans georgian", "noto sans ethiopic", "noto sans symbols", "noto sans symbols 2",
  "noto sans math", "dejavu sans", "noto color emoji",
];

const fallbackByCodePoint = new Map<string, Face | null>();

/** A face that draws the code point when the text's own face does not. */
export function fallbackFace(codePoint: number, weight: number, italic: boolean): Face | null {
  const key = `${codePoint} ${weight} ${italic}`;
  const cached = fallbackByCodePoint.get(key);
  if (cached !== undefined) return cached;
  let found: Face | null = null;
  for (const family of FALLBACK_FAMILIES) {
    const face = faceOf(family, weight, italic);
    if (face?.has(codePoint)) {
      found = face;
      break;
    }
  }
  fallbackByCodePoint.set(key, found);
  return found;
}
