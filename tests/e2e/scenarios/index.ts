/**
 * Every shared scenario, declared on the `test` of the browser that runs them: tests/e2e/scenarios.spec.ts
 * (Chromium) and tests/e2e/firefox/scenarios.spec.ts (Firefox). One description, two drivers.
 */
import { backgroundUnloadScenario } from "./background-unload";
import { badgeCountScenario } from "./badge-count";
import { compareTabsScenario, comparisonScenario, comparisonWakeScenario } from "./comparison";
import { contextMenuScenarios, tabStripScenario } from "./context-menus";
import { exportImportScenario } from "./export-import";
import { firefoxOnlyScenarios } from "./firefox-only";
import { firstRunScenario } from "./first-run";
import { followUpsScenario } from "./follow-ups";
import { languageScenarios } from "./languages";
import { libraryScenario } from "./library";
import { libraryEditingScenario } from "./library-editing";
import { manyTabsScenarios } from "./many-tabs";
import { popupScenario } from "./popup-analyze";
import type { ScenarioTest } from "./scenario-test";
import { sourcesScenario } from "./sources";
import { threadAnswersScenario } from "./thread-answers";
import { threadDisplayScenario } from "./thread-display";
import { watchScenario } from "./watches";

export function defineScenarios(test: ScenarioTest, browserName: "chromium" | "firefox"): void {
  firstRunScenario(test);
  popupScenario(test);
  test.describe("context menus", () => {
    contextMenuScenarios(test);
    if (browserName === "firefox") tabStripScenario(test);
  });
  test.describe("many tabs", () => manyTabsScenarios(test));
  libraryScenario(test);
  libraryEditingScenario(test);
  exportImportScenario(test);
  backgroundUnloadScenario(test);
  followUpsScenario(test);
  threadDisplayScenario(test);
  threadAnswersScenario(test);
  comparisonScenario(test);
  comparisonWakeScenario(test);
  compareTabsScenario(test);
  languageScenarios(test);
  sourcesScenario(test);
  watchScenario(test);
  // The toolbar count needs `tabs` granted by a test, which only Firefox allows (its prompt off by a pref).
  if (browserName === "firefox") {
    badgeCountScenario(test);
    firefoxOnlyScenarios(test);
  }
}
