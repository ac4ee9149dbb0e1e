/**
 * The Pageport API client: plain TypeScript over an injected `fetch`, so the same code runs on
 * Figma's main thread (its `fetch`, bounded by the manifest's networkAccess) and in Node for the
 * stack tests. One method per route the plugin uses (api.md); every failure is an `ApiError`.
 */
import type { FullResult, ResultDocument } from "../materialize";
import { ApiError } from "./errors";
import { errorOf, jsonOf, send, type Answer, type FetchLike } from "./http";
import { backoffDelay, realSleep, type BackoffOptions } from "./poll";
import { staticToken, type TokenSource } from "./tokens";
import type {
  Batch,
  BatchItem,
  BatchItemsPage,
  BatchType,
  Code2Des,
  Code2DesRequest,
  Code2DesResultPage,
  DiscoveryRequest,
  Discovery,
  MyProjects,
  PageImport,
  PageImportRequest,
} from "./types";
import { uuidV4 } from "./uuid";

export type { FetchAnswer, FetchInit, FetchLike } from "./http";

export interface ClientConfig {
  /** Base URL without a trailing slash, e.g. https://api.example.com/v1 or http://127.0.0.1:8000. */
  apiUrl: string;
  /** A pasted token; or `tokens`, which wins when given. */
  token?: string;
  /** Where the bearer comes from (a signed-in session renews it, and retries a 401 once). */
  tokens?: TokenSource;
  /** The project the project routes address; absent for account calls only (`listMyProjects`). */
  projectId?: number;
  fetch: FetchLike;
  /** Source of client batch ids (tests may pin it). */
  newId?: () => string;
  /** Told once per wait that the service is unavailable and the call waits for it. */
  onWait?: (notice: string) => void;
  /** How calls wait out an unavailable service (tests pin the clock). */
  outage?: OutageWait;
}

/** How a repeatable call waits out an unavailable service (502/503/504, as during a failover). */
export interface OutageWait {
  backoff: BackoffOptions;
  /** Give up (the error is shown) after waiting this long, ms. */
  limitMs: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

export const DEFAULT_OUTAGE_WAIT: OutageWait = {
  backoff: { initialMs: 1000, factor: 2, maxMs: 30_000, jitter: 0.5 },
  limitMs: 15 * 60_000,
  sleep: realSleep,
  random: Math.random,
};

const UNAVAILABLE = new Set([502, 503, 504]);

export type BatchRequest =
  | { type: "page_import"; requests: PageImportRequest[] }
  | { type: "code2des"; requests: Code2DesRequest[] }
  | { type: "page_discovery"; requests: [DiscoveryRequest] };

const MAX_RESULT_PAGES = 10_000;
/** A call that sending twice does what sending once does (a client id, a PUT): it may wait out an outage. */
const REPEATABLE = true;

export class PageportClient {
  readonly apiUrl: string;
  readonly projectId: number;
  private readonly tokens: TokenSource;
  private readonly fetchFn: FetchLike;
  private readonly newId: () => string;
  private readonly onWait: ((notice: string) => void) | undefined;
  private readonly outage: OutageWait;

  constructor(config: ClientConfig) {
    this.apiUrl = config.apiUrl.replace(/\/+$/, "");
    this.tokens = config.tokens ?? staticToken(config.token ?? "");
    this.projectId = config.projectId ?? 0;
    this.fetchFn = config.fetch;
    this.newId = config.newId ?? (() => uuidV4());
    this.onWait = config.onWait;
    this.outage = config.outage ?? DEFAULT_OUTAGE_WAIT;
  }

  // --- Account -----------------------------------------------------------------------------

  /** `GET /me/projects`: the organizations the caller is a member of and their projects. */
  async listMyProjects(): Promise<MyProjects> {
    const answer = await this.call<Partial<MyProjects>>("GET", "/me/projects", "listing your projects");
    const organizations = Array.isArray(answer.organizations) ? answer.organizations : null;
    if (!organizations) {
      throw new ApiError(`The server at ${this.apiUrl} answered the list of your projects without its organizations. Check the API URL.`, "unexpected", 200, "not_projects", "");
    }
    return {
      subject: typeof answer.subject === "string" ? answer.subject : "",
      organizations: organizations.map((org) => ({
        organizationId: org.organizationId,
        name: String(org.name),
        projects: (Array.isArray(org.projects) ? org.projects : []).map((p) => ({ projectId: p.projectId, name: String(p.name) })),
      })),
    };
  }

  // --- Page Import -------------------------------------------------------------------------

  createPageImport(request: PageImportRequest): Promise<PageImport> {
    return this.call("POST", this.projectPath("page-imports"), "importing the page", request);
  }

  getPageImport(pageImportId: string): Promise<PageImport> {
    return this.call("GET", this.projectPath(`page-imports/${enc(pageImportId)}`), "reading the page import");
  }

  // --- Code2Des ------------------------------------------------------------------------------

  createCode2Des(request: Code2DesRequest): Promise<Code2Des> {
    return this.call("POST", this.projectPath("code2des"), "starting the conversion to a design", request);
  }

  getCode2Des(code2desId: string): Promise<Code2Des> {
    return this.call("GET", this.projectPath(`code2des/${enc(code2desId)}`), "reading the conversion");
  }

  getResultPage(code2desId: string, cursor?: string | null): Promise<Code2DesResultPage> {
    const query = cursor ? `?cursor=${enc(cursor)}` : "";
    return this.call("GET", this.projectPath(`code2des/${enc(code2desId)}/result${query}`), "reading the design");
  }

  /** Every page of the result, merged; fails unless every image the document names is present. */
  async getFullResult(code2desId: string): Promise<FullResult> {
    const first = await this.getResultPage(code2desId);
    if (!first.document || typeof first.document !== "object") {
      throw new ApiError("The design came back without its node tree.", "unexpected", 200, "result_incomplete", "");
    }
    const document = first.document as unknown as ResultDocument;
    const images: Record<string, string> = { ...first.images };
    const seen = new Set<string>();
    let cursor = first.nextCursor;
    for (let pages = 1; cursor; pages++) {
      if (seen.has(cursor) || pages > MAX_RESULT_PAGES) {
        throw new ApiError("The design's images could not be read: the API kept answering the same page.", "unexpected", 200, "result_cursor_loop", "");
      }
      seen.add(cursor);
      const page = await this.getResultPage(code2desId, cursor);
      Object.assign(images, page.images);
      cursor = page.nextCursor;
    }
    const wanted = Object.keys(document.images ?? {});
    const missing = wanted.filter((hash) => typeof images[hash] !== "string");
    if (missing.length > 0) {
      throw new ApiError(
        `The design's result is missing ${missing.length} of its ${wanted.length} images (first: ${missing[0]}).`,
        "unexpected",
        200,
        "result_incomplete",
        "",
      );
    }
    return { code2desId: first.code2desId, warningCount: first.warningCount, document, images };
  }

  putMaterialization(code2desId: string, nodeId: string): Promise<Code2Des> {
    return this.call("PUT", this.projectPath(`code2des/${enc(code2desId)}/materialization`), "recording where the design was placed", { nodeId }, REPEATABLE);
  }

  // --- Batches -------------------------------------------------------------------------------

  /** Creates a batch with a fresh client id, or replays `id` when given (idempotent). */
  createBatch(request: BatchRequest, id: string = this.newId()): Promise<Batch> {
    return this.call("POST", this.projectPath("page-batches"), describeBatch(request.type), { id, type: request.type, requests: request.requests }, REPEATABLE);
  }

  getBatch(batchId: string): Promise<Batch> {
    return this.call("GET", this.projectPath(`page-batches/${enc(batchId)}`), "reading the batch");
  }

  listBatchItemsPage(batchId: string, options: { limit?: number; cursor?: string | null } = {}): Promise<BatchItemsPage> {
    const params: string[] = [];
    if (options.limit !== undefined) params.push(`limit=${options.limit}`);
    if (options.cursor) params.push(`cursor=${enc(options.cursor)}`);
    const query = params.length > 0 ? `?${params.join("&")}` : "";
    return this.call("GET", this.projectPath(`page-batches/${enc(batchId)}/items${query}`), "reading the batch's pages");
  }

  /** Every item of a batch in position order, following `nextCursor`. */
  async listBatchItems(batchId: string, limit = 100): Promise<BatchItem[]> {
    const items: BatchItem[] = [];
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const page: BatchItemsPage = await this.listBatchItemsPage(batchId, { limit, cursor });
      items.push(...page.items);
      cursor = page.nextCursor;
      if (cursor !== null) {
        if (seen.has(cursor)) throw new ApiError("The batch's pages could not be listed: the API kept answering the same page.", "unexpected", 200, "items_cursor_loop", "");
        seen.add(cursor);
      }
    } while (cursor);
    return items;
  }

  getDiscovery(batchId: string): Promise<Discovery> {
    return this.call("GET", this.projectPath(`page-batches/${enc(batchId)}/discovery`), "reading the discovered pages");
  }

  cancelBatch(batchId: string): Promise<Batch> {
    return this.call("POST", this.projectPath(`page-batches/${enc(batchId)}/cancel`), "cancelling the batch", {}, REPEATABLE);
  }

  retryBatch(batchId: string, id: string = this.newId()): Promise<Batch> {
    return this.call("POST", this.projectPath(`page-batches/${enc(batchId)}/retry`), "retrying the failed pages", { id }, REPEATABLE);
  }

  // --- Connection ----------------------------------------------------------------------------

  /**
   * Proves the API answers, the token is accepted and the project is reachable: reads a batch
   * that cannot exist. "Batch not found" means all three hold; "Project not found" means the
   * project id is wrong or the account is not a member (the API does not tell which).
   */
  async check(): Promise<void> {
    try {
      await this.getBatch("00000000-0000-4000-8000-000000000000");
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        if (/project/i.test(error.apiMessage)) {
          throw new ApiError(
            `Project ${this.projectId} was not found for this token. Check the project id, and that your account is a member of it. The API said: ${error.apiMessage}`,
            "not_found",
            404,
            error.code,
            error.apiMessage,
          );
        }
        return;
      }
      throw error;
    }
  }

  // --- Plumbing ------------------------------------------------------------------------------

  private projectPath(rest: string): string {
    if (!Number.isInteger(this.projectId) || this.projectId <= 0) {
      throw new ApiError("Choose a project first (Connect tab).", "invalid", 0, "no_project", "");
    }
    return `/projects/${this.projectId}/${rest}`;
  }

  /**
   * One call with the current bearer. A 401 renews the bearer (a signed-in session refreshes
   * its ID token; concurrent calls share that refresh) and retries the call once; a second 401
   * means the credentials are no good (a session then signs out).
   */
  private async call<T>(method: string, path: string, what: string, body?: unknown, repeatable = method === "GET"): Promise<T> {
    let waitedMs = 0;
    let told = false;
    for (let attempt = 0; ; attempt++) {
      const answer = await this.exchange(method, path, what, body);
      if (!repeatable || !UNAVAILABLE.has(answer.status) || waitedMs >= this.outage.limitMs) return jsonOf<T>(answer, this.apiUrl, what);
      // The service is away (a database failover): a call that a repeat cannot duplicate waits.
      if (!told) {
        this.onWait?.(`The Pageport service is unavailable (HTTP ${answer.status}); waiting for it to come back…`);
        told = true;
      }
      const pauseMs = backoffDelay(attempt, this.outage.backoff, this.outage.random());
      await this.outage.sleep(pauseMs);
      waitedMs += pauseMs;
    }
  }

  private async exchange(method: string, path: string, what: string, body?: unknown): Promise<Answer> {
    const token = await this.tokens.bearer();
    let answer = await send(this.fetchFn, this.apiUrl, method, path, { token, body });
    if (answer.status === 401) {
      const renewed = await this.tokens.renew(token);
      if (renewed !== null) {
        answer = await send(this.fetchFn, this.apiUrl, method, path, { token: renewed, body });
        if (answer.status === 401) throw this.tokens.refused(errorOf(answer, this.apiUrl, what));
      }
    }
    return answer;
  }
}

function describeBatch(type: BatchType): string {
  switch (type) {
    case "page_import":
      return "importing the pages";
    case "code2des":
      return "converting the pages";
    case "page_discovery":
      return "finding the site's pages";
  }
}

function enc(value: string): string {
  return encodeURIComponent(value);
}
