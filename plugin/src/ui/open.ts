/** The Jobs screen's "Open" form: an id or link from the CLI (or the local stack's page) to this file. */
import type { UiToMain } from "../shared/messages";
import { parseJobReference } from "../shared/references";

export function bindOpenForm(send: (message: UiToMain) => void, setStatus: (id: string, text: string, level?: "info" | "error" | "success") => void): void {
  const form = document.getElementById("open-form");
  const field = document.getElementById("open-reference") as HTMLInputElement | null;
  if (!form || !field) throw new Error("#open-form is missing from ui.html");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const parsed = parseJobReference(field.value);
    if (!parsed.ok) {
      setStatus("open-status", parsed.error, "error");
      return;
    }
    setStatus("open-status", "Opening…");
    send({ type: "open-reference", text: field.value });
    field.value = "";
  });
}
