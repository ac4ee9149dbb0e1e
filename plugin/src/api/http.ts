/**
 * One HTTP exchange with the Pageport API over an injected `fetch`, and the API's answers in
 * plain words. Shared by the project client (bearer calls) and the sign-in routes (no bearer).
 */
import { ApiError, describeHttpError, unreachableError } from "./errors";
import type { ErrorDetail } from "./types";

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

/** A status and the parsed JSON body (undefined when empty or not JSON). */
export interface Answer {
  status: number;
  body: unknown;
}

/** Sends one request; an exchange that gets no HTTP answer becomes an `unreachable` ApiError. */
export async function send(
  fetchFn: FetchLike,
  apiUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
  const init: FetchInit = { method, headers };
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  let answer: FetchAnswer;
  let text: string;
  try {
    answer = await fetchFn(`${apiUrl}${path}`, init);
    text = await answer.text();
  } catch (cause) {
    throw unreachableError(apiUrl, cause);
  }
  let body: unknown = undefined;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: answer.status, body };
}

/** A 2xx answer's JSON object, or the ApiError the answer amounts to. */
export function jsonOf<T>(answer: Answer, apiUrl: string, what: string): T {
  if (answer.status >= 200 && answer.status < 300) {
    if (answer.body === undefined || answer.body === null || typeof answer.body !== "object") {
      throw new ApiError(
        `The server at ${apiUrl} answered ${what} with something that is not the Pageport API's JSON. Check the API URL.`,
        "unexpected",
        answer.status,
        "not_json",
        "",
      );
    }
    return answer.body as T;
  }
  throw errorOf(answer, apiUrl, what);
}

/** The ApiError a non-2xx answer amounts to. */
export function errorOf(answer: Answer, apiUrl: string, what: string): ApiError {
  const error = readErrorBody(answer.body);
  if (!error && answer.status !== 401) {
    // Not the API's error shape: a proxy, a wrong URL, a static server…
    return new ApiError(
      `The server at ${apiUrl} answered ${answer.status} to ${what}, without the Pageport API's error body. Check the API URL.`,
      answer.status === 404 ? "not_found" : "unexpected",
      answer.status,
      "not_pageport",
      "",
    );
  }
  const code = error?.code ?? "unauthorized";
  const apiMessage = error?.message ?? "";
  const details = error?.details ?? [];
  const described = describeHttpError(answer.status, code, apiMessage, details, { apiUrl, what });
  return new ApiError(described.message, described.kind, answer.status, code, apiMessage, details);
}

function readErrorBody(parsed: unknown): { code: string; message: string; details: ErrorDetail[] } | null {
  if (!parsed || typeof parsed !== "object") return null;
  const error = (parsed as { error?: unknown }).error;
  if (!error || typeof error !== "object") return null;
  const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
  if (typeof code !== "string" || typeof message !== "string") return null;
  return { code, message, details: Array.isArray(details) ? (details as ErrorDetail[]) : [] };
}
