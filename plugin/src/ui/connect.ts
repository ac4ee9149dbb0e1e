/** The Connect screen: sign in or paste a token, choose the project. */
import type { StateView } from "../shared/messages";
import { $, el, input, send, setStatus } from "./dom";

let connectFormFilled = false;

/** Binds the screen's controls; `current` is the latest state from the main thread. */
export function bindConnect(current: () => StateView | null): void {
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
    if (current()?.account.kind === "signed-out") {
      // The paste path on an API that cannot list projects: connect with the typed id.
      send({ type: "connect", apiUrl: input("api-url").value, token: input("token").value, projectId: Number(input("project-id").value) });
    } else {
      send({ type: "select-project", projectId: Number(input("project-id").value) });
    }
    setStatus("connect-status", "Checking…");
  });
}

/** The API URL, token and project fields, filled once from what is stored. */
export function fillConnectForm(s: StateView): void {
  if (!connectFormFilled) {
    // Filled once from what is stored; after that the form is the user's until they connect.
    connectFormFilled = true;
    input("api-url").value = s.settings.apiUrl || s.defaultApiUrl;
    input("token").value = s.settings.token;
    input("project-id").value = s.settings.projectId === null ? "" : String(s.settings.projectId);
  }
  if (s.account.kind !== "signed-out") input("api-url").value = s.settings.apiUrl || input("api-url").value;
}

/** The Connect screen for the current state: signed out (sign in, or paste), waiting, or signed in with the picker. */
export function renderConnect(s: StateView): void {
  const signedIn = s.account.kind !== "signed-out";
  $("signed-out").hidden = signedIn;
  $("signed-in").hidden = !signedIn;
  $("account-actions").hidden = !signedIn;
  $("sign-in").hidden = s.signIn.waiting;
  $("sign-in-waiting").hidden = !s.signIn.waiting;
  $("sign-in-code").textContent = s.signIn.userCode ?? "";
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
