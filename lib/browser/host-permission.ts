/**
 * Host access to the user's service: localhost and 127.0.0.1 are in the manifest's `host_permissions`;
 * any other origin is an optional host permission asked for that one origin (`<origin>/*`).
 */
import { browser } from "wxt/browser";
import { originNeedingPermission, originPattern } from "../settings/settings";

/**
 * Asks for the permission to reach `baseUrl`'s origin; resolves `true` when held (or not needed).
 * Call it synchronously in the click handler, before any `await`: browsers only show the prompt
 * during a user gesture (Firefox strictly so).
 */
export function requestHostPermission(baseUrl: string): Promise<boolean> {
  const origin = originNeedingPermission(baseUrl);
  if (!origin) return Promise.resolve(true);
  try {
    return browser.permissions.request({ origins: [originPattern(origin)] });
  } catch (error) {
    return Promise.reject(error);
  }
}
