/**
 * One page at two viewports, light and dark, imported from the Import form as one design: four
 * Page Imports, one Code2Des with variants, one component set placed and recorded; the same
 * job placed again is a new design. Against the real local stack; nothing of ours is mocked.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestFigma } from "../figma";
import { VIEWPORT_PRESETS } from "../../src/shared/presets";
import { client, connectedController, sitePage, stackEnv, type StackEnv } from "./env";

let env: StackEnv;

beforeAll(() => {
  env = stackEnv();
});

describe("one design per page", () => {
  it("two viewports × light and dark become one component set with four variants, placed and recorded", async () => {
    const figma = createTestFigma({ fileKey: "stack-site-1" });
    const controller = await connectedController(env, figma);
    const url = sitePage(env, "index.html", "site-design");
    const jobs = await controller.importPage({
      url,
      viewports: [VIEWPORT_PRESETS.desktop, VIEWPORT_PRESETS.mobile],
      colorSchemes: ["light", "dark"],
      oneDesign: true,
      deviceScaleFactor: 1,
    });
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    expect(job?.variants).toHaveLength(3);
    await controller.idle();
    expect(job?.error).toBeUndefined();
    expect(job?.phase).toBe("placed");
    const set = await figma.getNodeByIdAsync(job?.nodeId ?? "");
    expect(set?.type).toBe("COMPONENT_SET");
    const variants = (set as ComponentSetNode).children.map((c) => c.name).sort();
    expect(variants).toEqual([
      "breakpoint=desktop, theme=dark",
      "breakpoint=desktop, theme=light",
      "breakpoint=mobile, theme=dark",
      "breakpoint=mobile, theme=light",
    ]);
    const collections = await figma.variables.getLocalVariableCollectionsAsync();
    expect(collections).toHaveLength(1);
    expect(collections[0]?.modes.map((m) => m.name)).toEqual(["Light", "Dark"]);
    const stored = await client(env).getCode2Des(job?.code2desId ?? "");
    expect(stored.materializedNodeId).toBe(set?.id);
    expect(stored.variants?.map((v) => `${v.breakpoint}/${v.theme}`)).toEqual(["desktop/light", "mobile/light", "desktop/dark", "mobile/dark"]);
  });

  it("a form of more captures than one design takes is refused before anything is sent", async () => {
    const figma = createTestFigma({ fileKey: "stack-site-2" });
    const controller = await connectedController(env, figma);
    const viewports = [VIEWPORT_PRESETS.desktop, VIEWPORT_PRESETS.tablet, VIEWPORT_PRESETS.mobile, { width: 1024, height: 768 }];
    await expect(
      controller.importPage({ url: sitePage(env, "index.html", "too-many"), viewports, colorSchemes: ["light", "dark"], oneDesign: true, deviceScaleFactor: 1 }),
    ).rejects.toThrow("One design takes at most 6 captures");
  });
});
