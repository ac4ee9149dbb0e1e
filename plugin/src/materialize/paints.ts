/**
 * Paints and effects: REST shapes (the result) ⇄ Plugin API objects.
 *
 * Gradients: REST gives three handles in normalized object space (start, end, width handle
 * for linear; centre, first radius end, second radius end for radial). The plugin's
 * `gradientTransform` maps normalized object space into gradient space, where a linear
 * gradient runs from (0, .5) to (1, .5) with its width handle at (0, 1), and a radial one is
 * centred at (.5, .5) with radii ending at (1, .5) and (.5, 1). So with A the affine map that
 * takes those gradient-space points onto the three handles, gradientTransform = A⁻¹, and the
 * handles read back as A applied to those points.
 */
import type { RestBlendMode, RestColorStop, RestEffect, RestPaint, RestRGBA, RestVector } from "./types";

export type Affine = [[number, number, number], [number, number, number]];

export function invertAffine(m: Affine): Affine {
  const [[a, b, c], [d, e, f]] = m;
  const det = a * e - b * d;
  if (Math.abs(det) < 1e-12) throw new Error("singular transform");
  return [
    [e / det, -b / det, (b * f - c * e) / det],
    [-d / det, a / det, (c * d - a * f) / det],
  ];
}

export function applyAffine(m: Affine, p: RestVector): RestVector {
  return { x: m[0][0] * p.x + m[0][1] * p.y + m[0][2], y: m[1][0] * p.x + m[1][1] * p.y + m[1][2] };
}

/** Gradient-space points the three REST handles correspond to. */
function anchors(type: string): [RestVector, RestVector, RestVector] {
  return type === "GRADIENT_LINEAR"
    ? [
        { x: 0, y: 0.5 },
        { x: 1, y: 0.5 },
        { x: 0, y: 1 },
      ]
    : [
        { x: 0.5, y: 0.5 },
        { x: 1, y: 0.5 },
        { x: 0.5, y: 1 },
      ];
}

/** REST handles → plugin gradientTransform. A degenerate width handle is replaced by the perpendicular. */
export function handlesToTransform(type: string, handles: readonly RestVector[]): Affine {
  const p0 = handles[0] ?? { x: 0, y: 0.5 };
  const p1 = handles[1] ?? { x: 1, y: 0.5 };
  let p2 = handles[2];
  const ax = p1.x - p0.x;
  const ay = p1.y - p0.y;
  const linear = type === "GRADIENT_LINEAR";
  const perp = (): RestVector => (linear ? { x: p0.x - ay / 2, y: p0.y + ax / 2 } : { x: p0.x - ay, y: p0.y + ax });
  if (!p2 || Math.abs(ax * (p2.y - p0.y) - ay * (p2.x - p0.x)) < 1e-9) p2 = perp();
  const [g0, g1, g2] = anchors(type);
  // A maps g_i → p_i; the g's differ along the axes, so its columns follow directly.
  const c0x = (p1.x - p0.x) / (g1.x - g0.x);
  const c0y = (p1.y - p0.y) / (g1.x - g0.x);
  const c1x = (p2.x - p0.x) / (g2.y - g0.y);
  const c1y = (p2.y - p0.y) / (g2.y - g0.y);
  const a: Affine = [
    [c0x, c1x, p0.x - c0x * g0.x - c1x * g0.y],
    [c0y, c1y, p0.y - c0y * g0.x - c1y * g0.y],
  ];
  try {
    return invertAffine(a);
  } catch {
    return [
      [1, 0, 0],
      [0, 1, 0],
    ];
  }
}

/** Plugin gradientTransform → REST handles. */
export function transformToHandles(type: string, transform: Transform | Affine): RestVector[] {
  const a = invertAffine(transform as Affine);
  return anchors(type).map((g) => round(applyAffine(a, g)));
}

function round(v: RestVector): RestVector {
  return { x: r6(v.x), y: r6(v.y) };
}

function r6(v: number): number {
  return Math.round(v * 1e6) / 1e6 || 0;
}

const clamp01 = (v: number | undefined, d = 0): number => (typeof v === "number" && Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : d);

function paintBlend(b: RestBlendMode | undefined): BlendMode {
  return !b || b === "PASS_THROUGH" ? "NORMAL" : b;
}

export interface PaintContext {
  /** Result imageRef → Figma image hash (missing: the paint is dropped with a warning). */
  imageHash(ref: string): string | undefined;
  warn(message: string): void;
  /** The paint bound to what the result binds it to (design tokens); absent: as it is. */
  bind?(rest: RestPaint, paint: Paint): Paint;
}

/** One REST paint as a Plugin API paint, or null when it cannot be expressed (warned). */
export function toPluginPaint(p: RestPaint, ctx: PaintContext): Paint | null {
  const common: { visible?: boolean; opacity?: number; blendMode: BlendMode } = { blendMode: paintBlend(p.blendMode) };
  if (p.visible === false) common.visible = false;
  const opacity = clamp01(p.opacity, 1);
  switch (p.type) {
    case "SOLID": {
      const c = p.color ?? { r: 0, g: 0, b: 0, a: 1 };
      const alpha = clamp01(c.a, 1) * opacity;
      // Plugin SOLID colors have no alpha: it moves into the paint's opacity.
      return { type: "SOLID", color: { r: clamp01(c.r), g: clamp01(c.g), b: clamp01(c.b) }, opacity: alpha, ...common };
    }
    case "GRADIENT_LINEAR":
    case "GRADIENT_RADIAL":
    case "GRADIENT_ANGULAR":
    case "GRADIENT_DIAMOND": {
      const stops = (p.gradientStops ?? []).map((s: RestColorStop) => ({
        position: clamp01(s.position),
        color: { r: clamp01(s.color.r), g: clamp01(s.color.g), b: clamp01(s.color.b), a: clamp01(s.color.a, 1) },
      }));
      if (!stops.length) {
        ctx.warn(`${p.type} without stops left out`);
        return null;
      }
      return {
        type: p.type,
        gradientTransform: handlesToTransform(p.type, p.gradientHandlePositions ?? []),
        gradientStops: stops,
        opacity,
        ...common,
      };
    }
    case "IMAGE": {
      const ref = p.imageRef ?? "";
      const hash = ctx.imageHash(ref);
      if (!hash) return null; // the image step already warned
      const mode = p.scaleMode ?? "FILL";
      const base = { type: "IMAGE" as const, imageHash: hash, opacity, ...common };
      if (mode === "STRETCH") {
        const t = p.imageTransform;
        const transform: Affine =
          t && t.length === 2 && t.every((row) => row.length >= 3)
            ? [
                [t[0]![0]!, t[0]![1]!, t[0]![2]!],
                [t[1]![0]!, t[1]![1]!, t[1]![2]!],
              ]
            : [
                [1, 0, 0],
                [0, 1, 0],
              ];
        return { ...base, scaleMode: "CROP", imageTransform: transform };
      }
      if (mode === "TILE") return { ...base, scaleMode: "TILE", scalingFactor: p.scalingFactor && p.scalingFactor > 0 ? p.scalingFactor : 1 };
      return { ...base, scaleMode: mode };
    }
    default:
      ctx.warn(`paint type ${String((p as { type: unknown }).type)} left out`);
      return null;
  }
}

export function toPluginPaints(paints: readonly RestPaint[] | undefined, ctx: PaintContext): Paint[] {
  const out: Paint[] = [];
  for (const p of paints ?? []) {
    const q = toPluginPaint(p, ctx);
    if (q) out.push(ctx.bind ? ctx.bind(p, q) : q);
  }
  return out;
}

/** A Plugin API paint back in REST shape (images referenced by their Figma hash). */
export function toRestPaint(p: Paint): RestPaint {
  const out: RestPaint = { type: p.type as RestPaint["type"], blendMode: p.blendMode ?? "NORMAL" };
  if (p.visible === false) out.visible = false;
  const opacity = p.opacity ?? 1;
  if (opacity !== 1) out.opacity = opacity;
  switch (p.type) {
    case "SOLID":
      out.color = { r: p.color.r, g: p.color.g, b: p.color.b, a: 1 };
      if (p.boundVariables?.color) out.boundVariables = { color: { type: "VARIABLE_ALIAS", id: p.boundVariables.color.id } };
      break;
    case "GRADIENT_LINEAR":
    case "GRADIENT_RADIAL":
    case "GRADIENT_ANGULAR":
    case "GRADIENT_DIAMOND":
      out.gradientHandlePositions = transformToHandles(p.type, p.gradientTransform);
      out.gradientStops = p.gradientStops.map((s) => ({ position: s.position, color: { r: s.color.r, g: s.color.g, b: s.color.b, a: s.color.a } }));
      break;
    case "IMAGE":
      out.imageRef = p.imageHash ?? "";
      if (p.scaleMode === "CROP") {
        out.scaleMode = "STRETCH";
        const t = p.imageTransform;
        if (t && !(t[0][0] === 1 && t[0][1] === 0 && t[0][2] === 0 && t[1][0] === 0 && t[1][1] === 1 && t[1][2] === 0)) {
          out.imageTransform = [
            [t[0][0], t[0][1], t[0][2]],
            [t[1][0], t[1][1], t[1][2]],
          ];
        }
      } else {
        out.scaleMode = p.scaleMode;
        if (p.scaleMode === "TILE") out.scalingFactor = p.scalingFactor ?? 1;
      }
      break;
    default:
      break;
  }
  return out;
}

// ------------------------------------------------------------------------------ effects

function rgba(c: RestRGBA | undefined): RGBA {
  const v = c ?? { r: 0, g: 0, b: 0, a: 0.25 };
  return { r: clamp01(v.r), g: clamp01(v.g), b: clamp01(v.b), a: clamp01(v.a, 1) };
}

/** A REST effect as a Plugin API effect, with every field the plugin requires. */
export function toPluginEffect(e: RestEffect): Effect {
  const visible = e.visible !== false;
  const radius = Math.max(0, e.radius ?? 0);
  // The fields both shadow kinds require.
  const shadow = () => ({
    color: rgba(e.color),
    offset: { x: e.offset?.x ?? 0, y: e.offset?.y ?? 0 },
    radius,
    spread: e.spread ?? 0,
    visible,
    blendMode: e.blendMode && e.blendMode !== "PASS_THROUGH" ? e.blendMode : ("NORMAL" as const),
  });
  switch (e.type) {
    case "DROP_SHADOW":
      return { type: "DROP_SHADOW", ...shadow(), showShadowBehindNode: e.showShadowBehindNode ?? false };
    case "INNER_SHADOW":
      return { type: "INNER_SHADOW", ...shadow() };
    case "LAYER_BLUR":
    case "BACKGROUND_BLUR":
      return { type: e.type, blurType: "NORMAL", radius, visible };
  }
}

export function toRestEffect(e: Effect): RestEffect | null {
  switch (e.type) {
    case "DROP_SHADOW":
    case "INNER_SHADOW": {
      const out: RestEffect = {
        type: e.type,
        visible: e.visible,
        radius: e.radius,
        color: { r: e.color.r, g: e.color.g, b: e.color.b, a: e.color.a },
        blendMode: e.blendMode,
        offset: { x: e.offset.x, y: e.offset.y },
        spread: e.spread ?? 0,
      };
      if (e.type === "DROP_SHADOW") out.showShadowBehindNode = e.showShadowBehindNode ?? false;
      return out;
    }
    case "LAYER_BLUR":
    case "BACKGROUND_BLUR":
      return { type: e.type, visible: e.visible, radius: e.radius };
    default:
      return null;
  }
}
