/** The in-memory Figma's variables, styles, components, instances and sections keep Figma's rules. */
import { describe, expect, it } from "vitest";
import { createTestFigma, testControls } from "./figma";

const RED = { r: 1, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 1, a: 1 };

describe("in-memory Figma: variables", () => {
  it("names variables uniquely per collection, without alias characters", () => {
    const figma = createTestFigma();
    const c = figma.variables.createVariableCollection("example.com");
    figma.variables.createVariable("color/primary/500", c, "COLOR");
    expect(() => figma.variables.createVariable("color/primary/500", c, "COLOR")).toThrow("already exists");
    expect(() => figma.variables.createVariable("color.primary", c, "COLOR")).toThrow("cannot contain");
    expect(() => figma.variables.createVariable("color//x", c, "COLOR")).toThrow("empty group");
    // eslint-disable-next-line @figma/figma-plugins/ban-deprecated-id-params -- the refusal is what is tested
    expect(() => figma.variables.createVariable("x", "VariableCollectionId:missing", "COLOR")).toThrow("existing variable collection");
    // eslint-disable-next-line @figma/figma-plugins/ban-deprecated-sync-methods -- the refusal is what is tested
    expect(() => figma.variables.getLocalVariables()).toThrow("dynamic-page");
  });

  it("limits modes by plan, and scopes by type", () => {
    const starter = createTestFigma({ plan: "starter" }).variables.createVariableCollection("c");
    expect(() => starter.addMode("Dark")).toThrow("in addMode: Limited to 1 modes only");
    const figma = createTestFigma();
    const c = figma.variables.createVariableCollection("c");
    expect(c.addMode("Dark")).toMatch(/:/);
    expect(c.modes).toHaveLength(2);
    const radius = figma.variables.createVariable("radius/8", c, "FLOAT");
    expect(() => (radius.scopes = ["TEXT_FILL"])).toThrow("cannot be used with a FLOAT variable");
    radius.scopes = ["CORNER_RADIUS"];
    expect(() => radius.setValueForMode(c.defaultModeId, "8" as unknown as number)).toThrow();
    radius.setVariableCodeSyntax("WEB", "var(--radius)");
    expect(radius.codeSyntax).toEqual({ WEB: "var(--radius)" });
    const brand = figma.variables.createVariable("color/brand", c, "COLOR");
    expect(() => (brand.scopes = ["ALL_FILLS", "TEXT_FILL"])).toThrow("ALL_FILLS cannot be combined");
    brand.scopes = ["ALL_FILLS", "STROKE_COLOR"];
  });

  it("stores numbers as Figma does (32-bit floats) and reads effects back with Figma's keys", () => {
    const figma = createTestFigma();
    const f = figma.createFrame();
    f.opacity = 0.6;
    f.effects = [{ type: "DROP_SHADOW", color: { r: 0, g: 0, b: 0, a: 0.6 }, offset: { x: 0, y: 1.1 }, radius: 3, visible: true, blendMode: "NORMAL" }];
    expect(f.opacity).toBe(0.6000000238418579);
    expect(f.effects[0]).toEqual({
      type: "DROP_SHADOW",
      color: { r: 0, g: 0, b: 0, a: 0.6000000238418579 },
      offset: { x: 0, y: 1.100000023841858 },
      radius: 3,
      spread: 0,
      visible: true,
      blendMode: "NORMAL",
      showShadowBehindNode: false,
      boundVariables: {},
    });
    const style = figma.createTextStyle();
    style.fontSize = 13.3;
    style.lineHeight = { unit: "PIXELS", value: 18.4 };
    expect([style.fontSize, style.lineHeight]).toEqual([13.300000190734863, { unit: "PIXELS", value: 18.399999618530273 }]);
  });

  it("binds SOLID paints only, and a bound paint draws its variable's value for the node's mode", () => {
    const figma = createTestFigma();
    const c = figma.variables.createVariableCollection("site");
    const dark = c.addMode("Dark");
    const brand = figma.variables.createVariable("color/brand", c, "COLOR");
    brand.setValueForMode(c.defaultModeId, BLUE);
    brand.setValueForMode(dark, { r: 0, g: 1, b: 0, a: 1 });
    const gradient = { type: "GRADIENT_LINEAR", gradientTransform: [[1, 0, 0], [0, 1, 0]], gradientStops: [] } as unknown as SolidPaint;
    expect(() => figma.variables.setBoundVariableForPaint(gradient, "color", brand)).toThrow("Only SOLID");
    const paint = figma.variables.setBoundVariableForPaint({ type: "SOLID", color: RED }, "color", brand);
    expect(paint.boundVariables?.color).toEqual({ type: "VARIABLE_ALIAS", id: brand.id });
    const frame = figma.createFrame();
    const rect = figma.createRectangle();
    frame.appendChild(rect);
    rect.fills = [paint];
    expect((rect.fills as Paint[])[0]).toMatchObject({ color: { r: 0, g: 0, b: 1 } });
    expect(rect.boundVariables?.fills).toEqual([{ type: "VARIABLE_ALIAS", id: brand.id }]);
    frame.setExplicitVariableModeForCollection(c, dark);
    expect((rect.fills as Paint[])[0]).toMatchObject({ color: { r: 0, g: 1, b: 0 } });
    const size = figma.variables.createVariable("size", c, "FLOAT");
    expect(() => (rect.fills = [{ type: "SOLID", color: RED, boundVariables: { color: { type: "VARIABLE_ALIAS", id: size.id } } }])).toThrow("FLOAT variable bound to a color");
  });

  it("binds node fields to variables of their type; a direct write detaches", () => {
    const figma = createTestFigma();
    const c = figma.variables.createVariableCollection("site");
    const gap = figma.variables.createVariable("spacing/16", c, "FLOAT");
    gap.setValueForMode(c.defaultModeId, 16);
    const brand = figma.variables.createVariable("brand", c, "COLOR");
    const frame = figma.createFrame();
    frame.layoutMode = "VERTICAL";
    expect(() => frame.setBoundVariable("itemSpacing", brand)).toThrow("takes FLOAT");
    frame.setBoundVariable("itemSpacing", gap);
    expect(frame.itemSpacing).toBe(16);
    expect(frame.boundVariables?.itemSpacing).toEqual({ type: "VARIABLE_ALIAS", id: gap.id });
    frame.setBoundVariable("cornerRadius", gap);
    expect(Object.keys(frame.boundVariables ?? {})).toEqual(expect.arrayContaining(["topLeftRadius", "bottomRightRadius"]));
    frame.itemSpacing = 4;
    expect(frame.boundVariables?.itemSpacing).toBeUndefined();
    const text = figma.createText();
    expect(() => text.setBoundVariable("itemSpacing", gap)).toThrow("has no field");
  });
});

describe("in-memory Figma: styles", () => {
  it("needs a text style's font loaded, writes its values onto the range and detaches on a direct write", async () => {
    const figma = createTestFigma();
    const style = figma.createTextStyle();
    expect(() => (style.fontName = { family: "Inter", style: "Bold" })).toThrow("unloaded font");
    await figma.loadFontAsync({ family: "Inter", style: "Bold" });
    await figma.loadFontAsync({ family: "Inter", style: "Regular" });
    style.name = "heading/h1";
    style.fontName = { family: "Inter", style: "Bold" };
    style.fontSize = 32;
    style.lineHeight = { unit: "PIXELS", value: 40 };
    const t = figma.createText();
    t.characters = "Title and body";
    // eslint-disable-next-line @figma/figma-plugins/ban-deprecated-sync-prop-setters -- the refusal is what is tested
    expect(() => (t.textStyleId = style.id)).toThrow("setTextStyleIdAsync");
    await t.setRangeTextStyleIdAsync(0, 5, style.id);
    expect(t.getRangeFontSize(0, 5)).toBe(32);
    expect(t.getRangeTextStyleId(0, 5)).toBe(style.id);
    expect(t.textStyleId).toBe(figma.mixed);
    t.setRangeFontSize(0, 2, 30);
    expect(t.getRangeTextStyleId(0, 2)).toBe("");
    expect(t.getRangeTextStyleId(2, 5)).toBe(style.id);
    await expect(t.setTextStyleIdAsync("S:missing")).rejects.toThrow("No text style");
    expect(await figma.getLocalTextStylesAsync()).toHaveLength(1);
  });

  it("applies an effect style's effects under the spread rule", async () => {
    const figma = createTestFigma();
    const style = figma.createEffectStyle();
    style.effects = [{ type: "DROP_SHADOW", color: { r: 0, g: 0, b: 0, a: 0.3 }, offset: { x: 0, y: 4 }, radius: 8, spread: 2, visible: true, blendMode: "NORMAL" }];
    const text = figma.createText();
    await expect(text.setEffectStyleIdAsync(style.id)).rejects.toThrow("spread");
    const rect = figma.createRectangle();
    await rect.setEffectStyleIdAsync(style.id);
    expect(rect.effectStyleId).toBe(style.id);
    rect.effects = [];
    expect(rect.effectStyleId).toBe("");
  });
});

describe("in-memory Figma: components and instances", () => {
  async function card() {
    const figma = createTestFigma();
    await figma.loadFontAsync({ family: "Inter", style: "Regular" });
    const main = figma.createComponent();
    main.resize(200, 100);
    const title = figma.createText();
    main.appendChild(title);
    title.characters = "Alpha";
    const badge = figma.createRectangle();
    main.appendChild(badge);
    badge.resize(20, 20);
    badge.x = 170;
    badge.constraints = { horizontal: "MAX", vertical: "MIN" };
    const prop = main.addComponentProperty("Title", "TEXT", "Alpha");
    title.componentPropertyReferences = { characters: prop };
    return { figma, main, title, prop };
  }

  it("suffixes property names, checks references, and gives instance layers Figma's ids", async () => {
    const { figma, main, prop } = await card();
    expect(prop).toMatch(/^Title#\d+:0$/);
    expect(() => main.addComponentProperty("Flag", "BOOLEAN", "yes" as unknown as boolean)).toThrow("boolean");
    const loose = figma.createText();
    expect(() => (loose.componentPropertyReferences = { characters: prop })).toThrow("inside a component");
    const instance = main.createInstance();
    expect(instance.type).toBe("INSTANCE");
    expect(instance.children.map((c) => c.id)).toEqual(main.children.map((c) => `I${instance.id};${c.id}`));
    expect(await figma.getNodeByIdAsync(instance.children[0]!.id)).toBe(instance.children[0]);
    // eslint-disable-next-line @figma/figma-plugins/ban-deprecated-sync-prop-getters -- the refusal is what is tested
    expect(() => instance.mainComponent).toThrow("getMainComponentAsync");
    expect(await instance.getMainComponentAsync()).toBe(main);
  });

  it("keeps an instance's structure and positions; resizing it applies constraints", async () => {
    const { figma, main, prop } = await card();
    const instance = main.createInstance();
    const [title, badge] = instance.children as [TextNode, RectangleNode];
    expect(() => (badge.x = 5)).toThrow("inside an instance");
    // A size may be overridden; the position stays the main's.
    badge.resize(10, 10);
    expect([badge.x, badge.width]).toEqual([170, 10]);
    badge.resize(20, 20);
    expect(() => instance.appendChild(figma.createRectangle())).toThrow("New parent is an instance");
    expect(() => badge.remove()).toThrow("inside an instance");
    expect(() => figma.currentPage.appendChild(badge)).toThrow("Node is inside of an instance");
    expect(() => figma.createComponentFromNode(badge)).toThrow("Cannot create component from node");
    instance.resize(300, 100);
    expect(badge.x).toBe(270);
    badge.fills = [{ type: "SOLID", color: RED }];
    instance.setProperties({ [prop]: "Beta" });
    expect(title.characters).toBe("Beta");
    expect(instance.componentProperties[prop]?.value).toBe("Beta");
    expect(() => instance.setProperties({ Missing: "x" })).toThrow("Could not find a component property");
    expect(() => main.appendChild(figma.createComponent())).toThrow("cannot be inside another component");
    instance.remove();
    expect(badge.removed).toBe(true);
  });

  it("refuses a TEXT property whose fonts are not loaded", async () => {
    const { figma, main, prop } = await card();
    const instance = main.createInstance();
    // The plugin runs again: fonts must be loaded before a text property changes.
    testControls(figma).forgetLoadedFonts();
    expect(() => instance.setProperties({ [prop]: "Gamma" })).toThrow("unloaded font");
  });

  it("makes components from frames in place, and sections hold them", () => {
    const figma = createTestFigma();
    const frame = figma.createFrame();
    frame.x = 40;
    frame.appendChild(figma.createRectangle());
    const component = figma.createComponentFromNode(frame);
    expect(component.type).toBe("COMPONENT");
    expect(component.x).toBe(40);
    expect(component.children).toHaveLength(1);
    expect(frame.removed).toBe(true);
    expect(() => figma.createComponentFromNode(component)).toThrow("Cannot create component from node");
    const section = figma.createSection();
    section.appendChild(component);
    // 1.142: a section resizes as by resizeWithoutConstraints (its children stay where they are).
    section.resize(300, 200);
    expect([section.width, section.height, component.x]).toEqual([300, 200, 40]);
    const holder = figma.createFrame();
    expect(() => holder.appendChild(section)).toThrow("page or another section");
  });
});

describe("in-memory Figma: GRID auto layout", () => {
  it("places children in reading order at their cells' top left, a row added when none is free", () => {
    const figma = createTestFigma();
    const grid = figma.createFrame();
    grid.resize(380, 200);
    const cards = Array.from({ length: 5 }, () => {
      const card = figma.createRectangle();
      card.resize(100, 70);
      return card;
    });
    expect(() => (grid.gridRowCount = 2)).toThrow('layoutMode "GRID"');
    grid.layoutMode = "GRID";
    grid.gridColumnCount = 3;
    grid.gridRowCount = 2;
    grid.paddingTop = 20;
    grid.paddingLeft = 20;
    grid.gridRowGap = 20;
    grid.gridColumnGap = 20;
    for (const track of [...grid.gridRowSizes, ...grid.gridColumnSizes]) track.type = "FIXED";
    grid.gridRowSizes.forEach((t) => (t.value = 70));
    grid.gridColumnSizes.forEach((t) => (t.value = 100));
    for (const card of cards) grid.appendChild(card);
    expect(cards.map((c) => [c.gridRowAnchorIndex, c.gridColumnAnchorIndex])).toEqual([[0, 0], [0, 1], [0, 2], [1, 0], [1, 1]]);
    expect(cards.map((c) => [c.x, c.y])).toEqual([[20, 20], [140, 20], [260, 20], [20, 110], [140, 110]]);
    expect(() => cards[4]?.setGridChildPosition(0, 0)).toThrow("taken");
    expect(() => cards[4]?.setGridChildPosition(5, 0)).toThrow("outside the grid");
    cards[4]?.setGridChildPosition(1, 2);
    expect([cards[4]?.x, cards[4]?.y]).toEqual([260, 110]);
    expect(() => (grid.gridRowCount = 1)).toThrow("children occupy");
    const extra = figma.createRectangle();
    grid.appendChild(extra);
    expect([extra.gridRowAnchorIndex, extra.gridColumnAnchorIndex]).toEqual([1, 1]);
  });
});
