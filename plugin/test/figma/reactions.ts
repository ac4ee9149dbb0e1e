/**
 * Prototype reactions of the in-memory Figma's scene nodes. With documentAccess "dynamic-page"
 * `reactions` is read-only: `setReactionsAsync` replaces them. A reaction is a trigger and its
 * actions; a NODE action navigates to a frame (a top-level one: on a page or in a section, as
 * Figma's prototypes need) on the same page, or to nothing (`destinationId: null`).
 */
import type { BaseStub } from "./base";
import { fail, oneOf } from "./validate";

const TRIGGERS = ["ON_CLICK", "ON_HOVER", "ON_PRESS", "ON_DRAG", "AFTER_TIMEOUT", "MOUSE_ENTER", "MOUSE_LEAVE", "MOUSE_UP", "MOUSE_DOWN", "ON_KEY_DOWN"];
const NAVIGATIONS = ["NAVIGATE", "SWAP", "OVERLAY", "SCROLL_TO", "CHANGE_TO"];
// Figma navigates to top-level frames (and components); a variant inside its set is not one.
const DESTINATIONS = ["FRAME", "COMPONENT", "INSTANCE"];

function pageOf(node: BaseStub | null): BaseStub | null {
  let n: BaseStub | null = node;
  while (n && n.type !== "PAGE") n = n.parent as unknown as BaseStub | null;
  return n;
}

/** The reactions a node may take, copied; throws as Figma does on anything else. */
export function checkReactions(node: BaseStub, reactions: unknown, lookup: (id: string) => BaseStub | undefined): Reaction[] {
  const where = "setReactionsAsync";
  if (!Array.isArray(reactions)) fail(where, "Expected an array of reactions");
  for (const reaction of reactions as Reaction[]) {
    if (!reaction || typeof reaction !== "object" || !reaction.trigger) fail(where, "A reaction needs a trigger");
    oneOf(where, "trigger.type", reaction.trigger?.type, TRIGGERS);
    const actions = reaction.actions ?? (reaction.action ? [reaction.action] : []);
    if (!actions.length) fail(where, "A reaction needs at least one action");
    for (const action of actions) {
      if (action.type !== "NODE") continue;
      oneOf(where, "navigation", action.navigation, NAVIGATIONS);
      if (action.destinationId === null) continue;
      const destination = lookup(action.destinationId);
      if (!destination || destination.removed) fail(where, `Destination node ${String(action.destinationId)} does not exist`);
      if (!DESTINATIONS.includes(destination.type)) fail(where, `A ${destination.type} cannot be a prototype destination`);
      const parent = destination.parent as unknown as BaseStub | null;
      if (!parent || (parent.type !== "PAGE" && parent.type !== "SECTION")) fail(where, "A prototype destination must be a top-level frame");
      if (pageOf(destination) !== pageOf(node)) fail(where, "A prototype destination must be on the same page");
    }
  }
  return structuredClone(reactions as Reaction[]);
}
