/**
 * The fonts the in-memory Figma offers: what Figma lists, which is every Google Fonts family with
 * every style (the catalogue the converter names fonts from, convert/data/google_fonts.json), and
 * the families Figma adds beside them, some with its own style names (Inter's "Semi Bold").
 */
import catalogue from "../../../layers/pageport/python/pageport/convert/data/google_fonts.json";

const WEIGHTS9 = ["Thin", "Extra Light", "Light", "Regular", "Medium", "Semi Bold", "Bold", "Extra Bold", "Black"];

function withItalics(styles: string[]): string[] {
  return styles.flatMap((s) => [s, s === "Regular" ? "Italic" : `${s} Italic`]);
}

/** Families Figma lists beyond Google's, or under other style names than Google's. */
const FAMILIES: Record<string, string[]> = {
  Inter: withItalics(WEIGHTS9),
  Arial: ["Regular", "Italic", "Bold", "Bold Italic"],
  Georgia: ["Regular", "Italic", "Bold", "Bold Italic"],
  "Times New Roman": ["Regular", "Italic", "Bold", "Bold Italic"],
  "Courier New": ["Regular", "Italic", "Bold", "Bold Italic"],
  Helvetica: ["Light", "Light Oblique", "Regular", "Oblique", "Bold", "Bold Oblique"],
};

const GOOGLE = (catalogue as { families: Record<string, { styles: string[] }> }).families;

export function defaultFontList(): Font[] {
  const families: Record<string, string[]> = {};
  for (const [family, entry] of Object.entries(GOOGLE)) families[family] = entry.styles;
  Object.assign(families, FAMILIES);
  return Object.entries(families).flatMap(([family, styles]) => styles.map((style) => ({ fontName: { family, style } })));
}

export function fontKey(f: FontName): string {
  return `${f.family}\u0000${f.style}`;
}

export function fontLabel(f: FontName): string {
  return `${f.family} ${f.style}`;
}
