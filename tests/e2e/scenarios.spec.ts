/** The shared scenarios (tests/e2e/scenarios/) in Chromium, driven by Playwright. */
import { chromiumDriver } from "./drivers/chromium-driver";
import { test as popupTest } from "./popup-fixtures";
import { defineScenarios } from "./scenarios";
import type { ScenarioTest } from "./scenarios/scenario-test";

const test = popupTest.extend<{ driver: ReturnType<typeof chromiumDriver> }>({
  driver: async ({ context, serviceWorker, extensionId, debugPort }, use) => {
    await use(chromiumDriver({ context, serviceWorker, extensionId, debugPort }));
  },
});

test.use({ ignoreHTTPSErrors: true });

defineScenarios(test as unknown as ScenarioTest, "chromium");
