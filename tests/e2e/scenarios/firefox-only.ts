/**
 * Firefox's own parts, checked in Firefox rather than assumed: the sidebar (`sidebar_action`) is the
 * library and opens from the popup; `_execute_sidebar_action` has its shortcut; a remote service's origin
 * is asked for through MV2's `optional_permissions` when the settings are saved.
 */
import { expect } from "../fixtures";
import { hasPermission, storedSettings } from "./extension-state";
import type { ScenarioTest } from "./scenario-test";

const REMOTE = "https://analysis.example.test";

export function firefoxOnlyScenarios(test: ScenarioTest): void {
  test("Firefox: the sidebar is the library and `_execute_sidebar_action` is bound", async ({ driver }) => {
    const page = await driver.openExtensionPage("options.html");
    const found = await page.evaluate(async () => {
      const api = (globalThis as any).browser;
      return {
        panel: (await api.sidebarAction.getPanel({})) as string,
        commands: (await api.commands.getAll()) as { name: string; shortcut?: string }[],
      };
    }, null);
    expect(found.panel).toMatch(/^moz-extension:\/\/[^/]+\/sidepanel\.html$/);
    expect(found.commands).toContainEqual(
      expect.objectContaining({ name: "_execute_sidebar_action", shortcut: "Alt+Shift+K" }),
    );
    const library = await driver.openExtensionPage("sidepanel.html");
    await library.waitForText("Library");
  });

  test("Firefox: saving a remote service asks for its origin (MV2 optional_permissions) and only that", async ({
    driver,
  }) => {
    const options = await driver.openExtensionPage("options.html");
    await options.waitForText("Welcome to Linklens");
    expect(await hasPermission(options, { origins: [`${REMOTE}/*`] })).toBe(false);
    await options.fillField("Service URL", REMOTE);
    await options.fillField("API key", "lk_remote_key");
    await options.click("button", "Save");
    await options.waitForText("Settings saved.");
    expect(await hasPermission(options, { origins: [`${REMOTE}/*`] })).toBe(true);
    expect(await hasPermission(options, { origins: ["https://other.example.test/*"] })).toBe(false);
    expect(await storedSettings(options)).toMatchObject({ baseUrl: REMOTE, apiKey: "lk_remote_key" });
  });
}
