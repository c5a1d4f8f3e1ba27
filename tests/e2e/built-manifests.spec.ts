/**
 * The built manifests of both browsers (the folders the e2e suites load): `tabs` is never asked at
 * install, only on use; Firefox's MV2 keeps optional hosts in `optional_permissions`, has the sidebar and
 * its command.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FIREFOX_EXTENSION_PATH } from "./drivers/firefox-driver";
import { EXTENSION_PATH, expect, test } from "./fixtures";

interface Manifest {
  manifest_version: number;
  permissions?: string[];
  optional_permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  commands?: Record<string, unknown>;
  sidebar_action?: { default_panel?: string };
}

function manifestIn(folder: string): Manifest {
  return JSON.parse(readFileSync(join(folder, "manifest.json"), "utf8")) as Manifest;
}

test("neither browser's manifest asks for `tabs` at install; both offer it as optional", () => {
  const chrome = manifestIn(EXTENSION_PATH);
  const firefox = manifestIn(FIREFOX_EXTENSION_PATH);
  expect(chrome.manifest_version).toBe(3);
  expect(firefox.manifest_version).toBe(2);
  for (const manifest of [chrome, firefox]) {
    expect(manifest.permissions).not.toContain("tabs");
    expect(manifest.optional_permissions).toContain("tabs");
  }
  expect(chrome.permissions).toEqual(
    expect.arrayContaining(["storage", "alarms", "contextMenus", "scripting", "activeTab", "notifications"]),
  );
  expect(chrome.host_permissions).toEqual(["http://localhost/*", "http://127.0.0.1/*"]);
  expect(chrome.optional_host_permissions).toEqual(["https://*/*", "http://*/*"]);
});

test("Firefox's MV2 manifest: optional hosts in optional_permissions, the sidebar and its shortcut", () => {
  const firefox = manifestIn(FIREFOX_EXTENSION_PATH);
  expect(firefox.optional_permissions).toEqual(expect.arrayContaining(["https://*/*", "http://*/*"]));
  expect(firefox.optional_host_permissions).toBeUndefined();
  // MV2 keeps the install-time hosts among the permissions.
  expect(firefox.permissions).toEqual(expect.arrayContaining(["http://localhost/*", "http://127.0.0.1/*"]));
  expect(firefox.sidebar_action?.default_panel).toBe("sidepanel.html");
  expect(firefox.commands).toHaveProperty("_execute_sidebar_action");
});
