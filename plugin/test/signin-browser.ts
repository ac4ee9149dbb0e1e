/**
 * What a browser does with a sign-in URL, done with fetch: GET the page, fill its form's subject
 * field, submit it, and follow redirects (to `/auth/callback`) until a page answers. Used with the
 * local stack's sign-in page (test/stack/signin.test.ts) and with the API double (test/auth-double.ts).
 */

import { testControls } from "./figma";
import type { MainToUi } from "../src/shared/messages";

/** The code the plugin's Connect screen shows while it waits for the browser (its last state). */
export function shownUserCode(figma: PluginAPI): string {
  const states = (testControls(figma).uiMessages as MainToUi[]).filter((m): m is Extract<MainToUi, { type: "state" }> => m.type === "state");
  const code = states.at(-1)?.state.signIn.userCode;
  if (!code) throw new Error("the plugin shows no code to type");
  return code;
}

export interface BrowserOutcome {
  /** The last URL reached (the callback's) and its answer. */
  url: string;
  status: number;
  text: string;
  /** Every URL visited, in order. */
  visited: string[];
}

/** Node's own fetch, typed as Node has it (the Figma typings declare a narrower global `fetch`). */
interface NodeResponse {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}
type NodeFetch = (url: string, init?: { method?: string; redirect?: "manual" | "follow"; headers?: Record<string, string>; body?: string }) => Promise<NodeResponse>;
const fetch = (globalThis as unknown as { fetch: NodeFetch }).fetch;

interface ParsedForm {
  action: string;
  method: string;
  fields: { name: string; value: string; type: string }[];
}

export function parseForm(html: string, pageUrl: string): ParsedForm {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error(`No <form> on the sign-in page ${pageUrl}: ${html.slice(0, 300)}`);
  const attrs = form[1] ?? "";
  const body = form[2] ?? "";
  const action = attr(attrs, "action");
  const fields: ParsedForm["fields"] = [];
  for (const match of body.matchAll(/<input\b([^>]*)>/gi)) {
    const a = match[1] ?? "";
    const name = attr(a, "name");
    if (!name) continue;
    fields.push({ name: decodeEntities(name), value: decodeEntities(attr(a, "value") ?? ""), type: (attr(a, "type") ?? "text").toLowerCase() });
  }
  return { action: new URL(decodeEntities(action ?? ""), pageUrl).toString(), method: (attr(attrs, "method") ?? "GET").toUpperCase(), fields };
}

/**
 * Signs in on the page at `signInUrl` as `subject`, the way a browser would; when the callback's
 * page asks for the code the plugin shows (a form with a `user_code` field), types `userCode()`
 * (what the person reads in their plugin) and submits it, as its own page (Sec-Fetch-Site).
 */
export async function signInInBrowser(signInUrl: string, subject: string, userCode: () => string): Promise<BrowserOutcome> {
  const outcome = await signInPage(signInUrl, subject);
  if (outcome.status !== 200 || !/name="user_code"/.test(outcome.text)) return outcome;
  const form = parseForm(outcome.text, outcome.url);
  const params = new URLSearchParams();
  for (const field of form.fields) params.append(field.name, field.name === "user_code" ? userCode() : field.value);
  const response = await fetch(form.action, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
    body: params.toString(),
  });
  return { url: form.action, status: response.status, text: await response.text(), visited: [...outcome.visited, form.action] };
}

async function signInPage(signInUrl: string, subject: string): Promise<BrowserOutcome> {
  const visited = [signInUrl];
  const page = await fetch(signInUrl, { redirect: "manual" });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`The sign-in page answered ${page.status}: ${html.slice(0, 300)}`);
  const form = parseForm(html, signInUrl);
  const editable = form.fields.filter((f) => ["text", "email", ""].includes(f.type));
  const subjectField = editable.find((f) => /subject|user|login|name|email/i.test(f.name)) ?? editable[0];
  if (!subjectField) throw new Error(`The sign-in form has no field for a subject: ${JSON.stringify(form.fields.map((f) => f.name))}`);
  const params = new URLSearchParams();
  for (const field of form.fields) {
    if (field.type === "submit" || field.type === "button") continue;
    params.append(field.name, field === subjectField ? subject : field.value);
  }
  let response: NodeResponse;
  let url: string;
  if (form.method === "POST") {
    url = form.action;
    response = await fetch(url, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: params.toString() });
  } else {
    const target = new URL(form.action);
    for (const [key, value] of params) target.searchParams.set(key, value);
    url = target.toString();
    response = await fetch(url, { redirect: "manual" });
  }
  visited.push(url);
  for (let hops = 0; response.status >= 300 && response.status < 400; hops++) {
    const location = response.headers.get("location");
    if (!location || hops > 10) throw new Error(`A redirect without a usable Location (${response.status}) from ${url}`);
    await response.text();
    url = new URL(location, url).toString();
    visited.push(url);
    response = await fetch(url, { redirect: "manual" });
  }
  return { url, status: response.status, text: await response.text(), visited };
}

function attr(attrs: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(attrs);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
