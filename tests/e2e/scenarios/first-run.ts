/** First run: the options page welcomes, tests the connection (works, wrong key, unreachable) and saves. */
import { expect } from "../fixtures";
import { storedSettings } from "./extension-state";
import type { ScenarioTest } from "./scenario-test";

export function firstRunScenario(test: ScenarioTest): void {
  test("first run: options, Test connection works, refuses a wrong key, finds nothing unreachable; save", async ({
    driver,
    service,
    tenantKey,
  }) => {
    const options = await driver.openExtensionPage("options.html");
    await options.waitForText("Welcome to Linklens");

    await options.fillField("Service URL", service.url);
    await options.fillField("API key", tenantKey);
    await options.click("button", "Test connection");
    await options.waitForText("Connected: the service at");
    await options.waitForText("accepted this API key.");

    await options.fillField("API key", "lk_test_not_a_key");
    await options.click("button", "Test connection");
    await options.waitForText("Wrong API key: the service at");

    await options.fillField("Service URL", "http://127.0.0.1:9");
    await options.click("button", "Test connection");
    await options.waitForText("Could not reach the service at http://127.0.0.1:9");

    await options.fillField("Service URL", service.url);
    await options.fillField("API key", tenantKey);
    await options.click("button", "Save");
    await options.waitForText("Settings saved.");
    expect(await storedSettings(options)).toMatchObject({ baseUrl: service.url, apiKey: tenantKey });
  });
}
