/** What the plugin tells the designer: messages to the UI, notices, `figma.notify`. */
import { ApiError, errorText } from "../api/errors";
import type { MainToUi, Notice } from "../shared/messages";
import { UserError } from "./errors";

export class Reporter {
  constructor(
    private readonly figma: PluginAPI,
    private readonly postFn: (message: MainToUi) => void,
  ) {}

  post(message: MainToUi): void {
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

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
