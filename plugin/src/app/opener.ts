/**
 * Opening work started elsewhere (the CLI prints "Open in Figma: …" for each design and batch;
 * the local stack's page links them): a pasted id or link becomes jobs in this file's list, each
 * followed to a design and placed like the plugin's own. A design placed before is selected,
 * never placed twice; one placed in another file (or deleted) may be placed again, as a new
 * conversion.
 */
import { isApiError } from "../api/errors";
import type { Batch, Code2Des, PageImport, PageImportRequest } from "../api/types";
import { pageImportRequest } from "../shared/presets";
import { parseJobReference, type JobReference } from "../shared/references";
import type { Actions } from "./actions";
import { UserError } from "./errors";
import type { Parts } from "./parts";
import type { Job } from "./state";

/** What an open led to, for the UI and tests. */
export type Opened =
  | { kind: "design"; job: Job }
  | { kind: "import"; job: Job }
  | { kind: "batch"; batchId: string; jobs: number }
  | { kind: "known"; what: string };

// Reads at once while resolving a batch's designs: enough to be quick, few enough for a Lambda API.
const PARALLEL_READS = 6;

export class Opener {
  constructor(
    private readonly parts: Parts,
    private readonly actions: Actions,
  ) {}

  async open(text: string): Promise<Opened> {
    const parsed = parseJobReference(text);
    if (!parsed.ok) throw new UserError(parsed.error);
    const known = await this.alreadyHere(parsed.value);
    if (known) return known;
    const found = await this.find(parsed.value);
    if (found.kind === "code2des") return { kind: "design", job: await this.openDesign(found.value) };
    if (found.kind === "page-import") return { kind: "import", job: await this.openImport(found.value) };
    return this.openBatch(found.value);
  }

  /** The job or batch when this file follows it already: shown, not added twice. */
  private async alreadyHere(reference: JobReference): Promise<Opened | null> {
    const { id } = reference;
    const job = this.parts.store.jobs.find((j) => j.code2desId === id) ?? this.parts.store.jobs.find((j) => j.pageImportId === id && !j.batchId);
    if (job) {
      await this.actions.openJob(job.key);
      return { kind: "known", what: `the design of ${job.url}` };
    }
    if (this.parts.store.batches.some((b) => b.id === id)) {
      this.parts.reporter.notice({ level: "info", message: "This batch is already in your Jobs list." });
      return { kind: "known", what: "the batch" };
    }
    return null;
  }

  private async find(
    reference: JobReference,
  ): Promise<{ kind: "code2des"; value: Code2Des } | { kind: "page-import"; value: PageImport } | { kind: "batch"; value: Batch }> {
    const client = this.parts.connection.requireClient();
    const { kind, id } = reference;
    if (kind === "code2des" || kind === "any") {
      const design = await orNull(client.getCode2Des(id), kind === "any");
      if (design) return { kind: "code2des", value: design };
    }
    if (kind === "page-import" || kind === "any") {
      const capture = await orNull(client.getPageImport(id), kind === "any");
      if (capture) return { kind: "page-import", value: capture };
    }
    const batch = await orNull(client.getBatch(id), kind === "any");
    if (batch) return { kind: "batch", value: batch };
    throw new UserError(`Nothing in project ${client.projectId} has the id ${id} (designs, imports and batches were searched): was it made in another project?`);
  }

  /** A Code2Des: placed here when ready, or selected if it already was. */
  private async openDesign(design: Code2Des): Promise<Job> {
    const capture = await this.parts.connection.requireClient().getPageImport(design.pageImportId);
    const job = await this.addJob(requestOf(capture), { pageImportId: capture.pageImportId, code2desId: design.code2desId, phase: "converting", options: design.options });
    if (design.materializedNodeId) {
      job.nodeId = design.materializedNodeId;
      await this.parts.store.settle(job, "placed");
      await this.actions.openJob(job.key); // selects it, or says where it went
    } else {
      this.parts.reporter.notice({ level: "info", message: `Opening the design of ${job.url}…` });
      this.parts.followers.follow(job);
    }
    return job;
  }

  /** A Page Import: converted for this file and placed, once its capture completes. */
  private async openImport(capture: PageImport): Promise<Job> {
    const job = await this.addJob(requestOf(capture), { pageImportId: capture.pageImportId, phase: "capturing" });
    this.parts.reporter.notice({ level: "info", message: `Converting ${job.url} for this file…` });
    this.parts.followers.follow(job);
    return job;
  }

  private async openBatch(batch: Batch): Promise<Opened> {
    const client = this.parts.connection.requireClient();
    const items = await client.listBatchItems(batch.id);
    if (batch.type === "page_import") {
      await this.actions.trackImportBatch(batch, items);
      this.parts.reporter.notice({ level: "info", message: `Following ${items.length} page(s) of the batch; each design is placed when ready.` });
      return { kind: "batch", batchId: batch.id, jobs: items.length };
    }
    if (batch.type === "page_discovery") {
      const homepage = String(items[0]?.request.url ?? "");
      const tracked = { id: batch.id, type: batch.type, fileKey: this.parts.store.fileKey, status: batch.status, counts: batch.counts, retryOf: batch.retryOf, homepage, createdAt: batch.createdAt };
      this.parts.store.state.batches.push(tracked);
      await this.parts.store.persist();
      await this.parts.followers.followDiscovery(tracked);
      return { kind: "batch", batchId: batch.id, jobs: 0 };
    }
    return this.openDesignBatch(batch, items.map((item) => item.jobId));
  }

  /** A `code2des` batch (`pageport batch --convert`): its designs side by side in one grid. */
  private async openDesignBatch(batch: Batch, designIds: (string | null)[]): Promise<Opened> {
    const client = this.parts.connection.requireClient();
    const started = designIds.filter((id): id is string => id !== null);
    const resolved: { design: Code2Des; capture: PageImport }[] = [];
    for (let i = 0; i < started.length; i += PARALLEL_READS) {
      const chunk = started.slice(i, i + PARALLEL_READS);
      resolved.push(
        ...(await Promise.all(
          chunk.map(async (id) => {
            const design = await client.getCode2Des(id);
            return { design, capture: await client.getPageImport(design.pageImportId) };
          }),
        )),
      );
    }
    const group = this.parts.store.newGroup("grid", resolved.map(({ capture }) => capture.viewport.width));
    this.parts.store.state.groups.push(group);
    const jobs = resolved.map(({ design, capture }, slot) =>
      this.parts.store.newJob(requestOf(capture), group.id, slot, { pageImportId: capture.pageImportId, code2desId: design.code2desId, phase: "converting", options: design.options }),
    );
    this.parts.store.state.jobs.push(...jobs);
    await this.parts.store.persist();
    for (const job of jobs) this.parts.followers.follow(job);
    const waiting = designIds.length - started.length;
    this.parts.reporter.notice({
      level: "info",
      message: `Opening ${jobs.length} design(s) of the batch${waiting ? `; ${waiting} not started yet (open the batch again later)` : ""}.`,
    });
    return { kind: "batch", batchId: batch.id, jobs: jobs.length };
  }

  private async addJob(request: PageImportRequest, extra: Partial<Job> & { phase: Job["phase"] }): Promise<Job> {
    const group = this.parts.store.newGroup("row", [request.viewport.width]);
    const job = this.parts.store.newJob(request, group.id, 0, extra);
    this.parts.store.state.groups.push(group);
    this.parts.store.state.jobs.push(job);
    await this.parts.store.persist();
    return job;
  }
}

function requestOf(capture: PageImport): PageImportRequest {
  return pageImportRequest(capture.sourceUrl, capture.viewport, capture.deviceScaleFactor, capture.readySelector ?? undefined);
}

/** The answer, or null for a 404 when the id may be of another kind (`tolerate`). */
async function orNull<T>(answer: Promise<T>, tolerate: boolean): Promise<T | null> {
  try {
    return await answer;
  } catch (error) {
    if (tolerate && isApiError(error) && error.kind === "not_found") return null;
    throw error;
  }
}
