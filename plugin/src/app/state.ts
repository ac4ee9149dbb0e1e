/**
 * What the plugin keeps in `figma.clientStorage` so that closing it loses nothing: the
 * connection settings, and every job and batch it is following, with the placement groups they
 * fill. Stored as one versioned JSON-compatible value per key; anything unreadable is dropped
 * with a warning rather than breaking the plugin.
 *
 * `clientStorage` belongs to the user and the plugin, not to a file, and several files may have
 * the plugin open at once: so the jobs live under one key PER FILE (`pageport.state.<fileKey>`),
 * and a session only ever reads and writes its own file's key. Nothing a session saves can
 * drop or overwrite another file's jobs. The one shared key of earlier versions
 * (`pageport.state`) is split on first load: this file's jobs move to its own key, the others
 * stay where they were for their own files to take.
 */
import type { BatchCounts, BatchStatus, BatchType, ConversionOptions, Viewport } from "../api/types";
import type { PlacementGroup } from "./placement";

export const SETTINGS_KEY = "pageport.settings";
/** The shared key of earlier versions (all files' jobs in one value); only read, to migrate. */
export const LEGACY_STATE_KEY = "pageport.state";
export const STATE_KEY_PREFIX = "pageport.state.";

export function stateKey(fileKey: string): string {
  return STATE_KEY_PREFIX + fileKey;
}
export const STATE_VERSION = 1;

export interface Settings {
  apiUrl: string;
  /** A pasted token; "" when the plugin signs in instead (the session is under SESSION_KEY). */
  token: string;
  /** The chosen project; null until one is chosen (kept across sign-out, for the next sign-in). */
  projectId: number | null;
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
  /** The Figma file the job belongs to (each file's jobs are stored under its own key). */
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
  /** How many warnings: the result's count while converting, then the placement's full list's. */
  warnings?: number;
  /** The placement's warning texts (the result's, then the materializer's): the first KEPT_WARNINGS. */
  warningMessages?: string[];
  /**
   * The client id of the one-item `code2des` batch that starts this job's conversion, saved
   * before the request is sent: resending it replays the same conversion (never a second one).
   */
  conversionRequestId?: string;
  /** The design toggles its conversion asks for (absent: every option on). */
  options?: ConversionOptions;
  /** Dark: captured as a visitor who prefers dark sees the page (absent: light). */
  colorScheme?: "light" | "dark";
  /** A site design: its further captures (other viewports and themes), converted as one design with this one. */
  variants?: Array<{ pageImportId: string; viewport: Viewport; colorScheme?: "light" | "dark" }>;
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
  deleteAsync(key: string): Promise<void>;
}

export async function loadSettings(storage: Storage): Promise<Settings | null> {
  const raw = await storage.getAsync(SETTINGS_KEY);
  if (!raw || typeof raw !== "object") return null;
  const { apiUrl, token, projectId } = raw as Partial<Settings>;
  if (typeof apiUrl !== "string" || typeof token !== "string" || (typeof projectId !== "number" && projectId !== null)) return null;
  return { apiUrl, token, projectId };
}

export function saveSettings(storage: Storage, settings: Settings): Promise<void> {
  return storage.setAsync(SETTINGS_KEY, { apiUrl: settings.apiUrl, token: settings.token, projectId: settings.projectId });
}

function readState(raw: unknown): AppState | null {
  if (!raw || typeof raw !== "object") return null;
  const state = raw as Partial<AppState>;
  if (state.version !== STATE_VERSION || !Array.isArray(state.jobs) || !Array.isArray(state.batches) || !Array.isArray(state.groups)) {
    return null;
  }
  return { version: STATE_VERSION, jobs: state.jobs, batches: state.batches, groups: state.groups };
}

/**
 * This file's state. On first load after an upgrade, this file's jobs, batches and groups are
 * moved out of the legacy shared key (which keeps every other file's).
 */
export async function loadState(storage: Storage, fileKey: string): Promise<AppState> {
  const own = readState(await storage.getAsync(stateKey(fileKey))) ?? emptyState();
  const legacy = readState(await storage.getAsync(LEGACY_STATE_KEY));
  if (!legacy) return own;
  const mine = (item: { fileKey?: string }) => item.fileKey === fileKey;
  const jobs = legacy.jobs.filter(mine);
  const batches = legacy.batches.filter(mine);
  if (jobs.length === 0 && batches.length === 0) return own;
  const groupIds = new Set([...jobs.map((j) => j.groupId), ...batches.map((b) => b.groupId)]);
  const known = new Set(own.jobs.map((j) => j.key));
  const merged: AppState = {
    version: STATE_VERSION,
    jobs: [...own.jobs, ...jobs.filter((j) => !known.has(j.key))],
    batches: [...own.batches, ...batches.filter((b) => !own.batches.some((o) => o.id === b.id))],
    groups: [...own.groups, ...legacy.groups.filter((g) => groupIds.has(g.id) && !own.groups.some((o) => o.id === g.id))],
  };
  await saveState(storage, fileKey, merged);
  const rest: AppState = {
    version: STATE_VERSION,
    jobs: legacy.jobs.filter((j) => !mine(j)),
    batches: legacy.batches.filter((b) => !mine(b)),
    groups: legacy.groups.filter((g) => !groupIds.has(g.id)),
  };
  if (rest.jobs.length === 0 && rest.batches.length === 0) await storage.deleteAsync(LEGACY_STATE_KEY);
  else await storage.setAsync(LEGACY_STATE_KEY, JSON.parse(JSON.stringify(rest)) as AppState);
  return merged;
}

/**
 * Writes this file's state (and only this file's: other files' keys are never touched).
 * clientStorage holds 5 MB for all of a user's files: when a write is refused, the oldest half
 * of the finished jobs is left out, then the next half…, until it fits (their designs stay on the
 * canvas). Resolves to the keys of the jobs left out; rejects only when no finished job is left.
 */
export async function saveState(storage: Storage, fileKey: string, state: AppState): Promise<string[]> {
  let own: AppState = {
    version: STATE_VERSION,
    jobs: state.jobs.filter((j) => j.fileKey === fileKey),
    batches: state.batches.filter((b) => b.fileKey === fileKey),
    groups: state.groups,
  };
  const dropped: string[] = [];
  for (;;) {
    try {
      // A plain JSON copy: clientStorage keeps structured data, and a copy cannot be mutated later.
      await storage.setAsync(stateKey(fileKey), JSON.parse(JSON.stringify(own)) as AppState);
      return dropped;
    } catch (error) {
      const finished = own.jobs.filter((j) => !isActive(j)).sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : 1));
      if (finished.length === 0) throw error;
      const gone = new Set(finished.slice(0, Math.ceil(finished.length / 2)).map((j) => j.key));
      dropped.push(...gone);
      own = withoutJobs(own, gone);
    }
  }
}

/** The state without these jobs, and without the groups only they used. */
export function withoutJobs(state: AppState, keys: ReadonlySet<string>): AppState {
  const jobs = state.jobs.filter((j) => !keys.has(j.key));
  const used = new Set([...jobs.map((j) => j.groupId), ...state.batches.flatMap((b) => (b.groupId ? [b.groupId] : []))]);
  return { ...state, jobs, groups: state.groups.filter((g) => used.has(g.id)) };
}

export function isActive(job: Job): boolean {
  return ACTIVE_PHASES.includes(job.phase);
}
