/**
 * The plugin's main thread, composed: it takes the Figma API and a `fetch` (so the tests pass
 * the in-memory Figma and Node's fetch) and reports to the UI through `post`. Each concern is a
 * part of its own (parts.ts): the connection (sign-in, projects), the job store (the one owner
 * of state), the runner and followers, placement, and a pure view projection; UI messages go
 * through a typed handler map (handlers.ts).
 *
 * Life of a design: Page Import (capture) → Code2Des (conversion) → result (paged) →
 * materialize on the page at a free spot → `PUT …/materialization`. Every step's state is in
 * `figma.clientStorage` before the next one starts, so a closed plugin resumes where it was.
 */
import type { FetchLike } from "../api/client";
import { DEFAULT_BACKOFF, type BackoffOptions } from "../api/poll";
import type { Batch } from "../api/types";
import { defaultRandomBytes, EntropyPool, hasSecureRandom, uuidV4 } from "../api/uuid";
import type { AccountView, DiscoveryView, MainToUi, ManyPagesRequest, Notice, ProjectsView, StateView, UiToMain } from "../shared/messages";
import type { ImportForm } from "../shared/presets";
import { Actions, type OpenOutcome } from "./actions";
import { Opener, type Opened } from "./opener";
import { Connection } from "./connection";
import { Followers } from "./followers";
import { uiHandlers } from "./handlers";
import { fileIdentity } from "./identity";
import type { Parts } from "./parts";
import type { PlacementGroup } from "./placement";
import { Placer } from "./placer";
import { Reporter } from "./reporter";
import { Runner } from "./runner";
import type { Job, TrackedBatch } from "./state";
import { JobStore } from "./store";
import { stateView } from "./view";

export { UserError, isSignedOut, isTransient } from "./errors";
export { screenId } from "./followers";
export { NODE_JOB_DATA, PLACED_DATA_PREFIX, PLACING_DATA_PREFIX, removeIncomplete } from "./placer";
export { TRANSIENT_RETRIES } from "./runner";
export { NO_PROJECTS_MESSAGE, pickProject, UNAVAILABLE_MESSAGE } from "./view";
export type { OpenOutcome } from "./actions";

export interface ControllerOptions {
  figma: PluginAPI;
  fetch: FetchLike;
  /** The stage's API URL baked into the build ("" when none). */
  defaultApiUrl?: string;
  /** The stage's custom sign-in origins baked into the build (none: Cognito's domains only). */
  signInOrigins?: readonly string[];
  /** Where messages for the UI go; default `figma.ui.postMessage`. */
  post?: (message: MainToUi) => void;
  backoff?: BackoffOptions;
  /** Source of client ids (batch ids, job keys). */
  newId?: () => string;
  /** Refresh a signed-in session's ID token on a timer at 80% of its lifetime (default true). */
  refreshTimer?: boolean;
}

export class AppController {
  readonly figma: PluginAPI;
  private readonly parts: Parts;
  private readonly actions: Actions;
  private readonly opener: Opener;
  private readonly handlers: ReturnType<typeof uiHandlers>;
  /** Random bytes from the UI iframe, for ids where this thread has no `crypto` (Figma's). */
  readonly entropy: EntropyPool;

  constructor(options: ControllerOptions) {
    this.figma = options.figma;
    const post = options.post ?? ((message: MainToUi) => options.figma.ui.postMessage(message));
    this.entropy = new EntropyPool(() => post({ type: "need-entropy" }));
    const randomBytes = defaultRandomBytes(this.entropy);
    const parts = {
      figma: options.figma,
      config: {
        fetch: options.fetch,
        defaultApiUrl: options.defaultApiUrl ?? "",
        signInOrigins: options.signInOrigins ?? [],
        backoff: options.backoff ?? DEFAULT_BACKOFF,
        newId: options.newId ?? (() => uuidV4(randomBytes)),
        refreshTimer: options.refreshTimer ?? true,
      },
      reporter: new Reporter(options.figma, post),
      postState: () => {
        if (parts.runner.started) parts.reporter.post({ type: "state", state: stateView(parts) });
      },
    } as { -readonly [K in keyof Parts]: Parts[K] }; // filled below: each part reaches the others through it
    parts.store = new JobStore(parts);
    parts.runner = new Runner(parts);
    parts.connection = new Connection(parts);
    parts.followers = new Followers(parts);
    parts.placer = new Placer(parts);
    this.parts = parts;
    this.actions = new Actions(parts);
    this.opener = new Opener(parts, this.actions);
    this.handlers = uiHandlers(this);
  }

  // --- Lifecycle -----------------------------------------------------------------------------

  /** Loads settings and state from clientStorage, tells the UI, and resumes what was in flight. */
  async start(): Promise<void> {
    const { connection, store, runner, followers, config } = this.parts;
    if (!hasSecureRandom()) await this.entropy.ready; // the UI sends its first bytes as it loads
    const identity = await fileIdentity(this.figma, this.figma.clientStorage, config.newId);
    await connection.load();
    await store.load(identity.key, identity.copyOf);
    runner.started = true;
    this.parts.postState();
    followers.resume();
    if (connection.credentials) connection.loadProjectsQuietly();
  }

  /** Stops following (as when the plugin closes); nothing in storage changes. */
  stop(): void {
    this.parts.runner.stopped = true;
    this.parts.connection.stop();
    this.parts.runner.stop();
  }

  /** Resolves when every follower and placement has settled (for tests and for closing). */
  idle(): Promise<void> {
    return this.parts.runner.idle();
  }

  get fileKey(): string {
    return this.parts.store.fileKey;
  }
  get jobs(): readonly Job[] {
    return this.parts.store.jobs;
  }
  get batches(): readonly TrackedBatch[] {
    return this.parts.store.batches;
  }
  get groups(): readonly PlacementGroup[] {
    return this.parts.store.groups;
  }
  get connected(): boolean {
    return this.parts.connection.client !== null;
  }
  /** How the plugin is signed in ("signed-out" with no credentials). */
  get accountKind(): AccountView["kind"] {
    return this.parts.connection.credentials?.kind ?? "signed-out";
  }
  get projectList(): ProjectsView {
    return this.parts.connection.projects;
  }
  get projectId(): number | null {
    return this.parts.connection.client ? this.parts.connection.client.projectId : null;
  }

  /** Handles one UI message; any failure reaches the UI and `figma.notify`, none is silent. */
  async handleMessage(message: UiToMain): Promise<void> {
    try {
      const handle = this.handlers[message.type] as (m: UiToMain) => unknown;
      await handle(message);
    } catch (error) {
      this.fail(error);
    }
  }

  /** The UI opened (again): the whole state, and the discoveries it may have missed. */
  uiReady(): void {
    this.parts.postState();
    for (const discovery of this.parts.followers.discoveries.values()) this.parts.reporter.post({ type: "discovery", discovery });
  }

  // --- Connection ----------------------------------------------------------------------------

  connect(apiUrl: string, token: string, projectId: number): Promise<boolean> {
    return this.parts.connection.connect(apiUrl, token, projectId);
  }
  signIn(apiUrl: string): Promise<boolean> {
    return this.parts.connection.signIn(apiUrl);
  }
  reopenSignIn(): void {
    const flow = this.parts.connection.signInFlow;
    if (flow) this.figma.openExternal(flow.signInUrl);
  }
  cancelSignIn(): void {
    this.parts.connection.cancelSignIn();
  }
  signOut(): Promise<void> {
    return this.parts.connection.signOut();
  }
  disconnect(): Promise<void> {
    return this.parts.connection.disconnect();
  }
  selectProject(projectId: number): Promise<boolean> {
    return this.parts.connection.selectProject(projectId);
  }
  loadProjects(): Promise<void> {
    return this.parts.connection.loadProjects();
  }

  // --- What the designer asks for ------------------------------------------------------------

  importPage(form: ImportForm): Promise<Job[]> {
    return this.actions.importPage(form);
  }
  importMany(request: ManyPagesRequest): Promise<TrackedBatch> {
    return this.actions.importMany(request);
  }
  discover(homepage: string, maxPages: number): Promise<DiscoveryView> {
    return this.actions.discover(homepage, maxPages);
  }
  cancelBatch(batchId: string): Promise<Batch> {
    return this.actions.cancelBatch(batchId);
  }
  retryBatch(batchId: string): Promise<TrackedBatch> {
    return this.actions.retryBatch(batchId);
  }
  openJob(key: string): Promise<OpenOutcome> {
    return this.actions.openJob(key);
  }
  placeAgain(key: string): Promise<Job> {
    return this.actions.placeAgain(key);
  }
  /** Work started elsewhere (the CLI's "Open in Figma" id or link) into this file's Jobs. */
  openReference(text: string): Promise<Opened> {
    return this.opener.open(text);
  }
  forgetFinished(): Promise<void> {
    return this.parts.store.forgetFinished();
  }

  // --- Reporting -----------------------------------------------------------------------------

  view(): StateView {
    return stateView(this.parts);
  }
  notice(notice: Notice): void {
    this.parts.reporter.notice(notice);
  }
  /** Any error: plain words to the UI and to `figma.notify`. */
  fail(error: unknown): void {
    this.parts.reporter.fail(error);
  }
}
