/**
 * `code2des` batches (`pageport batch --convert`; the plugin's own conversions are one-item
 * batches whose jobs it follows one by one): opened, their designs are placed side by side.
 */
import type { Code2Des, PageImport } from "../../api/types";
import { requestOf, type BatchKind } from "./types";

// Reads at once while resolving a batch's designs: quick, and few enough for a Lambda API.
const PARALLEL_READS = 6;

export const CODE2DES: BatchKind = {
  resume() {
    // Not tracked as a batch: each of its designs is a job, followed by itself.
  },
  async afterCancel() {
    // As above: its jobs learn of the cancel when they are next read.
  },
  async open(parts, _actions, batch, items) {
    const client = parts.connection.requireClient();
    const started = items.map((item) => item.jobId).filter((id): id is string => id !== null);
    const resolved: { design: Code2Des; capture: PageImport }[] = [];
    for (let i = 0; i < started.length; i += PARALLEL_READS) {
      const reads = started.slice(i, i + PARALLEL_READS).map(async (id) => {
        const design = await client.getCode2Des(id);
        return { design, capture: await client.getPageImport(design.pageImportId) };
      });
      resolved.push(...(await Promise.all(reads)));
    }
    const group = parts.store.newGroup("grid", resolved.map(({ capture }) => capture.viewport.width));
    parts.store.state.groups.push(group);
    const jobs = resolved.map(({ design, capture }, slot) =>
      parts.store.newJob(requestOf(capture), group.id, slot, { pageImportId: capture.pageImportId, code2desId: design.code2desId, phase: "converting", options: design.options }),
    );
    parts.store.state.jobs.push(...jobs);
    await parts.store.persist();
    for (const job of jobs) parts.followers.follow(job);
    const waiting = items.length - started.length;
    parts.reporter.notice({
      level: "info",
      message: `Opening ${jobs.length} design(s) of the batch${waiting ? `; ${waiting} not started yet (open the batch again later)` : ""}.`,
    });
    return { kind: "batch", batchId: batch.id, jobs: jobs.length };
  },
};
