/**
 * GRID auto layout of the in-memory Figma (`layoutMode = "GRID"`): rows and columns of tracks
 * (`gridRowSizes` / `gridColumnSizes`: live GridTrackSize objects, FLEX by default, FIXED with a
 * value, HUG to their largest child), `gridRowGap` / `gridColumnGap`, and each child in one cell
 * (its `gridRowAnchorIndex` / `gridColumnAnchorIndex`). A child appended takes the first free
 * cell in reading order (a row is added when none is free); `setGridChildPosition` and
 * `appendChildAt` refuse a cell out of bounds or taken; a count cannot drop below the tracks
 * children occupy. Tracks start at the padding, in order, a gap apart; FLEX tracks share what
 * FIXED and HUG ones leave. A child sits at its cell's top left (MIN or AUTO), centre or end.
 */
import { fail, num, oneOf } from "./validate";

export type TrackType = "FLEX" | "FIXED" | "HUG";

/** What the grid needs of a child: its size and its cell. */
export interface GridChild {
  _w: number;
  _h: number;
  _x: number;
  _y: number;
  visible: boolean;
  _layoutPositioning: "AUTO" | "ABSOLUTE";
  gridCell: { row: number; column: number } | null;
  gridChildHorizontalAlign: "MIN" | "CENTER" | "MAX" | "AUTO";
  gridChildVerticalAlign: "MIN" | "CENTER" | "MAX" | "AUTO";
}

class Track {
  #type: TrackType = "FLEX";
  #value: number | undefined;
  constructor(readonly changed: () => void) {}
  get type(): TrackType {
    return this.#type;
  }
  set type(v: TrackType) {
    this.#type = oneOf("set_type", "type", v, ["FLEX", "FIXED", "HUG"]);
    if (v === "FIXED" && this.#value === undefined) this.#value = 0;
    this.changed();
  }
  get value(): number | undefined {
    return this.#type === "FIXED" ? this.#value : undefined;
  }
  set value(v: number | undefined) {
    if (this.#type !== "FIXED") fail("set_value", "Only a FIXED track has a value");
    this.#value = num("set_value", "value", v, 0);
    this.changed();
  }
}

export class Grid {
  rows: Track[] = [];
  columns: Track[] = [];
  rowGap = 0;
  columnGap = 0;

  constructor(readonly changed: () => void) {
    this.rows = [new Track(changed)];
    this.columns = [new Track(changed)];
  }

  /** The same tracks and gaps, for a copy of the frame (an instance's). */
  copy(changed: () => void): Grid {
    const out = new Grid(changed);
    const tracks = (from: Track[]): Track[] =>
      from.map((t) => {
        const copy = new Track(changed);
        copy.type = t.type;
        if (t.type === "FIXED") copy.value = t.value;
        return copy;
      });
    [out.rows, out.columns, out.rowGap, out.columnGap] = [tracks(this.rows), tracks(this.columns), this.rowGap, this.columnGap];
    return out;
  }

  setCount(which: "rows" | "columns", count: number, children: readonly GridChild[]): void {
    const where = which === "rows" ? "set_gridRowCount" : "set_gridColumnCount";
    num(where, which, count, 1);
    if (!Number.isInteger(count)) fail(where, "Expected an integer");
    const used = Math.max(0, ...children.map((c) => (c.gridCell ? (which === "rows" ? c.gridCell.row : c.gridCell.column) + 1 : 0)));
    if (count < used) fail(where, `Cannot remove ${which} that children occupy`);
    const tracks = this[which];
    while (tracks.length < count) tracks.push(new Track(this.changed));
    tracks.length = count;
    this.changed();
  }

  /** A newly appended child's cell: the first free one in reading order (a new row if none is). */
  place(child: GridChild, children: readonly GridChild[]): void {
    const taken = new Set(children.filter((c) => c !== child && c.gridCell).map((c) => `${c.gridCell?.row},${c.gridCell?.column}`));
    for (let row = 0; ; row++) {
      if (row >= this.rows.length) this.rows.push(new Track(this.changed));
      for (let column = 0; column < this.columns.length; column++) {
        if (!taken.has(`${row},${column}`)) {
          child.gridCell = { row, column };
          return;
        }
      }
    }
  }

  move(child: GridChild, row: number, column: number, children: readonly GridChild[], where: string): void {
    if (!Number.isInteger(row) || !Number.isInteger(column) || row < 0 || column < 0) fail(where, "Expected cell indices >= 0");
    if (row >= this.rows.length || column >= this.columns.length) fail(where, `Cell (${row}, ${column}) is outside the grid`);
    if (children.some((c) => c !== child && c.gridCell?.row === row && c.gridCell.column === column)) fail(where, `Cell (${row}, ${column}) is taken`);
    child.gridCell = { row, column };
    this.changed();
  }

  /** Track sizes: FIXED their value, HUG their largest child, FLEX an equal share of the rest. */
  #sizes(tracks: Track[], room: number, gap: number, sizeOf: (c: GridChild) => number, index: (c: GridChild) => number, children: readonly GridChild[]): number[] {
    const sizes = tracks.map((t, i) => (t.type === "FIXED" ? (t.value ?? 0) : t.type === "HUG" ? Math.max(0, ...children.filter((c) => index(c) === i).map(sizeOf)) : 0));
    const flex = tracks.filter((t) => t.type === "FLEX").length;
    const left = room - sizes.reduce((s, v) => s + v, 0) - gap * (tracks.length - 1);
    return tracks.map((t, i) => (t.type === "FLEX" ? Math.max(0, left / Math.max(1, flex)) : (sizes[i] as number)));
  }

  /** Places the in-flow children at their cells, inside the padding of a frame of that size. */
  layOut(width: number, height: number, pad: { top: number; right: number; bottom: number; left: number }, children: readonly GridChild[]): void {
    const flow = children.filter((c) => c.visible && c._layoutPositioning === "AUTO" && c.gridCell);
    const rowOf = (c: GridChild): number => c.gridCell?.row ?? 0;
    const columnOf = (c: GridChild): number => c.gridCell?.column ?? 0;
    const rows = this.#sizes(this.rows, height - pad.top - pad.bottom, this.rowGap, (c) => c._h, rowOf, flow);
    const columns = this.#sizes(this.columns, width - pad.left - pad.right, this.columnGap, (c) => c._w, columnOf, flow);
    const start = (sizes: number[], gap: number, i: number): number => sizes.slice(0, i).reduce((s, v) => s + v, 0) + gap * i;
    const offset = (align: string, room: number, size: number): number => (align === "CENTER" ? (room - size) / 2 : align === "MAX" ? room - size : 0);
    for (const c of flow) {
      const r = rowOf(c);
      const k = columnOf(c);
      c._x = pad.left + start(columns, this.columnGap, k) + offset(c.gridChildHorizontalAlign, columns[k] ?? 0, c._w);
      c._y = pad.top + start(rows, this.rowGap, r) + offset(c.gridChildVerticalAlign, rows[r] ?? 0, c._h);
    }
  }
}
