/** The Jobs screen's "Open" form: an id or link from the CLI (or the local stack's page) to this file. */
import { parseJobReference } from "../shared/references";
import { $, input, send, setStatus } from "./dom";

export function bindOpenForm(): void {
  $("open-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input("open-reference").value;
    const parsed = parseJobReference(text);
    if (!parsed.ok) {
      setStatus("open-status", parsed.error, "error");
      return;
    }
    setStatus("open-status", "Opening…");
    send({ type: "open-reference", text });
    input("open-reference").value = "";
  });
}
