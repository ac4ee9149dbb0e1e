/** Shapes of the in-memory Figma: fills, strokes, corner radii; rectangles, ellipses, vectors. */
import type { World } from "./base";
import { SceneStub } from "./scene";
import { storedPaint } from "./stored";
import { fail, frozenCopy, num, oneOf } from "./validate";

// ---------------------------------------------------------------------------------- shapes

const STROKE_ALIGN = ["INSIDE", "OUTSIDE", "CENTER"] as const;

export class ShapeStub extends SceneStub {
  #fills: Paint[];
  #strokes: Paint[] = [];
  _strokeWeights = [1, 1, 1, 1]; // top, right, bottom, left
  #strokeAlign: "INSIDE" | "OUTSIDE" | "CENTER";
  #dashPattern: number[] = [];
  strokeCap: StrokeCap = "NONE";
  strokeJoin: StrokeJoin = "MITER";
  strokeMiterLimit = 4;
  fillStyleId = "";
  strokeStyleId = "";
  _radii = [0, 0, 0, 0]; // TL, TR, BR, BL
  cornerSmoothing = 0;

  constructor(world: World, type: string, name: string, w: number, h: number, fills: Paint[], strokeAlign: "INSIDE" | "OUTSIDE" | "CENTER" = "INSIDE", blend: BlendMode = "PASS_THROUGH") {
    super(world, type, name, w, h, blend);
    this.#fills = frozenCopy(fills);
    this.#strokeAlign = strokeAlign;
  }

  override copyFrom(src: ShapeStub): void {
    super.copyFrom(src);
    this.#fills = src.#fills;
    this.#strokes = src.#strokes;
    this._strokeWeights = [...src._strokeWeights];
    this.#strokeAlign = src.#strokeAlign;
    this.#dashPattern = src.#dashPattern;
    [this.strokeCap, this.strokeJoin, this.strokeMiterLimit] = [src.strokeCap, src.strokeJoin, src.strokeMiterLimit];
    [this.fillStyleId, this.strokeStyleId] = [src.fillStyleId, src.strokeStyleId];
    this._radii = [...src._radii];
    this.cornerSmoothing = src.cornerSmoothing;
  }

  get fills(): readonly Paint[] | symbol {
    return frozenCopy(this.drawn(this.#fills));
  }
  set fills(v: readonly Paint[] | symbol) {
    this.checkPaints("set_fills", v);
    this.#fills = frozenCopy((v as Paint[]).map(storedPaint));
  }
  get strokes(): readonly Paint[] {
    return frozenCopy(this.drawn(this.#strokes));
  }
  set strokes(v: readonly Paint[]) {
    this.checkPaints("set_strokes", v);
    this.#strokes = frozenCopy(v.map(storedPaint));
  }
  get strokeWeight(): number | symbol {
    const [t, r, b, l] = this._strokeWeights as [number, number, number, number];
    return t === r && r === b && b === l ? t : this.world.mixed;
  }
  set strokeWeight(v: number | symbol) {
    const w = num("set_strokeWeight", "strokeWeight", v, 0);
    this._strokeWeights = [w, w, w, w];
  }
  get strokeAlign(): "INSIDE" | "OUTSIDE" | "CENTER" {
    return this.#strokeAlign;
  }
  set strokeAlign(v: "INSIDE" | "OUTSIDE" | "CENTER") {
    this.#strokeAlign = oneOf("set_strokeAlign", "strokeAlign", v, STROKE_ALIGN);
  }
  get dashPattern(): readonly number[] {
    return frozenCopy(this.#dashPattern);
  }
  set dashPattern(v: readonly number[]) {
    if (!Array.isArray(v)) fail("set_dashPattern", "Expected an array of numbers");
    v.forEach((d, i) => num("set_dashPattern", `[${i}]`, d, 0));
    this.#dashPattern = [...v];
  }
  get cornerRadius(): number | symbol {
    const [a, b, c, d] = this._radii as [number, number, number, number];
    return a === b && b === c && c === d ? a : this.world.mixed;
  }
  set cornerRadius(v: number | symbol) {
    const r = num("set_cornerRadius", "cornerRadius", v, 0);
    this._radii = [r, r, r, r];
  }
}

/** RECTANGLE and FRAME: per-corner radii and per-side stroke weights. */
export class RectLikeStub extends ShapeStub {
  get topLeftRadius(): number {
    return this._radii[0] ?? 0;
  }
  set topLeftRadius(v: number) {
    this._radii[0] = num("set_topLeftRadius", "topLeftRadius", v, 0);
  }
  get topRightRadius(): number {
    return this._radii[1] ?? 0;
  }
  set topRightRadius(v: number) {
    this._radii[1] = num("set_topRightRadius", "topRightRadius", v, 0);
  }
  get bottomRightRadius(): number {
    return this._radii[2] ?? 0;
  }
  set bottomRightRadius(v: number) {
    this._radii[2] = num("set_bottomRightRadius", "bottomRightRadius", v, 0);
  }
  get bottomLeftRadius(): number {
    return this._radii[3] ?? 0;
  }
  set bottomLeftRadius(v: number) {
    this._radii[3] = num("set_bottomLeftRadius", "bottomLeftRadius", v, 0);
  }
  get strokeTopWeight(): number {
    return this._strokeWeights[0] ?? 0;
  }
  set strokeTopWeight(v: number) {
    this._strokeWeights[0] = num("set_strokeTopWeight", "strokeTopWeight", v, 0);
  }
  get strokeRightWeight(): number {
    return this._strokeWeights[1] ?? 0;
  }
  set strokeRightWeight(v: number) {
    this._strokeWeights[1] = num("set_strokeRightWeight", "strokeRightWeight", v, 0);
  }
  get strokeBottomWeight(): number {
    return this._strokeWeights[2] ?? 0;
  }
  set strokeBottomWeight(v: number) {
    this._strokeWeights[2] = num("set_strokeBottomWeight", "strokeBottomWeight", v, 0);
  }
  get strokeLeftWeight(): number {
    return this._strokeWeights[3] ?? 0;
  }
  set strokeLeftWeight(v: number) {
    this._strokeWeights[3] = num("set_strokeLeftWeight", "strokeLeftWeight", v, 0);
  }
}

export class RectangleStub extends RectLikeStub {
  constructor(world: World) {
    super(world, "RECTANGLE", "Rectangle", 100, 100, [{ type: "SOLID", color: { r: 0.8509804010391235, g: 0.8509804010391235, b: 0.8509804010391235 } }]);
  }
}

export class EllipseStub extends ShapeStub {
  #arc: ArcData = { startingAngle: 0, endingAngle: 2 * Math.PI, innerRadius: 0 };
  constructor(world: World) {
    super(world, "ELLIPSE", "Ellipse", 100, 100, [{ type: "SOLID", color: { r: 0.8509804010391235, g: 0.8509804010391235, b: 0.8509804010391235 } }]);
  }
  override copyFrom(src: EllipseStub): void {
    super.copyFrom(src);
    this.#arc = src.#arc;
  }
  get arcData(): ArcData {
    return frozenCopy(this.#arc);
  }
  set arcData(v: ArcData) {
    num("set_arcData", "startingAngle", v?.startingAngle);
    num("set_arcData", "endingAngle", v?.endingAngle);
    num("set_arcData", "innerRadius", v?.innerRadius, 0, 1);
    this.#arc = { ...v };
  }
}

export class VectorStub extends ShapeStub {
  #paths: VectorPath[] = [];
  constructor(world: World) {
    super(world, "VECTOR", "Vector", 100, 100, [], "CENTER");
  }
  override copyFrom(src: VectorStub): void {
    super.copyFrom(src);
    this.#paths = src.#paths;
  }
  get vectorPaths(): readonly VectorPath[] {
    return frozenCopy(this.#paths);
  }
  set vectorPaths(v: readonly VectorPath[]) {
    if (!Array.isArray(v)) fail("set_vectorPaths", "Expected an array");
    v.forEach((p: VectorPath, i) => {
      oneOf("set_vectorPaths", `[${i}].windingRule`, p?.windingRule, ["NONZERO", "EVENODD", "NONE"]);
      if (typeof p.data !== "string") fail("set_vectorPaths", `Expected "[${i}].data" to be a string`);
    });
    this.#paths = frozenCopy([...v]);
  }
}

