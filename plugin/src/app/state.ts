/**
 * What the plugin keeps in `figma.clientStorage` so that closing it loses nothing: the
 * connection settings, and every job and batch it is following, with the placement groups they
 * fill. Stored as one versioned JSON-compatible value per key; anything unreadable is dropped
 * with a warning rather than breaking the plugin.
 */
import type { BatchCounts, BatchStatus, BatchType, Viewport } from "../api/types";
import type { PlacementGroup } from "./placement";

export const SETTINGS_KEY = "pageport.settings";
export const STATE_KEY = "pageport.state";
export const STATE_VERSION = 1;

export interface Settings {
  apiUrl: string;
  token: string;
  projectId: number;
}

export type JobPhase =
  | "queued" // a batch item not yet captured
  | "capturing" // Page Import processing
  | "converting" // Code2Des processing
  | "ready" // Code2Des completed, waiting for its turn to be placed
  | "placed"
  | "failed"
  | "cancelled";

export const ACTIVE_PHASES: readonly JobPhase[] = ["queued", "capturing", "converting", "ready"];

export interface Job {
  /** Local id (stable across sessions). */
  key: string;
  url: string;
  viewport: Viewport;
  deviceScaleFactor: number;
  readySelector?: string;
  /** The Figma file the job belongs to; jobs of other files are kept but not followed. */
  fileKey: string;
  /** Placement group and slot. */
  groupId: string;
  slot: number;
  batchId?: string;
  batchItemId?: string;
  pageImportId?: string;
  code2desId?: string;
  phase: JobPhase;
  nodeId?: string;
  /** Set when the API already recorded another node for this job (first write wins). */
  recordedNodeId?: string;
  warnings?: number;
  error?: string;
  createdAt: string;
  updatedAt: string;
}

export interface TrackedBatch {
  id: string;
  type: BatchType;
  fileKey: string;
  groupId?: string;
  status: BatchStatus;
  counts?: BatchCounts;
  retryOf?: string | null;
  /** For discovery: the homepage and page limit asked for. */
  homepage?: string;
  createdAt: string;
  error?: string;
}

export interface AppState {
  version: number;
  jobs: Job[];
  batches: TrackedBatch[];
  groups: PlacementGroup[];
}

export function emptyState(): AppState {
  return { version: STATE_VERSION, jobs: [], batches: [], groups: [] };
}

export interface Storage {
  getAsync(key: string): Promise<unknown>;
  setAsync(key: string, value: unknown): Promise<void>;
}

export async function loadSettings(storage: Storage): Promise<Settings | null> {
  const raw = await storage.getAsync(SETTINGS_KEY);
  if (!raw || typeof raw !== "object") return null;
  const { apiUrl, token, projectId } = raw as Partial<Settings>;
  if (typeof apiUrl !== "string" || typeof token !== "string" || typeof projectId !== "number") return null;
  return { apiUrl, token, projectId };
}

export function saveSettings(storage: Storage, settings: Settings): Promise<void> {
  return storage.setAsync(SETTINGS_KEY, { apiUrl: settings.apiUrl, token: settings.token, projectId: settings.projectId });
}

export async function loadState(storage: Storage): Promise<AppState> {
  const raw = await storage.getAsync(STATE_KEY);
  if (!raw || typeof raw !== "object") return emptyState();
  const state = raw as Partial<AppState>;
  if (state.version !== STATE_VERSION || !Array.isArray(state.jobs) || !Array.isArray(state.batches) || !Array.isArray(state.groups)) {
    return emptyState();
  }
  return { version: STATE_VERSION, jobs: state.jobs, batches: state.batches, groups: state.groups };
}

export function saveState(storage: Storage, state: AppState): Promise<void> {
  // A plain JSON copy: clientStorage keeps structured data, and a copy cannot be mutated later.
  return storage.setAsync(STATE_KEY, JSON.parse(JSON.stringify(state)) as AppState);
}

export function isActive(job: Job): boolean {
  return ACTIVE_PHASES.includes(job.phase);
}
