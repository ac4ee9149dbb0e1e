/** The Import screen: one URL at one or more viewports, with the Design toggles. */
import { checkImportForm, VIEWPORT_PRESETS, type ConversionOptions, type PresetName, type Viewport } from "../shared/presets";
import { $, input, send, setStatus } from "./dom";

function selectedViewports(): Viewport[] {
  const viewports: Viewport[] = [];
  document.querySelectorAll<HTMLInputElement>('input[name="preset"]:checked').forEach((box) => viewports.push(VIEWPORT_PRESETS[box.value as PresetName]));
  if (input("custom-on").checked) viewports.push({ width: Number(input("custom-width").value), height: Number(input("custom-height").value) });
  return viewports;
}

/** The Design toggles of a form (the Code2Des options its conversions ask for). */
export function designOptions(group: string): ConversionOptions {
  const on = (option: keyof ConversionOptions): boolean => document.querySelector<HTMLInputElement>(`#${group}-design input[value="${option}"]`)?.checked ?? true;
  return { tokens: on("tokens"), components: on("components"), autoLayout: on("autoLayout") };
}

export function bindImport(): void {
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
}
