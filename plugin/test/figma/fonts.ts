/** The fonts the in-memory Figma offers (a realistic subset of what Figma lists). */

const WEIGHTS9 = ["Thin", "Extra Light", "Light", "Regular", "Medium", "Semi Bold", "Bold", "Extra Bold", "Black"];
const GOOGLE9 = ["Thin", "ExtraLight", "Light", "Regular", "Medium", "SemiBold", "Bold", "ExtraBold", "Black"];

function withItalics(styles: string[]): string[] {
  return styles.flatMap((s) => [s, s === "Regular" ? "Italic" : `${s} Italic`]);
}

const FAMILIES: Record<string, string[]> = {
  Inter: withItalics(WEIGHTS9),
  Roboto: withItalics(["Thin", "Light", "Regular", "Medium", "Bold", "Black"]),
  "Roboto Mono": withItalics(["Thin", "Light", "Regular", "Medium", "Bold"]),
  "Open Sans": withItalics(["Light", "Regular", "Medium", "SemiBold", "Bold", "ExtraBold"]),
  Lato: withItalics(["Thin", "Light", "Regular", "Bold", "Black"]),
  Montserrat: withItalics(GOOGLE9),
  Poppins: withItalics(GOOGLE9),
  Arimo: withItalics(["Regular", "Medium", "SemiBold", "Bold"]),
  Tinos: withItalics(["Regular", "Bold"]),
  Cousine: withItalics(["Regular", "Bold"]),
  "Source Code Pro": withItalics(["ExtraLight", "Light", "Regular", "Medium", "SemiBold", "Bold", "Black"]),
  "Playfair Display": withItalics(["Regular", "Medium", "SemiBold", "Bold", "ExtraBold", "Black"]),
  Merriweather: withItalics(["Light", "Regular", "Bold", "Black"]),
  "Noto Sans": withItalics(GOOGLE9),
  "Noto Serif": withItalics(GOOGLE9),
  Arial: ["Regular", "Italic", "Bold", "Bold Italic"],
  Georgia: ["Regular", "Italic", "Bold", "Bold Italic"],
  "Times New Roman": ["Regular", "Italic", "Bold", "Bold Italic"],
  "Courier New": ["Regular", "Italic", "Bold", "Bold Italic"],
  Helvetica: ["Light", "Light Oblique", "Regular", "Oblique", "Bold", "Bold Oblique"],
};

export function defaultFontList(): Font[] {
  return Object.entries(FAMILIES).flatMap(([family, styles]) => styles.map((style) => ({ fontName: { family, style } })));
}

export function fontKey(f: FontName): string {
  return `${f.family}\u0000${f.style}`;
}

export function fontLabel(f: FontName): string {
  return `${f.family} ${f.style}`;
}
