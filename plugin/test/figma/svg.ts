/** Rough SVG reading for createNodeFromSvg: size, and one vector per drawable element. */

export interface SvgShape {
  tag: string;
  data: string;
  fill: RGB | null;
  fillOpacity: number;
  stroke: RGB | null;
  strokeWidth: number;
}

export interface ParsedSvg {
  width: number;
  height: number;
  shapes: SvgShape[];
}

export class SvgParseError extends Error {}

const TAG_RE = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>/y;
const ATTR_RE = /([^\s=/>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g;

function attrs(src: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of src.matchAll(ATTR_RE)) {
    const name = m[1];
    if (!name) continue;
    let v = m[2] ?? "";
    if (v.startsWith('"') || v.startsWith("'")) v = v.slice(1, -1);
    out[name] = v;
  }
  const style = out.style;
  if (style) {
    for (const decl of style.split(";")) {
      const i = decl.indexOf(":");
      if (i > 0) out[decl.slice(0, i).trim()] = decl.slice(i + 1).trim();
    }
  }
  return out;
}

function length(v: string | undefined): number | null {
  if (v === undefined) return null;
  const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(px)?\s*$/i.exec(v);
  return m && m[1] ? Number(m[1]) : null;
}

const NAMED: Record<string, RGB> = {
  black: { r: 0, g: 0, b: 0 },
  white: { r: 1, g: 1, b: 1 },
  red: { r: 1, g: 0, b: 0 },
  green: { r: 0, g: 128 / 255, b: 0 },
  blue: { r: 0, g: 0, b: 1 },
  gray: { r: 128 / 255, g: 128 / 255, b: 128 / 255 },
  grey: { r: 128 / 255, g: 128 / 255, b: 128 / 255 },
};

export function parseSvgColor(v: string | undefined): RGB | null | undefined {
  if (v === undefined) return undefined;
  const s = v.trim().toLowerCase();
  if (s === "none" || s === "transparent") return null;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(s);
  if (hex && hex[1]) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join("") : hex[1];
    return { r: parseInt(h.slice(0, 2), 16) / 255, g: parseInt(h.slice(2, 4), 16) / 255, b: parseInt(h.slice(4, 6), 16) / 255 };
  }
  const rgb = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/.exec(s);
  if (rgb) return { r: Number(rgb[1]) / 255, g: Number(rgb[2]) / 255, b: Number(rgb[3]) / 255 };
  return NAMED[s] ?? { r: 0, g: 0, b: 0 };
}

function shapeData(tag: string, a: Record<string, string>): string | null {
  const n = (k: string): number => length(a[k]) ?? 0;
  switch (tag) {
    case "path":
      return a.d && a.d.trim() ? a.d.trim() : null;
    case "rect": {
      const x = n("x"), y = n("y"), w = n("width"), h = n("height");
      return w > 0 && h > 0 ? `M ${x} ${y} L ${x + w} ${y} L ${x + w} ${y + h} L ${x} ${y + h} Z` : null;
    }
    case "circle":
    case "ellipse": {
      const cx = n("cx"), cy = n("cy");
      const rx = tag === "circle" ? n("r") : n("rx");
      const ry = tag === "circle" ? n("r") : n("ry");
      if (rx <= 0 || ry <= 0) return null;
      return `M ${cx - rx} ${cy} A ${rx} ${ry} 0 1 0 ${cx + rx} ${cy} A ${rx} ${ry} 0 1 0 ${cx - rx} ${cy} Z`;
    }
    case "line":
      return `M ${n("x1")} ${n("y1")} L ${n("x2")} ${n("y2")}`;
    case "polyline":
    case "polygon": {
      const pts = (a.points ?? "").trim().split(/[\s,]+/).map(Number);
      if (pts.length < 4 || pts.some((p) => !Number.isFinite(p))) return null;
      let d = `M ${pts[0]} ${pts[1]}`;
      for (let i = 2; i + 1 < pts.length; i += 2) d += ` L ${pts[i]} ${pts[i + 1]}`;
      return tag === "polygon" ? `${d} Z` : d;
    }
    default:
      return null;
  }
}

const DRAWABLE = new Set(["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]);
const SKIP_CONTENT = new Set(["defs", "clipPath", "mask", "symbol", "style", "title", "desc", "metadata", "linearGradient", "radialGradient", "pattern", "filter"]);

/** Parses markup the way createNodeFromSvg needs; throws SvgParseError if it is not an <svg> document. */
export function parseSvg(markup: unknown): ParsedSvg {
  if (typeof markup !== "string") throw new SvgParseError("expected a string");
  let s = markup.trim();
  // Prolog: XML declaration, comments, doctype.
  for (;;) {
    const m = /^(<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*/i.exec(s);
    if (!m) break;
    s = s.slice(m[0].length);
  }
  if (!/^<svg[\s>/]/.test(s)) throw new SvgParseError("the markup does not start with <svg");
  const stack: { tag: string; inherited: Record<string, string> }[] = [];
  const shapes: SvgShape[] = [];
  let root: Record<string, string> | null = null;
  let i = 0;
  let skipDepth = 0;
  while (i < s.length) {
    const lt = s.indexOf("<", i);
    if (lt < 0) break;
    if (s.startsWith("<!--", lt)) {
      const end = s.indexOf("-->", lt);
      if (end < 0) throw new SvgParseError("unterminated comment");
      i = end + 3;
      continue;
    }
    if (s.startsWith("<![CDATA[", lt)) {
      const end = s.indexOf("]]>", lt);
      if (end < 0) throw new SvgParseError("unterminated CDATA");
      i = end + 3;
      continue;
    }
    TAG_RE.lastIndex = lt;
    const m = TAG_RE.exec(s);
    if (!m) throw new SvgParseError(`malformed tag at ${lt}`);
    i = TAG_RE.lastIndex;
    const closing = m[1] === "/";
    const tag = m[2] ?? "";
    const selfClosing = m[4] === "/";
    if (closing) {
      const top = stack.pop();
      if (!top || top.tag !== tag) throw new SvgParseError(`unexpected </${tag}>`);
      if (SKIP_CONTENT.has(tag)) skipDepth--;
      if (stack.length === 0) {
        if (s.slice(i).trim() !== "") throw new SvgParseError("content after </svg>");
        break;
      }
      continue;
    }
    if (stack.length === 0 && root !== null) throw new SvgParseError("more than one root element");
    const a = attrs(m[3] ?? "");
    const parent = stack[stack.length - 1]?.inherited ?? {};
    const inherited = { ...parent };
    for (const k of ["fill", "stroke", "stroke-width", "fill-opacity", "opacity"]) if (a[k] !== undefined) inherited[k] = a[k];
    if (root === null) {
      if (tag !== "svg") throw new SvgParseError("root element is not <svg>");
      root = a;
    }
    if (skipDepth === 0 && DRAWABLE.has(tag)) {
      const data = shapeData(tag, a);
      if (data !== null) {
        const fill = parseSvgColor(inherited.fill);
        const stroke = parseSvgColor(inherited.stroke);
        shapes.push({
          tag,
          data,
          fill: fill === undefined ? (tag === "line" || tag === "polyline" ? null : { r: 0, g: 0, b: 0 }) : fill,
          fillOpacity: length(inherited["fill-opacity"]) ?? length(inherited.opacity) ?? 1,
          stroke: stroke ?? null,
          strokeWidth: length(inherited["stroke-width"]) ?? 1,
        });
      }
    }
    if (!selfClosing) {
      stack.push({ tag, inherited });
      if (SKIP_CONTENT.has(tag)) skipDepth++;
    } else if (stack.length === 0) {
      break;
    }
  }
  if (root === null) throw new SvgParseError("no <svg> element");
  if (stack.length > 0) throw new SvgParseError(`unclosed <${stack[stack.length - 1]?.tag}>`);
  const vb = (root.viewBox ?? "").trim().split(/[\s,]+/).map(Number);
  const vbw = vb.length === 4 && Number.isFinite(vb[2]) ? (vb[2] as number) : null;
  const vbh = vb.length === 4 && Number.isFinite(vb[3]) ? (vb[3] as number) : null;
  const width = length(root.width) ?? vbw ?? 100;
  const height = length(root.height) ?? vbh ?? 100;
  return { width, height, shapes };
}
