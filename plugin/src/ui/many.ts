/** The Many pages screen: pasted URLs, or a discovery's pages to tick; one batch. */
import type { DiscoveryView } from "../shared/messages";
import { parseUrlList, VIEWPORT_PRESETS, type PresetName } from "../shared/presets";
import { $, el, input, send, setStatus } from "./dom";
import { designOptions } from "./import";

export function bindMany(): void {
  $("discover").addEventListener("click", () => {
    const homepage = input("homepage").value;
    setStatus("many-status", "Looking for pages…");
    send({ type: "discover", homepage, maxPages: Number(input("max-pages").value) });
  });

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
}

export function renderDiscovery(discovery: DiscoveryView | null): void {
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
