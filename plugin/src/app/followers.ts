/**
 * Following: each import from its Page Import (or batch item) through its Code2Des to a design
 * ready to place, batches item by item, and discoveries to their pages. Every step's state is in
 * clientStorage before the next starts, so a closed plugin resumes where it was.
 */
import { poll } from "../api/poll";
import type { BatchItem, Code2Des, Code2DesRequest, Discovery } from "../api/types";
import type { DiscoveryView } from "../shared/messages";
import type { Viewport } from "../shared/presets";
import { UserError } from "./errors";
import { batchKind } from "./kinds";
import type { Parts } from "./parts";
import type { Job, TrackedBatch } from "./state";
import { now } from "./store";

export class Followers {
  /** The last result of each discovery, sent to the UI again when it opens. */
  readonly discoveries = new Map<string, DiscoveryView>();

  constructor(private readonly parts: Parts) {}

  /** Follows again everything in flight in this file (after start, a sign-in, a project chosen). */
  resume(): void {
    if (!this.parts.connection.client || this.parts.runner.stopped || !this.parts.runner.started) return;
    for (const batch of this.parts.store.state.batches) {
      if (batch.fileKey !== this.parts.store.fileKey || batch.status !== "0") continue;
      batchKind(batch.type).resume(this.parts, batch);
    }
    for (const job of this.parts.store.state.jobs) {
      if (job.fileKey !== this.parts.store.fileKey) continue;
      if (job.batchId && (job.phase === "queued" || job.phase === "capturing")) {
        const batch = this.parts.store.state.batches.find((b) => b.id === job.batchId);
        if (batch && batch.status !== "0") this.followBatch(batch); // finished while closed: one read settles it
        continue;
      }
      if (job.phase === "capturing" || job.phase === "converting") this.follow(job);
    }
    this.parts.placer.schedule();
  }

  /** Follows a single job from its Page Import (or Code2Des) to `ready`. */
  follow(job: Job): void {
    this.parts.runner.track(`job:${job.key}`, async () => {
      const client = this.parts.connection.requireClient();
      if (job.phase === "capturing") {
        if (!job.pageImportId) throw new Error("A capturing job has no Page Import id.");
        // Its own capture, then a site design's every other one.
        for (const pageImportId of [job.pageImportId, ...(job.variants ?? []).map((v) => v.pageImportId)]) {
          const pageImport = await poll(
            this.parts.runner.tolerant(async () => {
              const current = await client.getPageImport(pageImportId);
              return current.status === "0" ? undefined : current;
            }),
            this.parts.runner.pollOptions(),
          );
          if (pageImport.status === "2") {
            await this.parts.store.settle(job, "failed", `The page could not be captured: ${pageImport.errorMessage ?? "no reason given"}`);
            return;
          }
        }
        job.code2desId = await this.startConversion(job);
        job.phase = "converting";
        job.error = undefined;
        await this.parts.store.persist();
      }
      if (job.phase === "converting") {
        const code2desId = job.code2desId;
        if (!code2desId) throw new Error("A converting job has no Code2Des id.");
        const code2des: Code2Des = await poll(
          this.parts.runner.tolerant(async () => {
            const current = await client.getCode2Des(code2desId);
            return current.status === "0" ? undefined : current;
          }),
          this.parts.runner.pollOptions(),
        );
        if (code2des.status === "2") {
          await this.parts.store.settle(job, "failed", `The page could not be converted to a design: ${code2des.errorMessage ?? "no reason given"}`);
          return;
        }
        job.warnings = code2des.warningCount ?? 0;
        if (code2des.materializedNodeId) {
          // Placed by an earlier session (its record reached the API before the plugin closed).
          job.nodeId = code2des.materializedNodeId;
          await this.parts.store.settle(job, "placed");
          return;
        }
        job.phase = "ready";
        job.error = undefined;
        job.updatedAt = now();
        await this.parts.store.persist();
        this.parts.placer.schedule();
      }
    }, job);
  }

  /** Follows a `page_import` batch: item statuses drive its jobs until every item is terminal. */
  followBatch(batch: TrackedBatch): void {
    this.parts.runner.track(`batch:${batch.id}`, async () => {
      await poll(
        this.parts.runner.tolerant(async () => {
          await this.refreshBatch(batch);
          return batch.status === "0" ? undefined : true;
        }),
        this.parts.runner.pollOptions(),
      );
    });
  }

  private async refreshBatch(batch: TrackedBatch): Promise<void> {
    const client = this.parts.connection.requireClient();
    const current = await client.getBatch(batch.id);
    batch.status = current.status;
    batch.counts = current.counts;
    await this.refreshBatchItems(batch);
    await this.parts.store.persist();
  }

  async refreshBatchItems(batch: TrackedBatch): Promise<void> {
    const client = this.parts.connection.requireClient();
    const items = await client.listBatchItems(batch.id);
    for (const item of items) {
      const job = this.parts.store.state.jobs.find((j) => j.batchId === batch.id && j.slot === item.position);
      if (!job) continue;
      job.batchItemId = item.id;
      if (job.phase !== "queued" && job.phase !== "capturing") continue;
      if (item.jobId) job.pageImportId = item.jobId;
      switch (item.status) {
        case "0":
          if (item.jobId && job.phase === "queued") {
            job.phase = "capturing";
            job.updatedAt = now();
          }
          break;
        case "1":
          if (!item.jobId) break;
          job.phase = "capturing";
          job.updatedAt = now();
          this.follow(job); // the Page Import is complete: the job's own follower converts it
          break;
        case "2":
          await this.parts.store.settle(job, "failed", `The page could not be imported: ${await this.itemError(item)}`, false);
          break;
        case "3":
          await this.parts.store.settle(job, "cancelled", undefined, false);
          break;
      }
    }
    this.parts.postState();
  }

  /** A failed item's reason: its own, else its Page Import's (where the capture stored it). */
  async itemError(item: BatchItem): Promise<string> {
    if (item.errorMessage) return item.errorMessage;
    if (item.jobId) {
      try {
        const pageImport = await this.parts.connection.requireClient().getPageImport(item.jobId);
        if (pageImport.errorMessage) return pageImport.errorMessage;
      } catch {
        // The batch's own status is what matters; the reason is a courtesy.
      }
    }
    return "no reason given";
  }

  async followDiscovery(batch: TrackedBatch): Promise<DiscoveryView> {
    const client = this.parts.connection.requireClient();
    const discovery: Discovery = await poll(
      this.parts.runner.tolerant(async () => {
        const current = await client.getDiscovery(batch.id);
        return current.status === "0" ? undefined : current;
      }),
      this.parts.runner.pollOptions(),
    );
    const view: DiscoveryView = {
      batchId: batch.id,
      homepage: batch.homepage ?? "",
      status: discovery.status,
      pages: discovery.pages.map((p) => ({ url: p.url, title: p.title, description: p.description, depth: p.depth })),
      truncated: discovery.truncated,
    };
    if (discovery.status === "2") {
      view.error = `Pages could not be discovered: ${discovery.errorMessage ?? "no reason given"}`;
      batch.error = view.error;
    }
    const current = await client.getBatch(batch.id);
    batch.status = current.status;
    batch.counts = current.counts;
    await this.parts.store.persist();
    this.discoveries.set(batch.id, view);
    this.parts.reporter.post({ type: "discovery", discovery: view });
    if (view.error) this.parts.reporter.notice({ level: "error", message: view.error });
    else this.parts.reporter.notice({ level: "success", message: `Found ${view.pages.length} page(s)${view.truncated ? " (more exist)" : ""}.` });
    return view;
  }

  private code2desRequest(job: Job): Code2DesRequest {
    const pageId = this.parts.store.state.groups.find((g) => g.id === job.groupId)?.pageId ?? this.parts.figma.currentPage.id;
    const request: Code2DesRequest = {
      pageImportId: job.pageImportId ?? "",
      figmaFileKey: this.parts.store.fileKey,
      screenId: screenId(job.url, job.variants?.length ? null : job.viewport),
      placementTarget: `page:${pageId}`,
    };
    if (job.options) request.options = job.options;
    if (job.variants?.length) request.variants = job.variants.map((v) => ({ pageImportId: v.pageImportId }));
    return request;
  }

  /**
   * Starts the job's conversion exactly once, even when the plugin closes between the request
   * and saving its answer: the request is a one-item `code2des` batch whose client id is saved
   * in the job BEFORE it is sent, and the API replays a batch id it already has. So a resumed
   * job sends the same id again and gets the conversion it already started (never a second).
   */
  private async startConversion(job: Job): Promise<string> {
    const client = this.parts.connection.requireClient();
    if (!job.conversionRequestId) {
      job.conversionRequestId = this.parts.config.newId();
      await this.parts.store.persist();
    }
    const batch = await client.createBatch({ type: "code2des", requests: [this.code2desRequest(job)] }, job.conversionRequestId);
    // The item names its Code2Des once dispatched (at once, usually).
    const item = await poll(
      this.parts.runner.tolerant(async () => {
        const [first] = await client.listBatchItems(batch.id);
        return first && (first.jobId || first.status !== "0") ? first : undefined;
      }),
      this.parts.runner.pollOptions(),
    );
    if (!item.jobId) {
      const reason = await this.itemError(item);
      throw new UserError(`The conversion could not be started: ${reason}`);
    }
    return item.jobId;
  }

}

/** The page's slug with its viewport; a site design's (viewport null) has its variants' own. */
export function screenId(url: string, viewport: Viewport | null): string {
  const slug = url
    .replace(/^https?:\/\//i, "")
    .replace(/[^a-zA-Z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase();
  const suffix = viewport ? `-${viewport.width}x${viewport.height}` : "";
  return `${slug.slice(0, 255 - suffix.length) || "page"}${suffix}`;
}

