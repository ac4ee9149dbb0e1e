/** Words the UI shows for states (no DOM here). */
import type { BatchView, JobView } from "../shared/messages";
import { viewportLabel } from "../shared/presets";

export function phaseLabel(job: JobView): string {
  switch (job.phase) {
    case "queued":
      return "Waiting to be captured";
    case "capturing":
      return "Capturing the page…";
    case "converting":
      return "Converting to a design…";
    case "ready":
      if (!job.progress) return "Placing…";
      return job.progress.unit === "tiles" ? `Cutting a large image… ${job.progress.done}/${job.progress.total} tiles` : `Placing… ${job.progress.done}/${job.progress.total} layers`;
    case "placed":
      return job.warnings ? `Placed (${job.warnings} warning${job.warnings === 1 ? "" : "s"})` : "Placed";
    case "failed":
      return "Failed";
    case "cancelled":
      return "Cancelled";
  }
}

export function jobTitle(job: JobView): string {
  return `${job.url} — ${viewportLabel(job.viewport)}`;
}

export function batchLabel(batch: BatchView): string {
  const kind = batch.type === "page_discovery" ? `Find pages on ${batch.homepage ?? "a site"}` : batch.retryOf ? "Retry of failed pages" : "Pages";
  const status = { "0": "in progress", "1": "finished", "2": "failed", "3": "cancelled" }[batch.status];
  const c = batch.counts;
  const counts = c ? ` — ${c.completed}/${c.total} done, ${c.failed} failed, ${c.cancelled} cancelled` : "";
  return `${kind}: ${status}${counts}`;
}
