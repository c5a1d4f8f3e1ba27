/** The shared scenarios (tests/e2e/scenarios/) in Chromium, driven by Playwright. */
import { chromiumDriver, launchChromiumDriver } from "./drivers/chromium-driver";
import { test as popupTest } from "./popup-fixtures";
import { defineScenarios } from "./scenarios";
import { type ScenarioTest, useLaunches } from "./scenarios/scenario-test";

const test = popupTest.extend<{
  driver: ReturnType<typeof chromiumDriver>;
  launchDriver: () => ReturnType<typeof launchChromiumDriver>;
}>({
  driver: async ({ context, serviceWorker, extensionId, debugPort }, use) => {
    await use(chromiumDriver({ context, serviceWorker, extensionId, debugPort }));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
  launchDriver: async ({}, use) => useLaunches(launchChromiumDriver, use),
});

test.use({ ignoreHTTPSErrors: true });

defineScenarios(test as unknown as ScenarioTest, "chromium");
