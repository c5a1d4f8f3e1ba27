/**
 * The editing UI (components/editing) in a real Chromium against the reference service. It is hosted by
 * a bare harness page (entrypoints/editing-harness, `?analysisId=`) until the side panel's detail view
 * hosts it; then only the page opened below changes.
 */
import type { Page } from "@playwright/test";
import { createApiClient } from "../../lib/api/client";
import type { CachedAnalysis } from "../../lib/db/schema";
import { expectNoSeriousViolations } from "./axe";
import { analyze, readRow } from "./extension-data";
import { expect, TEST_API_KEY, test } from "./fixtures";
import { writeSettings } from "./popup-page";

const schema = {
  type: "object",
  properties: { summary: { type: "string" }, rating: { type: "integer", minimum: 1, maximum: 5 } },
  required: ["summary"],
};

async function analyzeWithSchema(page: Page, link: string): Promise<string> {
  const job = await analyze(page, {
    links: [link],
    prompt: "Summarize this page.",
    responseFormat: { type: "json_schema", json_schema: { name: "review", schema } },
  });
  return job.analysisIds[0] as string;
}

test("edit, save, draft kept across reload, schema and syntax errors, conflict merge, unreachable service", async ({
  serviceWorker,
  service,
  fixtureSite,
  openExtensionPage,
}) => {
  await writeSettings(serviceWorker, { baseUrl: service.url, apiKey: TEST_API_KEY });
  const page = await openExtensionPage("editing-harness.html");
  const analysisId = await analyzeWithSchema(page, fixtureSite.url("/news/article.html"));
  await page.goto(`${page.url().replace(/\?.*$/, "")}?analysisId=${analysisId}`);

  const region = page.getByRole("region", { name: "Edit analysis" });
  await page.getByRole("button", { name: "Edit this analysis" }).click();
  const text = page.getByRole("textbox", { name: "Text" });
  await expect(text).toBeFocused();
  await text.fill("# Edited\n\nNew **text**.");
  await page.getByRole("tab", { name: "Preview" }).click();
  await expect(page.getByRole("tabpanel").getByRole("heading", { name: "Edited" })).toBeVisible();
  await page.getByRole("tab", { name: "Write" }).click();

  // JSON: syntax error with line and column, then a schema violation.
  const json = page.getByRole("textbox", { name: "JSON content" });
  await json.fill('{\n  "summary": "ok"\n  "rating": 3\n}');
  await expect(region.getByText("Not valid JSON at line 3, column 3")).toBeVisible();
  await json.fill('{ "summary": "ok", "rating": 9 }');
  await expect(region.getByText("at /rating, must be at most 5")).toBeVisible();
  await page.keyboard.press("Control+s");
  await expect(region.getByText("Not saved: fix the marked fields first.")).toBeVisible();
  await expect(json).toBeFocused();
  await json.fill('{ "summary": "ok", "rating": 4 }');

  // The draft survives the page closing.
  await page.waitForTimeout(400);
  await page.reload();
  await expect(page.getByText("Your unsaved edit was restored.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Text" })).toHaveValue("# Edited\n\nNew **text**.");
  await page.screenshot({ path: "/tmp/editing-form.png", fullPage: true });
  await page.getByRole("button", { name: "Add field" }).click();
  await expectNoSeriousViolations(page, "edit form (light)");
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousViolations(page, "edit form (dark)");
  await page.screenshot({ path: "/tmp/editing-form-dark.png", fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
  await page.getByRole("button", { name: "Remove field 1" }).click();

  await page.getByRole("textbox", { name: "Text" }).press("Control+Enter");
  await expect(page.getByRole("button", { name: "Edit this analysis" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit this analysis" })).toBeFocused();
  const client = createApiClient({ baseUrl: service.url, apiKey: TEST_API_KEY });
  await expect
    .poll(async () => (await client.getAnalysis(analysisId)).textContent)
    .toBe("# Edited\n\nNew **text**.");
  await expect
    .poll(async () => (await readRow<CachedAnalysis>(page, "analyses", analysisId))?.pending)
    .toBeFalsy();
  expect((await client.getAnalysis(analysisId)).jsonContent).toEqual({ summary: "ok", rating: 4 });

  // A change made elsewhere meanwhile: the next save is a conflict.
  await page.getByRole("button", { name: "Edit this analysis" }).click();
  const current = await client.getAnalysis(analysisId);
  await client.updateAnalysis(
    { analysisId, textContent: "Changed on the service." },
    { ifMatch: current.updatedAt },
  );
  await page.getByRole("textbox", { name: "Text" }).fill("My version.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Changed on the service too" })).toBeVisible();
  await expect(page.locator('[data-side="mine"] pre')).toHaveText("My version.");
  await expect(page.locator('[data-side="theirs"] pre')).toHaveText("Changed on the service.");
  await page.screenshot({ path: "/tmp/editing-conflict.png", fullPage: true });
  await expectNoSeriousViolations(page, "conflict (light)");
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousViolations(page, "conflict (dark)");
  await page.emulateMedia({ colorScheme: "light" });
  await page.getByRole("button", { name: "Merge by hand" }).click();
  await expect(
    page.getByRole("heading", { name: "Merging your edit with the service's version" }),
  ).toBeVisible();
  await page.getByText("The service's version of this field").first().click();
  await page.getByRole("textbox", { name: "Text" }).fill("My version. Changed on the service.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect
    .poll(async () => (await client.getAnalysis(analysisId)).textContent)
    .toBe("My version. Changed on the service.");

  // The service unreachable: the edit waits, visible as such, until discarded.
  await writeSettings(serviceWorker, { baseUrl: "http://127.0.0.1:9", apiKey: TEST_API_KEY });
  await page.getByRole("button", { name: "Edit this analysis" }).click();
  await page.getByRole("textbox", { name: "Text" }).fill("Offline edit.");
  await page.keyboard.press("Control+s");
  await expect(region.getByText(/Waiting to send \(retry at \d\d:\d\d:\d\d\)/)).toBeVisible();
  await page.screenshot({ path: "/tmp/editing-waiting.png", fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousViolations(page, "waiting edit (dark)");
  await page.emulateMedia({ colorScheme: "light" });
  await page.getByRole("button", { name: "Discard edit" }).click();
  await expect(page.getByRole("button", { name: "Keep the edit" })).toBeFocused();
  await page.getByRole("button", { name: "Discard", exact: true }).click();
  await expect(region.getByText(/Waiting to send/)).toHaveCount(0);
  expect((await readRow<CachedAnalysis>(page, "analyses", analysisId))?.textContent).toBe(
    "My version. Changed on the service.",
  );
});
