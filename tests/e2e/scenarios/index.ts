/**
 * Every shared scenario, declared on the `test` of the browser that runs them: tests/e2e/scenarios.spec.ts
 * (Chromium) and tests/e2e/firefox/scenarios.spec.ts (Firefox). One description, two drivers.
 */
import { backgroundUnloadScenario } from "./background-unload";
import { contextMenuScenarios, tabStripScenario } from "./context-menus";
import { firefoxOnlyScenarios } from "./firefox-only";
import { firstRunScenario } from "./first-run";
import { libraryScenario } from "./library";
import { manyTabsScenarios } from "./many-tabs";
import { popupScenario } from "./popup-analyze";
import type { ScenarioTest } from "./scenario-test";

export function defineScenarios(test: ScenarioTest, browserName: "chromium" | "firefox"): void {
  firstRunScenario(test);
  popupScenario(test);
  test.describe("context menus", () => {
    contextMenuScenarios(test);
    if (browserName === "firefox") tabStripScenario(test);
  });
  test.describe("many tabs", () => manyTabsScenarios(test));
  libraryScenario(test);
  backgroundUnloadScenario(test);
  if (browserName === "firefox") firefoxOnlyScenarios(test);
}
