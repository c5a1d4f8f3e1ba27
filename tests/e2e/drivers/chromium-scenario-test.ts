/**
 * The `test` the shared scenarios (tests/e2e/scenarios/) take in Chromium: popup-fixtures' browser (with
 * its DevTools port for the toolbar click) behind the Chromium driver, and fresh profiles on demand.
 */
import { test as popupTest } from "../popup-fixtures";
import { useLaunches } from "../scenarios/scenario-test";
import { chromiumDriver, launchChromiumDriver } from "./chromium-driver";

export const chromiumScenarioTest = popupTest.extend<{
  driver: ReturnType<typeof chromiumDriver>;
  launchDriver: () => ReturnType<typeof launchChromiumDriver>;
}>({
  driver: async ({ context, serviceWorker, extensionId, debugPort }, use) => {
    await use(chromiumDriver({ context, serviceWorker, extensionId, debugPort }));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
  launchDriver: async ({}, use) => useLaunches(launchChromiumDriver, use),
});
