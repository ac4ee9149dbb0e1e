/**
 * The Pageport API client: plain TypeScript over an injected `fetch`, so the same code runs on
 * Figma's main thread (its `fetch`, bounded by the manifest's networkAccess) and in Node for the
 * stack tests. One method per route the plugin uses (api.md); every failure is an `ApiError`.
 */
import type { FullResult, ResultDocument } from "../materialize";
import { ApiError, describeHttpError, unreachableError } from "./errors";
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
  ErrorDetail,
  PageImport,
  PageImportRequest,
} from "./types";
import { uuidV4 } from "./uuid";

export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
}

export interface FetchAnswer {
  status: number;
  text(): Promise<string>;
}

/** What both Figma's `fetch` and Node's `fetch` satisfy. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchAnswer>;

export interface ClientConfig {
  /** Base URL without a trailing slash, e.g. https://api.example.com/v1 or http://127.0.0.1:8000. */
  apiUrl: string;
  token: string;
  projectId: number;
  fetch: FetchLike;
  /** Source of client batch ids (tests may pin it). */
  newId?: () => string;
}

export type BatchRequest =
  | { type: "page_import"; requests: PageImportRequest[] }
  | { type: "code2des"; requests: Code2DesRequest[] }
  | { type: "page_discovery"; requests: [DiscoveryRequest] };

const MAX_RESULT_PAGES = 10_000;

export class PageportClient {
  readonly apiUrl: string;
  readonly projectId: number;
  private readonly token: string;
  private readonly fetchFn: FetchLike;
  private readonly newId: () => string;

  constructor(config: ClientConfig) {
    this.apiUrl = config.apiUrl.replace(/\/+$/, "");
    this.token = config.token.trim();
    this.projectId = config.projectId;
    this.fetchFn = config.fetch;
    this.newId = config.newId ?? (() => uuidV4());
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
    return this.call("PUT", this.projectPath(`code2des/${enc(code2desId)}/materialization`), "recording where the design was placed", { nodeId });
  }

  // --- Batches -------------------------------------------------------------------------------

  /** Creates a batch with a fresh client id, or replays `id` when given (idempotent). */
  createBatch(request: BatchRequest, id: string = this.newId()): Promise<Batch> {
    return this.call("POST", this.projectPath("page-batches"), describeBatch(request.type), { id, type: request.type, requests: request.requests });
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
    return this.call("POST", this.projectPath(`page-batches/${enc(batchId)}/cancel`), "cancelling the batch", {});
  }

  retryBatch(batchId: string, id: string = this.newId()): Promise<Batch> {
    return this.call("POST", this.projectPath(`page-batches/${enc(batchId)}/retry`), "retrying the failed pages", { id });
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
    return `/projects/${this.projectId}/${rest}`;
  }

  private async call<T>(method: string, path: string, what: string, body?: unknown): Promise<T> {
    const url = `${this.apiUrl}${path}`;
    const headers: Record<string, string> = { Accept: "application/json", Authorization: `Bearer ${this.token}` };
    const init: FetchInit = { method, headers };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let answer: FetchAnswer;
    let text: string;
    try {
      answer = await this.fetchFn(url, init);
      text = await answer.text();
    } catch (cause) {
      throw unreachableError(this.apiUrl, cause);
    }
    let parsed: unknown = undefined;
    try {
      parsed = text === "" ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (answer.status >= 200 && answer.status < 300) {
      if (parsed === undefined || parsed === null || typeof parsed !== "object") {
        throw new ApiError(
          `The server at ${this.apiUrl} answered ${what} with something that is not the Pageport API's JSON. Check the API URL.`,
          "unexpected",
          answer.status,
          "not_json",
          "",
        );
      }
      return parsed as T;
    }
    const error = readErrorBody(parsed);
    if (!error && answer.status !== 401) {
      // Not the API's error shape: a proxy, a wrong URL, a static server…
      throw new ApiError(
        `The server at ${this.apiUrl} answered ${answer.status} to ${what}, without the Pageport API's error body. Check the API URL.`,
        answer.status === 404 ? "not_found" : "unexpected",
        answer.status,
        "not_pageport",
        "",
      );
    }
    const code = error?.code ?? "unauthorized";
    const apiMessage = error?.message ?? "";
    const details = error?.details ?? [];
    const described = describeHttpError(answer.status, code, apiMessage, details, { apiUrl: this.apiUrl, what });
    throw new ApiError(described.message, described.kind, answer.status, code, apiMessage, details);
  }
}

function readErrorBody(parsed: unknown): { code: string; message: string; details: ErrorDetail[] } | null {
  if (!parsed || typeof parsed !== "object") return null;
  const error = (parsed as { error?: unknown }).error;
  if (!error || typeof error !== "object") return null;
  const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
  if (typeof code !== "string" || typeof message !== "string") return null;
  return { code, message, details: Array.isArray(details) ? (details as ErrorDetail[]) : [] };
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
