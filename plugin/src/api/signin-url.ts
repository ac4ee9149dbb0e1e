/**
 * Which sign-in pages the plugin opens in the browser. The API names the page; the plugin still
 * checks it is the stage's own, so an API URL typed wrongly (or an API answering for someone
 * else) cannot send the person to a look-alike page to type their password into:
 * - the API's own origin (the local stack serves its sign-in page itself);
 * - an Amazon Cognito managed login domain (`https://<prefix>.auth.<region>.amazoncognito.com`),
 *   which is what a deployed stage's `signInUrl` points to;
 * - an https origin baked into the build for a stage's custom sign-in domain (build.mjs
 *   `--sign-in-origin`).
 * Parsed by hand: Figma's main thread has no `URL`.
 */

const COGNITO_HOST = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.auth(?:-fips)?\.[a-z]{2}(?:-[a-z]+)+-\d\.amazoncognito\.com$/;
// scheme, authority (no userinfo, no spaces), path; any query or fragment after.
const ABSOLUTE_URL = /^(https?):\/\/([^/?#\s]+)(\/[^?#\s]*)?([?#]\S*)?$/i;

interface Parts {
  scheme: string;
  host: string;
  port: string;
  path: string;
}

function parse(url: string): Parts | null {
  const match = ABSOLUTE_URL.exec(url.trim());
  if (!match) return null;
  const authority = (match[2] ?? "").toLowerCase();
  if (authority.includes("@")) return null; // credentials in a URL: never a page of ours
  const hostPort = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(authority);
  if (!hostPort) return null;
  const scheme = (match[1] ?? "").toLowerCase();
  const defaultPort = scheme === "https" ? "443" : "80";
  const port = hostPort[2] ?? defaultPort;
  return { scheme, host: hostPort[1] ?? "", port: port === defaultPort ? "" : port, path: match[3] ?? "/" };
}

function origin(parts: Parts): string {
  return `${parts.scheme}://${parts.host}${parts.port ? `:${parts.port}` : ""}`;
}

/** Why the plugin will not open `signInUrl` for the API at `apiUrl`, or null when it will. */
export function signInUrlProblem(signInUrl: string, apiUrl: string, extraOrigins: readonly string[] = []): string | null {
  const page = parse(signInUrl);
  const api = parse(apiUrl);
  if (!page || !api) return "it is not a plain http(s) URL.";
  if (origin(page) === origin(api)) return null;
  if (page.scheme !== "https") return `${origin(page)} is not https.`;
  if (COGNITO_HOST.test(page.host) && page.port === "" && page.path === "/oauth2/authorize") return null;
  if (extraOrigins.includes(origin(page))) return null;
  return `${origin(page)} is neither this API's own address nor its sign-in domain.`;
}
