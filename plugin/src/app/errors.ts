/** The kinds of failure the plugin's parts tell apart. */
import { ApiError } from "../api/errors";
import { SIGNED_OUT } from "./session";

/** A problem with what the user asked for, in words for them. */
export class UserError extends Error {
  override readonly name = "UserError";
}

/** The API could not be reached or failed on its side: worth trying again later. */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === "unreachable" || error.kind === "server");
}

/** A call refused because the session was signed out (by the user, or because it ended). */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.code === SIGNED_OUT;
}
