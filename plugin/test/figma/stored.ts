/**
 * Values as Figma stores them: its document holds colours, opacities, effect numbers, font
 * sizes, letter spacing and line heights as 32-bit floats (a shadow's alpha 0.6 reads back
 * 0.6000000238418579), and it hands effects back with every key it knows (`spread`,
 * `showShadowBehindNode`, `boundVariables: {}`). A plugin that compares what it wrote with what it
 * reads by exact equality never finds a match in Figma; here it does not either.
 */

/** A number as a 32-bit float reads back. */
export const f32 = (n: number): number => Math.fround(n);

/** An object's numbers as 32-bit floats (a colour or an offset as read back). */
export function f32s<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === "number" ? f32(v) : v])) as T;
}

function storedColor<T extends RGB | RGBA>(c: T): T {
  const rgb = { r: f32(c.r), g: f32(c.g), b: f32(c.b) };
  return ("a" in c ? { ...rgb, a: f32(c.a) } : rgb) as T;
}

export function storedPaint(p: Paint): Paint {
  const opacity = p.opacity === undefined ? {} : { opacity: f32(p.opacity) };
  if (p.type === "SOLID") return { ...p, ...opacity, color: storedColor(p.color) };
  if (p.type === "GRADIENT_LINEAR" || p.type === "GRADIENT_RADIAL" || p.type === "GRADIENT_ANGULAR" || p.type === "GRADIENT_DIAMOND") {
    return { ...p, ...opacity, gradientStops: p.gradientStops.map((s) => ({ ...s, position: f32(s.position), color: storedColor(s.color) })) };
  }
  return { ...p, ...opacity };
}

export function storedEffect(e: Effect): Effect {
  if (e.type === "DROP_SHADOW" || e.type === "INNER_SHADOW") {
    const shadow = {
      ...e,
      color: storedColor(e.color),
      offset: { x: f32(e.offset.x), y: f32(e.offset.y) },
      radius: f32(e.radius),
      spread: f32(e.spread ?? 0),
      boundVariables: e.boundVariables ?? {},
    };
    return e.type === "DROP_SHADOW" ? { ...shadow, type: "DROP_SHADOW", showShadowBehindNode: e.showShadowBehindNode ?? false } : (shadow as InnerShadowEffect);
  }
  if (e.type === "LAYER_BLUR" || e.type === "BACKGROUND_BLUR") return { ...e, radius: f32(e.radius), boundVariables: e.boundVariables ?? {} };
  return e;
}

export function storedLineHeight(lh: LineHeight): LineHeight {
  return lh.unit === "AUTO" ? lh : { unit: lh.unit, value: f32(lh.value) };
}

export function storedLetterSpacing(ls: LetterSpacing): LetterSpacing {
  return { unit: ls.unit, value: f32(ls.value) };
}

/** A variable's value as stored: colours and numbers as 32-bit floats. */
export function storedValue(v: VariableValue): VariableValue {
  if (typeof v === "number") return f32(v);
  if (typeof v === "object" && v !== null && "r" in v) return storedColor(v);
  return v;
}
