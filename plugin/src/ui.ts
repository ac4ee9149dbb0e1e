/** The plugin's UI (iframe): plain DOM; talks to the main thread only through messages. */
import type { DiscoveryView, JobView, MainToUi, StateView, UiToMain } from "./shared/messages";
import { checkImportForm, parseUrlList, VIEWPORT_PRESETS, type ConversionOptions, type PresetName, type Viewport } from "./shared/presets";
import { batchLabel, jobTitle, phaseLabel } from "./ui/format";
import { bindOpenForm } from "./ui/open";

let state: StateView | null = null;
let discovery: DiscoveryView | null = null;
const deletedNodes = new Map<string, string>();
let connectFormFilled = false;

function send(message: UiToMain): void {
  parent.postMessage({ pluginMessage: message }, "*");
}

function $(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from ui.html`);
  return element;
}
const input = (id: string) => $(id) as HTMLInputElement;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<Record<string, string>> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

function setStatus(id: string, text: string, level: "info" | "error" | "success" = "info"): void {
  const box = $(id);
  box.textContent = text;
  box.className = `status ${level}`;
}

// --- Tabs --------------------------------------------------------------------------------------

function showTab(name: string): void {
  document.querySelectorAll<HTMLButtonElement>("nav button").forEach((button) => button.setAttribute("aria-selected", String(button.dataset.tab === name)));
  document.querySelectorAll("section").forEach((section) => section.classList.toggle("active", section.id === `tab-${name}`));
}
document.querySelectorAll<HTMLButtonElement>("nav button").forEach((button) => button.addEventListener("click", () => showTab(button.dataset.tab ?? "connect")));

// --- Connect -----------------------------------------------------------------------------------

$("connect-form").addEventListener("submit", (event) => {
  event.preventDefault();
  setStatus("connect-status", "Checking…");
  const manual = !$("manual-project").hidden && input("project-id").value.trim() !== "";
  send({ type: "connect", apiUrl: input("api-url").value, token: input("token").value, projectId: manual ? Number(input("project-id").value) : 0 });
});
$("sign-in").addEventListener("click", () => {
  setStatus("connect-status", "Opening the sign-in page…");
  send({ type: "sign-in", apiUrl: input("api-url").value });
});
$("reopen-sign-in").addEventListener("click", () => send({ type: "reopen-sign-in" }));
$("cancel-sign-in").addEventListener("click", () => send({ type: "cancel-sign-in" }));
$("sign-out").addEventListener("click", () => {
  setStatus("connect-status", "Signing out…");
  send({ type: "sign-out" });
});
$("disconnect").addEventListener("click", () => send({ type: "disconnect" }));
$("reload-projects").addEventListener("click", () => send({ type: "reload-projects" }));
($("project") as HTMLSelectElement).addEventListener("change", () => {
  const value = Number(($("project") as HTMLSelectElement).value);
  if (value > 0) send({ type: "select-project", projectId: value });
});
$("use-project").addEventListener("click", () => {
  if (state && state.account.kind === "signed-out") {
    // The paste path on an API that cannot list projects: connect with the typed id.
    send({ type: "connect", apiUrl: input("api-url").value, token: input("token").value, projectId: Number(input("project-id").value) });
  } else {
    send({ type: "select-project", projectId: Number(input("project-id").value) });
  }
  setStatus("connect-status", "Checking…");
});

/** The Connect screen for the current state: signed out (sign in, or paste), waiting, or signed in with the picker. */
function renderConnect(s: StateView): void {
  const signedIn = s.account.kind !== "signed-out";
  $("signed-out").hidden = signedIn;
  $("signed-in").hidden = !signedIn;
  $("account-actions").hidden = !signedIn;
  $("sign-in").hidden = s.signIn.waiting;
  $("sign-in-waiting").hidden = !s.signIn.waiting;
  $("sign-in-expires").textContent = s.signIn.expiresAt ? `(the page works until ${new Date(s.signIn.expiresAt).toLocaleTimeString()})` : "";
  (input("api-url")).disabled = signedIn || s.signIn.waiting;
  $("sign-out").textContent = s.account.kind === "token" ? "Forget the token" : "Sign out";
  const who = s.account.email ? `${s.account.email} (${s.account.subject})` : s.account.subject || "an account";
  $("account").textContent = s.account.kind === "session" ? `Signed in as ${who}.` : s.account.kind === "token" ? `Connected with a pasted token for ${who}.` : "";
  $("manual-project").hidden = s.projects.status !== "unavailable";
  $("project-picker").hidden = s.projects.status === "unavailable" || (s.projects.status === "ok" && s.projects.organizations.every((o) => o.projects.length === 0));
  $("projects-message").textContent = s.projects.status === "loading" ? "Loading your projects…" : (s.projects.message ?? "");
  $("projects-message").className = s.projects.status === "error" ? "status error" : "hint";
  const select = $("project") as HTMLSelectElement;
  const options: HTMLElement[] = [];
  if (s.settings.projectId === null) options.push(el("option", { value: "" }, "Choose a project…"));
  let listed = false;
  for (const org of s.projects.organizations) {
    const group = el("optgroup", { label: org.name });
    for (const project of org.projects) {
      const option = el("option", { value: String(project.projectId) }, project.name);
      if (project.projectId === s.settings.projectId) {
        option.selected = true;
        listed = true;
      }
      group.append(option);
    }
    options.push(group);
  }
  if (s.settings.projectId !== null && !listed) {
    const option = el("option", { value: String(s.settings.projectId) }, `Project ${s.settings.projectId}`);
    option.selected = true;
    options.unshift(option);
  }
  select.replaceChildren(...options);
}

// --- Import ------------------------------------------------------------------------------------

function selectedViewports(): Viewport[] {
  const viewports: Viewport[] = [];
  document.querySelectorAll<HTMLInputElement>('input[name="preset"]:checked').forEach((box) => viewports.push(VIEWPORT_PRESETS[box.value as PresetName]));
  if (input("custom-on").checked) viewports.push({ width: Number(input("custom-width").value), height: Number(input("custom-height").value) });
  return viewports;
}

/** The Design toggles of a form (the Code2Des options its conversions ask for). */
function designOptions(group: string): ConversionOptions {
  const on = (option: keyof ConversionOptions): boolean => document.querySelector<HTMLInputElement>(`#${group}-design input[value="${option}"]`)?.checked ?? true;
  return { tokens: on("tokens"), components: on("components"), autoLayout: on("autoLayout") };
}

$("import-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const form = {
    url: input("import-url").value,
    viewports: selectedViewports(),
    deviceScaleFactor: Number(($("scale") as HTMLSelectElement).value),
    readySelector: input("ready-selector").value,
    options: designOptions("import"),
  };
  const checked = checkImportForm(form);
  if (!checked.ok) {
    setStatus("import-status", checked.errors.join("\n"), "error");
    return;
  }
  setStatus("import-status", checked.value.length > 1 ? `Importing at ${checked.value.length} viewports; follow it in Jobs.` : "Importing; follow it in Jobs.");
  send({ type: "import", form });
});

// --- Many pages --------------------------------------------------------------------------------

$("discover").addEventListener("click", () => {
  const homepage = input("homepage").value;
  setStatus("many-status", "Looking for pages…");
  send({ type: "discover", homepage, maxPages: Number(input("max-pages").value) });
});

function renderDiscovery(): void {
  const list = $("discovered");
  list.replaceChildren();
  if (!discovery) return;
  if (discovery.error) {
    setStatus("many-status", discovery.error, "error");
    return;
  }
  for (const page of discovery.pages) {
    const box = el("input", { type: "checkbox", "data-url": page.url });
    box.checked = true;
    const text = el("div", {}, el("div", { class: "title" }, page.title ?? page.url), el("div", { class: "meta" }, page.url));
    if (page.description) text.append(el("div", { class: "meta" }, page.description));
    list.append(el("li", {}, box, text));
  }
  setStatus("many-status", `${discovery.pages.length} page(s) found${discovery.truncated ? " (the site has more)" : ""}. Untick what you do not want.`, "success");
}

$("many-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const urls: string[] = [];
  const pasted = input("many-urls").value;
  if (pasted.trim() !== "") {
    const parsed = parseUrlList(pasted);
    if (!parsed.ok) {
      setStatus("many-status", parsed.errors.join("\n"), "error");
      return;
    }
    urls.push(...parsed.value);
  }
  document.querySelectorAll<HTMLInputElement>("#discovered input:checked").forEach((box) => {
    const url = box.dataset.url;
    if (url && !urls.includes(url)) urls.push(url);
  });
  if (urls.length === 0) {
    setStatus("many-status", "Paste some URLs or find and tick some pages first.", "error");
    return;
  }
  const preset = ($("many-viewport") as HTMLSelectElement).value as PresetName;
  const deviceScaleFactor = Number(($("many-scale") as HTMLSelectElement).value);
  send({ type: "import-many", request: { urls, viewport: VIEWPORT_PRESETS[preset], deviceScaleFactor, options: designOptions("many") } });
  setStatus("many-status", `Importing ${urls.length} page(s); follow them in Jobs.`);
});

// --- Jobs --------------------------------------------------------------------------------------

$("forget").addEventListener("click", () => send({ type: "forget-finished" }));
bindOpenForm(send, setStatus);

function button(text: string, message: UiToMain): HTMLButtonElement {
  const b = el("button", { class: "link", type: "button" }, text);
  b.addEventListener("click", () => send(message));
  return b;
}

/** Jobs whose warning list the designer opened (kept open across re-renders). */
const openWarnings = new Set<string>();

/** Every warning of a placement, in a list the designer expands. */
function renderWarnings(key: string, messages: readonly string[]): HTMLDetailsElement {
  const details = el("details", { class: "warnings" }, el("summary", {}, `${messages.length} warning${messages.length === 1 ? "" : "s"}`), el("ul", {}, ...messages.map((m) => el("li", {}, m))));
  details.open = openWarnings.has(key);
  details.addEventListener("toggle", () => {
    if (details.open) openWarnings.add(key);
    else openWarnings.delete(key);
  });
  return details;
}

function renderJob(job: JobView): HTMLLIElement {
  const item = el("li", {}, el("div", { class: "title" }, jobTitle(job)), el("div", { class: "meta" }, phaseLabel(job)));
  if (job.progress && job.phase === "ready") {
    const bar = el("progress");
    bar.max = job.progress.total;
    bar.value = job.progress.done;
    item.append(bar);
  }
  if (job.error) item.append(el("div", { class: "error" }, job.error));
  if (job.recordedNodeId) item.append(el("div", { class: "meta" }, `On record: node ${job.recordedNodeId} (placed first).`));
  if (job.warningMessages?.length) item.append(renderWarnings(job.key, job.warningMessages));
  const deleted = deletedNodes.get(job.key);
  if (deleted) item.append(el("div", { class: "error" }, deleted));
  const actions = el("div");
  if (job.code2desId && (job.phase === "placed" || job.phase === "failed")) actions.append(button("Show", { type: "show-job", key: job.key }));
  if (job.pageImportId && (job.phase === "placed" || job.phase === "failed")) actions.append(button("Place again", { type: "place-again", key: job.key }));
  if (actions.childNodes.length > 0) item.append(actions);
  return item;
}

function render(): void {
  if (!state) return;
  const s = state;
  if (!connectFormFilled) {
    // Filled once from what is stored; after that the form is the user's until they connect.
    connectFormFilled = true;
    input("api-url").value = s.settings.apiUrl || s.defaultApiUrl;
    input("token").value = s.settings.token;
    input("project-id").value = s.settings.projectId === null ? "" : String(s.settings.projectId);
  }
  if (s.account.kind !== "signed-out") input("api-url").value = s.settings.apiUrl || input("api-url").value;
  renderConnect(s);
  $("file-key").textContent = s.connected ? `Connected. This file's key: ${s.fileKey}` : s.account.kind === "signed-out" ? "Not connected." : "Choose a project to start importing.";
  const batches = $("batches");
  batches.replaceChildren(
    ...[...s.batches].reverse().map((batch) => {
      const item = el("li", {}, el("div", { class: "title" }, batchLabel(batch)));
      if (batch.error) item.append(el("div", { class: "error" }, batch.error));
      const actions = el("div");
      if (batch.status === "0") actions.append(button("Cancel", { type: "cancel-batch", batchId: batch.id }));
      if (batch.status !== "0" && batch.type === "page_import" && batch.counts && batch.counts.failed > 0) {
        actions.append(button("Retry failed", { type: "retry-batch", batchId: batch.id }));
      }
      if (actions.childNodes.length > 0) item.append(actions);
      return item;
    }),
  );
  $("jobs").replaceChildren(...[...s.jobs].reverse().map(renderJob));
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
      renderDiscovery();
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

send({ type: "ui-ready" });
