/** What each message from the UI does: one handler per message type, checked by the compiler. */
import type { UiToMain } from "../shared/messages";
import type { AppController } from "./controller";

type Handlers = { [K in UiToMain["type"]]: (message: Extract<UiToMain, { type: K }>) => unknown };

export function uiHandlers(app: AppController): Handlers {
  return {
    "ui-ready": () => app.uiReady(),
    entropy: (m) => app.entropy.add(m.bytes),
    connect: (m) => app.connect(m.apiUrl, m.token, m.projectId),
    disconnect: () => app.disconnect(),
    "sign-in": (m) => app.signIn(m.apiUrl),
    "reopen-sign-in": () => app.reopenSignIn(),
    "cancel-sign-in": () => app.cancelSignIn(),
    "sign-out": () => app.signOut(),
    "select-project": (m) => app.selectProject(m.projectId),
    "reload-projects": () => app.loadProjects(),
    import: (m) => app.importPage(m.form),
    "import-many": (m) => app.importMany(m.request),
    discover: (m) => app.discover(m.homepage, m.maxPages),
    "show-job": (m) => app.openJob(m.key),
    "place-again": (m) => app.placeAgain(m.key),
    "open-reference": (m) => app.openReference(m.text),
    "cancel-batch": (m) => app.cancelBatch(m.batchId),
    "retry-batch": (m) => app.retryBatch(m.batchId),
    "forget-finished": () => app.forgetFinished(),
    resize: (m) => app.figma.ui.resize(Math.round(m.width), Math.round(m.height)),
  };
}
