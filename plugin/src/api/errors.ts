/**
 * Every failure of an API call becomes an `ApiError` whose `message` is plain words for a
 * designer, built around the API's own `error.message` (never replaced by a generic text).
 */
import type { ErrorDetail } from "./types";

export type ApiErrorKind =
  | "unreachable" // no HTTP answer at all (DNS, refused connection, CORS, networkAccess)
  | "unauthorized" // 401
  | "not_found" // 404
  | "conflict" // 409
  | "invalid" // 422 (and 400)
  | "server" // 5xx
  | "unexpected"; // anything else, or an answer that is not the API's JSON

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** HTTP status; 0 when the API could not be reached. */
    readonly status: number,
    /** The API's `error.code` ("validation_error", "result_not_ready", …) or a local one. */
    readonly code: string,
    /** The API's own `error.message`, as it sent it (empty when there was no answer). */
    readonly apiMessage: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Plain words for an API error answer. */
export function describeHttpError(
  status: number,
  code: string,
  apiMessage: string,
  details: ErrorDetail[],
  context: { apiUrl: string; what: string },
): { kind: ApiErrorKind; message: string } {
  const said = apiMessage.trim();
  const withSaid = (text: string) => (said ? `${text} The API said: ${said}` : text);
  switch (status) {
    case 401:
      return {
        kind: "unauthorized",
        message: withSaid(
          `The token was refused by ${context.apiUrl}. Create a new one (for the local stack: pageport token YOUR_NAME) and connect again.`,
        ),
      };
    case 404:
      return {
        kind: "not_found",
        message: withSaid(
          `${capitalize(context.what)}: not found. Check the project id, and that your account is a member of that project.`,
        ),
      };
    case 409:
      return { kind: "conflict", message: withSaid(`${capitalize(context.what)} cannot be done right now.`) };
    case 400:
    case 422: {
      const lines = details.map(describeDetail).filter((line) => line !== "");
      const base = `${capitalize(context.what)} was not accepted: ${said || "the request is not valid."}`;
      return { kind: "invalid", message: lines.length > 0 ? `${base}\n${lines.map((l) => `• ${l}`).join("\n")}` : base };
    }
    case 413:
      return { kind: "invalid", message: withSaid(`${capitalize(context.what)}: the request is too large.`) };
    default:
      if (status >= 500) {
        return {
          kind: "server",
          message: withSaid(`The Pageport API had a problem (${status}) with ${context.what}. Try again in a moment.`),
        };
      }
      return { kind: "unexpected", message: withSaid(`${capitalize(context.what)} failed (${status}${code ? ` ${code}` : ""}).`) };
  }
}

/** One 422 detail in words: `requests[1].url: URL must use http or https` → "Item 2, url: …". */
export function describeDetail(detail: ErrorDetail): string {
  const msg = typeof detail.msg === "string" ? detail.msg : "";
  const loc = Array.isArray(detail.loc) ? [...detail.loc] : [];
  if (loc[0] === "body") loc.shift();
  let prefix = "";
  if (loc[0] === "requests" && typeof loc[1] === "number") {
    prefix = `Item ${loc[1] + 1}`;
    loc.splice(0, 2);
  }
  const field = loc.map(String).join(".");
  const where = [prefix, field].filter((part) => part !== "").join(", ");
  if (!where) return msg;
  return msg ? `${where}: ${msg}` : where;
}

export function unreachableError(apiUrl: string, cause: unknown): ApiError {
  const reason = cause instanceof Error && cause.message ? ` (${cause.message})` : "";
  return new ApiError(
    `Cannot reach the Pageport API at ${apiUrl}${reason}. Check the API URL, that the API is running, and your network.`,
    "unreachable",
    0,
    "unreachable",
    "",
  );
}

/** Plain words for anything thrown: an ApiError's message, an Error's message, or the value. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

function capitalize(text: string): string {
  return text.length > 0 ? `${text[0]?.toUpperCase()}${text.slice(1)}` : text;
}
