/**
 * The plugin's parts: each owns one concern and reaches the others through this record, which
 * the composition root (controller.ts) fills. Only types are imported here, so no part imports
 * another's module at run time in a cycle.
 */
import type { FetchLike } from "../api/client";
import type { BackoffOptions } from "../api/poll";
import type { Connection } from "./connection";
import type { Followers } from "./followers";
import type { Placer } from "./placer";
import type { Reporter } from "./reporter";
import type { Runner } from "./runner";
import type { JobStore } from "./store";

export interface Config {
  fetch: FetchLike;
  /** The stage's API URL baked into the build ("" when none). */
  defaultApiUrl: string;
  /** The stage's custom sign-in origins baked into the build (api/signin-url.ts). */
  signInOrigins: readonly string[];
  backoff: BackoffOptions;
  /** Source of client ids (batch ids, job keys). */
  newId: () => string;
  /** Refresh a signed-in session's ID token on a timer at 80% of its lifetime. */
  refreshTimer: boolean;
}

export interface Parts {
  readonly figma: PluginAPI;
  readonly config: Config;
  readonly reporter: Reporter;
  /** The one owner of the jobs, batches and placement groups, and of saving them. */
  readonly store: JobStore;
  /** Runs the followers: one task per id, polls, transient errors ridden out. */
  readonly runner: Runner;
  /** Who the plugin talks to the API as, and which project: sign-in, tokens, projects. */
  readonly connection: Connection;
  /** Follow imports, batches and discoveries to where a design is ready. */
  readonly followers: Followers;
  /** Put ready designs on the page and record where. */
  readonly placer: Placer;
  /** The whole state to the UI (once started). */
  postState(): void;
}
