/** Where the service may live, and the host permission reaching it takes. */

/** The local reference service `npm start` runs. */
export const DEFAULT_BASE_URL = "http://127.0.0.1:8787";

/** Hosts the manifest's `host_permissions` already cover: no permission request for them. */
const LOCAL_HOSTS: readonly string[] = ["localhost", "127.0.0.1"];

/** http:// is accepted only on this machine. */
const LOOPBACK_HOSTS: readonly string[] = [...LOCAL_HOSTS, "[::1]"];

export const BASE_URL_MESSAGE = "must be an https:// address (http:// only for localhost or 127.0.0.1)";

/** Whether a string is a base URL Linklens may use: https anywhere, http only on this machine. */
export function isAllowedBaseUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.username || url.password) return false;
    if (url.protocol === "https:") return true;
    return url.protocol === "http:" && LOOPBACK_HOSTS.includes(url.hostname);
  } catch {
    return false;
  }
}

/**
 * The origin whose host permission the extension must hold to reach `baseUrl`, or `null` when the
 * manifest's `host_permissions` already cover it (localhost, 127.0.0.1) or the URL is not valid.
 */
export function originNeedingPermission(baseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol === "http:" && LOCAL_HOSTS.includes(url.hostname)) return null;
  return url.origin;
}

/** The optional-permission pattern for one origin (`https://host:port/*`). */
export function originPattern(origin: string): string {
  return `${origin}/*`;
}
