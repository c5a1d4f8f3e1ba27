import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: { trace: "retain-on-failure" },
  // One scenario description (tests/e2e/scenarios/), two drivers: Chromium through Playwright, Firefox
  // ESR through puppeteer-core (tests/e2e/drivers/). `--project firefox` runs the Firefox suite alone.
  projects: [
    { name: "chromium", testIgnore: "firefox/**" },
    { name: "firefox", testDir: "tests/e2e/firefox" },
  ],
});
