/**
 * What a shared scenario is given: a driver for its browser, the reference service and the fixture site
 * (tests/e2e/fixtures.ts), an API key of its own, and a way to start a second browser of the same kind
 * (a fresh profile with the extension newly installed). Each browser's spec hands its own `test` in.
 */
import type { TestType } from "@playwright/test";
import type { FixtureSite } from "../../fixtures/site";
import type { ServiceProcess } from "../../helpers/service-process";
import type { ExtensionDriver } from "../drivers/driver";

export type LaunchDriver = () => Promise<ExtensionDriver>;

export type ScenarioTest = TestType<
  { driver: ExtensionDriver; tenantKey: string; launchDriver: LaunchDriver },
  { service: ServiceProcess; fixtureSite: FixtureSite }
>;

/** The `launchDriver` fixture of a spec: `launch` as the test calls it; what it launched closes at its end. */
export async function useLaunches(
  launch: LaunchDriver,
  use: (launchDriver: LaunchDriver) => Promise<void>,
): Promise<void> {
  const launched: ExtensionDriver[] = [];
  try {
    await use(async () => {
      const driver = await launch();
      launched.push(driver);
      return driver;
    });
  } finally {
    await Promise.all(launched.map((driver) => driver.close()));
  }
}
