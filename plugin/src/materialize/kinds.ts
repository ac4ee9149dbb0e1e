/** Plugin data keys the materializer writes on the nodes it creates. */

/** The result node id a Figma node was made from. */
export const DATA_ID = "pageport.id";
/** What a node is beyond its type: "svg" (frame from createNodeFromSvg), "tiled" (node whose image paints became tile layers), "image-tile", "fill-layer", "background", "wrapper", "components" (the section holding main components). */
export const DATA_KIND = "pageport.kind";
/** On the root frame while it is being built: "1". Cleared when the whole tree is placed. */
export const INCOMPLETE_DATA = "pageport.incomplete";
