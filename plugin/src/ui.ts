/** The plugin's UI (iframe): plain DOM, a module per screen (src/ui/); talks to the main thread only through messages. */
import type { DiscoveryView, MainToUi, StateView } from "./shared/messages";
import { bindConnect, fillConnectForm, renderConnect } from "./ui/connect";
import { $, el, send, setStatus, showTab } from "./ui/dom";
import { bindImport } from "./ui/import";
import { bindJobs, deletedNodes, renderJobs } from "./ui/jobs";
import { bindMany, renderDiscovery } from "./ui/many";
import { ENTROPY_CHUNK } from "./api/uuid";

let state: StateView | null = null;
let discovery: DiscoveryView | null = null;

document.querySelectorAll<HTMLButtonElement>("nav button").forEach((button) => button.addEventListener("click", () => showTab(button.dataset.tab ?? "connect")));
bindConnect(() => state);
bindImport();
bindMany();
bindJobs();

function render(): void {
  if (!state) return;
  const s = state;
  fillConnectForm(s);
  renderConnect(s);
  $("file-key").textContent = s.connected ? `Connected. This file's key: ${s.fileKey}` : s.account.kind === "signed-out" ? "Not connected." : "Choose a project to start importing.";
  renderJobs(s);
}

// --- From the main thread ----------------------------------------------------------------------

window.onmessage = (event: MessageEvent) => {
  const message = (event.data as { pluginMessage?: MainToUi } | null)?.pluginMessage;
  if (!message) return;
  switch (message.type) {
    case "state":
      state = message.state;
      if (!state.connected) showTab("connect");
      render();
      break;
    case "connect-result":
      setStatus("connect-status", message.message, message.ok ? "success" : "error");
      if (message.ok && state?.connected) showTab("import");
      break;
    case "discovery":
      discovery = message.discovery;
      renderDiscovery(discovery);
      break;
    case "job-progress":
      if (state) {
        const job = state.jobs.find((j) => j.key === message.key);
        if (job) {
          job.progress = { done: message.done, total: message.total, unit: message.unit };
          render();
        }
      }
      break;
    case "need-entropy":
      sendEntropy();
      break;
    case "deleted-node":
      deletedNodes.set(message.key, message.message);
      render();
      break;
    case "notice": {
      const box = $("notices");
      const line = el("div", { class: message.notice.level }, message.notice.message);
      box.append(line);
      while (box.childElementCount > 3) box.firstElementChild?.remove();
      setTimeout(() => line.remove(), message.notice.level === "error" ? 20_000 : 6_000);
      break;
    }
  }
};

/** Random bytes for the main thread's ids (it has no `crypto`; this window does). */
function sendEntropy(): void {
  const bytes = new Uint8Array(ENTROPY_CHUNK);
  crypto.getRandomValues(bytes);
  send({ type: "entropy", bytes: Array.from(bytes) });
}

sendEntropy();
send({ type: "ui-ready" });
