/**
 * Site-rule patterns (zod-free: the popup and the worker read them). A pattern is a host, optionally a
 * port, optionally a path, never a scheme:
 *
 * - `news.ycombinator.com`: that host only (any port, any path);
 * - `*.github.com`: github.com itself and every subdomain of it (as in browser match patterns);
 * - `localhost:8443`: that host on that port only;
 * - `example.org/blog/*`: that host, paths starting with `/blog/`; `*` in a path stands for any
 *   characters (slashes too), anything else must match exactly (`example.org/about` is that one page).
 *
 * Hosts compare case-insensitively (as the browser normalizes them, punycode included); paths compare
 * case-sensitively against the page's path, without its query or fragment.
 */
import { escapeRegExp } from "../text/escape-reg-exp";

export const SITE_PATTERN_MAX = 200;

export type HostPatternProblem = "empty" | "too_long" | "scheme" | "wildcard_host" | "invalid_host" | "query";

export interface HostPattern {
  /** Lower-case, as `URL` normalizes it (punycode for non-ASCII). */
  host: string;
  /** `*.host`: the host and its subdomains. */
  subdomains: boolean;
  /** Only on this port (as `URL.port` gives it: "" for the scheme's default). */
  port?: string;
  /** A path glob (`*` = any characters), or absent for every path. */
  path?: string;
}

export type HostPatternParse =
  | { ok: true; pattern: HostPattern }
  | { ok: false; problem: HostPatternProblem };

/** The pattern as typed (trimmed) read into its parts, or the first problem it has. */
export function parseHostPattern(text: string): HostPatternParse {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, problem: "empty" };
  if (trimmed.length > SITE_PATTERN_MAX) return { ok: false, problem: "too_long" };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return { ok: false, problem: "scheme" };
  if (/[?#\s]/.test(trimmed)) return { ok: false, problem: /[?#]/.test(trimmed) ? "query" : "invalid_host" };
  const slash = trimmed.indexOf("/");
  const hostPart = slash === -1 ? trimmed : trimmed.slice(0, slash);
  const path = slash === -1 ? undefined : trimmed.slice(slash);
  const subdomains = hostPart.startsWith("*.");
  const bare = subdomains ? hostPart.slice(2) : hostPart;
  if (bare.includes("*")) return { ok: false, problem: "wildcard_host" };
  const hostAndPort = /^([^:@%]+)(?::(\d{1,5}))?$/.exec(bare);
  if (!hostAndPort || bare.startsWith(".") || hostAndPort[1]?.endsWith(".")) {
    return { ok: false, problem: "invalid_host" };
  }
  let url: URL;
  try {
    url = new URL(`https://${bare}/`);
  } catch {
    return { ok: false, problem: "invalid_host" };
  }
  const explicitPort = hostAndPort[2];
  const pattern: HostPattern = { host: url.hostname, subdomains };
  if (explicitPort !== undefined) pattern.port = url.port;
  if (path !== undefined && path !== "/*") pattern.path = path;
  return { ok: true, pattern };
}

function pathMatches(glob: string, pathname: string): boolean {
  const source = glob.split("*").map(escapeRegExp).join(".*");
  return new RegExp(`^${source}$`).test(pathname);
}

/** Whether the page at `url` (http or https) falls under `pattern`. */
export function hostPatternMatches(pattern: HostPattern, url: URL): boolean {
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  const host = url.hostname;
  const hostOk = host === pattern.host || (pattern.subdomains && host.endsWith(`.${pattern.host}`));
  if (!hostOk) return false;
  if (pattern.port !== undefined && url.port !== pattern.port) return false;
  return pattern.path === undefined || pathMatches(pattern.path, url.pathname);
}
