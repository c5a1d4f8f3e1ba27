/** The shared scenarios (tests/e2e/scenarios/) in Firefox ESR, driven by puppeteer-core over WebDriver BiDi. */
import { launchFirefoxDriver } from "../drivers/firefox-driver";
import { test as base } from "../fixtures";
import { defineScenarios } from "../scenarios";
import { type ScenarioTest, useLaunches } from "../scenarios/scenario-test";

const test = base.extend<{
  driver: Awaited<ReturnType<typeof launchFirefoxDriver>>;
  launchDriver: typeof launchFirefoxDriver;
}>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
  driver: async ({}, use) => {
    const driver = await launchFirefoxDriver();
    await use(driver);
    await driver.close();
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
  launchDriver: async ({}, use) => useLaunches(launchFirefoxDriver, use),
});

defineScenarios(test as unknown as ScenarioTest, "firefox");
