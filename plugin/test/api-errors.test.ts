import { describe, expect, it } from "vitest";
import { ApiError, describeDetail, describeHttpError, errorText, unreachableError } from "../src/api/errors";

const context = { apiUrl: "https://api.example.com/v1", what: "importing the page" };

describe("API errors in plain words", () => {
  it("401 says the token was refused and keeps the API's own message", () => {
    const { kind, message } = describeHttpError(401, "unauthorized", "Missing or invalid credentials.", [], context);
    expect(kind).toBe("unauthorized");
    expect(message).toMatch(/^The token was refused by https:\/\/api\.example\.com\/v1\./);
    expect(message).toContain("The API said: Missing or invalid credentials.");
  });

  it("422 lists each bad field, batch items by their 1-based number", () => {
    const { kind, message } = describeHttpError(
      422,
      "validation_error",
      "Invalid request(s) at index 1; nothing was stored.",
      [
        { loc: ["requests", 1, "url"], msg: "URL must use http or https" },
        { loc: ["body", "viewport", "width"], msg: "Input should be greater than or equal to 320" },
      ],
      context,
    );
    expect(kind).toBe("invalid");
    expect(message).toContain("Invalid request(s) at index 1; nothing was stored.");
    expect(message).toContain("• Item 2, url: URL must use http or https");
    expect(message).toContain("• viewport.width: Input should be greater than or equal to 320");
  });

  it("404, 409 and 5xx keep the API's message", () => {
    expect(describeHttpError(404, "not_found", "Project not found.", [], context).message).toContain("The API said: Project not found.");
    const conflict = describeHttpError(409, "page_import_not_ready", "The Page Import must be completed.", [], context);
    expect(conflict.kind).toBe("conflict");
    expect(conflict.message).toContain("The Page Import must be completed.");
    expect(describeHttpError(502, "result_unverifiable", "The result could not be verified.", [], context).kind).toBe("server");
  });

  it("a detail without a location is just its message", () => {
    expect(describeDetail({ msg: "bad" })).toBe("bad");
    expect(describeDetail({ loc: ["requests", 0] })).toBe("Item 1");
  });

  it("an unreachable API is named with its URL", () => {
    const error = unreachableError("http://127.0.0.1:9", new TypeError("fetch failed"));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/^Cannot reach the Pageport API at http:\/\/127\.0\.0\.1:9 \(fetch failed\)\./);
  });

  it("errorText never loses a thrown value", () => {
    expect(errorText(new Error("x"))).toBe("x");
    expect(errorText("plain")).toBe("plain");
    expect(errorText({ a: 1 })).toBe('{"a":1}');
  });
});
