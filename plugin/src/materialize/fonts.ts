/**
 * Fonts: every font a result needs is resolved against `listAvailableFontsAsync` and loaded
 * before any text is touched.
 *
 * Fallback when the exact family+style is missing: the same family if Figma has it (style by
 * italic first, then nearest weight, CSS's tie rule); otherwise a family of the same generic
 * class (serif / sans-serif / monospace) from a preference list, then any family Figma lists
 * in that class, then Inter; the style is again chosen by italic and nearest weight. Each
 * replacement gives one warning naming the requested and the used font.
 */
import type { TypeStyle } from "./types";

export interface FontRequest {
  family: string;
  style: string;
  weight: number;
  italic: boolean;
}

const WEIGHT_WORDS: Array<[RegExp, number]> = [
  [/\b(hairline|thin)\b/, 100],
  [/\b(extra|ultra)[\s-]?light\b/, 200],
  [/\blight\b/, 300],
  [/\b(regular|normal|book|roman|plain)\b/, 400],
  [/\bmedium\b/, 500],
  [/\b(semi|demi)[\s-]?bold\b/, 600],
  [/\b(extra|ultra)[\s-]?bold\b/, 800],
  [/\bbold\b/, 700],
  [/\b(black|heavy)\b/, 900],
];

/** Weight and italic read from a style name ("SemiBold Italic" → 600, true). */
export function parseStyle(style: string): { weight: number; italic: boolean } {
  const s = style.toLowerCase();
  const italic = /italic|oblique/.test(s);
  for (const [re, w] of WEIGHT_WORDS) if (re.test(s)) return { weight: w, italic };
  return { weight: 400, italic };
}

const STYLE_NAMES: Record<number, string> = {
  100: "Thin",
  200: "Extra Light",
  300: "Light",
  400: "Regular",
  500: "Medium",
  600: "Semi Bold",
  700: "Bold",
  800: "Extra Bold",
  900: "Black",
};

/** Figma's usual style name for a weight ("Semi Bold Italic"). */
export function styleName(weight: number, italic: boolean): string {
  const key = Math.min(900, Math.max(100, Math.round(weight / 100) * 100));
  const base = STYLE_NAMES[key] ?? "Regular";
  if (!italic) return base;
  return base === "Regular" ? "Italic" : `${base} Italic`;
}

/** The font a (possibly partial, merged) TypeStyle asks for. */
export function requestOf(style: TypeStyle): FontRequest {
  const family = style.fontFamily ?? "Inter";
  const parsed = parseStyle(style.fontStyle ?? "");
  const weight = typeof style.fontWeight === "number" ? style.fontWeight : parsed.weight;
  const italic = typeof style.italic === "boolean" ? style.italic : parsed.italic;
  return { family, style: style.fontStyle ?? styleName(weight, italic), weight, italic };
}

export type Generic = "serif" | "sans-serif" | "monospace";

const MONO = /mono|code|courier|consol|menlo|cousine|inconsolata|monaco|fixed|typewriter/i;
const SERIF =
  /serif|times|georgia|tinos|garamond|baskerville|merriweather(?! sans)|playfair|lora|bitter|arvo|crimson|cormorant|zilla|slab|bodoni|caslon|cambria|palatino|book antiqua|minion|charter|libre caslon|noto serif|pt serif|dm serif|source serif|roboto serif|ibm plex serif/i;

export function genericOf(family: string): Generic {
  if (MONO.test(family)) return "monospace";
  if (SERIF.test(family) && !/sans/i.test(family.replace(/sans-serif/i, ""))) return "serif";
  return "sans-serif";
}

const PREFERRED: Record<Generic, string[]> = {
  "sans-serif": ["Inter", "Roboto", "Arimo", "Open Sans", "Noto Sans", "Lato", "Helvetica", "Arial"],
  serif: ["Tinos", "Noto Serif", "Source Serif 4", "Merriweather", "Georgia", "Times New Roman", "Playfair Display"],
  monospace: ["Roboto Mono", "Cousine", "Source Code Pro", "JetBrains Mono", "Noto Sans Mono", "Courier New"],
};

export class FontCatalog {
  /** family (lower case) → its spelling and its styles. */
  readonly #families = new Map<string, { family: string; styles: string[] }>();

  constructor(fonts: readonly Font[]) {
    for (const f of fonts) {
      const key = f.fontName.family.toLowerCase();
      const entry = this.#families.get(key) ?? { family: f.fontName.family, styles: [] };
      if (!entry.styles.includes(f.fontName.style)) entry.styles.push(f.fontName.style);
      this.#families.set(key, entry);
    }
  }

  has(font: FontName): boolean {
    return this.#families.get(font.family.toLowerCase())?.styles.includes(font.style) ?? false;
  }

  /** The available font closest to the request (see the module comment). */
  resolve(req: FontRequest): FontName {
    const same = this.#families.get(req.family.toLowerCase());
    if (same) {
      if (same.styles.includes(req.style)) return { family: same.family, style: req.style };
      return { family: same.family, style: bestStyle(same.styles, req) };
    }
    const generic = genericOf(req.family);
    const preferred = PREFERRED[generic].map((f) => this.#families.get(f.toLowerCase())).find((e) => e !== undefined);
    const anyOfKind = preferred ?? [...this.#families.values()].find((e) => genericOf(e.family) === generic);
    const entry = anyOfKind ?? this.#families.get("inter") ?? this.#families.values().next().value;
    if (!entry) throw new Error("No fonts are available");
    return { family: entry.family, style: bestStyle(entry.styles, req) };
  }
}

/** Italic match first, then the nearest weight; ties go heavier for bold requests, lighter otherwise. */
export function bestStyle(styles: readonly string[], req: { weight: number; italic: boolean }): string {
  let best = styles[0] ?? "Regular";
  let bestScore = Infinity;
  for (const s of styles) {
    const p = parseStyle(s);
    const diff = p.weight - req.weight;
    let score = Math.abs(diff) * 2 + (p.italic === req.italic ? 0 : 10_000);
    if (diff !== 0) score += (req.weight >= 500 ? diff < 0 : diff > 0) ? 1 : 0;
    // Prefer plain names ("Regular" over "Book") when weights tie.
    if (score < bestScore || (score === bestScore && s.length < best.length)) {
      best = s;
      bestScore = score;
    }
  }
  return best;
}

export function fontLabel(f: { family: string; style: string }): string {
  return `${f.family} ${f.style}`;
}
