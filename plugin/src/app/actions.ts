/**
 * What the designer asks for: import a page (at one or more viewports) or many, discover a
 * site's pages, cancel or retry a batch, show a finished design or place it again.
 */
import type { Batch, BatchItem, ConversionOptions, PageImportRequest } from "../api/types";
import type { DiscoveryView, ManyPagesRequest } from "../shared/messages";
import {
  checkDeviceScaleFactor,
  checkImportForm,
  checkPageUrl,
  checkViewport,
  LIMITS,
  optionsToSend,
  pageImportRequest,
  viewportLabel,
  type ImportForm,
} from "../shared/presets";
import { UserError } from "./errors";
import { batchKind } from "./kinds";
import type { Parts } from "./parts";
import type { PlacementGroup } from "./placement";
import { PLACED_DATA_PREFIX } from "./placer";
import type { Job, TrackedBatch } from "./state";

export type OpenOutcome =
  | { kind: "selected"; nodeId: string }
  | { kind: "deleted"; nodeId: string }
  | { kind: "other-file"; nodeId: string; figmaFileKey: string }
  | { kind: "placing" }
  | { kind: "not-ready"; phase: Job["phase"] };

export class Actions {
  constructor(private readonly parts: Parts) {}

  /**
   * Imports one URL at one or more viewports and themes. One capture → `POST …/page-imports`;
   * several as one design → a Page Import each, converted together as one site design (a
   * variant each); else one `page_import` batch, their designs placed side by side.
   */
  async importPage(form: ImportForm): Promise<Job[]> {
    const client = this.parts.connection.requireClient();
    const checked = checkImportForm(form);
    if (!checked.ok) throw new UserError(checked.errors.join("\n"));
    const requests = checked.value;
    if (requests.length > 1 && form.oneDesign) return [await this.importSiteDesign(requests, form)];
    if (requests.length === 1) {
      const request = requests[0] as PageImportRequest;
      const pageImport = await client.createPageImport(request);
      const job = await this.parts.store.addSingleJob(request, { pageImportId: pageImport.pageImportId, phase: "capturing", options: optionsToSend(form.options) });
      this.parts.reporter.notice({ level: "info", message: `Importing ${request.url} (${viewportLabel(request.viewport)})…` });
      this.parts.followers.follow(job);
      return [job];
    }
    const group = this.parts.store.newGroup("row", requests.map((r) => r.viewport.width));
    const { jobs } = await this.startImportBatch(requests, group, `${requests[0]?.url ?? ""} at ${requests.length} viewports`, optionsToSend(form.options));
    return jobs;
  }

  /** Every capture of one page (its own Page Import each), followed to one site design. */
  private async importSiteDesign(requests: PageImportRequest[], form: ImportForm): Promise<Job> {
    const client = this.parts.connection.requireClient();
    const made: string[] = [];
    for (const request of requests) made.push((await client.createPageImport(request)).pageImportId);
    const [first, ...others] = requests as [PageImportRequest, ...PageImportRequest[]];
    const variants = others.map((request, index) => {
      const variant: NonNullable<Job["variants"]>[number] = { pageImportId: made[index + 1] as string, viewport: request.viewport };
      if (request.colorScheme) variant.colorScheme = request.colorScheme;
      return variant;
    });
    const job = await this.parts.store.addSingleJob(first, { pageImportId: made[0], phase: "capturing", options: optionsToSend(form.options), variants });
    this.parts.reporter.notice({ level: "info", message: `Importing ${first.url} as one design of ${requests.length} captures…` });
    this.parts.followers.follow(job);
    return job;
  }

  // --- Many pages ----------------------------------------------------------------------------

  /** Imports a list of URLs at one viewport as one `page_import` batch, placed in a grid. */
  async importMany(request: ManyPagesRequest): Promise<TrackedBatch> {
    this.parts.connection.requireClient();
    const problems = [...checkViewport(request.viewport), ...checkDeviceScaleFactor(request.deviceScaleFactor)];
    const urls: string[] = [];
    for (const raw of request.urls) {
      const checked = checkPageUrl(raw);
      if (checked.ok) {
        if (!urls.includes(checked.value)) urls.push(checked.value);
      } else {
        problems.push(...checked.errors);
      }
    }
    if (urls.length === 0) problems.push("Choose at least one page.");
    if (urls.length > LIMITS.batchItems) problems.push(`At most ${LIMITS.batchItems} pages at once.`);
    if (problems.length > 0) throw new UserError(problems.join("\n"));
    const requests = urls.map((url) => pageImportRequest(url, request.viewport, request.deviceScaleFactor));
    const group = this.parts.store.newGroup("grid", requests.map((r) => r.viewport.width));
    const { batch } = await this.startImportBatch(requests, group, `${requests.length} page${requests.length === 1 ? "" : "s"}`, optionsToSend(request.options));
    return batch;
  }

  /** Runs discovery on a homepage and reports the pages found (also to the UI). */
  async discover(homepage: string, maxPages: number): Promise<DiscoveryView> {
    const client = this.parts.connection.requireClient();
    const url = checkPageUrl(homepage);
    if (!url.ok) throw new UserError(url.errors.join(" "));
    if (!Number.isInteger(maxPages) || maxPages < LIMITS.maxPages.min || maxPages > LIMITS.maxPages.max) {
      throw new UserError(`Pages to find must be from ${LIMITS.maxPages.min} to ${LIMITS.maxPages.max}.`);
    }
    const batch = await client.createBatch({ type: "page_discovery", requests: [{ url: url.value, maxPages }] });
    const tracked: TrackedBatch = {
      id: batch.id,
      type: "page_discovery",
      fileKey: this.parts.store.fileKey,
      status: batch.status,
      counts: batch.counts,
      retryOf: batch.retryOf,
      homepage: url.value,
      createdAt: batch.createdAt,
    };
    this.parts.store.state.batches.push(tracked);
    await this.parts.store.persist();
    this.parts.reporter.notice({ level: "info", message: `Looking for pages on ${url.value}…` });
    return this.parts.followers.followDiscovery(tracked);
  }

  async cancelBatch(batchId: string): Promise<Batch> {
    const client = this.parts.connection.requireClient();
    const tracked = this.parts.store.state.batches.find((b) => b.id === batchId);
    const batch = await client.cancelBatch(batchId);
    if (tracked) {
      tracked.status = batch.status;
      tracked.counts = batch.counts;
      await batchKind(tracked.type).afterCancel(this.parts, tracked);
      await this.parts.store.persist();
    }
    this.parts.reporter.notice({ level: "success", message: `Batch cancelled: ${batch.counts.cancelled} page(s) will not be imported.` });
    return batch;
  }

  /** Retries the failed items of a batch as a new batch (the API's retry route), in a new grid. */
  async retryBatch(batchId: string): Promise<TrackedBatch> {
    const client = this.parts.connection.requireClient();
    const source = this.parts.store.state.batches.find((b) => b.id === batchId);
    const batch = await client.retryBatch(batchId);
    const items = await client.listBatchItems(batch.id);
    // The retried pages convert as the source batch's did.
    const options = this.parts.store.state.jobs.find((j) => j.batchId === batchId)?.options;
    const tracked = await this.trackImportBatch(batch, items, options, source?.homepage);
    this.parts.reporter.notice({ level: "info", message: `Retrying ${items.length} page(s).` });
    return tracked;
  }

  /**
   * Follows a `page_import` batch made elsewhere (a retry, the CLI) in a new grid: a job per item,
   * each converted (with `options`) and placed as its capture completes.
   */
  async trackImportBatch(batch: Batch, items: BatchItem[], options?: ConversionOptions, homepage?: string): Promise<TrackedBatch> {
    const requests = items.map((item) => requestOfItem(item));
    const group = this.parts.store.newGroup("grid", requests.map((r) => r.viewport.width));
    const tracked: TrackedBatch = {
      id: batch.id,
      type: batch.type,
      fileKey: this.parts.store.fileKey,
      groupId: group.id,
      status: batch.status,
      counts: batch.counts,
      retryOf: batch.retryOf,
      createdAt: batch.createdAt,
    };
    if (homepage) tracked.homepage = homepage;
    this.parts.store.state.groups.push(group);
    this.parts.store.state.batches.push(tracked);
    items.forEach((item, index) => {
      const request = requests[index] as PageImportRequest;
      this.parts.store.state.jobs.push(this.parts.store.newJob(request, group.id, index, { batchId: batch.id, batchItemId: item.id, phase: "queued", options }));
    });
    await this.parts.store.persist();
    this.parts.followers.followBatch(tracked);
    return tracked;
  }

  // --- One job: show, place again ------------------------------------------------------------

  /**
   * The "show" action of a finished job. A job already materialized is never placed twice: its
   * stored node is selected, or the user is told it was deleted (and may place it again).
   */
  async openJob(key: string): Promise<OpenOutcome> {
    const client = this.parts.connection.requireClient();
    const job = this.parts.store.requireJob(key);
    if (!job.code2desId || job.phase === "capturing" || job.phase === "queued" || job.phase === "converting") {
      this.parts.reporter.notice({ level: "info", message: `This design is not ready yet (${job.phase}).` });
      return { kind: "not-ready", phase: job.phase };
    }
    const code2des = await client.getCode2Des(job.code2desId);
    const stored = code2des.materializedNodeId;
    if (!stored) {
      if (code2des.status === "1" && (job.phase === "placed" || job.phase === "ready" || job.phase === "failed")) {
        // Completed but never recorded: place it now (or, if this session placed it and the
        // record failed, record that node).
        job.phase = "ready";
        job.error = undefined;
        await this.parts.store.persist();
        this.parts.placer.schedule();
        return { kind: "placing" };
      }
      this.parts.reporter.notice({ level: "info", message: "This design is not ready yet." });
      return { kind: "not-ready", phase: job.phase };
    }
    // Placed in this file, though converted for another key (the CLI's designs, opened here).
    const placedHere = this.parts.figma.root.getPluginData(PLACED_DATA_PREFIX + code2des.code2desId) === stored;
    if (code2des.figmaFileKey !== this.parts.store.fileKey && !placedHere) {
      this.parts.reporter.notice({ level: "warning", message: `This design was placed in another Figma file (key ${code2des.figmaFileKey}), as node ${stored}.` });
      return { kind: "other-file", nodeId: stored, figmaFileKey: code2des.figmaFileKey };
    }
    const node = await this.parts.figma.getNodeByIdAsync(stored);
    if (node && !node.removed && node.type !== "DOCUMENT" && node.type !== "PAGE") {
      await this.parts.placer.reveal([node as SceneNode]);
      this.parts.reporter.notice({ level: "info", message: `Already placed: selected “${node.name}” (${stored}).` });
      return { kind: "selected", nodeId: stored };
    }
    const message = `The design placed for this job (node ${stored}) was deleted. Place it again to make a new one.`;
    this.parts.reporter.post({ type: "deleted-node", key, message });
    this.parts.reporter.notice({ level: "warning", message });
    return { kind: "deleted", nodeId: stored };
  }

  /** A new Code2Des for the same capture, placed as a new frame; earlier frames stay as they are. */
  async placeAgain(key: string): Promise<Job> {
    const previous = this.parts.store.requireJob(key);
    if (!previous.pageImportId) throw new UserError("This page was never captured, so there is nothing to place again.");
    this.parts.connection.requireClient();
    const request: PageImportRequest = pageImportRequest(previous.url, previous.viewport, previous.deviceScaleFactor, previous.readySelector, previous.colorScheme);
    const extra: Partial<Job> & { phase: Job["phase"] } = { pageImportId: previous.pageImportId, phase: "capturing", options: previous.options };
    if (previous.variants) extra.variants = previous.variants;
    const job = await this.parts.store.addSingleJob(request, extra);
    this.parts.reporter.notice({ level: "info", message: `Converting ${job.url} again; the new design will be placed next to your content.` });
    this.parts.followers.follow(job);
    return job;
  }

  private async startImportBatch(
    requests: PageImportRequest[],
    group: PlacementGroup,
    what: string,
    options: ConversionOptions | undefined,
  ): Promise<{ batch: TrackedBatch; jobs: Job[] }> {
    const client = this.parts.connection.requireClient();
    const batch = await client.createBatch({ type: "page_import", requests });
    const tracked: TrackedBatch = {
      id: batch.id,
      type: "page_import",
      fileKey: this.parts.store.fileKey,
      groupId: group.id,
      status: batch.status,
      counts: batch.counts,
      retryOf: batch.retryOf,
      createdAt: batch.createdAt,
    };
    const jobs = requests.map((request, index) => this.parts.store.newJob(request, group.id, index, { batchId: batch.id, phase: "queued", options }));
    this.parts.store.state.groups.push(group);
    this.parts.store.state.batches.push(tracked);
    this.parts.store.state.jobs.push(...jobs);
    await this.parts.store.persist();
    this.parts.reporter.notice({ level: "info", message: `Importing ${what}…` });
    this.parts.followers.followBatch(tracked);
    return { batch: tracked, jobs };
  }
}

function requestOfItem(item: BatchItem): PageImportRequest {
  const request = item.request as Partial<PageImportRequest>;
  const viewport = request.viewport && typeof request.viewport === "object" ? request.viewport : { width: 1440, height: 900 };
  return pageImportRequest(String(request.url ?? ""), viewport, typeof request.deviceScaleFactor === "number" ? request.deviceScaleFactor : 1, typeof request.readySelector === "string" ? request.readySelector : undefined);
}

