/**
 * Geometry of placement: the result's absolute boxes as positions relative to each node's
 * container (the nearest non-group ancestor, as in Figma), rotation, and REST constraints.
 */
import type { RestConstraint, ResultNode } from "./types";

/** The container's absolute origin: children's x/y are relative to it. */
export interface Origin {
  x: number;
  y: number;
}

export const CONSTRAINT: Record<RestConstraint, ConstraintType> = {
  TOP: "MIN",
  LEFT: "MIN",
  BOTTOM: "MAX",
  RIGHT: "MAX",
  CENTER: "CENTER",
  TOP_BOTTOM: "STRETCH",
  LEFT_RIGHT: "STRETCH",
  SCALE: "SCALE",
};

/** Nodes in these trees (the page and any main components). */
export function countNodes(...roots: ResultNode[]): number {
  let n = 0;
  const stack = [...roots];
  while (stack.length) {
    const node = stack.pop() as ResultNode;
    n++;
    for (const c of node.children ?? []) stack.push(c);
  }
  return n;
}

/** Every node of the trees, depth first. */
export function* walk(...roots: ResultNode[]): Generator<ResultNode> {
  const stack = [...roots].reverse();
  while (stack.length) {
    const node = stack.pop() as ResultNode;
    yield node;
    for (const c of [...(node.children ?? [])].reverse()) stack.push(c);
  }
}

/** Size of the unrotated box whose rotation by `deg` has the axis-aligned size W x H. */
export function unrotatedSize(W: number, H: number, deg: number): { width: number; height: number } {
  const t = (deg * Math.PI) / 180;
  const c = Math.abs(Math.cos(t));
  const s = Math.abs(Math.sin(t));
  const det = c * c - s * s;
  if (Math.abs(det) > 0.05) {
    const w = (W * c - H * s) / det;
    const h = (H * c - W * s) / det;
    if (w > 0 && h > 0) return { width: w, height: h };
  }
  const side = Math.max(W, H) / (c + s);
  return { width: side, height: side };
}

/** Top-left offset of the bounds of a w x h box rotated by `deg` about its origin (Figma's rotation). */
export function rotatedOffset(w: number, h: number, deg: number): { x: number; y: number } {
  const t = (deg * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  const pts = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ].map(([u, v]) => [cos * (u as number) + sin * (v as number), -sin * (u as number) + cos * (v as number)]);
  return { x: Math.min(...pts.map((p) => p[0] as number)), y: Math.min(...pts.map((p) => p[1] as number)) };
}

/** Position and size from the absolute box (and rotation), relative to the container's origin. */
export function place(n: SceneNode & LayoutMixin, r: ResultNode, origin: Origin): void {
  const bb = r.absoluteBoundingBox;
  const rot = r.rotation ?? 0;
  if (rot) {
    const size = unrotatedSize(bb.width, bb.height, rot);
    n.resize(Math.max(0.01, size.width), Math.max(0.01, size.height));
    n.rotation = rot;
    const off = rotatedOffset(n.width, n.height, rot);
    n.x = bb.x - origin.x - off.x;
    n.y = bb.y - origin.y - off.y;
    return;
  }
  n.resize(Math.max(0.01, bb.width), Math.max(0.01, bb.height));
  n.x = bb.x - origin.x;
  n.y = bb.y - origin.y;
}
