/**
 * Site structure for a batch of pages: each placed design on a SECTION named by its URL path
 * (the section is exactly the design's box, so the grid's spacing holds), and once the batch is
 * done, an overview board (a card per page, its path and address) and prototype links: a text
 * link to another page of the batch becomes an ON_CLICK → NAVIGATE reaction to that page's
 * design, and each card of the board navigates to its page. Sections work on every plan (a
 * Starter file's three pages are never used up); nothing already on the canvas moves. A site
 * design (a component set of variants) is no prototype destination: Figma navigates to top-level
 * frames, and its variants sit inside the set; its card shows it without a link.
 */
import { errorText } from "../api/errors";
import { freeSlot, PLACEMENT_GAP, topLevelRects, type Rect } from "./placement";

/** Section plugin data: the id of the design it holds (so the group still finds its own nodes). */
export const SECTION_OF_DATA = "pageport.sectionOf";
const CARD = { width: 320, height: 64, gap: 16, columns: 4, padding: 32 } as const;
const REGULAR: FontName = { family: "Inter", style: "Regular" };
const BOLD: FontName = { family: "Inter", style: "Bold" };

export interface PlacedPage {
  url: string;
  root: SceneNode;
}

/** "/pricing?plan=pro" of an address ("/" for the home page), for names and matching. */
export function pathLabel(url: string): string {
  const match = /^[a-z]+:\/\/[^/?#]*([^#]*)/i.exec(url);
  const path = match?.[1] ?? "";
  return path === "" ? "/" : path;
}

/** An address as links are compared: no fragment, host lowercased, no trailing slash but the root's. */
export function pageKey(url: string): string {
  const match = /^([a-z]+):\/\/([^/?#]*)([^#]*)/i.exec(url.trim());
  if (!match) return url;
  const rest = (match[3] ?? "").replace(/\/+(\?|$)/, "$1") || "/";
  return `${(match[1] ?? "").toLowerCase()}://${(match[2] ?? "").toLowerCase()}${rest.startsWith("/") ? rest : `/${rest}`}`;
}

/** The design on a section of its own, named by its path, at exactly the design's place and size. */
export function wrapInSection(figma: PluginAPI, root: SceneNode, url: string): SectionNode | null {
  const parent = root.parent;
  if (!parent || parent.type !== "PAGE") return null;
  const section = figma.createSection();
  parent.appendChild(section);
  section.name = pathLabel(url);
  section.x = root.x;
  section.y = root.y;
  section.resizeWithoutConstraints(Math.max(0.01, root.width), Math.max(0.01, root.height));
  section.appendChild(root);
  root.x = 0;
  root.y = 0;
  section.setPluginData(SECTION_OF_DATA, root.id);
  return section;
}

/** Prototype links between the pages: how many text links now navigate to a page's design. */
export async function linkPages(pages: readonly PlacedPage[], warn: (m: string) => void): Promise<number> {
  const byKey = new Map(pages.filter((p) => destination(p.root)).map((p) => [pageKey(p.url), p.root]));
  let linked = 0;
  for (const page of pages) {
    for (const text of texts(page.root)) {
      const target = linkTarget(text, byKey);
      if (!target || target === page.root) continue;
      try {
        await text.setReactionsAsync([{ trigger: { type: "ON_CLICK" }, actions: [navigate(target)] }]);
        linked++;
      } catch (e) {
        warn(`a link in ${page.url} could not become a prototype link (${errorText(e)})`);
      }
    }
  }
  return linked;
}

/** The overview board: a card per page that navigates to its design, placed where nothing is. */
export async function overviewBoard(figma: PluginAPI, page: PageNode, pages: readonly PlacedPage[], near: Rect): Promise<FrameNode> {
  await Promise.all([figma.loadFontAsync(REGULAR), figma.loadFontAsync(BOLD)]);
  const board = figma.createFrame();
  page.appendChild(board);
  board.name = `Site map — ${hostOf(pages[0]?.url ?? "")}`;
  const columns = Math.min(CARD.columns, Math.max(1, pages.length));
  const rows = Math.ceil(pages.length / columns);
  const width = CARD.padding * 2 + columns * CARD.width + (columns - 1) * CARD.gap;
  const height = CARD.padding * 2 + rows * CARD.height + Math.max(0, rows - 1) * CARD.gap;
  board.resize(width, height);
  const want = { x: near.x, y: near.y - height - PLACEMENT_GAP, width, height };
  const spot = freeSlot(want, topLevelRects({ children: page.children.filter((n) => n !== board) }));
  board.x = spot.x;
  board.y = spot.y;
  for (const [index, placed] of pages.entries()) {
    const card = figma.createFrame();
    board.appendChild(card);
    card.name = `Page ${pathLabel(placed.url)}`;
    card.resize(CARD.width, CARD.height);
    card.x = CARD.padding + (index % columns) * (CARD.width + CARD.gap);
    card.y = CARD.padding + Math.floor(index / columns) * (CARD.height + CARD.gap);
    card.cornerRadius = 8;
    card.strokes = [{ type: "SOLID", color: { r: 0.85, g: 0.87, b: 0.9 } }];
    card.appendChild(label(figma, pathLabel(placed.url), BOLD, 14, 12));
    card.appendChild(label(figma, placed.url, REGULAR, 11, 36));
    if (destination(placed.root)) await card.setReactionsAsync([{ trigger: { type: "ON_CLICK" }, actions: [navigate(placed.root)] }]);
  }
  return board;
}

function label(figma: PluginAPI, characters: string, font: FontName, size: number, y: number): TextNode {
  const text = figma.createText();
  text.fontName = font;
  text.fontSize = size;
  text.characters = characters.length > 60 ? `${characters.slice(0, 59)}…` : characters;
  text.x = 12;
  text.y = y;
  return text;
}

function navigate(target: SceneNode): Action {
  return { type: "NODE", destinationId: target.id, navigation: "NAVIGATE", transition: null, preserveScrollPosition: false };
}

/** Whether a design can be navigated to in a prototype (a frame, not a site design's set). */
function destination(root: SceneNode): boolean {
  return root.type === "FRAME" || root.type === "COMPONENT";
}

function hostOf(url: string): string {
  return /^[a-z]+:\/\/([^/?#]*)/i.exec(url)?.[1] ?? "site";
}

/** The text layers of a design that can carry a reaction (not layers of an instance). */
function* texts(node: SceneNode): Generator<TextNode> {
  if (node.type === "TEXT") yield node;
  if (node.type === "INSTANCE" || !("children" in node)) return;
  for (const child of node.children) yield* texts(child);
}

/** The design a text's first link to another page of the batch leads to. */
function linkTarget(text: TextNode, byKey: ReadonlyMap<string, SceneNode>): SceneNode | undefined {
  for (const segment of text.getStyledTextSegments(["hyperlink"])) {
    const link = segment.hyperlink;
    if (link?.type === "URL") {
      const target = byKey.get(pageKey(link.value));
      if (target) return target;
    }
  }
  return undefined;
}
