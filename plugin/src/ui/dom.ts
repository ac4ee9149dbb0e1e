/** The UI's DOM helpers: one place for element lookup, building, status lines, tabs and sending. */
import type { UiToMain } from "../shared/messages";

export function send(message: UiToMain): void {
  parent.postMessage({ pluginMessage: message }, "*");
}

export function $(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from ui.html`);
  return element;
}
export const input = (id: string) => $(id) as HTMLInputElement;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<Record<string, string>> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

export function setStatus(id: string, text: string, level: "info" | "error" | "success" = "info"): void {
  const box = $(id);
  box.textContent = text;
  box.className = `status ${level}`;
}

export function showTab(name: string): void {
  document.querySelectorAll<HTMLButtonElement>("nav button").forEach((button) => button.setAttribute("aria-selected", String(button.dataset.tab === name)));
  document.querySelectorAll("section").forEach((section) => section.classList.toggle("active", section.id === `tab-${name}`));
}

/** A link-styled button that sends `message`. */
export function button(text: string, message: UiToMain): HTMLButtonElement {
  const b = el("button", { class: "link", type: "button" }, text);
  b.addEventListener("click", () => send(message));
  return b;
}
