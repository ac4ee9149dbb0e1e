/** Frames (with Figma's auto layout and constraints) and groups of the in-memory Figma. */
import { WithChildren, type World } from "./base";
import { aabb, multiply, rotationMatrix, type Mat } from "./geometry";
import { Grid } from "./grid";
import { SceneStub } from "./scene";
import { RectLikeStub } from "./shapes";
import { fail, frozenCopy, num, oneOf, transform as checkTransform } from "./validate";

// ---------------------------------------------------------------------------------- frames

type LayoutMode = "NONE" | "HORIZONTAL" | "VERTICAL" | "GRID";

export class FrameStub extends WithChildren(RectLikeStub) {
  #clips = true;
  #layoutMode: LayoutMode = "NONE";
  #wrap: "NO_WRAP" | "WRAP" = "NO_WRAP";
  /** A child changed size during a layout pass: lay out again. */
  #again = false;
  #primarySizing: "FIXED" | "AUTO" = "AUTO";
  #counterSizing: "FIXED" | "AUTO" = "FIXED";
  #primaryAlign: "MIN" | "MAX" | "CENTER" | "SPACE_BETWEEN" | "SPACE_EVENLY" | "SPACE_AROUND" = "MIN";
  #counterAlign: "MIN" | "MAX" | "CENTER" | "BASELINE" = "MIN";
  #counterAlignContent: "AUTO" | "SPACE_BETWEEN" = "AUTO";
  #pad = { top: 0, right: 0, bottom: 0, left: 0 };
  #itemSpacing = 0;
  #counterSpacing = 0;
  itemReverseZIndex = false;
  strokesIncludedInLayout = false;
  #inLayout = false;
  /** Markup when this frame came from createNodeFromSvg (exported back as SVG_STRING). */
  svgSource: string | null = null;

  constructor(world: World, type = "FRAME", name = "Frame") {
    super(world, type, name, 100, 100, [{ type: "SOLID", color: { r: 1, g: 1, b: 1 } }]);
  }

  coordinateSpace(): Mat {
    return this.absoluteTransform as Mat;
  }
  override copyFrom(src: FrameStub): void {
    super.copyFrom(src);
    this.#clips = src.#clips;
    this.#layoutMode = src.#layoutMode;
    this.#wrap = src.#wrap;
    [this.#primarySizing, this.#counterSizing] = [src.#primarySizing, src.#counterSizing];
    [this.#primaryAlign, this.#counterAlign, this.#counterAlignContent] = [src.#primaryAlign, src.#counterAlign, src.#counterAlignContent];
    this.#pad = { ...src.#pad };
    [this.#itemSpacing, this.#counterSpacing] = [src.#itemSpacing, src.#counterSpacing];
    [this.itemReverseZIndex, this.strokesIncludedInLayout, this.svgSource] = [src.itemReverseZIndex, src.strokesIncludedInLayout, src.svgSource];
    this.#grid = src.#grid ? src.#grid.copy(() => this.relayout()) : null;
  }
  override childrenChanged(): void {
    // A child new to the grid (a moved node loses its old cell) takes the first free cell.
    if (this.#grid) for (const k of this.kids) if (!k.gridCell) this.#grid.place(k, this.kids);
    this.relayout();
  }
  get autoLayout(): boolean {
    return this.#layoutMode !== "NONE";
  }
  /** A hugging auto-layout frame resized by hand is FIXED on that axis from then on, as in Figma. */
  protected override sizedByHand(width: number, height: number): void {
    super.sizedByHand(width, height);
    if (this.#layoutMode === "NONE") return;
    const horizontal = this.#layoutMode === "HORIZONTAL";
    if ((horizontal ? width !== this._w : height !== this._h) && this.#primarySizing === "AUTO") this.#primarySizing = "FIXED";
    if ((horizontal ? height !== this._h : width !== this._w) && this.#counterSizing === "AUTO") this.#counterSizing = "FIXED";
  }
  childMoved(child: SceneStub): void {
    if (this.#layoutMode !== "NONE" && child._layoutPositioning === "AUTO") this.relayout();
  }

  get clipsContent(): boolean {
    return this.#clips;
  }
  set clipsContent(v: boolean) {
    if (typeof v !== "boolean") fail("set_clipsContent", "Expected a boolean");
    this.#clips = v;
  }

  get layoutMode(): LayoutMode {
    return this.#layoutMode;
  }
  set layoutMode(v: LayoutMode) {
    this.#layoutMode = oneOf("set_layoutMode", "layoutMode", v, ["NONE", "HORIZONTAL", "VERTICAL", "GRID"]);
    if (v === "NONE") {
      for (const k of this.kids) k._layoutPositioning = "AUTO";
      if (this.#wrap === "WRAP") this.#wrap = "NO_WRAP";
    }
    if (v === "GRID" && !this.#grid) {
      // The children take the first free cells in layer order, as Figma places appended nodes.
      this.#grid = new Grid(() => this.relayout());
      for (const k of this.kids) k.gridCell = null;
      for (const k of this.kids) this.#grid.place(k, this.kids);
    } else if (v !== "GRID" && this.#grid) {
      this.#grid = null;
      for (const k of this.kids) k.gridCell = null;
    }
    this.relayout();
  }

  // -- GRID (grid.ts)
  #grid: Grid | null = null;
  #gridded(where: string): Grid {
    if (!this.#grid) fail(where, 'Applicable only on frames with layoutMode "GRID"');
    return this.#grid;
  }
  get gridRowCount(): number {
    return this.#gridded("get_gridRowCount").rows.length;
  }
  set gridRowCount(v: number) {
    this.#gridded("set_gridRowCount").setCount("rows", v, this.kids);
  }
  get gridColumnCount(): number {
    return this.#gridded("get_gridColumnCount").columns.length;
  }
  set gridColumnCount(v: number) {
    this.#gridded("set_gridColumnCount").setCount("columns", v, this.kids);
  }
  get gridRowGap(): number {
    return this.#grid?.rowGap ?? 0;
  }
  set gridRowGap(v: number) {
    this.#gridded("set_gridRowGap").rowGap = num("set_gridRowGap", "gridRowGap", v, 0);
    this.relayout();
  }
  get gridColumnGap(): number {
    return this.#grid?.columnGap ?? 0;
  }
  set gridColumnGap(v: number) {
    this.#gridded("set_gridColumnGap").columnGap = num("set_gridColumnGap", "gridColumnGap", v, 0);
    this.relayout();
  }
  get gridRowSizes(): Array<{ type: "FLEX" | "FIXED" | "HUG"; value?: number }> {
    return [...this.#gridded("get_gridRowSizes").rows];
  }
  get gridColumnSizes(): Array<{ type: "FLEX" | "FIXED" | "HUG"; value?: number }> {
    return [...this.#gridded("get_gridColumnSizes").columns];
  }
  appendChildAt(node: SceneStub, row: number, column: number): void {
    const grid = this.#gridded("appendChildAt");
    if (node.parent !== this) this.appendChild(node);
    grid.move(node, row, column, this.kids, "appendChildAt");
  }
  /** A child's move to another cell (SceneStub.setGridChildPosition). */
  moveGridChild(child: SceneStub, row: number, column: number): void {
    this.#gridded("setGridChildPosition").move(child, row, column, this.kids, "setGridChildPosition");
  }
  get layoutWrap(): "NO_WRAP" | "WRAP" {
    return this.#wrap;
  }
  set layoutWrap(v: "NO_WRAP" | "WRAP") {
    oneOf("set_layoutWrap", "layoutWrap", v, ["NO_WRAP", "WRAP"]);
    // 1.142: wrap on horizontal and vertical auto layout alike.
    if (v === "WRAP" && this.#layoutMode !== "HORIZONTAL" && this.#layoutMode !== "VERTICAL") throw new Error("in set_layoutWrap: WRAP is only supported on auto layout frames");
    this.#wrap = v;
    this.relayout();
  }
  get primaryAxisSizingMode(): "FIXED" | "AUTO" {
    return this.#primarySizing;
  }
  set primaryAxisSizingMode(v: "FIXED" | "AUTO") {
    this.#primarySizing = oneOf("set_primaryAxisSizingMode", "primaryAxisSizingMode", v, ["FIXED", "AUTO"]);
    this.relayout();
  }
  get counterAxisSizingMode(): "FIXED" | "AUTO" {
    return this.#counterSizing;
  }
  set counterAxisSizingMode(v: "FIXED" | "AUTO") {
    this.#counterSizing = oneOf("set_counterAxisSizingMode", "counterAxisSizingMode", v, ["FIXED", "AUTO"]);
    this.relayout();
  }
  get primaryAxisAlignItems(): "MIN" | "MAX" | "CENTER" | "SPACE_BETWEEN" | "SPACE_EVENLY" | "SPACE_AROUND" {
    return this.#primaryAlign;
  }
  set primaryAxisAlignItems(v: "MIN" | "MAX" | "CENTER" | "SPACE_BETWEEN" | "SPACE_EVENLY" | "SPACE_AROUND") {
    this.#primaryAlign = oneOf("set_primaryAxisAlignItems", "primaryAxisAlignItems", v, ["MIN", "MAX", "CENTER", "SPACE_BETWEEN", "SPACE_EVENLY", "SPACE_AROUND"]);
    this.relayout();
  }
  get counterAxisAlignItems(): "MIN" | "MAX" | "CENTER" | "BASELINE" {
    return this.#counterAlign;
  }
  set counterAxisAlignItems(v: "MIN" | "MAX" | "CENTER" | "BASELINE") {
    this.#counterAlign = oneOf("set_counterAxisAlignItems", "counterAxisAlignItems", v, ["MIN", "MAX", "CENTER", "BASELINE"]);
    this.relayout();
  }
  get counterAxisAlignContent(): "AUTO" | "SPACE_BETWEEN" {
    return this.#counterAlignContent;
  }
  set counterAxisAlignContent(v: "AUTO" | "SPACE_BETWEEN") {
    this.#counterAlignContent = oneOf("set_counterAxisAlignContent", "counterAxisAlignContent", v, ["AUTO", "SPACE_BETWEEN"]);
    this.relayout();
  }
  get itemSpacing(): number {
    return this.#itemSpacing;
  }
  set itemSpacing(v: number) {
    this.#itemSpacing = num("set_itemSpacing", "itemSpacing", v);
    this.relayout();
  }
  get counterAxisSpacing(): number {
    return this.#counterSpacing;
  }
  set counterAxisSpacing(v: number) {
    this.#counterSpacing = num("set_counterAxisSpacing", "counterAxisSpacing", v);
    this.relayout();
  }
  get paddingTop(): number {
    return this.#pad.top;
  }
  set paddingTop(v: number) {
    this.#pad.top = num("set_paddingTop", "paddingTop", v);
    this.relayout();
  }
  get paddingRight(): number {
    return this.#pad.right;
  }
  set paddingRight(v: number) {
    this.#pad.right = num("set_paddingRight", "paddingRight", v);
    this.relayout();
  }
  get paddingBottom(): number {
    return this.#pad.bottom;
  }
  set paddingBottom(v: number) {
    this.#pad.bottom = num("set_paddingBottom", "paddingBottom", v);
    this.relayout();
  }
  get paddingLeft(): number {
    return this.#pad.left;
  }
  set paddingLeft(v: number) {
    this.#pad.left = num("set_paddingLeft", "paddingLeft", v);
    this.relayout();
  }

  protected override applyConstraints(dw: number, dh: number, sx: number, sy: number): void {
    for (const k of this.kids) {
      if (this.#layoutMode !== "NONE" && k._layoutPositioning === "AUTO") continue;
      if (k instanceof GroupStub) continue;
      const c = k.constraints;
      const h = axis(c.horizontal, k._x, k._w, dw, sx);
      const v = axis(c.vertical, k._y, k._h, dh, sy);
      k._x = h.pos;
      k._y = v.pos;
      if (h.size !== k._w || v.size !== k._h) {
        k._resize(Math.max(0.01, h.size), Math.max(0.01, v.size), true);
      }
    }
  }
  protected override sizeChanged(): void {
    this.relayout();
    super.sizeChanged();
  }

  /**
   * Figma's auto layout: places (and stretches/grows) the in-flow children. A child that changes
   * size while it is being placed (a text given a new width wraps again) asks for another pass,
   * as Figma's layout settles.
   */
  relayout(): void {
    if (this.#layoutMode === "NONE") return;
    if (this.#inLayout) {
      this.#again = true;
      return;
    }
    for (let pass = 0; pass < 4; pass++) {
      this.#again = false;
      this.#layOut();
      if (!this.#again) return;
    }
  }

  #layOut(): void {
    if (this.#layoutMode === "GRID") {
      if (!this.#grid) return;
      this.#inLayout = true;
      try {
        this.#grid.layOut(this._w, this._h, this.#pad, this.kids);
      } finally {
        this.#inLayout = false;
      }
      return;
    }
    this.#inLayout = true;
    const before = [this._w, this._h];
    try {
      const horiz = this.#layoutMode === "HORIZONTAL";
      const p = this.#pad;
      const flow = this.kids.filter((k) => k.visible && k._layoutPositioning === "AUTO");
      const mainOf = (k: SceneStub): number => (horiz ? k._w : k._h);
      const crossOf = (k: SceneStub): number => (horiz ? k._h : k._w);
      const setSize = (k: SceneStub, main: number, cross: number): void => {
        const w = Math.max(0.01, k._clampWidth(horiz ? main : cross));
        const h = Math.max(0.01, horiz ? cross : main);
        // Figma resizes a filling child as any resize does: its own children follow their constraints.
        if (w !== k._w || h !== k._h) k._resize(w, h, true);
      };
      const padMain = horiz ? p.left + p.right : p.top + p.bottom;
      const padCross = horiz ? p.top + p.bottom : p.left + p.right;
      const wrap = this.#wrap === "WRAP";
      const spacing = this.#itemSpacing;
      // Hug: the frame's own size from its content.
      if (this.#primarySizing === "AUTO" && !wrap) {
        const total = flow.reduce((s, k) => s + mainOf(k), 0) + spacing * Math.max(0, flow.length - 1);
        if (horiz) this._w = Math.max(0.01, total + padMain);
        else this._h = Math.max(0.01, total + padMain);
      }
      let availMain = (horiz ? this._w : this._h) - padMain;
      if (this.#counterSizing === "FIXED") {
        const crossAvail = (horiz ? this._h : this._w) - padCross;
        for (const k of flow) if (k._layoutAlign === "STRETCH" && !wrap) setSize(k, mainOf(k), crossAvail);
      }
      if (this.#primarySizing === "FIXED" && !wrap) {
        const growers = flow.filter((k) => k._layoutGrow > 0);
        if (growers.length) {
          const fixed = flow.filter((k) => k._layoutGrow <= 0).reduce((s, k) => s + mainOf(k), 0);
          const free = availMain - fixed - spacing * Math.max(0, flow.length - 1);
          const weight = growers.reduce((s, k) => s + k._layoutGrow, 0);
          for (const k of growers) setSize(k, (free * k._layoutGrow) / weight, crossOf(k));
        }
      }
      availMain = (horiz ? this._w : this._h) - padMain;
      // Tracks (rows when wrapping).
      const tracks: SceneStub[][] = [[]];
      let used = 0;
      for (const k of flow) {
        const cur = tracks[tracks.length - 1] as SceneStub[];
        let extra = mainOf(k) + (cur.length ? spacing : 0);
        if (wrap && cur.length && used + extra > availMain + 1e-6) {
          tracks.push([]);
          used = 0;
          extra = mainOf(k);
        }
        (tracks[tracks.length - 1] as SceneStub[]).push(k);
        used += extra;
      }
      const trackCross = tracks.map((t) => Math.max(0, ...t.map(crossOf)));
      if (this.#counterSizing === "AUTO") {
        const content = wrap ? trackCross.reduce((s, c) => s + c, 0) + this.#counterSpacing * (tracks.length - 1) : (trackCross[0] ?? 0);
        if (horiz) this._h = Math.max(0.01, content + padCross);
        else this._w = Math.max(0.01, content + padCross);
      }
      const crossAvail = (horiz ? this._h : this._w) - padCross;
      // Wrapped tracks align as a block by counterAxisAlignItems (counterAxisAlignContent AUTO).
      const block = trackCross.reduce((s, c) => s + c, 0) + this.#counterSpacing * (tracks.length - 1);
      const free = crossAvail - block;
      let crossPos = !wrap ? 0 : this.#counterAlign === "CENTER" ? free / 2 : this.#counterAlign === "MAX" ? free : 0;
      tracks.forEach((track, ti) => {
        const sizes = track.map(mainOf);
        const total = sizes.reduce((s, v) => s + v, 0) + spacing * Math.max(0, track.length - 1);
        let gap = spacing;
        let pos = 0;
        if (this.#primaryAlign === "CENTER") pos = (availMain - total) / 2;
        else if (this.#primaryAlign === "MAX") pos = availMain - total;
        else if (this.#primaryAlign === "SPACE_BETWEEN" && track.length > 1) gap = (availMain - (total - spacing * (track.length - 1))) / (track.length - 1);
        else if (this.#primaryAlign === "SPACE_EVENLY" || this.#primaryAlign === "SPACE_AROUND") {
          // The free space shared out: EVENLY gives the ends a full share, AROUND half a share.
          const content = total - spacing * Math.max(0, track.length - 1);
          const shares = this.#primaryAlign === "SPACE_EVENLY" ? track.length + 1 : track.length;
          gap = (availMain - content) / shares;
          pos = this.#primaryAlign === "SPACE_EVENLY" ? gap : gap / 2;
        }
        const tc = wrap ? (trackCross[ti] ?? 0) : crossAvail;
        for (const k of track) {
          let off = 0;
          if (this.#counterAlign === "CENTER") off = (tc - crossOf(k)) / 2;
          else if (this.#counterAlign === "MAX") off = tc - crossOf(k);
          const m = (horiz ? p.left : p.top) + pos;
          const c = (horiz ? p.top : p.left) + crossPos + off;
          k._x = horiz ? m : c;
          k._y = horiz ? c : m;
          pos += mainOf(k) + gap;
        }
        crossPos += tc + this.#counterSpacing;
      });
    } finally {
      this.#inLayout = false;
    }
    const [w0, h0] = before as [number, number];
    if (w0 !== this._w || h0 !== this._h) {
      // A frame auto layout resized (hugging) moves its absolute children by their constraints,
      // as any resize does.
      this.applyConstraints(this._w - w0, this._h - h0, w0 > 0 ? this._w / w0 : 1, h0 > 0 ? this._h / h0 : 1);
      super.sizeChanged();
    }
  }
}

function axis(c: ConstraintType, pos: number, size: number, delta: number, scale: number): { pos: number; size: number } {
  switch (c) {
    case "MAX":
      return { pos: pos + delta, size };
    case "CENTER":
      return { pos: pos + delta / 2, size };
    case "STRETCH":
      return { pos, size: size + delta };
    case "SCALE":
      return { pos: pos * scale, size: size * scale };
    default:
      return { pos, size };
  }
}

// ---------------------------------------------------------------------------------- groups

export class GroupStub extends WithChildren(SceneStub) {
  constructor(world: World) {
    super(world, "GROUP", "Group", 0, 0);
  }
  coordinateSpace(): Mat {
    return this.containerTransform();
  }
  /** Bounds of the children in the container's coordinates. */
  #bounds(): Rect {
    const rects = this.kids.map((k) => {
      if (k instanceof GroupStub) return k.#bounds();
      return aabb(rotationMatrix(k._rot, k._x, k._y), k._w, k._h);
    });
    if (!rects.length) return { x: 0, y: 0, width: 0, height: 0 };
    const x0 = Math.min(...rects.map((r) => r.x));
    const y0 = Math.min(...rects.map((r) => r.y));
    const x1 = Math.max(...rects.map((r) => r.x + r.width));
    const y1 = Math.max(...rects.map((r) => r.y + r.height));
    return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  }
  override get x(): number {
    return this.#bounds().x;
  }
  override set x(v: number) {
    const dx = num("set_x", "x", v) - this.#bounds().x;
    for (const k of this.kids) k.x = k.x + dx;
  }
  override get y(): number {
    return this.#bounds().y;
  }
  override set y(v: number) {
    const dy = num("set_y", "y", v) - this.#bounds().y;
    for (const k of this.kids) k.y = k.y + dy;
  }
  override get width(): number {
    return this.#bounds().width;
  }
  override get height(): number {
    return this.#bounds().height;
  }
  override get relativeTransform(): Transform {
    const b = this.#bounds();
    return frozenCopy(rotationMatrix(0, b.x, b.y));
  }
  override set relativeTransform(m: Transform) {
    checkTransform("set_relativeTransform", "relativeTransform", m);
    this.x = m[0][2];
    this.y = m[1][2];
  }
  override get absoluteTransform(): Transform {
    const b = this.#bounds();
    return frozenCopy(multiply(this.containerTransform(), rotationMatrix(0, b.x, b.y)));
  }
  override resize(width: number, height: number): void {
    this.checkSize("resize", width, height);
    const b = this.#bounds();
    const sx = width / (b.width || 1);
    const sy = height / (b.height || 1);
    for (const k of this.kids) {
      k.x = b.x + (k.x - b.x) * sx;
      k.y = b.y + (k.y - b.y) * sy;
      k.resize(Math.max(0.01, k.width * sx), Math.max(0.01, k.height * sy));
    }
  }
  override resizeWithoutConstraints(width: number, height: number): void {
    this.resize(width, height);
  }
  override childrenChanged(): void {
    this.positionChanged();
  }
  childMoved(): void {
    this.childrenChanged();
  }
}

