/**
 * Messages between the UI iframe and the main thread. The UI sends `UiToMain` through
 * `parent.postMessage({pluginMessage: …}, "*")`; the main thread answers with `MainToUi`
 * through `figma.ui.postMessage`.
 */
import type { ConversionOptions, ImportForm, Viewport } from "./presets";

export interface SettingsView {
  apiUrl: string;
  /** A PASTED token (the user's own; the UI shows it masked). A signed-in session's tokens never reach the UI. */
  token: string;
  projectId: number | null;
}

/**
 * Who the plugin talks to the API as: nobody, a pasted token, or a signed-in session. Subject,
 * email and name come from the token's claims, decoded without verification (display only).
 */
export interface AccountView {
  kind: "signed-out" | "token" | "session";
  subject: string;
  email: string | null;
  name: string | null;
}

/** A sign-in waiting for the browser: until `expiresAt` (ISO 8601), or Cancel. */
export interface SignInView {
  waiting: boolean;
  expiresAt: string | null;
  /** The code the sign-in page asks for: typed there, it proves the browser is this person's. */
  userCode: string | null;
}

export interface ProjectOption {
  projectId: number;
  name: string;
}

export interface OrganizationOption {
  organizationId: number;
  name: string;
  projects: ProjectOption[];
}

/**
 * The picker's list (`GET /me/projects`): "none" before credentials, "unavailable" when the API
 * is older and has no such route (the project id is then typed), "error" with a message.
 */
export interface ProjectsView {
  status: "none" | "loading" | "ok" | "unavailable" | "error";
  organizations: OrganizationOption[];
  message: string | null;
}

export type JobPhaseView = "queued" | "capturing" | "converting" | "ready" | "placed" | "failed" | "cancelled";

export interface JobView {
  key: string;
  url: string;
  viewport: Viewport;
  phase: JobPhaseView;
  batchId?: string;
  pageImportId?: string;
  code2desId?: string;
  nodeId?: string;
  recordedNodeId?: string;
  warnings?: number;
  /** The placement's kept warning texts (shown expandable in the Jobs list; `warnings` counts them all). */
  warningMessages?: string[];
  error?: string;
  /** Materializer progress while placing: large images cut into tiles, then layers made. */
  progress?: { done: number; total: number; unit: "layers" | "tiles" };
  updatedAt: string;
}

export interface BatchView {
  id: string;
  type: "page_import" | "code2des" | "page_discovery";
  status: "0" | "1" | "2" | "3";
  counts?: { total: number; processing: number; completed: number; failed: number; cancelled: number };
  retryOf?: string | null;
  homepage?: string;
  createdAt: string;
  error?: string;
}

export interface DiscoveryView {
  batchId: string;
  homepage: string;
  status: "0" | "1" | "2";
  pages: { url: string; title: string | null; description: string | null; depth: number }[];
  truncated: boolean;
  error?: string;
}

export interface StateView {
  /** Credentials and a project: imports can run. */
  connected: boolean;
  settings: SettingsView;
  account: AccountView;
  signIn: SignInView;
  projects: ProjectsView;
  /** The API URL baked into this build (the stage's), for the Connect form. */
  defaultApiUrl: string;
  fileKey: string;
  jobs: JobView[];
  batches: BatchView[];
}

export interface ManyPagesRequest {
  urls: string[];
  viewport: Viewport;
  deviceScaleFactor: number;
  /** The design toggles (absent: every option on). */
  options?: ConversionOptions;
}

export type UiToMain =
  | { type: "ui-ready" }
  /** Random bytes from the UI's `crypto.getRandomValues`: the main thread has no crypto of its own. */
  | { type: "entropy"; bytes: number[] }
  /** Token paste; `projectId` 0 = none (the picker lists the projects). */
  | { type: "connect"; apiUrl: string; token: string; projectId: number }
  | { type: "disconnect" }
  | { type: "sign-in"; apiUrl: string }
  | { type: "reopen-sign-in" }
  | { type: "cancel-sign-in" }
  | { type: "sign-out" }
  | { type: "select-project"; projectId: number }
  | { type: "reload-projects" }
  | { type: "import"; form: ImportForm }
  | { type: "import-many"; request: ManyPagesRequest }
  | { type: "discover"; homepage: string; maxPages: number }
  | { type: "show-job"; key: string }
  | { type: "place-again"; key: string }
  /** A pasted job or batch id, or a link holding one (shared/references.ts). */
  | { type: "open-reference"; text: string }
  | { type: "cancel-batch"; batchId: string }
  | { type: "retry-batch"; batchId: string }
  | { type: "forget-finished" }
  | { type: "resize"; width: number; height: number };

export type Notice = { level: "info" | "success" | "warning" | "error"; message: string };

export type MainToUi =
  | { type: "state"; state: StateView }
  | { type: "connect-result"; ok: boolean; message: string }
  | { type: "discovery"; discovery: DiscoveryView }
  | { type: "job-progress"; key: string; done: number; total: number; unit: "layers" | "tiles" }
  | { type: "notice"; notice: Notice }
  | { type: "deleted-node"; key: string; message: string }
  /** The main thread's pool of random bytes runs low: the UI sends more (`entropy`). */
  | { type: "need-entropy" };

export function isUiToMain(value: unknown): value is UiToMain {
  return typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
}
