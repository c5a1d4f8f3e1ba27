import { expectNoSeriousViolations } from "./axe";
import { expect, TEST_API_KEY } from "./fixtures";
import { OptionsPage } from "./options-page";
import { test } from "./popup-fixtures";
import { writeSettings } from "./popup-page";

test.use({ ignoreHTTPSErrors: true });

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test("options: first run, then a preset open for editing and a connection result", async ({
      openExtensionPage,
      service,
    }) => {
      const options = await OptionsPage.open(openExtensionPage);
      await expect(options.welcome).toBeVisible();
      await expectNoSeriousViolations(options.page, "the options page on first run");

      await options.baseUrl.fill(service.url);
      await options.apiKey.fill("lk_wrong_key");
      await options.testConnection.click();
      await expect(options.connectionResult).toContainText(/key/i);
      await options.addPreset.click();
      await expectNoSeriousViolations(options.page, "the options page with a new preset and a result");
    });

    test("popup: the form with a schema and metadata, a result, and an error", async ({
      context,
      service,
      serviceWorker,
      fixtureSite,
      openPopupFor,
    }) => {
      await writeSettings(serviceWorker, { baseUrl: service.url, apiKey: TEST_API_KEY });
      const article = await context.newPage();
      await article.goto(fixtureSite.url("/news/article.html"));
      const popup = await openPopupFor(article);
      await popup.prompt.fill("What does the new line connect?");
      await popup.structured.check();
      await popup.schema.fill(
        '{"type":"object","properties":{"stops":{"type":"number"}},"required":["stops"]}',
      );
      await popup.addMetadataRow(1, "project", "string", "trams");
      await expectNoSeriousViolations(popup.page, "the popup's form");

      await popup.analyze.click();
      await expect(popup.card).toBeVisible({ timeout: 30_000 });
      await expectNoSeriousViolations(popup.page, "the popup with a result");

      await writeSettings(serviceWorker, { baseUrl: service.url, apiKey: "lk_wrong_key" });
      const again = await openPopupFor(article);
      await again.prompt.fill("Who opened it?");
      await again.analyze.click();
      await expect(again.job.getByText("The service refused the API key (401).")).toBeVisible({
        timeout: 30_000,
      });
      await expectNoSeriousViolations(again.page, "the popup with an error");
    });
  });
}
