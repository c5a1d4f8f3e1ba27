/**
 * Prompt templates in the popup: `{{title}}`, `{{host}}`, `{{selection}}`, `{{meta:NAME}}`… are filled from the
 * target tab, previewed with each value marked, and only the filled prompt is sent; a template with a problem
 * is shown as an error under the prompt and never sent. Against the real worker, service and fixture site.
 */
import type { Page } from "@playwright/test";
import { createApiClient } from "../../lib/api/client";
import type { AnalyzeJob } from "../../lib/db/schema";
import { expectNoSeriousViolations } from "./axe";
import { clickMenu, countJobs, finishedJob, jobIdOf, openTab, readJob } from "./context-menu-helpers";
import { readRows } from "./extension-data";
import { expect, TEST_API_KEY } from "./fixtures";
import { test } from "./popup-fixtures";
import { writeSettings } from "./popup-page";

const ARTICLE = "/news/article.html";
const TITLE = "Riverside tram line opens to passengers | Northbridge Courier";

/** Selects the article's first paragraph, as a user would before opening the popup; answers its text. */
async function selectFirstParagraph(page: Page): Promise<string> {
  return page.evaluate(() => {
    const paragraph = document.querySelector("article p, main p, p") as HTMLElement;
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    const selection = getSelection() as Selection;
    selection.removeAllRanges();
    selection.addRange(range);
    return selection.toString().trim();
  });
}

test("a preset's template is previewed filled from the tab, and the filled prompt is what the service gets", async ({
  service,
  fixtureSite,
  tabOn,
  openPopupFor,
}) => {
  const template =
    "For readers of {{host}}: how long is the trip in “{{title}}”? Context: {{meta:description}} Quote: {{selection}}";
  const article = await tabOn(ARTICLE, {
    presets: [{ id: "p-trip", name: "Trip time", prompt: template, temperature: 0 }],
    defaultPresetId: "p-trip",
  });
  await expect(article).toHaveTitle(TITLE);
  const description = await article.locator('meta[name="description"]').getAttribute("content");
  const selection = await selectFirstParagraph(article);
  expect(description && selection).toBeTruthy();
  const popup = await openPopupFor(article);

  await popup.page.getByRole("combobox", { name: "Preset" }).selectOption({ label: "Trip time (default)" });
  await expect(popup.prompt).toHaveValue(template);
  const preview = popup.page.getByRole("region", { name: "Prompt as it will be sent" });
  const filled = `For readers of localhost: how long is the trip in “${TITLE}”? Context: ${description} Quote: ${selection}`;
  await expect(preview).toHaveText(`Prompt as it will be sent${filled}`);
  // Each variable's value is marked in the preview.
  await expect(preview.locator("mark")).toHaveText(["localhost", TITLE, description ?? "", selection]);
  await expectNoSeriousViolations(popup.page, "the popup with a template's preview");

  await popup.analyze.click();
  await expect(popup.card).toBeVisible({ timeout: 30_000 });
  const analysisId = await popup.card.getAttribute("data-analysis-id");

  // What the worker sent is the filled prompt, never the template.
  const jobs = await readRows<AnalyzeJob>(popup.page, "jobs");
  expect(jobs.map((job) => job.request.prompt)).toEqual([filled]);
  expect(jobs[0]?.analysisIds).toEqual([analysisId]);
  await expect(popup.promptSummary).toContainText(filled.slice(0, 40));

  // The service stored that analysis for the page; asked the filled prompt directly, it writes the same text.
  const client = createApiClient({ baseUrl: service.url, apiKey: TEST_API_KEY });
  const stored = await client.getAnalysis(analysisId ?? "");
  expect(stored.analysis.url).toBe(fixtureSite.url(ARTICLE));
  const direct = await client.analyzeLinks({
    link: [fixtureSite.url(ARTICLE)],
    prompt: filled,
    temperature: 0,
  });
  expect(stored.textContent).toBe(direct.results[0]?.textContent);
});

test("an unknown variable or an unclosed {{ is shown under the prompt and nothing is sent", async ({
  popupOn,
}) => {
  const { popup } = await popupOn(ARTICLE);

  await popup.prompt.fill("Summarize {{titel}} for {{host");
  const error = popup.page.getByText(/^This prompt can't be sent yet:/);
  await expect(error).toHaveText(
    "This prompt can't be sent yet: {{titel}} is not a variable; use {{title}}, {{url}}, {{host}}, {{selection}}, {{date}}, {{meta:NAME}}. “{{host” is never closed with }}.",
  );
  await expect(popup.prompt).toHaveAttribute("aria-invalid", "true");
  await expect(popup.prompt).toHaveAccessibleDescription(/\{\{titel\}\} is not a variable/);
  await expect(popup.page.getByRole("region", { name: "Prompt as it will be sent" })).toHaveCount(0);
  await expectNoSeriousViolations(popup.page, "the popup with a template's problems");

  await popup.analyze.click();
  await popup.prompt.press("Control+Enter");
  await expect(popup.page.getByText("Not analyzed yet: fix the marked fields first.")).toBeVisible();
  await expect(popup.prompt).toBeFocused();
  expect(await readRows<AnalyzeJob>(popup.page, "jobs")).toEqual([]);

  // A meta variable needs a name; fixed, the preview shows and the error goes.
  await popup.prompt.fill("Summarize {{meta:}}");
  await expect(error).toContainText("{{meta:}} needs a meta tag name, like {{meta:description}}.");
  await popup.prompt.fill("Summarize {{title}}");
  await expect(error).toHaveCount(0);
  await expect(popup.page.getByRole("region", { name: "Prompt as it will be sent" })).toContainText(
    "Summarize Riverside tram line opens to passengers",
  );
  expect(await readRows<AnalyzeJob>(popup.page, "jobs")).toEqual([]);
});

test("a template preset from the page menu and the shortcut is filled from the tab before it is queued, and a bad one starts nothing", async ({
  context,
  service,
  serviceWorker,
  fixtureSite,
}) => {
  const url = fixtureSite.url(ARTICLE);
  await writeSettings(serviceWorker, {
    baseUrl: service.url,
    apiKey: TEST_API_KEY,
    presets: [
      {
        id: "p-about",
        name: "About",
        prompt: "What does {{host}} say in “{{title}}” about {{selection}}?",
        temperature: 0,
      },
      { id: "p-bad", name: "Broken", prompt: "Summarize {{headline}}", temperature: 0 },
    ],
    defaultPresetId: "p-about",
  });
  const { tabId } = await openTab(context, serviceWorker, url);
  const tab = { id: tabId, url, title: TITLE, windowId: 1 };

  const outcome = await clickMenu(
    serviceWorker,
    { menuItemId: "linklens:page:p-about", pageUrl: url, selectionText: "the tram" },
    tab,
  );
  const job = await finishedJob(serviceWorker, jobIdOf(outcome));
  expect(job.status).toBe("done");
  expect(job.request.prompt).toBe(`What does localhost say in “${TITLE}” about the tram?`);

  const shortcut = (await serviceWorker.evaluate(
    (commandTab) => (globalThis as any).linklensTest.handleCommand("analyze-page", commandTab),
    tab,
  )) as { jobId: string };
  const fromShortcut = await readJob(serviceWorker, jobIdOf(shortcut));
  expect(fromShortcut?.request.prompt).toBe(`What does localhost say in “${TITLE}” about ?`);

  const before = await countJobs(serviceWorker);
  const refused = await clickMenu(serviceWorker, { menuItemId: "linklens:page:p-bad", pageUrl: url }, tab);
  expect(refused).toEqual({ refused: expect.stringContaining("{{headline}} is not a variable") });
  expect(refused).toEqual({ refused: expect.stringContaining("“Broken”") });
  expect(await countJobs(serviceWorker)).toBe(before);
});
