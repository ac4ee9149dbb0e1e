import { describe, expect, it } from "vitest";
import {
  checkApiUrl,
  checkImportForm,
  checkPageUrl,
  parseUrlList,
  uniqueViewports,
  VIEWPORT_PRESETS,
  viewportLabel,
} from "../src/shared/presets";
import { screenId } from "../src/app/controller";

describe("viewport presets", () => {
  it("are the documented sizes", () => {
    expect(VIEWPORT_PRESETS).toEqual({
      desktop: { width: 1440, height: 900 },
      tablet: { width: 768, height: 1024 },
      mobile: { width: 390, height: 844 },
    });
    expect(viewportLabel({ width: 390, height: 844 })).toBe("Mobile 390×844");
    expect(viewportLabel({ width: 1000, height: 700 })).toBe("1000×700");
  });
});

describe("the Import form", () => {
  it("becomes one request per distinct viewport, fragment dropped, selector kept", () => {
    const checked = checkImportForm({
      url: " https://example.com/pricing#plans ",
      viewports: [VIEWPORT_PRESETS.desktop, VIEWPORT_PRESETS.mobile, { width: 1440, height: 900 }],
      deviceScaleFactor: 2,
      readySelector: " main ",
    });
    expect(checked).toEqual({
      ok: true,
      value: [
        { url: "https://example.com/pricing", viewport: { width: 1440, height: 900 }, deviceScaleFactor: 2, readySelector: "main" },
        { url: "https://example.com/pricing", viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, readySelector: "main" },
      ],
    });
  });

  it("names every problem at once, with the API's limits", () => {
    const checked = checkImportForm({ url: "ftp://x", viewports: [{ width: 100, height: 5000 }], deviceScaleFactor: 4, readySelector: "x".repeat(513) });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.join("\n")).toMatch(/http:\/\/ or https:\/\//);
    expect(checked.errors.join("\n")).toMatch(/width must be a whole number from 320 to 3840/);
    expect(checked.errors.join("\n")).toMatch(/height must be a whole number from 240 to 4320/);
    expect(checked.errors.join("\n")).toMatch(/Device scale must be from 1 to 3/);
    expect(checked.errors.join("\n")).toMatch(/longer than 512/);
    expect(checkImportForm({ url: "https://a.b", viewports: [], deviceScaleFactor: 1 })).toEqual({ ok: false, errors: ["Choose at least one viewport."] });
  });

  it("accepts custom viewports at the limits and refuses credentials and over-long URLs", () => {
    expect(checkImportForm({ url: "https://a.b/", viewports: [{ width: 320, height: 240 }, { width: 3840, height: 4320 }], deviceScaleFactor: 1 }).ok).toBe(true);
    expect(checkPageUrl("https://user:pw@example.com/").ok).toBe(false);
    expect(checkPageUrl(`https://example.com/${"a".repeat(4096)}`).ok).toBe(false);
    expect(uniqueViewports([{ width: 1, height: 2 }, { width: 1, height: 2 }])).toHaveLength(1);
  });
});

describe("a pasted URL list", () => {
  it("splits lines, commas and spaces; skips blanks and comments; drops duplicates in order", () => {
    const text = "https://a.com/\n\n# a comment\nhttps://a.com/about, https://a.com/\r\n  https://b.com/x#y   # trailing";
    expect(parseUrlList(text)).toEqual({ ok: true, value: ["https://a.com/", "https://a.com/about", "https://b.com/x"] });
  });

  it("names the bad lines", () => {
    const checked = parseUrlList("https://a.com/\nnot a url\nmailto:x@y");
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.errors[0]).toMatch(/^Line 2:/);
      expect(checked.errors.some((e) => e.startsWith("Line 3:"))).toBe(true);
    }
    expect(parseUrlList("  \n ")).toEqual({ ok: false, errors: ["Paste at least one URL."] });
  });

  it("refuses more than 500 pages", () => {
    const many = Array.from({ length: 501 }, (_, i) => `https://a.com/${i}`).join("\n");
    expect(parseUrlList(many).ok).toBe(false);
  });
});

describe("settings and ids", () => {
  it("checks the API URL and drops a trailing slash", () => {
    expect(checkApiUrl("https://api.example.com/v1/")).toEqual({ ok: true, value: "https://api.example.com/v1" });
    expect(checkApiUrl("http://127.0.0.1:8000")).toEqual({ ok: true, value: "http://127.0.0.1:8000" });
    expect(checkApiUrl("api.example.com").ok).toBe(false);
    expect(checkApiUrl("https://api.example.com/?x=1").ok).toBe(false);
  });

  it("derives a readable screenId within the API's 255 characters", () => {
    expect(screenId("https://Example.com/pricing?x=1", { width: 1440, height: 900 })).toBe("example-com-pricing-x-1-1440x900");
    expect(screenId(`https://e.com/${"a".repeat(400)}`, { width: 390, height: 844 }).length).toBeLessThanOrEqual(255);
  });
});
