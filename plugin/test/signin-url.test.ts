import { describe, expect, it } from "vitest";
import { AuthApi } from "../src/api/auth";
import type { FetchLike } from "../src/api/http";
import { signInUrlProblem } from "../src/api/signin-url";

const API = "https://abc123.execute-api.eu-west-1.amazonaws.com/v1";
const COGNITO = "https://pageport-prod-1234.auth.eu-west-1.amazoncognito.com/oauth2/authorize?client_id=x&state=y";

describe("which sign-in pages the plugin opens", () => {
  it("opens the API's own origin, a Cognito managed login page, and the build's sign-in origins", () => {
    expect(signInUrlProblem("http://127.0.0.1:8000/auth/local/authorize?x=1", "http://127.0.0.1:8000")).toBeNull();
    expect(signInUrlProblem(COGNITO, API)).toBeNull();
    expect(signInUrlProblem("https://login.example.com/oauth2/authorize?a=b", API, ["https://login.example.com"])).toBeNull();
  });

  it.each([
    ["another site", "https://evil.example/oauth2/authorize"],
    ["a look-alike of Cognito's domain", "https://pageport.auth.eu-west-1.amazoncognito.com.evil.example/oauth2/authorize"],
    ["Cognito's domain on another path", "https://pageport.auth.eu-west-1.amazoncognito.com/logout"],
    ["Cognito's domain on another port", "https://pageport.auth.eu-west-1.amazoncognito.com:8443/oauth2/authorize"],
    ["http to a non-loopback host", "http://pageport.auth.eu-west-1.amazoncognito.com/oauth2/authorize"],
    ["credentials in the URL", "https://user:pw@pageport.auth.eu-west-1.amazoncognito.com/oauth2/authorize"],
    ["another scheme", "javascript:alert(1)"],
    ["another port of the API's host", "https://abc123.execute-api.eu-west-1.amazonaws.com:444/auth"],
  ])("refuses %s", (_, url) => {
    expect(signInUrlProblem(url, API)).not.toBeNull();
  });

  it("starting a sign-in refuses a page it will not open, before opening anything", async () => {
    const answer = (signInUrl: string, userCode = "BCDF-GHJK"): FetchLike => async () => ({
      status: 201,
      text: async () => JSON.stringify({ readKey: "k".repeat(43), userCode, signInUrl, expiresAt: "2030-01-01T00:00:00Z", pollIntervalMs: 2000 }),
    });
    await expect(new AuthApi(API, answer(COGNITO)).startSignIn()).resolves.toMatchObject({ userCode: "BCDF-GHJK" });
    await expect(new AuthApi(API, answer("https://evil.example/login")).startSignIn()).rejects.toThrow(/will not open/);
    // No code to show: not this API's sign-in (the page would ask for one the person cannot give).
    await expect(new AuthApi(API, answer(COGNITO, "")).startSignIn()).rejects.toThrow(/not the Pageport API's sign-in/);
  });
});
