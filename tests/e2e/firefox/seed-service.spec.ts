/**
 * Shared scenarios in Firefox against the seed-only mock service (tests/fixtures/seed-service), which
 * takes at most 2 links a request: many tabs (Firefox is the browser where a test can grant the optional
 * `tabs` permission, so this is where they run against a service that decides the seed's silences
 * otherwise), and the follow-ups in the popup, which Chromium runs against it too (seed-service-flows.spec.ts).
 */
import { type SeedService, startSeedService } from "../../fixtures/seed-service/seed-service";
import type { ServiceProcess } from "../../helpers/service-process";
import { launchFirefoxDriver } from "../drivers/firefox-driver";
import { test as base, expect, TEST_API_KEY } from "../fixtures";
import { compareLongTitlesScenario } from "../scenarios/compare-long-titles";
import { comparisonInLibraryScenario } from "../scenarios/comparison-in-library";
import { followUpsOnSeedScenario } from "../scenarios/follow-ups-on-seed";
import { manyTabsScenarios } from "../scenarios/many-tabs";
import type { ScenarioTest } from "../scenarios/scenario-test";
import { sourcesOnSeedScenario } from "../scenarios/sources-on-seed";
import { watchOnSeedScenario } from "../scenarios/watches";

let seed: SeedService | undefined;

const test = base.extend<
  { driver: Awaited<ReturnType<typeof launchFirefoxDriver>> },
  { seedService: SeedService }
>({
  seedService: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
    async ({}, use) => {
      seed = await startSeedService({ apiKeys: [TEST_API_KEY], maxLinks: 2 });
      await use(seed);
      await seed.close();
    },
    // Started for every test, also a scenario that reaches the mock itself (`seed`) and not `service`.
    { scope: "worker", auto: true },
  ],
  service: [
    async ({ seedService }, use) => {
      // The scenarios use only the service's address.
      await use(seedService as unknown as ServiceProcess);
    },
    { scope: "worker" },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
  tenantKey: async ({}, use) => {
    await use(TEST_API_KEY);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
  driver: async ({}, use) => {
    const driver = await launchFirefoxDriver();
    await use(driver);
    await driver.close();
  },
});

test.describe("against the seed-only mock", () => {
  test.describe("many tabs", () => {
    manyTabsScenarios(test as unknown as ScenarioTest);

    test.afterAll(() => {
      // The mock refused the 3-link request and took it 2 links at a time, each charged once.
      const sent = seed?.requests({ path: "/v1/links" }) ?? [];
      expect(sent.some((request) => request.status === 400)).toBe(true);
      expect(
        sent
          .filter((request) => request.status === 200)
          .every((r) => (r.body as { link: string[] }).link.length <= 2),
      ).toBe(true);
    });
  });

  followUpsOnSeedScenario(test as unknown as ScenarioTest, () => seed as SeedService);
  sourcesOnSeedScenario(test as unknown as ScenarioTest, () => seed as SeedService);
  compareLongTitlesScenario(test as unknown as ScenarioTest, () => seed as SeedService);
  comparisonInLibraryScenario(test as unknown as ScenarioTest, () => seed as SeedService);
  watchOnSeedScenario(test as unknown as ScenarioTest, () => seed as SeedService);
});
