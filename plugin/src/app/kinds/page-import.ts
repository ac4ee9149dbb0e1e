/** `page_import` batches: each item a capture, converted and placed in the batch's grid. */
import type { BatchKind } from "./types";

export const PAGE_IMPORT: BatchKind = {
  resume(parts, batch) {
    parts.followers.followBatch(batch);
  },
  async afterCancel(parts, batch) {
    await parts.followers.refreshBatchItems(batch);
  },
  async open(parts, actions, batch, items) {
    await actions.trackImportBatch(batch, items);
    parts.reporter.notice({ level: "info", message: `Following ${items.length} page(s) of the batch; each design is placed when ready.` });
    return { kind: "batch", batchId: batch.id, jobs: items.length };
  },
};
