/**
 * Placement: every ready design, one at a time, at its group's slot on the page its import
 * started on (or a free spot right of everything, never on top of anything), then recorded
 * (`PUT …/materialization`, first write wins). A placement the plugin was closed in the middle of
 * is found by its marker and removed before the design is placed again.
 */
import type { PageportClient } from "../api/client";
import { errorText } from "../api/errors";
import type { Code2Des } from "../api/types";
import { INCOMPLETE_DATA, materialize, type PlacedRoot } from "../materialize";
import { viewportLabel } from "../shared/presets";
import { keptWarnings, warningSummary } from "../shared/warnings";
import type { Parts } from "./parts";
import { freeSlot, groupOrigin, newGroup, reservedArea, slotPosition, topLevelRects, type PlacementGroup, type Rect } from "./placement";
import { linkPages, overviewBoard, SECTION_OF_DATA, wrapInSection, type PlacedPage } from "./site-map";
import { isActive, type Job } from "./state";
import { now } from "./store";
import type { Progress } from "./view";

export const PLACED_DATA_PREFIX = "pageport.placed.";
export const NODE_JOB_DATA = "pageport.code2desId";
/** Root plugin data: the id of the root frame being built for a Code2Des (cleared once placed). */
export const PLACING_DATA_PREFIX = "pageport.placing.";

/**
 * Removes what an interrupted placement of `code2desId` left behind: the root frame it was
 * building (tagged incomplete), found through the document's record of it. True if one was removed.
 */
export async function removeIncomplete(figma: PluginAPI, code2desId: string): Promise<boolean> {
  const id = figma.root.getPluginData(PLACING_DATA_PREFIX + code2desId);
  if (!id) return false;
  const node = await figma.getNodeByIdAsync(id);
  let removed = false;
  if (node && !node.removed && node.getPluginData(INCOMPLETE_DATA) !== "" && node.getPluginData(NODE_JOB_DATA) === code2desId) {
    node.remove();
    removed = true;
  }
  figma.root.setPluginData(PLACING_DATA_PREFIX + code2desId, "");
  return removed;
}

export class Placer {
  /** Materializer progress per job, while it is being placed. */
  readonly progress = new Map<string, Progress>();
  chain: Promise<void> = Promise.resolve();
  pending = false;

  constructor(private readonly parts: Parts) {}

  /** Places every job that is ready and whose slot can be computed, one at a time. */
  schedule(): void {
    if (this.parts.runner.stopped) return;
    this.pending = true;
    this.chain = this.chain
      .then(async () => {
        this.pending = false;
        for (let progress = true; progress && !this.parts.runner.stopped; ) {
          progress = false;
          const ready = this.parts.store.state.jobs.filter((j) => j.phase === "ready" && j.fileKey === this.parts.store.fileKey);
          for (const job of ready) {
            if (this.parts.runner.stopped) return;
            if (await this.place(job)) progress = true;
          }
        }
      })
      .catch((error: unknown) => this.parts.reporter.fail(error));
  }

  /**
   * Places one ready job if its slot is known; true when something changed. The design goes on
   * the page its group was started on (loaded first: documentAccess is dynamic-page), at its
   * slot unless something is there now (content added since, or a row placed below a slot that
   * had failed): then at a free spot right of everything, never on top of anything.
   */
  private async place(job: Job): Promise<boolean> {
    const client = this.parts.connection.requireClient();
    const code2desId = job.code2desId;
    if (!code2desId) return false;
    let group = this.parts.store.state.groups.find((g) => g.id === job.groupId);
    if (!group) {
      group = newGroup(job.groupId, "row", [job.viewport.width]);
      this.parts.store.state.groups.push(group);
    }
    const page = await this.targetPage(group);
    const reserved = this.reservedAreas(group, page);
    const origin = group.origin ?? groupOrigin(this.pageContent(page, group), reserved);
    const position = slotPosition(group, job.slot, origin);
    if (!position) return false;
    try {
      let root = await this.previouslyPlaced(code2desId);
      let inSlot = true;
      if (!root) {
        if (await removeIncomplete(this.parts.figma, code2desId)) {
          this.parts.reporter.notice({ level: "info", message: `Removed an unfinished copy of ${job.url} left by an interrupted placement; placing it again.` });
        }
        const result = await client.getFullResult(code2desId);
        const box = result.document.document.absoluteBoundingBox;
        const want = { x: position.x, y: position.y, width: Math.max(box.width, 0.01), height: Math.max(box.height, 0.01) };
        const spot = freeSlot(want, [...topLevelRects(page), ...reserved]);
        inSlot = spot.x === want.x && spot.y === want.y;
        const materialized = await materialize(this.parts.figma, result, {
          parent: page,
          x: spot.x,
          y: spot.y,
          rootData: { [NODE_JOB_DATA]: code2desId },
          onRoot: (r) => this.parts.figma.root.setPluginData(PLACING_DATA_PREFIX + code2desId, r.id),
          onProgress: (done, total) => this.reportProgress(job.key, done, total),
          onImageProgress: (_ref, done, total) => this.reportProgress(job.key, done, total, "tiles"),
        });
        root = materialized.root;
        // A site design's component set keeps the page's name (its instances show it); its variants name their viewports.
        if (root.type === "FRAME") root.name = `${job.url} — ${viewportLabel(job.viewport)}`;
        // A batch of pages: each on a section named by its path (site-map.ts).
        if (group.layout === "grid") wrapInSection(this.parts.figma, root, job.url);
        this.parts.figma.root.setPluginData(PLACED_DATA_PREFIX + code2desId, root.id);
        this.parts.figma.root.setPluginData(PLACING_DATA_PREFIX + code2desId, "");
        job.warnings = materialized.warnings.length;
        job.warningMessages = keptWarnings(materialized.warnings);
        if (!inSlot && !group.origin && job.slot === 0) {
          group.origin = { x: spot.x, y: spot.y }; // the group's first design: the group starts there
          inSlot = true;
        }
      }
      if (!group.origin) group.origin = origin;
      const slot = group.slots[job.slot];
      if (slot && inSlot) {
        slot.width = root.width;
        slot.height = root.height;
      } else if (slot && slot.height === null) {
        slot.height = 0; // placed elsewhere: its cell stays empty, later rows need not wait
      }
      job.nodeId = root.id;
      job.phase = "placed";
      job.error = undefined;
      job.updatedAt = now();
      this.progress.delete(job.key);
      await this.parts.store.persist();
      await this.reveal(this.groupNodes(group, root, page));
      await this.record(client, job, code2desId, root.id);
      await this.mapSite(group, page);
    } catch (error) {
      this.progress.delete(job.key);
      await this.parts.store.settle(job, "failed", `The design could not be placed: ${errorText(error)}`);
    }
    return true;
  }

  /**
   * The page a group's designs go on, loaded. A group made before pages were recorded takes the
   * current page; a deleted page falls back to the current one, with a notice.
   */
  private async targetPage(group: PlacementGroup): Promise<PageNode> {
    const current = this.parts.figma.currentPage;
    if (group.pageId && group.pageId !== current.id) {
      const node = await this.parts.figma.getNodeByIdAsync(group.pageId);
      if (node && !node.removed && node.type === "PAGE") {
        await node.loadAsync();
        return node;
      }
      this.parts.reporter.notice({ level: "warning", message: `The page these designs were started on was deleted; they are placed on “${current.name}” instead.` });
      group.origin = null;
      group.slots.forEach((slot) => {
        if (slot.height !== null) slot.height = 0;
      });
    }
    group.pageId = current.id;
    return current;
  }

  /** `PUT …/materialization`; when another placement was recorded first, says which node that is. */
  private async record(client: PageportClient, job: Job, code2desId: string, nodeId: string): Promise<void> {
    let answer: Code2Des;
    try {
      answer = await client.putMaterialization(code2desId, nodeId);
    } catch (error) {
      job.error = `Placed, but the placement could not be recorded: ${errorText(error)}`;
      await this.parts.store.persist();
      this.parts.reporter.notice({ level: "error", message: job.error });
      return;
    }
    if (answer.materializedNodeId && answer.materializedNodeId !== nodeId) {
      job.recordedNodeId = answer.materializedNodeId;
      await this.parts.store.persist();
      this.parts.reporter.notice({
        level: "warning",
        message: `This design had already been placed as node ${answer.materializedNodeId} (the first placement is the one on record). The new frame ${nodeId} was left as it is.`,
      });
      return;
    }
    const warnings = job.warnings ? ` ${warningSummary(job.warningMessages ?? [], job.warnings)}` : "";
    const what = job.variants?.length ? `one design of ${job.variants.length + 1} variants` : viewportLabel(job.viewport);
    this.parts.reporter.notice({ level: "success", message: `Placed ${job.url} (${what}).${warnings}` });
  }

  /** A frame this file already holds for that Code2Des (placed before the plugin closed). */
  private async previouslyPlaced(code2desId: string): Promise<PlacedRoot | null> {
    const id = this.parts.figma.root.getPluginData(PLACED_DATA_PREFIX + code2desId);
    if (!id) return null;
    const node = await this.parts.figma.getNodeByIdAsync(id);
    if (node && !node.removed && (node.type === "FRAME" || node.type === "COMPONENT_SET") && node.getPluginData(INCOMPLETE_DATA) === "") return node;
    return null;
  }

  /**
   * A grid whose every job is done gets its site map once: the overview board and the prototype
   * links between its placed pages (site-map.ts). A failure is a notice; the designs stay placed.
   */
  private async mapSite(group: PlacementGroup, page: PageNode): Promise<void> {
    const jobs = this.parts.store.state.jobs.filter((j) => j.groupId === group.id);
    if (group.layout !== "grid" || group.siteMap || jobs.some((j) => isActive(j))) return;
    const placed: PlacedPage[] = [];
    for (const job of jobs) {
      const node = job.nodeId ? await this.parts.figma.getNodeByIdAsync(job.nodeId) : null;
      if (node && !node.removed && node.type !== "PAGE" && node.type !== "DOCUMENT") placed.push({ url: job.url, root: node });
    }
    if (placed.length < 2) return;
    try {
      const warn = (message: string): void => this.parts.reporter.notice({ level: "warning", message });
      const links = await linkPages(placed, warn);
      const origin = group.origin ?? { x: 0, y: 0 };
      const board = await overviewBoard(this.parts.figma, page, placed, { ...origin, width: 0, height: 0 });
      group.siteMap = board.id;
      await this.parts.store.persist();
      this.parts.reporter.notice({ level: "success", message: `Site map made: ${placed.length} pages, ${links} links between them.` });
    } catch (error) {
      this.parts.reporter.notice({ level: "warning", message: `The site map could not be made: ${errorText(error)}` });
    }
  }

  /** A design's top-level node: itself, or the section it was placed on (site-map.ts). */
  private static holder(node: SceneNode): string {
    return node.type === "SECTION" ? node.getPluginData(SECTION_OF_DATA) || node.id : node.id;
  }

  private pageContent(page: PageNode, group: PlacementGroup): Rect[] {
    const own = new Set(this.parts.store.state.jobs.filter((j) => j.groupId === group.id && j.nodeId).map((j) => j.nodeId));
    return topLevelRects({ children: page.children.filter((node) => !own.has(Placer.holder(node))) });
  }

  /** Room kept for other groups (on the same page) that have started placing and are not finished. */
  private reservedAreas(except: PlacementGroup, page: PageNode): Rect[] {
    const rects: Rect[] = [];
    for (const group of this.parts.store.state.groups) {
      if (group === except || !group.origin || (group.pageId ?? page.id) !== page.id) continue;
      const unfinished = this.parts.store.state.jobs.some((j) => j.groupId === group.id && isActive(j));
      if (!unfinished) continue;
      const area = reservedArea(group);
      if (area) rects.push(area);
    }
    return rects;
  }

  private groupNodes(group: PlacementGroup, latest: SceneNode, page: PageNode): SceneNode[] {
    const nodes = new Set<SceneNode>([latest]);
    for (const job of this.parts.store.state.jobs) {
      if (job.groupId !== group.id || !job.nodeId || job.nodeId === latest.id) continue;
      const child = page.children.find((n) => Placer.holder(n) === job.nodeId);
      const design = child?.type === "SECTION" ? child.children.find((n) => n.id === job.nodeId) : child;
      if (design) nodes.add(design);
    }
    return [...nodes];
  }

  async reveal(nodes: SceneNode[]): Promise<void> {
    const first = nodes[0];
    if (!first) return;
    let page: BaseNode | null = first.parent;
    while (page && page.type !== "PAGE") page = page.parent;
    if (page && page.type === "PAGE" && page.id !== this.parts.figma.currentPage.id) {
      await this.parts.figma.setCurrentPageAsync(page);
    }
    this.parts.figma.currentPage.selection = nodes;
    this.parts.figma.viewport.scrollAndZoomIntoView(nodes);
  }

  /** Materializer progress to the UI, about fifty updates per design at most. */
  private reportProgress(key: string, done: number, total: number, unit: "layers" | "tiles" = "layers"): void {
    const last = this.progress.get(key);
    this.progress.set(key, { done, total, unit });
    const step = Math.max(1, Math.floor(total / 50));
    if (!last || last.unit !== unit || done >= total || done - last.done >= step || done < last.done) {
      this.parts.reporter.post({ type: "job-progress", key, done, total, unit });
    } else {
      this.progress.set(key, last);
    }
  }
}
