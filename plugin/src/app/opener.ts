/**
 * Opening work started elsewhere (the CLI prints "Open in Figma: …" for each design and batch;
 * the local stack's page links them): a pasted id or link becomes jobs in this file's list, each
 * followed to a design and placed like the plugin's own. A design placed before is selected,
 * never placed twice; one placed in another file (or deleted) may be placed again, as a new
 * conversion.
 */
import { isApiError } from "../api/errors";
import type { Batch, Code2Des, PageImport } from "../api/types";
import { parseJobReference, type JobReference } from "../shared/references";
import type { Actions } from "./actions";
import { batchKind, requestOf, type OpenedBatch } from "./kinds";
import { UserError } from "./errors";
import type { Parts } from "./parts";
import type { Job } from "./state";

/** What an open led to, for the UI and tests. */
export type Opened =
  | { kind: "design"; job: Job }
  | { kind: "import"; job: Job }
  | OpenedBatch
  | { kind: "known"; what: string };

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
    const job = await this.parts.store.addSingleJob(requestOf(capture), { pageImportId: capture.pageImportId, code2desId: design.code2desId, phase: "converting", options: design.options });
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
    const job = await this.parts.store.addSingleJob(requestOf(capture), { pageImportId: capture.pageImportId, phase: "capturing" });
    this.parts.reporter.notice({ level: "info", message: `Converting ${job.url} for this file…` });
    this.parts.followers.follow(job);
    return job;
  }

  private async openBatch(batch: Batch): Promise<Opened> {
    const items = await this.parts.connection.requireClient().listBatchItems(batch.id);
    return batchKind(batch.type).open(this.parts, this.actions, batch, items);
  }
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
