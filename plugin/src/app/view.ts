/**
 * The state as the UI shows it: a pure projection of the parts' state (nothing here changes it),
 * and the project picker's list.
 */
import type { MyProjects } from "../api/types";
import type { BatchView, JobView, ProjectsView, StateView } from "../shared/messages";
import type { Parts } from "./parts";
import type { Job, TrackedBatch } from "./state";

export const UNAVAILABLE_MESSAGE = "This Pageport API cannot list your projects (an older version): type your project id.";
export const NO_PROJECTS_MESSAGE = "Your account is not a member of any project yet; ask your Pageport admin (pageport admin add-member …).";

export type Progress = { done: number; total: number; unit: "layers" | "tiles" };

export function stateView(parts: Parts): StateView {
  const { connection, store, config } = parts;
  const flow = connection.signInFlow;
  const projects = connection.projects;
  return {
    connected: connection.client !== null,
    settings: {
      apiUrl: connection.settings?.apiUrl ?? config.defaultApiUrl,
      token: connection.credentials?.kind === "token" ? connection.credentials.token : "",
      projectId: connection.settings?.projectId ?? null,
    },
    account: connection.accountView(),
    signIn: { waiting: flow !== null, expiresAt: flow?.expiresAt ?? null, userCode: flow?.userCode ?? null },
    projects: { status: projects.status, organizations: projects.organizations, message: projects.message },
    defaultApiUrl: config.defaultApiUrl,
    fileKey: store.fileKey,
    jobs: store.jobs.map((job) => jobView(job, parts.placer.progress.get(job.key))),
    batches: store.batches.map((batch) => batchView(batch)),
  };
}

export function jobView(job: Job, progress?: Progress): JobView {
  const view: JobView = { key: job.key, url: job.url, viewport: job.viewport, phase: job.phase, updatedAt: job.updatedAt };
  if (job.batchId) view.batchId = job.batchId;
  if (job.pageImportId) view.pageImportId = job.pageImportId;
  if (job.code2desId) view.code2desId = job.code2desId;
  if (job.nodeId) view.nodeId = job.nodeId;
  if (job.recordedNodeId) view.recordedNodeId = job.recordedNodeId;
  if (job.warnings !== undefined) view.warnings = job.warnings;
  if (job.warningMessages?.length) view.warningMessages = [...job.warningMessages];
  if (job.error) view.error = job.error;
  if (progress) view.progress = progress;
  return view;
}

export function batchView(batch: TrackedBatch): BatchView {
  const view: BatchView = { id: batch.id, type: batch.type, status: batch.status, createdAt: batch.createdAt };
  if (batch.counts) {
    const { total, processing, completed, failed, cancelled } = batch.counts;
    view.counts = { total, processing, completed, failed, cancelled };
  }
  if (batch.retryOf !== undefined) view.retryOf = batch.retryOf;
  if (batch.homepage) view.homepage = batch.homepage;
  if (batch.error) view.error = batch.error;
  return view;
}

export function projectsView(listed: MyProjects): ProjectsView {
  return {
    status: "ok",
    organizations: listed.organizations.map((org) => ({
      organizationId: org.organizationId,
      name: org.name,
      projects: org.projects.map((p) => ({ projectId: p.projectId, name: p.name })),
    })),
    message: listed.organizations.every((org) => org.projects.length === 0) ? NO_PROJECTS_MESSAGE : null,
  };
}

/** The project to use without asking: the one chosen before if still listed, else the only one. */
export function pickProject(listed: MyProjects, remembered: number | null): number | null {
  const all = listed.organizations.flatMap((org) => org.projects.map((p) => p.projectId));
  if (remembered !== null && all.includes(remembered)) return remembered;
  return all.length === 1 ? (all[0] ?? null) : null;
}
