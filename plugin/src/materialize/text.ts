/**
 * TEXT nodes: REST style + character overrides ⇄ a Figma text node's ranges.
 *
 * characterStyleOverrides count characters as the converter does (Unicode code points), and
 * Figma ranges count UTF-16 code units: the two are mapped both ways.
 */
import { fontLabel, parseStyle, requestOf, type FontCatalog, type FontRequest } from "./fonts";
import { errorText } from "./images";
import { toPluginPaints, toRestPaint, type PaintContext } from "./paints";
import type { Hyperlink, RestPaint, ResultNode, TypeStyle } from "./types";

/** UTF-16 offset of every code point boundary (length n + 1). */
export function codePointOffsets(text: string): number[] {
  const out: number[] = [0];
  let i = 0;
  for (const ch of text) {
    i += ch.length;
    out.push(i);
  }
  return out;
}

export function requestKey(r: FontRequest): string {
  return `${r.family}\u0000${r.style}\u0000${r.weight}\u0000${r.italic ? 1 : 0}`;
}

/** Every font a result's text asks for (base styles and each override merged onto its base). */
export function collectFontRequests(root: ResultNode): FontRequest[] {
  const found = new Map<string, FontRequest>();
  const stack = [root];
  while (stack.length) {
    const n = stack.pop() as ResultNode;
    if (n.type === "TEXT") {
      const base = n.style ?? {};
      const add = (s: TypeStyle): void => {
        const r = requestOf(s);
        found.set(requestKey(r), r);
      };
      add(base);
      for (const o of Object.values(n.styleOverrideTable ?? {})) if (o.fontFamily !== undefined || o.fontStyle !== undefined || o.fontWeight !== undefined || o.italic !== undefined) add({ ...base, ...o });
    }
    for (const c of n.children ?? []) stack.push(c);
  }
  return [...found.values()];
}

export class FontPlan {
  readonly #fonts = new Map<string, FontName>();
  constructor(
    readonly catalog: FontCatalog,
    requests: readonly FontRequest[],
    warn: (m: string) => void,
  ) {
    for (const r of requests) {
      const exact = { family: r.family, style: r.style };
      const used = catalog.has(exact) ? exact : catalog.resolve(r);
      if (used.family !== r.family || used.style !== r.style) {
        warn(`font "${fontLabel(r)}" is not available in Figma; "${fontLabel(used)}" is used instead`);
      }
      this.#fonts.set(requestKey(r), used);
    }
  }
  fontFor(style: TypeStyle): FontName {
    const r = requestOf(style);
    return this.#fonts.get(requestKey(r)) ?? this.catalog.resolve(r);
  }
  /** Uses `to` wherever `from` was planned (a font that failed to load). */
  replace(from: FontName, to: FontName): void {
    for (const [k, f] of this.#fonts) if (sameFont(f, from)) this.#fonts.set(k, { ...to });
  }
  all(): FontName[] {
    const seen = new Map<string, FontName>();
    for (const f of this.#fonts.values()) seen.set(`${f.family}\u0000${f.style}`, f);
    return [...seen.values()];
  }
}

export function lineHeightOf(s: TypeStyle): LineHeight | null {
  const unit = s.lineHeightUnit ?? (s.lineHeightPx !== undefined ? "PIXELS" : undefined);
  if (unit === "PIXELS" && typeof s.lineHeightPx === "number") return { unit: "PIXELS", value: Math.max(0, s.lineHeightPx) };
  if (unit === "FONT_SIZE_%" && typeof s.lineHeightPercentFontSize === "number") return { unit: "PERCENT", value: Math.max(0, s.lineHeightPercentFontSize) };
  if (unit === "INTRINSIC_%") return { unit: "AUTO" };
  return null;
}

const sameFont = (a: FontName, b: FontName): boolean => a.family === b.family && a.style === b.style;

/**
 * Fills a created text node from a result TEXT node. Every font was loaded beforehand
 * (fonts.ts); the order matters in Figma: font and size first, then characters, then ranges.
 */
export function applyText(t: TextNode, r: ResultNode, plan: FontPlan, ctx: PaintContext): void {
  const base = r.style ?? {};
  const baseFont = plan.fontFor(base);
  t.fontName = baseFont;
  if (typeof base.fontSize === "number") t.fontSize = Math.max(1, base.fontSize);
  t.characters = r.characters ?? "";
  if (typeof base.letterSpacing === "number") t.letterSpacing = { unit: "PIXELS", value: base.letterSpacing };
  const lh = lineHeightOf(base);
  if (lh) t.lineHeight = lh;
  if (base.textCase) t.textCase = base.textCase;
  if (base.textDecoration) t.textDecoration = base.textDecoration;
  const fills = r.fills && r.fills.length ? r.fills : base.fills;
  if (fills && fills.length) t.fills = toPluginPaints(fills, ctx);
  if (t.characters.length) applyRuns(t, r, plan, ctx, baseFont);
  if (base.textAlignHorizontal) t.textAlignHorizontal = base.textAlignHorizontal;
  if (base.textAlignVertical) t.textAlignVertical = base.textAlignVertical;
  if (t.characters.length) applyLinks(t, r, ctx);
}

/** Runs of equal override id: [start code point, end code point, id]. */
export function* overrideRuns(overrides: readonly number[], n: number): Generator<[number, number, number]> {
  let i = 0;
  while (i < n) {
    const id = overrides[i] ?? 0;
    let j = i + 1;
    while (j < n && (overrides[j] ?? 0) === id) j++;
    yield [i, j, id];
    i = j;
  }
}

/**
 * Whether Figma may be given this link: http(s) with a host, or mailto. Anything else
 * (javascript:, data:, file:…) would run or open something unexpected when clicked in Figma.
 * Whitespace and control characters are refused outright, since browsers strip them from a
 * scheme ("java\tscript:" is javascript:). Figma's sandbox has no URL class, hence the pattern.
 */
export function isSafeLink(url: string): boolean {
  if (/[\s\p{Cc}]/u.test(url)) return false;
  return /^https?:\/\/[^/?#]+/i.test(url) || /^mailto:./i.test(url);
}

/**
 * Each run's hyperlink (its override's, else the base style's; an override's null removes
 * it). Set last, on its own: a link Figma refuses loses only the link, with a warning.
 */
function applyLinks(t: TextNode, r: ResultNode, ctx: PaintContext): void {
  const table = r.styleOverrideTable ?? {};
  const base = r.style?.hyperlink ?? null;
  const offsets = codePointOffsets(t.characters);
  const warned = new Set<string>();
  const warnOnce = (m: string): void => {
    if (!warned.has(m)) ctx.warn(m);
    warned.add(m);
  };
  for (const [i, j, id] of overrideRuns(r.characterStyleOverrides ?? [], offsets.length - 1)) {
    const diff = id !== 0 ? table[String(id)] : undefined;
    const link: Hyperlink | null = diff && diff.hyperlink !== undefined ? diff.hyperlink : base;
    if (link === null) continue;
    const url = (link as { url?: unknown }).url;
    if (link.type !== "URL" || typeof url !== "string") {
      warnOnce(`text "${r.name}": hyperlink ${JSON.stringify(link)} is not a URL link; left out`);
    } else if (!isSafeLink(url)) {
      warnOnce(`text "${r.name}": link "${url}" left out (only http(s) and mailto links are applied)`);
    } else {
      try {
        t.setRangeHyperlink(offsets[i] as number, offsets[j] as number, { type: "URL", value: url });
      } catch (e) {
        warnOnce(`text "${r.name}": Figma refused the link "${url}" (${errorText(e)}); left out`);
      }
    }
  }
}

function applyRuns(t: TextNode, r: ResultNode, plan: FontPlan, ctx: PaintContext, baseFont: FontName): void {
  const overrides = r.characterStyleOverrides ?? [];
  const table = r.styleOverrideTable ?? {};
  const base = r.style ?? {};
  const offsets = codePointOffsets(t.characters);
  for (const [i, j, id] of overrideRuns(overrides, offsets.length - 1)) {
    const diff = id !== 0 ? table[String(id)] : undefined;
    if (id !== 0 && !diff) ctx.warn(`text "${r.name}": style override ${id} is not in its styleOverrideTable`);
    if (diff) {
      const start = offsets[i] as number;
      const end = offsets[j] as number;
      const merged = { ...base, ...diff };
      const font = plan.fontFor(merged);
      if (!sameFont(font, baseFont)) t.setRangeFontName(start, end, font);
      if (typeof diff.fontSize === "number") t.setRangeFontSize(start, end, Math.max(1, diff.fontSize));
      if (diff.fills) t.setRangeFills(start, end, toPluginPaints(diff.fills, ctx));
      if (diff.textDecoration) t.setRangeTextDecoration(start, end, diff.textDecoration);
      if (diff.textCase) t.setRangeTextCase(start, end, diff.textCase);
      if (typeof diff.letterSpacing === "number") t.setRangeLetterSpacing(start, end, { unit: "PIXELS", value: diff.letterSpacing });
      if (diff.lineHeightPx !== undefined || diff.lineHeightUnit !== undefined || diff.lineHeightPercentFontSize !== undefined) {
        const lh = lineHeightOf(merged);
        if (lh) t.setRangeLineHeight(start, end, lh);
      }
    }
  }
}

// ------------------------------------------------------------------------------ read back

type Segment = Pick<
  StyledTextSegment,
  "characters" | "start" | "end" | "fontName" | "fontSize" | "fills" | "textDecoration" | "textCase" | "letterSpacing" | "lineHeight" | "hyperlink" | "textStyleId"
>;

const FIELDS = ["fontName", "fontSize", "fills", "textDecoration", "textCase", "letterSpacing", "lineHeight", "hyperlink", "textStyleId"] as const;

function styleOf(seg: Segment): TypeStyle {
  const { weight, italic } = parseStyle(seg.fontName.style);
  const size = seg.fontSize;
  const out: TypeStyle = {
    fontFamily: seg.fontName.family,
    fontPostScriptName: null,
    fontStyle: seg.fontName.style,
    fontWeight: weight,
    italic,
    fontSize: size,
    textDecoration: seg.textDecoration === "UNDERLINE" || seg.textDecoration === "STRIKETHROUGH" ? seg.textDecoration : "NONE",
    textCase: seg.textCase,
    letterSpacing: seg.letterSpacing.unit === "PIXELS" ? seg.letterSpacing.value : (seg.letterSpacing.value * size) / 100,
    fills: seg.fills.map(toRestPaint),
  };
  const lh = seg.lineHeight;
  if (lh.unit === "PIXELS") {
    out.lineHeightPx = lh.value;
    out.lineHeightUnit = "PIXELS";
  } else if (lh.unit === "PERCENT") {
    out.lineHeightPx = (lh.value * size) / 100;
    out.lineHeightPercentFontSize = lh.value;
    out.lineHeightUnit = "FONT_SIZE_%";
  } else {
    out.lineHeightUnit = "INTRINSIC_%";
  }
  // NODE links (to a layer of the file) have no place in the result's shape; the plugin never sets them.
  if (seg.hyperlink?.type === "URL") out.hyperlink = { type: "URL", url: seg.hyperlink.value };
  if (seg.textStyleId) out.textStyleId = seg.textStyleId;
  return out;
}

function diffStyle(base: TypeStyle, s: TypeStyle): TypeStyle {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    if (JSON.stringify(v) !== JSON.stringify((base as Record<string, unknown>)[k])) out[k] = v;
  }
  // A run without the base's link says so (a missing key would inherit it).
  if (base.hyperlink && !s.hyperlink) out.hyperlink = null;
  return out as TypeStyle;
}

/** A text node's characters, base style (and its text style), runs and fills in REST shape. */
export function readText(t: TextNode): Pick<ResultNode, "characters" | "style" | "characterStyleOverrides" | "styleOverrideTable" | "fills" | "styles"> {
  const chars = t.characters;
  const segments = chars.length ? (t.getStyledTextSegments([...FIELDS]) as Segment[]) : [];
  let style: TypeStyle;
  const overrides: number[] = [];
  const table: Record<string, TypeStyle> = {};
  if (!segments.length) {
    const font = t.fontName as FontName;
    style = { fontFamily: font.family, fontStyle: font.style, fontSize: t.fontSize as number };
  } else {
    // The base is the style covering most characters (first wins ties), as the converter does.
    const styles = segments.map(styleOf);
    const keys = styles.map((s) => JSON.stringify(s));
    const counts = new Map<string, number>();
    segments.forEach((seg, i) => counts.set(keys[i] as string, (counts.get(keys[i] as string) ?? 0) + [...seg.characters].length));
    let baseKey = keys[0] as string;
    for (const k of keys) if ((counts.get(k) ?? 0) > (counts.get(baseKey) ?? 0)) baseKey = k;
    style = styles[keys.indexOf(baseKey)] as TypeStyle;
    const ids = new Map<string, number>();
    segments.forEach((seg, i) => {
      const k = keys[i] as string;
      let id = 0;
      if (k !== baseKey) {
        id = ids.get(k) ?? ids.size + 1;
        if (!ids.has(k)) {
          ids.set(k, id);
          table[String(id)] = diffStyle(style, styles[i] as TypeStyle);
        }
      }
      for (let c = 0; c < [...seg.characters].length; c++) overrides.push(id);
    });
    while (overrides.length && overrides[overrides.length - 1] === 0) overrides.pop();
  }
  const fills: RestPaint[] = style.fills ?? [];
  delete style.fills;
  const textStyle = style.textStyleId;
  delete style.textStyleId;
  style.textAutoResize = t.textAutoResize;
  style.textAlignHorizontal = t.textAlignHorizontal;
  style.textAlignVertical = t.textAlignVertical;
  return { characters: chars, style, characterStyleOverrides: overrides, styleOverrideTable: table, fills, ...(textStyle ? { styles: { text: textStyle } } : {}) };
}
