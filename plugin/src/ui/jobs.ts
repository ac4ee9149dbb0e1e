/** The Jobs screen: Open (work from elsewhere), batches with cancel and retry, designs with their warnings. */
import type { JobView, StateView } from "../shared/messages";
import { unkeptWarnings } from "../shared/warnings";
import { batchLabel, jobTitle, phaseLabel } from "./format";
import { $, button, el, send } from "./dom";
import { bindOpenForm } from "./open";

/** Messages of designs whose node was deleted (from the main thread), by job key. */
export const deletedNodes = new Map<string, string>();

export function bindJobs(): void {
  $("forget").addEventListener("click", () => send({ type: "forget-finished" }));
  bindOpenForm();
}

/** Jobs whose warning list the designer opened (kept open across re-renders). */
const openWarnings = new Set<string>();

/** Every warning of a placement, in a list the designer expands. */
function renderWarnings(key: string, messages: readonly string[], total: number): HTMLDetailsElement {
  const rest = unkeptWarnings(messages.length, total);
  const items = [...messages.map((m) => el("li", {}, m)), ...(rest ? [el("li", { class: "meta" }, rest)] : [])];
  const details = el("details", { class: "warnings" }, el("summary", {}, `${total} warning${total === 1 ? "" : "s"}`), el("ul", {}, ...items));
  details.open = openWarnings.has(key);
  details.addEventListener("toggle", () => {
    if (details.open) openWarnings.add(key);
    else openWarnings.delete(key);
  });
  return details;
}

function renderJob(job: JobView): HTMLLIElement {
  const item = el("li", {}, el("div", { class: "title" }, jobTitle(job)), el("div", { class: "meta" }, phaseLabel(job)));
  if (job.progress && job.phase === "ready") {
    const bar = el("progress");
    bar.max = job.progress.total;
    bar.value = job.progress.done;
    item.append(bar);
  }
  if (job.error) item.append(el("div", { class: "error" }, job.error));
  if (job.recordedNodeId) item.append(el("div", { class: "meta" }, `On record: node ${job.recordedNodeId} (placed first).`));
  if (job.warningMessages?.length) item.append(renderWarnings(job.key, job.warningMessages, Math.max(job.warnings ?? 0, job.warningMessages.length)));
  const deleted = deletedNodes.get(job.key);
  if (deleted) item.append(el("div", { class: "error" }, deleted));
  const actions = el("div");
  if (job.code2desId && (job.phase === "placed" || job.phase === "failed")) actions.append(button("Show", { type: "show-job", key: job.key }));
  if (job.pageImportId && (job.phase === "placed" || job.phase === "failed")) actions.append(button("Place again", { type: "place-again", key: job.key }));
  if (actions.childNodes.length > 0) item.append(actions);
  return item;
}

export function renderJobs(s: StateView): void {
  const batches = $("batches");
  batches.replaceChildren(
    ...[...s.batches].reverse().map((batch) => {
      const item = el("li", {}, el("div", { class: "title" }, batchLabel(batch)));
      if (batch.error) item.append(el("div", { class: "error" }, batch.error));
      const actions = el("div");
      if (batch.status === "0") actions.append(button("Cancel", { type: "cancel-batch", batchId: batch.id }));
      if (batch.status !== "0" && batch.type === "page_import" && batch.counts && batch.counts.failed > 0) {
        actions.append(button("Retry failed", { type: "retry-batch", batchId: batch.id }));
      }
      if (actions.childNodes.length > 0) item.append(actions);
      return item;
    }),
  );
  $("jobs").replaceChildren(...[...s.jobs].reverse().map(renderJob));
}
