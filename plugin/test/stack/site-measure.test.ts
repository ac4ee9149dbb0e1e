/**
 * The measure of one design per site: a 10-page site captured at 3 breakpoints and 2 themes (60
 * Page Imports, one batch), converted as 10 site designs (one code2des batch, each item with its
 * 5 further captures as variants), opened in one Figma file by the batch's link. The file then has
 * one variable collection (Light and Dark), one Components section and 60 variant frames, each
 * page on a section named by its path, and a site map. Against the real local stack.
 */
import { expect, it } from "vitest";
import { poll } from "../../src/api/poll";
import type { BatchItem } from "../../src/api/types";
import { VIEWPORT_PRESETS } from "../../src/shared/presets";
import { createTestFigma } from "../figma";
import { client, connectedController, FAST, sitePage, stackEnv } from "./env";

const PAGES = 10;
const BREAKPOINTS = [VIEWPORT_PRESETS.desktop, VIEWPORT_PRESETS.tablet, VIEWPORT_PRESETS.mobile];
const THEMES = ["light", "dark"] as const;
const settled = { backoff: FAST, timeoutMs: 300_000 };

it("a 10-page site at 3 breakpoints and 2 themes: one collection, one components section, 60 frames", async () => {
  const env = stackEnv();
  const api = client(env);
  const urls = Array.from({ length: PAGES }, (_, i) => sitePage(env, "index.html", `site-page-${i}`));
  const requests = urls.flatMap((url) => THEMES.flatMap((colorScheme) => BREAKPOINTS.map((viewport) => ({ url, viewport, ...(colorScheme === "dark" ? { colorScheme } : {}) }))));
  expect(requests).toHaveLength(60);
  const captures = await api.createBatch({ type: "page_import", requests });
  await poll(async () => ((await api.getBatch(captures.id)).status === "0" ? undefined : true), settled);
  const items: BatchItem[] = await api.listBatchItems(captures.id, 100);
  expect(items.map((i) => i.status)).toEqual(Array(60).fill("1"));
  const perPage = urls.map((_, page) => items.slice(page * 6, page * 6 + 6).map((i) => i.jobId ?? ""));
  const designs = await api.createBatch({
    type: "code2des",
    requests: perPage.map(([first, ...others], page) => ({
      pageImportId: first ?? "",
      figmaFileKey: "site-measure",
      screenId: `site-page-${page}`,
      variants: others.map((pageImportId) => ({ pageImportId })),
    })),
  });
  await poll(async () => ((await api.getBatch(designs.id)).status === "0" ? undefined : true), settled);

  const figma = createTestFigma({ fileKey: "site-measure" });
  const controller = await connectedController(env, figma);
  expect(await controller.openReference(`page-batches/${designs.id}`)).toEqual({ kind: "batch", batchId: designs.id, jobs: PAGES });
  await controller.idle();
  const jobs = controller.view().jobs;
  expect(jobs.filter((j) => j.phase === "placed")).toHaveLength(PAGES);

  const page = figma.currentPage;
  const sets = page.findAll((n) => n.type === "COMPONENT_SET") as ComponentSetNode[];
  expect(sets).toHaveLength(PAGES);
  const variants = sets.flatMap((s) => s.children);
  expect(variants).toHaveLength(60);
  expect(new Set(variants.map((v) => v.name))).toEqual(
    new Set(["desktop", "tablet", "mobile"].flatMap((b) => THEMES.map((t) => `breakpoint=${b}, theme=${t}`))),
  );
  const collections = await figma.variables.getLocalVariableCollectionsAsync();
  expect(collections).toHaveLength(1);
  expect(collections[0]?.modes.map((m) => m.name)).toEqual(["Light", "Dark"]);
  const sections = page.children.filter((n) => n.type === "SECTION");
  expect(sections.filter((s) => s.name === "Components")).toHaveLength(1);
  expect(sections.filter((s) => s.name.startsWith("/index.html?t=site-page-"))).toHaveLength(PAGES);
  expect(page.children.filter((n) => n.name.startsWith("Site map"))).toHaveLength(1);
}, 600_000);
