/**
 * The plugin's main thread: shows the UI and wires it to the controller (src/app). Network calls
 * run here, through Figma's `fetch` (bounded by the manifest's networkAccess).
 */
import { AppController } from "./app/controller";
import { isUiToMain } from "./shared/messages";

/** The stage's API URL, set at build time (build.mjs); "" when the build has none. */
declare const __PAGEPORT_API_URL__: string;
/** The stage's custom sign-in origins, set at build time (`--sign-in-origin`); usually none. */
declare const __PAGEPORT_SIGN_IN_ORIGINS__: string[];

figma.showUI(__html__, { width: 440, height: 660, themeColors: true, title: "Pageport" });

const controller = new AppController({
  figma,
  fetch: (url, init) => fetch(url, init),
  defaultApiUrl: __PAGEPORT_API_URL__,
  signInOrigins: __PAGEPORT_SIGN_IN_ORIGINS__,
});

figma.ui.onmessage = (message: unknown) => {
  if (!isUiToMain(message)) return;
  controller.handleMessage(message).catch((error: unknown) => controller.fail(error));
};

figma.on("close", () => controller.stop());

controller.start().catch((error: unknown) => controller.fail(error));
