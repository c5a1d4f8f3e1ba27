/**
 * What a shared scenario is given: a driver for its browser, the reference service and the fixture site
 * (tests/e2e/fixtures.ts), and an API key of its own. Each browser's spec hands its own `test` in.
 */
import type { TestType } from "@playwright/test";
import type { FixtureSite } from "../../fixtures/site";
import type { ServiceProcess } from "../../helpers/service-process";
import type { ExtensionDriver } from "../drivers/driver";

export type ScenarioTest = TestType<
  { driver: ExtensionDriver; tenantKey: string },
  { service: ServiceProcess; fixtureSite: FixtureSite }
>;
