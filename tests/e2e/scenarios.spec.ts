/** The shared scenarios (tests/e2e/scenarios/) in Chromium, driven by Playwright. */
import { chromiumScenarioTest as test } from "./drivers/chromium-scenario-test";
import { defineScenarios } from "./scenarios";
import type { ScenarioTest } from "./scenarios/scenario-test";

test.use({ ignoreHTTPSErrors: true });

defineScenarios(test as unknown as ScenarioTest, "chromium");
