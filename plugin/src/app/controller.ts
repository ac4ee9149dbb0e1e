/**
 * The plugin's main-thread logic. It takes the Figma API and a `fetch` as parameters (so the
 * tests pass the in-memory Figma and Node's fetch) and reports to the UI through `post`.
 *
 * Life of a design: Page Import (capture) → Code2Des (conversion) → result (paged) →
 * materialize on the page at a free spot → `PUT …/materialization`. Every step's state is in
 * `figma.clientStorage` before the next one starts, so a closed plugin resumes where it was.
 */
import { INCOMPLETE_DATA, materialize } from "../materialize";
import { PageportClient, type FetchLike } from "../api/client";
import { AuthApi, type CollectOutcome } from "../api/auth";
import { ApiError, errorText } from "../api/errors";
import { DEFAULT_BACKOFF, poll, PollStopped, PollTimeout, type BackoffOptions } from "../api/poll";
import { staticToken, type TokenSource } from "../api/tokens";
import type { Batch, BatchItem, Code2Des, Code2DesRequest, ConversionOptions, Discovery, MyProjects, PageImportRequest } from "../api/types";
import { uuidV4 } from "../api/uuid";
import type { AccountView, BatchView, DiscoveryView, JobView, MainToUi, ManyPagesRequest, Notice, ProjectsView, StateView, UiToMain } from "../shared/messages";
import { warningSummary } from "../shared/warnings";
import {
  checkApiUrl,
  checkDeviceScaleFactor,
  checkImportForm,
  checkPageUrl,
  checkViewport,
  LIMITS,
  optionsToSend,
  pageImportRequest,
  viewportLabel,
  type ImportForm,
  type Viewport,
} from "../shared/presets";
import { decodeClaims } from "./claims";
import { fileKey } from "./identity";
import { SESSION_KEY, SIGNED_OUT, SignedInSession } from "./session";
import { freeSlot, groupOrigin, newGroup, reservedArea, slotPosition, topLevelRects, type PlacementGroup, type Rect } from "./placement";
import {
  emptyState,
  isActive,
  loadSettings,
  loadState,
  saveSettings,
  saveState,
  SETTINGS_KEY,
  type AppState,
  type Job,
  type Settings,
  type TrackedBatch,
} from "./state";

export const PLACED_DATA_PREFIX = "pageport.placed.";
/** Consecutive transient errors a follower rides out before it pauses. */
export const TRANSIENT_RETRIES = 3;
export const NODE_JOB_DATA = "pageport.code2desId";
/** Root plugin data: the id of the root frame being built for a Code2Des (cleared once placed). */
export const PLACING_DATA_PREFIX = "pageport.placing.";

/**
 * Removes what an interrupted placement of `code2desId` left behind: the root frame it was
 * building (tagged incomplete), found through the document's record of it. True if one was removed.
 */
export async function removeIncomplete(figma: PluginAPI, code2desId: string): Promise<boolean> {
  const id = figma.root.getPluginData(PLACING_DATA_PREFIX + code2desId);
  if (!id) return false;
  const node = await figma.getNodeByIdAsync(id);
  let removed = false;
  if (node && !node.removed && node.getPluginData(INCOMPLETE_DATA) !== "" && node.getPluginData(NODE_JOB_DATA) === code2desId) {
    node.remove();
    removed = true;
  }
  figma.root.setPluginData(PLACING_DATA_PREFIX + code2desId, "");
  return removed;
}

export interface ControllerOptions {
  figma: PluginAPI;
  fetch: FetchLike;
  /** The stage's API URL baked into the build ("" when none). */
  defaultApiUrl?: string;
  /** Where messages for the UI go; default `figma.ui.postMessage`. */
  post?: (message: MainToUi) => void;
  backoff?: BackoffOptions;
  /** Source of client ids (batch ids, job keys). */
  newId?: () => string;
  /** Refresh a signed-in session's ID token on a timer at 80% of its lifetime (default true). */
  refreshTimer?: boolean;
}

/** The credentials calls are made with: a pasted token, or a signed-in session. */
type Credentials = { kind: "token"; apiUrl: string; token: string } | { kind: "session"; apiUrl: string; session: SignedInSession };

/** A sign-in waiting for the browser. */
interface SignInFlow {
  signInUrl: string;
  expiresAt: string;
  cancelled: boolean;
  wake: () => void;
}

export const UNAVAILABLE_MESSAGE = "This Pageport API cannot list your projects (an older version): type your project id.";
export const NO_PROJECTS_MESSAGE = "Your account is not a member of any project yet; ask your Pageport admin (pageport admin add-member …).";

export type OpenOutcome =
  | { kind: "selected"; nodeId: string }
  | { kind: "deleted"; nodeId: string }
  | { kind: "other-file"; nodeId: string; figmaFileKey: string }
  | { kind: "placing" }
  | { kind: "not-ready"; phase: Job["phase"] };

export class AppController {
  readonly figma: PluginAPI;
  private readonly fetchFn: FetchLike;
  private readonly defaultApiUrl: string;
  private readonly postFn: (message: MainToUi) => void;
  private readonly backoff: BackoffOptions;
  private readonly newId: () => string;
  private readonly refreshTimer: boolean;

  private settings: Settings | null = null;
  private credentials: Credentials | null = null;
  private client: PageportClient | null = null;
  private projects: ProjectsView = { status: "none", organizations: [], message: null };
  private projectsLoading: Promise<void> = Promise.resolve();
  private subject = "";
  private signInFlow: SignInFlow | null = null;
  private state: AppState = emptyState();
  private started = false;
  private stopped = false;
  private readonly running = new Map<string, Promise<void>>();
  private placementChain: Promise<void> = Promise.resolve();
  private placementPending = false;
  private saving: Promise<void> = Promise.resolve();
  private readonly wakers = new Set<() => void>();
  private readonly progress = new Map<string, { done: number; total: number; unit: "layers" | "tiles" }>();
  private readonly discoveries = new Map<string, DiscoveryView>();
  private fileKeyValue = "";

  constructor(options: ControllerOptions) {
    this.figma = options.figma;
    this.fetchFn = options.fetch;
    this.defaultApiUrl = options.defaultApiUrl ?? "";
    this.postFn = options.post ?? ((message) => options.figma.ui.postMessage(message));
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.newId = options.newId ?? (() => uuidV4());
    this.refreshTimer = options.refreshTimer ?? true;
  }

  // --- Lifecycle -----------------------------------------------------------------------------

  /** Loads settings and state from clientStorage, tells the UI, and resumes what was in flight. */
  async start(): Promise<void> {
    this.fileKeyValue = fileKey(this.figma);
    this.settings = await loadSettings(this.figma.clientStorage);
    this.credentials = await this.storedCredentials(this.settings);
    this.client = this.credentials && this.settings?.projectId ? this.makeClient(this.credentials, this.settings.projectId) : null;
    this.state = await loadState(this.figma.clientStorage, this.fileKeyValue);
    this.started = true;
    this.postState();
    this.resume();
    if (this.credentials) this.loadProjectsQuietly();
  }

  /** Stops following (as when the plugin closes); nothing in storage changes. */
  stop(): void {
    this.stopped = true;
    if (this.credentials?.kind === "session") this.credentials.session.close();
    if (this.signInFlow) this.cancelSignIn();
    for (const wake of [...this.wakers]) wake();
  }

  /** Resolves when every follower and placement has settled (for tests and for closing). */
  async idle(): Promise<void> {
    for (;;) {
      const pending = [...this.running.values()];
      await Promise.all(pending.map((p) => p.catch(() => undefined)));
      await this.placementChain;
      await this.saving;
      await this.projectsLoading;
      if (this.running.size === 0 && !this.placementPending) return;
    }
  }

  get fileKey(): string {
    return this.fileKeyValue;
  }

  get jobs(): readonly Job[] {
    return this.state.jobs;
  }

  get batches(): readonly TrackedBatch[] {
    return this.state.batches;
  }

  get groups(): readonly PlacementGroup[] {
    return this.state.groups;
  }

  get connected(): boolean {
    return this.client !== null;
  }

  /** How the plugin is signed in ("signed-out" with no credentials). */
  get accountKind(): AccountView["kind"] {
    return this.credentials?.kind ?? "signed-out";
  }

  get projectList(): ProjectsView {
    return this.projects;
  }

  get projectId(): number | null {
    return this.client ? this.client.projectId : null;
  }

  /** Handles one UI message; any failure reaches the UI and `figma.notify`, none is silent. */
  async handleMessage(message: UiToMain): Promise<void> {
    try {
      switch (message.type) {
        case "ui-ready":
          this.postState();
          for (const discovery of this.discoveries.values()) this.post({ type: "discovery", discovery });
          return;
        case "connect":
          await this.connect(message.apiUrl, message.token, message.projectId);
          return;
        case "disconnect":
          await this.disconnect();
          return;
        case "sign-in":
          await this.signIn(message.apiUrl);
          return;
        case "reopen-sign-in":
          if (this.signInFlow) this.figma.openExternal(this.signInFlow.signInUrl);
          return;
        case "cancel-sign-in":
          this.cancelSignIn();
          return;
        case "sign-out":
          await this.signOut();
          return;
        case "select-project":
          await this.selectProject(message.projectId);
          return;
        case "reload-projects":
          await this.loadProjects();
          return;
        case "import":
          await this.importPage(message.form);
          return;
        case "import-many":
          await this.importMany(message.request);
          return;
        case "discover":
          await this.discover(message.homepage, message.maxPages);
          return;
        case "show-job":
          await this.openJob(message.key);
          return;
        case "place-again":
          await this.placeAgain(message.key);
          return;
        case "cancel-batch":
          await this.cancelBatch(message.batchId);
          return;
        case "retry-batch":
          await this.retryBatch(message.batchId);
          return;
        case "forget-finished":
          await this.forgetFinished();
          return;
        case "resize":
          this.figma.ui.resize(Math.round(message.width), Math.round(message.height));
          return;
      }
    } catch (error) {
      this.fail(error);
    }
  }

  // --- Connect -------------------------------------------------------------------------------

  /**
   * Token paste. With a project id (the fallback for an API without `/me/projects`), one call
   * checks URL, token and project; without one, `GET /me/projects` checks the token and fills
   * the picker. What works is kept in clientStorage.
   */
  async connect(apiUrl: string, token: string, projectId: number): Promise<boolean> {
    const url = checkApiUrl(apiUrl || this.defaultApiUrl);
    const problems: string[] = url.ok ? [] : url.errors;
    if (token.trim() === "") problems.push("Paste your API token.");
    const wanted = Number.isNaN(projectId) || projectId === 0 ? null : projectId;
    if (wanted !== null && (!Number.isInteger(wanted) || wanted <= 0)) problems.push("The project id is a whole number, like 7.");
    if (!url.ok || problems.length > 0) {
      this.post({ type: "connect-result", ok: false, message: problems.join(" ") });
      return false;
    }
    const credentials: Credentials = { kind: "token", apiUrl: url.value, token: token.trim() };
    if (wanted !== null) {
      try {
        await this.makeClient(credentials, wanted).check();
      } catch (error) {
        this.connectFailed(error);
        return false;
      }
      await this.adopt(credentials, wanted, null);
      this.post({ type: "connect-result", ok: true, message: `Connected to ${url.value}, project ${wanted}.` });
      this.loadProjectsQuietly();
      return true;
    }
    let listed: MyProjects;
    try {
      listed = await this.makeClient(credentials).listMyProjects();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        this.projects = { status: "unavailable", organizations: [], message: UNAVAILABLE_MESSAGE };
        this.postState();
        this.post({ type: "connect-result", ok: false, message: UNAVAILABLE_MESSAGE });
        return false;
      }
      this.connectFailed(error);
      return false;
    }
    await this.adopt(credentials, null, listed);
    this.post({ type: "connect-result", ok: true, message: `Connected to ${url.value} as ${this.who()}.${this.projectSentence()}` });
    return true;
  }

  /**
   * Sign in in the browser: starts a sign-in session, opens its page with `figma.openExternal`
   * and collects the tokens with backoff until the user has signed in, the session expires, or
   * Cancel. Then lists the projects (or keeps the one chosen before, if still one of them).
   */
  async signIn(apiUrl: string): Promise<boolean> {
    const url = checkApiUrl(apiUrl || this.defaultApiUrl);
    if (!url.ok) {
      this.post({ type: "connect-result", ok: false, message: url.errors.join(" ") });
      return false;
    }
    if (this.signInFlow) this.cancelSignIn();
    const auth = new AuthApi(url.value, this.fetchFn);
    let started;
    try {
      started = await auth.startSignIn();
    } catch (error) {
      this.connectFailed(error);
      return false;
    }
    let wakeUp: () => void = () => undefined;
    const flow: SignInFlow = { signInUrl: started.signInUrl, expiresAt: started.expiresAt, cancelled: false, wake: () => wakeUp() };
    this.signInFlow = flow;
    this.postState();
    this.figma.openExternal(started.signInUrl);
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        if (flow.cancelled || this.stopped) {
          resolve(); // cancelled while the last collect was under way
          return;
        }
        const done = () => {
          clearTimeout(handle);
          resolve();
        };
        const handle = setTimeout(done, ms);
        wakeUp = done;
      });
    const interval = started.pollIntervalMs;
    let outcome: CollectOutcome;
    try {
      outcome = await poll(
        this.tolerant(async () => {
          const answer = await auth.collect(started.readKey);
          return answer.status === "pending" ? undefined : answer;
        }),
        {
          backoff: { initialMs: interval, factor: 1.25, maxMs: Math.max(interval, 10_000), jitter: 0.1 },
          timeoutMs: Math.max(0, Date.parse(started.expiresAt) - Date.now()),
          sleep,
          stopped: () => flow.cancelled || this.stopped,
        },
      );
    } catch (error) {
      if (this.signInFlow === flow) this.signInFlow = null;
      this.postState();
      if (error instanceof PollStopped) {
        if (!this.stopped) this.post({ type: "connect-result", ok: false, message: "Sign-in cancelled." });
        return false;
      }
      if (!(error instanceof PollTimeout)) {
        this.connectFailed(error);
        return false;
      }
      outcome = { status: "expired" };
    }
    if (this.signInFlow === flow) this.signInFlow = null;
    if (outcome.status !== "signed-in") {
      this.postState();
      this.connectFailed(new UserError("The sign-in page expired before you finished signing in. Sign in again."));
      return false;
    }
    if (flow.cancelled || this.stopped) {
      // Cancelled while the last collect was under way: nobody wants these tokens.
      await auth.signOut(outcome.tokens.refreshToken).catch(() => undefined);
      this.postState();
      return false;
    }
    const session = await SignedInSession.begin(url.value, outcome.tokens, this.sessionOptions());
    const credentials: Credentials = { kind: "session", apiUrl: url.value, session };
    let listed: MyProjects | null = null;
    let projectId: number | null = null;
    try {
      listed = await this.makeClient(credentials).listMyProjects();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) {
        this.projects = { status: "error", organizations: [], message: `Your projects could not be listed: ${errorText(error)}` };
      } else {
        this.projects = { status: "unavailable", organizations: [], message: UNAVAILABLE_MESSAGE };
        // An older API: keep the project chosen before, if this account still reaches it.
        const remembered = this.rememberedProject(url.value);
        if (remembered !== null) {
          try {
            await this.makeClient(credentials, remembered).check();
            projectId = remembered;
          } catch {
            projectId = null;
          }
        }
      }
    }
    await this.adopt(credentials, projectId, listed);
    this.post({ type: "connect-result", ok: true, message: `Signed in to ${url.value} as ${this.who()}.${this.projectSentence()}` });
    return true;
  }

  /** Stops waiting for the browser (the sign-in page, if finished later, is simply never collected). */
  cancelSignIn(): void {
    const flow = this.signInFlow;
    if (!flow) return;
    flow.cancelled = true;
    this.signInFlow = null;
    flow.wake();
    this.postState();
  }

  /**
   * Revokes a signed-in session's refresh token (`POST /auth/sign-out`), then forgets the
   * tokens. The API URL and the chosen project stay; so do the jobs in flight, which are
   * followed again after the next sign-in.
   */
  async signOut(): Promise<void> {
    if (this.signInFlow) this.cancelSignIn();
    const credentials = this.credentials;
    this.credentials = null;
    this.client = null;
    this.projects = { status: "none", organizations: [], message: null };
    this.subject = "";
    for (const wake of [...this.wakers]) wake(); // followers see the change at once and stop
    if (this.settings) {
      this.settings = { ...this.settings, token: "" };
      await saveSettings(this.figma.clientStorage, this.settings);
    }
    let problem: string | null = null;
    if (credentials?.kind === "session") {
      const result = await credentials.session.signOut();
      if (!result.revoked) problem = errorText(result.error);
    }
    this.postState();
    this.post({ type: "connect-result", ok: true, message: "Signed out. Jobs in flight are kept; they continue after you sign in again." });
    if (problem !== null) {
      this.notice({ level: "warning", message: `Signed out here, but the API could not revoke the sign-in (${problem}); it stops working when it expires.` });
    }
  }

  /** Signs out and forgets the settings too (API URL, project). */
  async disconnect(): Promise<void> {
    await this.signOut();
    this.settings = null;
    await this.figma.clientStorage.deleteAsync(SETTINGS_KEY);
    await this.figma.clientStorage.deleteAsync(SESSION_KEY);
    this.postState();
  }

  /** Uses one of the listed projects (or, when the API cannot list them, a typed id it checks). */
  async selectProject(projectId: number): Promise<boolean> {
    const credentials = this.credentials;
    if (!credentials) throw new UserError("Sign in first (Connect tab).");
    if (!Number.isInteger(projectId) || projectId <= 0) throw new UserError("The project id is a whole number, like 7.");
    const client = this.makeClient(credentials, projectId);
    if (this.projects.status === "ok") {
      if (this.projectLabel(projectId) === null) throw new UserError(`Project ${projectId} is not one of your projects.`);
    } else {
      try {
        await client.check();
      } catch (error) {
        this.connectFailed(error);
        return false;
      }
    }
    this.settings = { apiUrl: credentials.apiUrl, token: credentials.kind === "token" ? credentials.token : "", projectId };
    await saveSettings(this.figma.clientStorage, this.settings);
    this.client = client;
    this.postState();
    this.post({ type: "connect-result", ok: true, message: `Using ${this.projectLabel(projectId) ?? `project ${projectId}`}.` });
    this.resume();
    return true;
  }

  /** `GET /me/projects` into the picker; a failure is shown there (never thrown). */
  async loadProjects(): Promise<void> {
    const credentials = this.credentials;
    if (!credentials) return;
    this.projects = { status: "loading", organizations: this.projects.organizations, message: null };
    this.postState();
    let next: ProjectsView;
    try {
      const listed = await this.makeClient(credentials).listMyProjects();
      if (this.credentials !== credentials) return;
      this.subject = listed.subject;
      next = projectsView(listed);
    } catch (error) {
      if (this.credentials !== credentials) return;
      if (error instanceof ApiError && error.status === 404) next = { status: "unavailable", organizations: [], message: UNAVAILABLE_MESSAGE };
      else next = { status: "error", organizations: [], message: `Your projects could not be listed: ${errorText(error)}` };
    }
    this.projects = next;
    this.postState();
  }

  private loadProjectsQuietly(): void {
    this.projectsLoading = this.loadProjects().catch(() => undefined);
  }

  /** New credentials (and maybe a project) become the current ones, kept in clientStorage. */
  private async adopt(credentials: Credentials, projectId: number | null, listed: MyProjects | null): Promise<void> {
    const previous = this.credentials;
    if (previous?.kind === "session" && (credentials.kind !== "session" || previous.session !== credentials.session)) {
      await previous.session.signOut(); // replaced: its refresh token is revoked, not left behind
    }
    let chosen = projectId;
    if (listed) {
      this.subject = listed.subject;
      this.projects = projectsView(listed);
      if (chosen === null) chosen = pickProject(listed, this.rememberedProject(credentials.apiUrl));
    }
    this.credentials = credentials;
    this.settings = { apiUrl: credentials.apiUrl, token: credentials.kind === "token" ? credentials.token : "", projectId: chosen };
    await saveSettings(this.figma.clientStorage, this.settings);
    this.client = chosen !== null ? this.makeClient(credentials, chosen) : null;
    this.postState();
    this.resume();
  }

  /** The credentials kept from an earlier session: a pasted token, or a stored sign-in for this API. */
  private async storedCredentials(settings: Settings | null): Promise<Credentials | null> {
    if (!settings) return null;
    if (settings.token !== "") return { kind: "token", apiUrl: settings.apiUrl, token: settings.token };
    const session = await SignedInSession.resume(settings.apiUrl, this.sessionOptions());
    return session ? { kind: "session", apiUrl: settings.apiUrl, session } : null;
  }

  private sessionOptions() {
    return {
      storage: this.figma.clientStorage,
      fetch: this.fetchFn,
      timer: this.refreshTimer,
      onSignedOut: (message: string) => this.sessionEnded(message),
    };
  }

  /** The session ended by itself (refresh refused, or refused again after a refresh). */
  private sessionEnded(message: string): void {
    if (this.credentials?.kind !== "session") return;
    this.credentials = null;
    this.client = null;
    this.projects = { status: "none", organizations: [], message: null };
    this.subject = "";
    for (const wake of [...this.wakers]) wake();
    this.postState();
    this.post({ type: "connect-result", ok: false, message });
    this.notice({ level: "error", message });
  }

  private rememberedProject(apiUrl: string): number | null {
    return this.settings && this.settings.apiUrl === apiUrl ? this.settings.projectId : null;
  }

  /** "Acme / Web" for a listed project; null when it is not in the list. */
  private projectLabel(projectId: number): string | null {
    for (const org of this.projects.organizations) {
      const project = org.projects.find((p) => p.projectId === projectId);
      if (project) return `${org.name} / ${project.name}`;
    }
    return null;
  }

  private projectSentence(): string {
    const projectId = this.settings?.projectId ?? null;
    if (projectId !== null && this.client) return ` Using ${this.projectLabel(projectId) ?? `project ${projectId}`}.`;
    if (this.projects.status === "ok" && this.projects.organizations.length === 0) return ` ${NO_PROJECTS_MESSAGE}`;
    if (this.projects.status === "unavailable") return ` ${UNAVAILABLE_MESSAGE}`;
    if (this.projects.status === "error" && this.projects.message) return ` ${this.projects.message}`;
    return " Choose a project.";
  }

  private who(): string {
    const account = this.accountView();
    return account.email ?? account.subject ?? "you";
  }

  private accountView(): AccountView {
    const credentials = this.credentials;
    if (!credentials) return { kind: "signed-out", subject: "", email: null, name: null };
    const claims = credentials.kind === "session" ? credentials.session.claims : decodeClaims(credentials.token);
    return { kind: credentials.kind, subject: this.subject || claims.subject, email: claims.email, name: claims.name };
  }

  private connectFailed(error: unknown): void {
    const message = errorText(error);
    this.post({ type: "connect-result", ok: false, message });
    this.figma.notify(truncate(message, 300), { error: true });
  }

  // --- Import one page -----------------------------------------------------------------------

  /**
   * Imports one URL at one or more viewports. One viewport → `POST …/page-imports`; several →
   * one `page_import` batch; their designs are placed side by side.
   */
  async importPage(form: ImportForm): Promise<Job[]> {
    const client = this.requireClient();
    const checked = checkImportForm(form);
    if (!checked.ok) throw new UserError(checked.errors.join("\n"));
    const requests = checked.value;
    const group = this.newGroup("row", requests.map((r) => r.viewport.width));
    if (requests.length === 1) {
      const request = requests[0] as PageImportRequest;
      const pageImport = await client.createPageImport(request);
      const job = this.newJob(request, group.id, 0, { pageImportId: pageImport.pageImportId, phase: "capturing", options: optionsToSend(form.options) });
      this.state.groups.push(group);
      this.state.jobs.push(job);
      await this.persist();
      this.notice({ level: "info", message: `Importing ${request.url} (${viewportLabel(request.viewport)})…` });
      this.follow(job);
      return [job];
    }
    const { jobs } = await this.startImportBatch(requests, group, `${requests[0]?.url ?? ""} at ${requests.length} viewports`, optionsToSend(form.options));
    return jobs;
  }

  // --- Many pages ----------------------------------------------------------------------------

  /** Imports a list of URLs at one viewport as one `page_import` batch, placed in a grid. */
  async importMany(request: ManyPagesRequest): Promise<TrackedBatch> {
    this.requireClient();
    const problems = [...checkViewport(request.viewport), ...checkDeviceScaleFactor(request.deviceScaleFactor)];
    const urls: string[] = [];
    for (const raw of request.urls) {
      const checked = checkPageUrl(raw);
      if (checked.ok) {
        if (!urls.includes(checked.value)) urls.push(checked.value);
      } else {
        problems.push(...checked.errors);
      }
    }
    if (urls.length === 0) problems.push("Choose at least one page.");
    if (urls.length > LIMITS.batchItems) problems.push(`At most ${LIMITS.batchItems} pages at once.`);
    if (problems.length > 0) throw new UserError(problems.join("\n"));
    const requests = urls.map((url) => pageImportRequest(url, request.viewport, request.deviceScaleFactor));
    const group = this.newGroup("grid", requests.map((r) => r.viewport.width));
    const { batch } = await this.startImportBatch(requests, group, `${requests.length} page${requests.length === 1 ? "" : "s"}`, optionsToSend(request.options));
    return batch;
  }

  /** Runs discovery on a homepage and reports the pages found (also to the UI). */
  async discover(homepage: string, maxPages: number): Promise<DiscoveryView> {
    const client = this.requireClient();
    const url = checkPageUrl(homepage);
    if (!url.ok) throw new UserError(url.errors.join(" "));
    if (!Number.isInteger(maxPages) || maxPages < LIMITS.maxPages.min || maxPages > LIMITS.maxPages.max) {
      throw new UserError(`Pages to find must be from ${LIMITS.maxPages.min} to ${LIMITS.maxPages.max}.`);
    }
    const batch = await client.createBatch({ type: "page_discovery", requests: [{ url: url.value, maxPages }] });
    const tracked: TrackedBatch = {
      id: batch.id,
      type: "page_discovery",
      fileKey: this.fileKeyValue,
      status: batch.status,
      counts: batch.counts,
      retryOf: batch.retryOf,
      homepage: url.value,
      createdAt: batch.createdAt,
    };
    this.state.batches.push(tracked);
    await this.persist();
    this.notice({ level: "info", message: `Looking for pages on ${url.value}…` });
    return this.followDiscovery(tracked);
  }

  async cancelBatch(batchId: string): Promise<Batch> {
    const client = this.requireClient();
    const tracked = this.state.batches.find((b) => b.id === batchId);
    const batch = await client.cancelBatch(batchId);
    if (tracked) {
      tracked.status = batch.status;
      tracked.counts = batch.counts;
      if (tracked.type === "page_import") await this.refreshBatchItems(tracked);
      await this.persist();
    }
    this.notice({ level: "success", message: `Batch cancelled: ${batch.counts.cancelled} page(s) will not be imported.` });
    return batch;
  }

  /** Retries the failed items of a batch as a new batch (the API's retry route), in a new grid. */
  async retryBatch(batchId: string): Promise<TrackedBatch> {
    const client = this.requireClient();
    const source = this.state.batches.find((b) => b.id === batchId);
    const batch = await client.retryBatch(batchId);
    const items = await client.listBatchItems(batch.id);
    const requests = items.map((item) => requestOfItem(item));
    const group = this.newGroup("grid", requests.map((r) => r.viewport.width));
    const tracked: TrackedBatch = {
      id: batch.id,
      type: batch.type,
      fileKey: this.fileKeyValue,
      groupId: group.id,
      status: batch.status,
      counts: batch.counts,
      retryOf: batch.retryOf,
      createdAt: batch.createdAt,
    };
    if (source?.homepage) tracked.homepage = source.homepage;
    this.state.groups.push(group);
    this.state.batches.push(tracked);
    // The retried pages convert as the source batch's did.
    const options = this.state.jobs.find((j) => j.batchId === batchId)?.options;
    items.forEach((item, index) => {
      const request = requests[index] as PageImportRequest;
      this.state.jobs.push(this.newJob(request, group.id, index, { batchId: batch.id, batchItemId: item.id, phase: "queued", options }));
    });
    await this.persist();
    this.notice({ level: "info", message: `Retrying ${items.length} page(s).` });
    this.followBatch(tracked);
    return tracked;
  }

  // --- One job: show, place again ------------------------------------------------------------

  /**
   * The "show" action of a finished job. A job already materialized is never placed twice: its
   * stored node is selected, or the user is told it was deleted (and may place it again).
   */
  async openJob(key: string): Promise<OpenOutcome> {
    const client = this.requireClient();
    const job = this.requireJob(key);
    if (!job.code2desId || job.phase === "capturing" || job.phase === "queued" || job.phase === "converting") {
      this.notice({ level: "info", message: `This design is not ready yet (${job.phase}).` });
      return { kind: "not-ready", phase: job.phase };
    }
    const code2des = await client.getCode2Des(job.code2desId);
    const stored = code2des.materializedNodeId;
    if (!stored) {
      if (code2des.status === "1" && (job.phase === "placed" || job.phase === "ready" || job.phase === "failed")) {
        // Completed but never recorded: place it now (or, if this session placed it and the
        // record failed, record that node).
        job.phase = "ready";
        job.error = undefined;
        await this.persist();
        this.schedulePlacement();
        return { kind: "placing" };
      }
      this.notice({ level: "info", message: "This design is not ready yet." });
      return { kind: "not-ready", phase: job.phase };
    }
    if (code2des.figmaFileKey !== this.fileKeyValue) {
      this.notice({ level: "warning", message: `This design was placed in another Figma file (key ${code2des.figmaFileKey}), as node ${stored}.` });
      return { kind: "other-file", nodeId: stored, figmaFileKey: code2des.figmaFileKey };
    }
    const node = await this.figma.getNodeByIdAsync(stored);
    if (node && !node.removed && node.type !== "DOCUMENT" && node.type !== "PAGE") {
      await this.reveal([node as SceneNode]);
      this.notice({ level: "info", message: `Already placed: selected “${node.name}” (${stored}).` });
      return { kind: "selected", nodeId: stored };
    }
    const message = `The design placed for this job (node ${stored}) was deleted. Place it again to make a new one.`;
    this.post({ type: "deleted-node", key, message });
    this.notice({ level: "warning", message });
    return { kind: "deleted", nodeId: stored };
  }

  /** A new Code2Des for the same capture, placed as a new frame; earlier frames stay as they are. */
  async placeAgain(key: string): Promise<Job> {
    const previous = this.requireJob(key);
    if (!previous.pageImportId) throw new UserError("This page was never captured, so there is nothing to place again.");
    this.requireClient();
    const group = this.newGroup("row", [previous.viewport.width]);
    const request: PageImportRequest = pageImportRequest(previous.url, previous.viewport, previous.deviceScaleFactor, previous.readySelector);
    const job = this.newJob(request, group.id, 0, { pageImportId: previous.pageImportId, phase: "capturing", options: previous.options });
    this.state.groups.push(group);
    this.state.jobs.push(job);
    await this.persist();
    this.notice({ level: "info", message: `Converting ${job.url} again; the new design will be placed next to your content.` });
    this.follow(job);
    return job;
  }

  async forgetFinished(): Promise<void> {
    this.state.jobs = this.state.jobs.filter((job) => isActive(job));
    const liveGroups = new Set(this.state.jobs.map((job) => job.groupId));
    this.state.groups = this.state.groups.filter((group) => liveGroups.has(group.id));
    this.state.batches = this.state.batches.filter((batch) => batch.status === "0");
    await this.persist();
  }

  // --- Following -----------------------------------------------------------------------------

  private resume(): void {
    if (!this.client || this.stopped || !this.started) return;
    for (const batch of this.state.batches) {
      if (batch.fileKey !== this.fileKeyValue || batch.status !== "0") continue;
      if (batch.type === "page_discovery") {
        this.track(`discovery:${batch.id}`, () => this.followDiscovery(batch).then(() => undefined));
      } else {
        this.followBatch(batch);
      }
    }
    for (const job of this.state.jobs) {
      if (job.fileKey !== this.fileKeyValue) continue;
      if (job.batchId && (job.phase === "queued" || job.phase === "capturing")) {
        const batch = this.state.batches.find((b) => b.id === job.batchId);
        if (batch && batch.status !== "0") this.followBatch(batch); // finished while closed: one read settles it
        continue;
      }
      if (job.phase === "capturing" || job.phase === "converting") this.follow(job);
    }
    this.schedulePlacement();
  }

  private async startImportBatch(
    requests: PageImportRequest[],
    group: PlacementGroup,
    what: string,
    options: ConversionOptions | undefined,
  ): Promise<{ batch: TrackedBatch; jobs: Job[] }> {
    const client = this.requireClient();
    const batch = await client.createBatch({ type: "page_import", requests });
    const tracked: TrackedBatch = {
      id: batch.id,
      type: "page_import",
      fileKey: this.fileKeyValue,
      groupId: group.id,
      status: batch.status,
      counts: batch.counts,
      retryOf: batch.retryOf,
      createdAt: batch.createdAt,
    };
    const jobs = requests.map((request, index) => this.newJob(request, group.id, index, { batchId: batch.id, phase: "queued", options }));
    this.state.groups.push(group);
    this.state.batches.push(tracked);
    this.state.jobs.push(...jobs);
    await this.persist();
    this.notice({ level: "info", message: `Importing ${what}…` });
    this.followBatch(tracked);
    return { batch: tracked, jobs };
  }

  /** Follows a single job from its Page Import (or Code2Des) to `ready`. */
  private follow(job: Job): void {
    this.track(`job:${job.key}`, async () => {
      const client = this.requireClient();
      if (job.phase === "capturing") {
        const pageImportId = job.pageImportId;
        if (!pageImportId) throw new Error("A capturing job has no Page Import id.");
        const pageImport = await poll(
          this.tolerant(async () => {
            const current = await client.getPageImport(pageImportId);
            return current.status === "0" ? undefined : current;
          }),
          this.pollOptions(),
        );
        if (pageImport.status === "2") {
          await this.settle(job, "failed", `The page could not be captured: ${pageImport.errorMessage ?? "no reason given"}`);
          return;
        }
        job.code2desId = await this.startConversion(job);
        job.phase = "converting";
        job.error = undefined;
        await this.persist();
      }
      if (job.phase === "converting") {
        const code2desId = job.code2desId;
        if (!code2desId) throw new Error("A converting job has no Code2Des id.");
        const code2des: Code2Des = await poll(
          this.tolerant(async () => {
            const current = await client.getCode2Des(code2desId);
            return current.status === "0" ? undefined : current;
          }),
          this.pollOptions(),
        );
        if (code2des.status === "2") {
          await this.settle(job, "failed", `The page could not be converted to a design: ${code2des.errorMessage ?? "no reason given"}`);
          return;
        }
        job.warnings = code2des.warningCount ?? 0;
        if (code2des.materializedNodeId) {
          // Placed by an earlier session (its record reached the API before the plugin closed).
          job.nodeId = code2des.materializedNodeId;
          await this.settle(job, "placed");
          return;
        }
        job.phase = "ready";
        job.error = undefined;
        job.updatedAt = now();
        await this.persist();
        this.schedulePlacement();
      }
    }, job);
  }

  /** Follows a `page_import` batch: item statuses drive its jobs until every item is terminal. */
  private followBatch(batch: TrackedBatch): void {
    this.track(`batch:${batch.id}`, async () => {
      await poll(
        this.tolerant(async () => {
          await this.refreshBatch(batch);
          return batch.status === "0" ? undefined : true;
        }),
        this.pollOptions(),
      );
    });
  }

  private async refreshBatch(batch: TrackedBatch): Promise<void> {
    const client = this.requireClient();
    const current = await client.getBatch(batch.id);
    batch.status = current.status;
    batch.counts = current.counts;
    await this.refreshBatchItems(batch);
    await this.persist();
  }

  private async refreshBatchItems(batch: TrackedBatch): Promise<void> {
    const client = this.requireClient();
    const items = await client.listBatchItems(batch.id);
    for (const item of items) {
      const job = this.state.jobs.find((j) => j.batchId === batch.id && j.slot === item.position);
      if (!job) continue;
      job.batchItemId = item.id;
      if (job.phase !== "queued" && job.phase !== "capturing") continue;
      if (item.jobId) job.pageImportId = item.jobId;
      switch (item.status) {
        case "0":
          if (item.jobId && job.phase === "queued") {
            job.phase = "capturing";
            job.updatedAt = now();
          }
          break;
        case "1":
          if (!item.jobId) break;
          job.phase = "capturing";
          job.updatedAt = now();
          this.follow(job); // the Page Import is complete: the job's own follower converts it
          break;
        case "2":
          await this.settle(job, "failed", `The page could not be imported: ${await this.itemError(item)}`, false);
          break;
        case "3":
          await this.settle(job, "cancelled", undefined, false);
          break;
      }
    }
    this.postState();
  }

  /** A failed item's reason: its own, else its Page Import's (where the capture stored it). */
  private async itemError(item: BatchItem): Promise<string> {
    if (item.errorMessage) return item.errorMessage;
    if (item.jobId) {
      try {
        const pageImport = await this.requireClient().getPageImport(item.jobId);
        if (pageImport.errorMessage) return pageImport.errorMessage;
      } catch {
        // The batch's own status is what matters; the reason is a courtesy.
      }
    }
    return "no reason given";
  }

  private async followDiscovery(batch: TrackedBatch): Promise<DiscoveryView> {
    const client = this.requireClient();
    const discovery: Discovery = await poll(
      this.tolerant(async () => {
        const current = await client.getDiscovery(batch.id);
        return current.status === "0" ? undefined : current;
      }),
      this.pollOptions(),
    );
    const view: DiscoveryView = {
      batchId: batch.id,
      homepage: batch.homepage ?? "",
      status: discovery.status,
      pages: discovery.pages.map((p) => ({ url: p.url, title: p.title, description: p.description, depth: p.depth })),
      truncated: discovery.truncated,
    };
    if (discovery.status === "2") {
      view.error = `Pages could not be discovered: ${discovery.errorMessage ?? "no reason given"}`;
      batch.error = view.error;
    }
    const current = await client.getBatch(batch.id);
    batch.status = current.status;
    batch.counts = current.counts;
    await this.persist();
    this.discoveries.set(batch.id, view);
    this.post({ type: "discovery", discovery: view });
    if (view.error) this.notice({ level: "error", message: view.error });
    else this.notice({ level: "success", message: `Found ${view.pages.length} page(s)${view.truncated ? " (more exist)" : ""}.` });
    return view;
  }

  /** Runs `task` once per id at a time; its failure becomes a visible error on the job. */
  private track(id: string, task: () => Promise<void>, job?: Job): void {
    if (this.stopped || this.running.has(id)) return;
    let interrupted = false;
    const promise = (async () => {
      try {
        await task();
      } catch (error) {
        if (error instanceof PollStopped || this.stopped || this.client === null || isSignedOut(error)) {
          // Stopped, or signed out: the job stays as it is, to be followed after the next sign-in.
          interrupted = true;
          return;
        }
        if (isTransient(error) || (error instanceof ApiError && error.kind === "unauthorized")) {
          // The API is out of reach or unwell: the job itself may well finish. Keep its phase
          // (and so its place in clientStorage); following resumes on reconnect or reopen.
          const message = `${errorText(error)} Following is paused; it resumes when you connect (or sign in) again or reopen the plugin.`;
          if (job) {
            job.error = message;
            await this.persist();
          }
          this.notice({ level: "error", message: job ? `${job.url}: ${message}` : message });
        } else if (job) {
          await this.settle(job, "failed", errorText(error));
        } else {
          this.fail(error);
        }
      } finally {
        this.running.delete(id);
        // Signed in again while this follower was winding down: follow again with the new credentials.
        if (interrupted && this.client && !this.stopped) this.resume();
      }
    })();
    this.running.set(id, promise);
  }

  // --- Placement -----------------------------------------------------------------------------

  /** Places every job that is ready and whose slot can be computed, one at a time. */
  private schedulePlacement(): void {
    if (this.stopped) return;
    this.placementPending = true;
    this.placementChain = this.placementChain
      .then(async () => {
        this.placementPending = false;
        for (let progress = true; progress && !this.stopped; ) {
          progress = false;
          const ready = this.state.jobs.filter((j) => j.phase === "ready" && j.fileKey === this.fileKeyValue);
          for (const job of ready) {
            if (this.stopped) return;
            if (await this.place(job)) progress = true;
          }
        }
      })
      .catch((error: unknown) => this.fail(error));
  }

  /**
   * Places one ready job if its slot is known; true when something changed. The design goes on
   * the page its group was started on (loaded first: documentAccess is dynamic-page), at its
   * slot unless something is there now (content added since, or a row placed below a slot that
   * had failed): then at a free spot right of everything, never on top of anything.
   */
  private async place(job: Job): Promise<boolean> {
    const client = this.requireClient();
    const code2desId = job.code2desId;
    if (!code2desId) return false;
    let group = this.state.groups.find((g) => g.id === job.groupId);
    if (!group) {
      group = newGroup(job.groupId, "row", [job.viewport.width]);
      this.state.groups.push(group);
    }
    const page = await this.targetPage(group);
    const reserved = this.reservedAreas(group, page);
    const origin = group.origin ?? groupOrigin(this.pageContent(page, group), reserved);
    const position = slotPosition(group, job.slot, origin);
    if (!position) return false;
    try {
      let root = await this.previouslyPlaced(code2desId);
      let inSlot = true;
      if (!root) {
        if (await removeIncomplete(this.figma, code2desId)) {
          this.notice({ level: "info", message: `Removed an unfinished copy of ${job.url} left by an interrupted placement; placing it again.` });
        }
        const result = await client.getFullResult(code2desId);
        const box = result.document.document.absoluteBoundingBox;
        const want = { x: position.x, y: position.y, width: Math.max(box.width, 0.01), height: Math.max(box.height, 0.01) };
        const spot = freeSlot(want, [...topLevelRects(page), ...reserved]);
        inSlot = spot.x === want.x && spot.y === want.y;
        const materialized = await materialize(this.figma, result, {
          parent: page,
          x: spot.x,
          y: spot.y,
          rootData: { [NODE_JOB_DATA]: code2desId },
          onRoot: (r) => this.figma.root.setPluginData(PLACING_DATA_PREFIX + code2desId, r.id),
          onProgress: (done, total) => this.reportProgress(job.key, done, total),
          onImageProgress: (_ref, done, total) => this.reportProgress(job.key, done, total, "tiles"),
        });
        root = materialized.root;
        root.name = `${job.url} — ${viewportLabel(job.viewport)}`;
        this.figma.root.setPluginData(PLACED_DATA_PREFIX + code2desId, root.id);
        this.figma.root.setPluginData(PLACING_DATA_PREFIX + code2desId, "");
        job.warnings = materialized.warnings.length;
        job.warningMessages = materialized.warnings;
        if (!inSlot && !group.origin && job.slot === 0) {
          group.origin = { x: spot.x, y: spot.y }; // the group's first design: the group starts there
          inSlot = true;
        }
      }
      if (!group.origin) group.origin = origin;
      const slot = group.slots[job.slot];
      if (slot && inSlot) {
        slot.width = root.width;
        slot.height = root.height;
      } else if (slot && slot.height === null) {
        slot.height = 0; // placed elsewhere: its cell stays empty, later rows need not wait
      }
      job.nodeId = root.id;
      job.phase = "placed";
      job.error = undefined;
      job.updatedAt = now();
      this.progress.delete(job.key);
      await this.persist();
      await this.reveal(this.groupNodes(group, root, page));
      await this.record(client, job, code2desId, root.id);
    } catch (error) {
      this.progress.delete(job.key);
      await this.settle(job, "failed", `The design could not be placed: ${errorText(error)}`);
    }
    return true;
  }

  /**
   * The page a group's designs go on, loaded. A group made before pages were recorded takes the
   * current page; a deleted page falls back to the current one, with a notice.
   */
  private async targetPage(group: PlacementGroup): Promise<PageNode> {
    const current = this.figma.currentPage;
    if (group.pageId && group.pageId !== current.id) {
      const node = await this.figma.getNodeByIdAsync(group.pageId);
      if (node && !node.removed && node.type === "PAGE") {
        await node.loadAsync();
        return node;
      }
      this.notice({ level: "warning", message: `The page these designs were started on was deleted; they are placed on “${current.name}” instead.` });
      group.origin = null;
      group.slots.forEach((slot) => {
        if (slot.height !== null) slot.height = 0;
      });
    }
    group.pageId = current.id;
    return current;
  }

  /** `PUT …/materialization`; when another placement was recorded first, says which node that is. */
  private async record(client: PageportClient, job: Job, code2desId: string, nodeId: string): Promise<void> {
    let answer: Code2Des;
    try {
      answer = await client.putMaterialization(code2desId, nodeId);
    } catch (error) {
      job.error = `Placed, but the placement could not be recorded: ${errorText(error)}`;
      await this.persist();
      this.notice({ level: "error", message: job.error });
      return;
    }
    if (answer.materializedNodeId && answer.materializedNodeId !== nodeId) {
      job.recordedNodeId = answer.materializedNodeId;
      await this.persist();
      this.notice({
        level: "warning",
        message: `This design had already been placed as node ${answer.materializedNodeId} (the first placement is the one on record). The new frame ${nodeId} was left as it is.`,
      });
      return;
    }
    const warnings = job.warningMessages?.length ? ` ${warningSummary(job.warningMessages)}` : "";
    this.notice({ level: "success", message: `Placed ${job.url} (${viewportLabel(job.viewport)}).${warnings}` });
  }

  /** A frame this file already holds for that Code2Des (placed before the plugin closed). */
  private async previouslyPlaced(code2desId: string): Promise<FrameNode | null> {
    const id = this.figma.root.getPluginData(PLACED_DATA_PREFIX + code2desId);
    if (!id) return null;
    const node = await this.figma.getNodeByIdAsync(id);
    if (node && !node.removed && node.type === "FRAME" && node.getPluginData(INCOMPLETE_DATA) === "") return node;
    return null;
  }

  private pageContent(page: PageNode, group: PlacementGroup): Rect[] {
    const own = new Set(this.state.jobs.filter((j) => j.groupId === group.id && j.nodeId).map((j) => j.nodeId));
    return topLevelRects({ children: page.children.filter((node) => !own.has(node.id)) });
  }

  /** Room kept for other groups (on the same page) that have started placing and are not finished. */
  private reservedAreas(except: PlacementGroup, page: PageNode): Rect[] {
    const rects: Rect[] = [];
    for (const group of this.state.groups) {
      if (group === except || !group.origin || (group.pageId ?? page.id) !== page.id) continue;
      const unfinished = this.state.jobs.some((j) => j.groupId === group.id && isActive(j));
      if (!unfinished) continue;
      const area = reservedArea(group);
      if (area) rects.push(area);
    }
    return rects;
  }

  private groupNodes(group: PlacementGroup, latest: SceneNode, page: PageNode): SceneNode[] {
    const nodes = new Set<SceneNode>([latest]);
    for (const job of this.state.jobs) {
      if (job.groupId !== group.id || !job.nodeId || job.nodeId === latest.id) continue;
      const child = page.children.find((n) => n.id === job.nodeId);
      if (child) nodes.add(child);
    }
    return [...nodes];
  }

  private async reveal(nodes: SceneNode[]): Promise<void> {
    const first = nodes[0];
    if (!first) return;
    let page: BaseNode | null = first.parent;
    while (page && page.type !== "PAGE") page = page.parent;
    if (page && page.type === "PAGE" && page.id !== this.figma.currentPage.id) {
      await this.figma.setCurrentPageAsync(page);
    }
    this.figma.currentPage.selection = nodes;
    this.figma.viewport.scrollAndZoomIntoView(nodes);
  }

  /** Materializer progress to the UI, about fifty updates per design at most. */
  private reportProgress(key: string, done: number, total: number, unit: "layers" | "tiles" = "layers"): void {
    const last = this.progress.get(key);
    this.progress.set(key, { done, total, unit });
    const step = Math.max(1, Math.floor(total / 50));
    if (!last || last.unit !== unit || done >= total || done - last.done >= step || done < last.done) {
      this.post({ type: "job-progress", key, done, total, unit });
    } else {
      this.progress.set(key, last);
    }
  }

  // --- State ---------------------------------------------------------------------------------

  /** A job reaches a terminal phase; its grid slot is settled so later rows can be placed. */
  private async settle(job: Job, phase: "failed" | "cancelled" | "placed", error?: string, announce = true): Promise<void> {
    job.phase = phase;
    job.updatedAt = now();
    if (error !== undefined) job.error = error;
    if (phase !== "placed") {
      const slot = this.state.groups.find((g) => g.id === job.groupId)?.slots[job.slot];
      if (slot && slot.height === null) slot.height = 0;
    }
    await this.persist();
    if (announce && error) this.notice({ level: "error", message: `${job.url}: ${error}` });
    this.schedulePlacement();
  }

  private persist(): Promise<void> {
    const snapshot = this.state;
    this.saving = this.saving.then(() => saveState(this.figma.clientStorage, this.fileKeyValue, snapshot)).catch((error: unknown) => this.fail(error));
    this.postState();
    return this.saving;
  }

  private newJob(request: PageImportRequest, groupId: string, slot: number, extra: Partial<Job> & { phase: Job["phase"] }): Job {
    const stamp = now();
    const job: Job = {
      key: this.newId(),
      url: request.url,
      viewport: { width: request.viewport.width, height: request.viewport.height },
      deviceScaleFactor: request.deviceScaleFactor ?? 1,
      fileKey: this.fileKeyValue,
      groupId,
      slot,
      createdAt: stamp,
      updatedAt: stamp,
      ...extra,
    };
    if (!job.options) delete job.options;
    if (request.readySelector !== undefined) job.readySelector = request.readySelector;
    return job;
  }

  private code2desRequest(job: Job): Code2DesRequest {
    const pageId = this.state.groups.find((g) => g.id === job.groupId)?.pageId ?? this.figma.currentPage.id;
    const request: Code2DesRequest = {
      pageImportId: job.pageImportId ?? "",
      figmaFileKey: this.fileKeyValue,
      screenId: screenId(job.url, job.viewport),
      placementTarget: `page:${pageId}`,
    };
    if (job.options) request.options = job.options;
    return request;
  }

  /** A placement group on the current page (the page is kept: designs land there even if the designer moves on). */
  private newGroup(layout: "row" | "grid", widths: number[]): PlacementGroup {
    const group = newGroup(this.newId(), layout, widths);
    group.pageId = this.figma.currentPage.id;
    return group;
  }

  /**
   * Starts the job's conversion exactly once, even when the plugin closes between the request
   * and saving its answer: the request is a one-item `code2des` batch whose client id is saved
   * in the job BEFORE it is sent, and the API replays a batch id it already has. So a resumed
   * job sends the same id again and gets the conversion it already started (never a second).
   */
  private async startConversion(job: Job): Promise<string> {
    const client = this.requireClient();
    if (!job.conversionRequestId) {
      job.conversionRequestId = this.newId();
      await this.persist();
    }
    const batch = await client.createBatch({ type: "code2des", requests: [this.code2desRequest(job)] }, job.conversionRequestId);
    // The item names its Code2Des once dispatched (at once, usually).
    const item = await poll(
      this.tolerant(async () => {
        const [first] = await client.listBatchItems(batch.id);
        return first && (first.jobId || first.status !== "0") ? first : undefined;
      }),
      this.pollOptions(),
    );
    if (!item.jobId) {
      const reason = await this.itemError(item);
      throw new UserError(`The conversion could not be started: ${reason}`);
    }
    return item.jobId;
  }

  private makeClient(credentials: Credentials, projectId?: number): PageportClient {
    const tokens: TokenSource = credentials.kind === "session" ? credentials.session : staticToken(credentials.token);
    const config: ConstructorParameters<typeof PageportClient>[0] = { apiUrl: credentials.apiUrl, tokens, fetch: this.fetchFn, newId: this.newId };
    if (projectId !== undefined) config.projectId = projectId;
    return new PageportClient(config);
  }

  private requireClient(): PageportClient {
    if (!this.client) {
      throw new UserError(this.credentials ? "Choose a project first (Connect tab)." : "Connect to the Pageport API first (Connect tab).");
    }
    return this.client;
  }

  private requireJob(key: string): Job {
    const job = this.state.jobs.find((j) => j.key === key);
    if (!job) throw new UserError("That job is no longer in the list.");
    return job;
  }

  /** A poll step that rides out a few transient errors (network, 5xx) before giving up. */
  private tolerant<T>(step: () => Promise<T | undefined>): () => Promise<T | undefined> {
    let failures = 0;
    return async () => {
      try {
        const value = await step();
        failures = 0;
        return value;
      } catch (error) {
        if (!isTransient(error) || ++failures > TRANSIENT_RETRIES) throw error;
        return undefined;
      }
    };
  }

  private pollOptions() {
    const client = this.client;
    // A follower stops at its next poll when the plugin closes or its credentials are gone.
    return { backoff: this.backoff, sleep: (ms: number) => this.sleep(ms), stopped: () => this.stopped || this.client !== client };
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        this.wakers.delete(wake);
        clearTimeout(handle);
        resolve();
      };
      const handle = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }

  // --- Reporting -----------------------------------------------------------------------------

  view(): StateView {
    return {
      connected: this.client !== null,
      settings: {
        apiUrl: this.settings?.apiUrl ?? this.defaultApiUrl,
        token: this.credentials?.kind === "token" ? this.credentials.token : "",
        projectId: this.settings?.projectId ?? null,
      },
      account: this.accountView(),
      signIn: { waiting: this.signInFlow !== null, expiresAt: this.signInFlow?.expiresAt ?? null },
      projects: { status: this.projects.status, organizations: this.projects.organizations, message: this.projects.message },
      defaultApiUrl: this.defaultApiUrl,
      fileKey: this.fileKeyValue,
      jobs: this.state.jobs.map((job) => this.jobView(job)),
      batches: this.state.batches.map((batch) => batchView(batch)),
    };
  }

  private jobView(job: Job): JobView {
    const view: JobView = { key: job.key, url: job.url, viewport: job.viewport, phase: job.phase, updatedAt: job.updatedAt };
    if (job.batchId) view.batchId = job.batchId;
    if (job.pageImportId) view.pageImportId = job.pageImportId;
    if (job.code2desId) view.code2desId = job.code2desId;
    if (job.nodeId) view.nodeId = job.nodeId;
    if (job.recordedNodeId) view.recordedNodeId = job.recordedNodeId;
    if (job.warnings !== undefined) view.warnings = job.warnings;
    if (job.warningMessages?.length) view.warningMessages = [...job.warningMessages];
    if (job.error) view.error = job.error;
    const progress = this.progress.get(job.key);
    if (progress) view.progress = progress;
    return view;
  }

  private postState(): void {
    if (!this.started) return;
    this.post({ type: "state", state: this.view() });
  }

  private post(message: MainToUi): void {
    try {
      this.postFn(message);
    } catch {
      // The UI may be closed; the state is in clientStorage and is sent again when it opens.
    }
  }

  notice(notice: Notice): void {
    this.post({ type: "notice", notice });
    if (notice.level === "error") this.figma.notify(truncate(notice.message, 300), { error: true });
    else if (notice.level !== "info") this.figma.notify(truncate(notice.message, 300));
  }

  /** Any error: plain words to the UI and to `figma.notify`. */
  fail(error: unknown): void {
    const message = error instanceof ApiError || error instanceof UserError ? error.message : `Something went wrong: ${errorText(error)}`;
    this.notice({ level: "error", message });
  }
}

/** The API could not be reached or failed on its side: worth trying again later. */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === "unreachable" || error.kind === "server");
}

/** A call refused because the session was signed out (by the user, or because it ended). */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.code === SIGNED_OUT;
}

/** A problem with what the user asked for, in words for them. */
export class UserError extends Error {
  override readonly name = "UserError";
}

export function screenId(url: string, viewport: Viewport): string {
  const slug = url
    .replace(/^https?:\/\//i, "")
    .replace(/[^a-zA-Z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase();
  const suffix = `-${viewport.width}x${viewport.height}`;
  return `${slug.slice(0, 255 - suffix.length) || "page"}${suffix}`;
}

function requestOfItem(item: BatchItem): PageImportRequest {
  const request = item.request as Partial<PageImportRequest>;
  const viewport = request.viewport && typeof request.viewport === "object" ? request.viewport : { width: 1440, height: 900 };
  return pageImportRequest(String(request.url ?? ""), viewport, typeof request.deviceScaleFactor === "number" ? request.deviceScaleFactor : 1, typeof request.readySelector === "string" ? request.readySelector : undefined);
}

function projectsView(listed: MyProjects): ProjectsView {
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

function batchView(batch: TrackedBatch): BatchView {
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

function now(): string {
  return new Date().toISOString();
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
