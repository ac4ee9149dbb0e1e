/** The Import screen: one URL at one or more viewports, with the Design toggles. */
import { checkImportForm, VIEWPORT_PRESETS, type ColorScheme, type ConversionOptions, type PresetName, type Viewport } from "../shared/presets";
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
      colorSchemes: [...document.querySelectorAll<HTMLInputElement>('input[name="theme"]:checked')].map((box) => box.value as ColorScheme),
      oneDesign: input("one-design").checked,
      deviceScaleFactor: Number(($("scale") as HTMLSelectElement).value),
      readySelector: input("ready-selector").value,
      options: designOptions("import"),
    };
    const checked = checkImportForm(form);
    if (!checked.ok) {
      setStatus("import-status", checked.errors.join("\n"), "error");
      return;
    }
    const many = checked.value.length;
    const what = many === 1 ? "Importing" : form.oneDesign ? `Importing ${many} captures as one design` : `Importing at ${many} viewports and themes`;
    setStatus("import-status", `${what}; follow it in Jobs.`);
    send({ type: "import", form });
  });
}
