/** `page_discovery` batches: one homepage's pages, shown on Many pages to tick and import. */
import type { TrackedBatch } from "../state";
import type { BatchKind } from "./types";

export const PAGE_DISCOVERY: BatchKind = {
  resume(parts, batch) {
    parts.runner.track(`discovery:${batch.id}`, () => parts.followers.followDiscovery(batch).then(() => undefined));
  },
  async afterCancel() {
    // Its one item has no job in this file: the batch's own status is all there is.
  },
  async open(parts, _actions, batch, items) {
    const tracked: TrackedBatch = {
      id: batch.id,
      type: batch.type,
      fileKey: parts.store.fileKey,
      status: batch.status,
      counts: batch.counts,
      retryOf: batch.retryOf,
      homepage: String(items[0]?.request.url ?? ""),
      createdAt: batch.createdAt,
    };
    parts.store.state.batches.push(tracked);
    await parts.store.persist();
    await parts.followers.followDiscovery(tracked);
    return { kind: "batch", batchId: batch.id, jobs: 0 };
  },
};
