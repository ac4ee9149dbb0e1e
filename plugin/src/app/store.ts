/**
 * The jobs, batches and placement groups of this file: their one owner. Every change is saved to
 * `figma.clientStorage` (in order, one save after another) and shown to the UI.
 */
import type { PageImportRequest } from "../api/types";
import type { Parts } from "./parts";
import { newGroup, type PlacementGroup } from "./placement";
import { emptyState, isActive, loadState, saveState, withoutJobs, type AppState, type Job, type TrackedBatch } from "./state";
import { UserError } from "./errors";

export class JobStore {
  state: AppState = emptyState();
  fileKey = "";
  saving: Promise<void> = Promise.resolve();

  constructor(private readonly parts: Parts) {}

  /**
   * This file's state. A file found to be a copy of another (`copyOf`, its former key) starts
   * with the finished jobs of the file it was copied from (their designs are in it too); the
   * imports in progress stay with the other copy.
   */
  async load(fileKey: string, copyOf?: string): Promise<void> {
    this.fileKey = fileKey;
    this.state = await loadState(this.parts.figma.clientStorage, fileKey);
    if (copyOf === undefined) return;
    const source = await loadState(this.parts.figma.clientStorage, copyOf);
    const finished = source.jobs.filter((job) => !isActive(job)).map((job) => ({ ...job, fileKey }));
    const groups = new Set(finished.map((job) => job.groupId));
    this.state = { ...this.state, jobs: finished, groups: source.groups.filter((group) => groups.has(group.id)) };
    this.parts.reporter.notice({
      level: "warning",
      message: "This file is a copy of another file Pageport worked in: it now has an identity of its own. Imports still in progress stay with the other copy.",
    });
    await this.persist();
  }

  get jobs(): Job[] {
    return this.state.jobs;
  }
  get batches(): TrackedBatch[] {
    return this.state.batches;
  }
  get groups(): PlacementGroup[] {
    return this.state.groups;
  }

  /** Saves this file's state after any save under way, and shows it to the UI. */
  persist(): Promise<void> {
    const snapshot = this.state;
    this.saving = this.saving
      .then(async () => this.#forget(await saveState(this.parts.figma.clientStorage, this.fileKey, snapshot)))
      .catch((error: unknown) => this.parts.reporter.fail(error));
    this.parts.postState();
    return this.saving;
  }

  /** Jobs the save had to leave out (storage full) leave the list too, with a word to the designer. */
  #forget(dropped: readonly string[]): void {
    if (dropped.length === 0) return;
    this.state = withoutJobs(this.state, new Set(dropped));
    this.parts.postState();
    this.parts.reporter.notice({
      level: "warning",
      message: `Pageport's storage in Figma is full: the ${dropped.length} oldest finished job${dropped.length === 1 ? " was" : "s were"} removed from the list (the designs stay on the canvas).`,
    });
  }

  newJob(request: PageImportRequest, groupId: string, slot: number, extra: Partial<Job> & { phase: Job["phase"] }): Job {
    const stamp = now();
    const job: Job = {
      key: this.parts.config.newId(),
      url: request.url,
      viewport: { width: request.viewport.width, height: request.viewport.height },
      deviceScaleFactor: request.deviceScaleFactor ?? 1,
      fileKey: this.fileKey,
      groupId,
      slot,
      createdAt: stamp,
      updatedAt: stamp,
      ...extra,
    };
    if (!job.options) delete job.options;
    if (request.readySelector !== undefined) job.readySelector = request.readySelector;
    if (request.colorScheme === "dark") job.colorScheme = "dark";
    return job;
  }

  /** One page's job in a placement group of its own (a row of one), saved before it is followed. */
  async addSingleJob(request: PageImportRequest, extra: Partial<Job> & { phase: Job["phase"] }): Promise<Job> {
    const group = this.newGroup("row", [request.viewport.width]);
    const job = this.newJob(request, group.id, 0, extra);
    this.state.groups.push(group);
    this.state.jobs.push(job);
    await this.persist();
    return job;
  }

  /** A placement group on the current page (the page is kept: designs land there even if the designer moves on). */
  newGroup(layout: "row" | "grid", widths: number[]): PlacementGroup {
    const group = newGroup(this.parts.config.newId(), layout, widths);
    group.pageId = this.parts.figma.currentPage.id;
    return group;
  }

  requireJob(key: string): Job {
    const job = this.state.jobs.find((j) => j.key === key);
    if (!job) throw new UserError("That job is no longer in the list.");
    return job;
  }

  /** A job reaches a terminal phase; its grid slot is settled so later rows can be placed. */
  async settle(job: Job, phase: "failed" | "cancelled" | "placed", error?: string, announce = true): Promise<void> {
    job.phase = phase;
    job.updatedAt = now();
    if (error !== undefined) job.error = error;
    if (phase !== "placed") {
      const slot = this.state.groups.find((g) => g.id === job.groupId)?.slots[job.slot];
      if (slot && slot.height === null) slot.height = 0;
    }
    await this.persist();
    if (announce && error) this.parts.reporter.notice({ level: "error", message: `${job.url}: ${error}` });
    this.parts.placer.schedule();
  }

  async forgetFinished(): Promise<void> {
    this.state.jobs = this.state.jobs.filter((job) => isActive(job));
    const liveGroups = new Set(this.state.jobs.map((job) => job.groupId));
    this.state.groups = this.state.groups.filter((group) => liveGroups.has(group.id));
    this.state.batches = this.state.batches.filter((batch) => batch.status === "0");
    await this.persist();
  }
}

export function now(): string {
  return new Date().toISOString();
}
