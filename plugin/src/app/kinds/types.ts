/**
 * What the plugin does with each kind of batch, one module per kind (as the backend's
 * `pageport/kinds/`), found by its `type` in `index.ts`: never an `if (type === …)` chain.
 */
import type { Batch, BatchItem, PageImport, PageImportRequest } from "../../api/types";
import { pageImportRequest } from "../../shared/presets";
import type { Actions } from "../actions";
import type { Parts } from "../parts";
import type { TrackedBatch } from "../state";

/** What opening a batch made elsewhere led to: its id and how many designs it brings. */
export interface OpenedBatch {
  kind: "batch";
  batchId: string;
  jobs: number;
}

export interface BatchKind {
  /** Follows a tracked batch of this kind again (the plugin reopened, a project chosen). */
  resume(parts: Parts, batch: TrackedBatch): void;
  /** After a cancel: bring its jobs up to date with the batch. */
  afterCancel(parts: Parts, batch: TrackedBatch): Promise<void>;
  /** A batch of this kind made elsewhere (Jobs → Open), with its items. */
  open(parts: Parts, actions: Actions, batch: Batch, items: BatchItem[]): Promise<OpenedBatch>;
}

/** The request a capture was made with, as a job of this file records it. */
export function requestOf(capture: PageImport): PageImportRequest {
  return pageImportRequest(capture.sourceUrl, capture.viewport, capture.deviceScaleFactor, capture.readySelector ?? undefined);
}
