/**
 * The toolbar popup against the real worker, the real reference service and the local HTTPS fixture
 * site. A popup opened by a test is a tab of its own, so each test clicks the toolbar button in the page
 * tab (which grants the extension `activeTab` there, as a real click does) and opens
 * `popup.html?tabId=N`, the test seam of lib/active-tab.ts.
 */
import type { Settings } from "../../lib/settings/settings";
import { startServiceProcess } from "../helpers/service-process";
import { expect, TEST_API_KEY } from "./fixtures";
import { type PopupOn, test } from "./popup-fixtures";
import { readSidepanelFocus, readStoredDraft, writeSettings } from "./popup-page";

const ARTICLE = "/news/article.html";

/** The article in a new tab, once it shows, and the popup opened on it (`popupOn`). */
async function popupOnArticle(popupOn: PopupOn, settings?: Partial<Settings>) {
  const opened = await popupOn(ARTICLE, settings);
  await expect(opened.page).toHaveTitle(/Riverside tram line/);
  return opened;
}

test("analyzes the current https tab with a prompt, and shows the result again when reopened", async ({
  serviceWorker,
  fixtureSite,
  openPopupFor,
  popupOn,
}) => {
  const { page: article, popup } = await popupOnArticle(popupOn);

  await expect(popup.page.getByText(fixtureSite.url(ARTICLE))).toBeVisible();
  await popup.prompt.fill("When did the tram line open, and what does it connect?");
  await popup.analyze.click();

  await expect(popup.card).toBeVisible({ timeout: 30_000 });
  const title = popup.card.getByRole("heading", { level: 3 });
  await expect(title).toContainText("tram line");
  await expect(title.getByRole("link")).toHaveAttribute("href", fixtureSite.url(ARTICLE));
  await expect(title.getByRole("link")).toHaveAttribute("target", "_blank");
  await expect(popup.card.locator(".markdown")).toContainText(/tram/i);
  await expect(popup.card.getByText(/^Relevance \d+%$/)).toBeVisible();
  await expect(popup.job.getByText("Credits used")).toBeVisible();
  // The score says what it means on hover; the cost in words; the usage id only behind Details.
  await expect(popup.card.getByText(/^Relevance \d+%$/)).toHaveAttribute("title", /matches your prompt/);
  await expect(popup.job.getByTestId("job-cost")).toHaveText("1 credit");
  await expect(popup.job.getByText("Usage id")).toBeHidden();
  await popup.job.getByText("Details", { exact: true }).click();
  await expect(popup.job.getByText("Usage id")).toBeVisible();
  // The form folded to the prompt sent; Edit opens it again with the prompt kept.
  await expect(popup.promptSummary).toContainText("When did the tram line open, and what does it connect?");
  await popup.edit.click();
  await expect(popup.prompt).toHaveValue("When did the tram line open, and what does it connect?");

  // The side panel opens on this analysis: the focus is handed over in storage.session.
  const analysisId = await popup.card.getAttribute("data-analysis-id");
  await popup.job.getByRole("button", { name: "Open in side panel" }).click();
  await expect.poll(() => readSidepanelFocus(serviceWorker)).toMatchObject({ analysisIds: [analysisId] });
  await expect(popup.job.getByText(/side panel could not be opened/)).toHaveCount(0);

  // Closed and opened again: the finished job is still there, from the draft and the cache.
  await popup.page.close();
  const again = await openPopupFor(article);
  await expect(again.card.getByRole("heading", { level: 3 })).toContainText("tram line");
  await again.edit.click();
  await expect(again.page.getByRole("combobox", { name: "Recent prompts" })).toContainText(
    "When did the tram line open",
  );
});

test("with a JSON schema, the shown jsonContent matches it", async ({ popupOn }) => {
  const { popup } = await popupOnArticle(popupOn);

  await popup.prompt.fill("Extract the facts of this article.");
  await popup.showOptions();
  await popup.structured.check();
  await popup.schema.fill('{ "type": "object", "properties": { ');
  await expect(popup.page.getByText(/Not valid JSON at line 1, column \d+/)).toBeVisible();
  const schema = {
    type: "object",
    properties: {
      headline: { type: "string" },
      stops: { type: "integer", minimum: 0 },
      topics: { type: "array", items: { type: "string" } },
      opened: { type: "boolean" },
    },
    required: ["headline", "stops", "topics", "opened"],
    additionalProperties: false,
  };
  await popup.schema.fill(JSON.stringify(schema, null, 2));
  await expect(popup.page.getByText("Valid JSON schema for an object.")).toBeVisible();
  await popup.analyze.click();

  await expect(popup.jsonContent).toBeVisible({ timeout: 30_000 });
  const shown = JSON.parse((await popup.jsonContent.textContent()) ?? "") as Record<string, unknown>;
  expect(Object.keys(shown).sort()).toEqual(["headline", "opened", "stops", "topics"]);
  expect(typeof shown.headline).toBe("string");
  expect(Number.isInteger(shown.stops) && (shown.stops as number) >= 0).toBe(true);
  expect(
    Array.isArray(shown.topics) && (shown.topics as unknown[]).every((topic) => typeof topic === "string"),
  ).toBe(true);
  expect(typeof shown.opened).toBe("boolean");
});

test("with metadata, the stored record carries it", async ({ service, popupOn }) => {
  const { popup } = await popupOnArticle(popupOn);

  await popup.prompt.fill("Summarize the article.");
  await popup.showOptions();
  await popup.addMetadataRow(1, "project", "string", "linklens-e2e");
  await popup.addMetadataRow(2, "priority", "number", "abc");
  await expect(popup.page.getByText("Enter a number, like 42 or -1.5.")).toBeVisible();
  await popup.metadataValue(2).fill("3");
  await popup.addMetadataRow(3, "reviewed", "boolean", "true");
  await popup.addMetadataRow(4, "owner", "null");
  await popup.analyze.click();

  await expect(popup.card).toBeVisible({ timeout: 30_000 });
  const analysisId = await popup.card.getAttribute("data-analysis-id");
  expect(analysisId).toBeTruthy();
  const response = await fetch(
    `${service.url}/v1/analyses?analysisId=${encodeURIComponent(analysisId ?? "")}`,
    {
      headers: { "x-api-key": TEST_API_KEY },
    },
  );
  expect(response.status).toBe(200);
  const record = (await response.json()) as { metadata?: unknown };
  expect(record.metadata).toEqual({ project: "linklens-e2e", priority: 3, reviewed: true, owner: null });
});

test("a tab that is not https gets the message, and Analyze is disabled with the reason", async ({
  context,
  service,
  serviceWorker,
  openPopupFor,
}) => {
  await writeSettings(serviceWorker, { baseUrl: service.url, apiKey: TEST_API_KEY });
  const plain = await context.newPage();
  const url = `${service.url}/v1/health`;
  await plain.goto(url);
  const popup = await openPopupFor(plain);

  await expect(popup.page.getByText("Only https pages can be analyzed.", { exact: true })).toBeVisible();
  await expect(popup.page.getByText(`This tab shows ${url}`)).toBeVisible();
  await expect(popup.analyze).toBeDisabled();
  await expect(popup.analyze).toHaveAccessibleDescription(
    "Analyze is unavailable: only https pages can be analyzed.",
  );
});

test("a bad key gives the 401 message with a way to the settings, and keeps the prompt", async ({
  context,
  popupOn,
}) => {
  const { popup } = await popupOnArticle(popupOn, { apiKey: "lk_wrong_key" });

  await popup.prompt.fill("Who wrote this?");
  await popup.prompt.press("Control+Enter");

  await expect(popup.job.getByText("The service refused the API key (401).")).toBeVisible({
    timeout: 30_000,
  });
  const openSettings = popup.job.getByRole("button", { name: "Open settings" });
  await expect(openSettings).toBeVisible();
  await expect(popup.promptSummary).toContainText("Who wrote this?");
  await popup.edit.click();
  await expect(popup.prompt).toHaveValue("Who wrote this?");

  // The options tab the install opened (no key yet then) goes first: the button must open one itself.
  for (const page of context.pages()) if (page.url().endsWith("/options.html")) await page.close();
  const options = context.waitForEvent("page", (page) => page.url().endsWith("/options.html"));
  await openSettings.click();
  await options;
});

test("the service stopped mid-way gives the unreachable message, and keeps the prompt", async ({
  fixtureSite,
  popupOn,
}) => {
  const service = await startServiceProcess({
    apiKeys: `${TEST_API_KEY}:100`,
    args: ["--allow-private-networks", "--ca", fixtureSite.caFile],
  });
  try {
    // A page the fixture site answers after 4 s: slow for the service too, so it is stopped mid-request.
    const { popup } = await popupOn("/slow?ms=4000", { baseUrl: service.url });

    await popup.prompt.fill("Is this page slow?");
    await popup.analyze.click();
    await expect(popup.job.getByText("Analyzing the page…")).toBeVisible();
    await service.close();

    await expect(popup.job.getByText(`Can't reach ${service.url}.`)).toBeVisible({ timeout: 30_000 });
    await expect(popup.job.getByText(/^Retrying in \d+ s\.$|^Retrying now…$/)).toBeVisible();
    await expect(popup.promptSummary).toContainText("Is this page slow?");
    await popup.edit.click();
    await expect(popup.prompt).toHaveValue("Is this page slow?");
  } finally {
    await service.close();
  }
});

test("the draft (prompt, schema, metadata) survives closing and reopening the popup", async ({
  serviceWorker,
  openPopupFor,
  popupOn,
}) => {
  const { page: article, popup } = await popupOnArticle(popupOn);

  const schemaText = '{ "type": "object", "properties": { "summary": { "type": "string" } } }';
  await popup.prompt.fill("A prompt I do not want to type twice");
  await popup.showOptions();
  await popup.temperature.fill("1.3");
  await popup.structured.check();
  await popup.schema.fill(schemaText);
  await popup.addMetadataRow(1, "team", "string", "blue");
  await popup.addMetadataRow(2, "round", "number", "2");
  await expect
    .poll(async () => (await readStoredDraft(serviceWorker))?.prompt)
    .toBe("A prompt I do not want to type twice");
  await expect
    .poll(async () => ((await readStoredDraft(serviceWorker))?.metadataRows as unknown[])?.length)
    .toBe(2);
  await popup.page.close();

  const again = await openPopupFor(article);
  await expect(again.prompt).toHaveValue("A prompt I do not want to type twice");
  // Folded, the options say what they hold.
  await expect(again.options).toContainText("Temperature 1.3 · JSON schema · 2 metadata fields");
  await again.showOptions();
  await expect(again.temperature).toHaveValue("1.3");
  await expect(again.structured).toBeChecked();
  await expect(again.schema).toHaveValue(schemaText);
  await expect(again.metadataKey(1)).toHaveValue("team");
  await expect(again.metadataValue(1)).toHaveValue("blue");
  await expect(again.metadataKey(2)).toHaveValue("round");
  await expect(again.metadataType(2)).toHaveValue("number");
  await expect(again.metadataValue(2)).toHaveValue("2");
});

test("the preset picker lists the presets, default first, follows a change while open, and fills the form", async ({
  service,
  serviceWorker,
  popupOn,
}) => {
  const summary = { id: "p-summary", name: "Summary", prompt: "Summarize this page.", temperature: 0 };
  const facts = { id: "p-facts", name: "Facts", prompt: "List the facts of this page.", temperature: 0.7 };
  const { popup } = await popupOnArticle(popupOn, { presets: [summary, facts], defaultPresetId: facts.id });
  const picker = popup.page.getByRole("combobox", { name: "Preset" });
  const options = picker.getByRole("option");
  await expect(options).toHaveText(["Custom prompt", "Facts (default)", "Summary"]);

  await writeSettings(serviceWorker, {
    baseUrl: service.url,
    apiKey: TEST_API_KEY,
    presets: [summary, { ...facts, name: "Key facts" }],
    defaultPresetId: summary.id,
  });
  await expect(options).toHaveText(["Custom prompt", "Summary (default)", "Key facts"]);

  await picker.selectOption({ label: "Key facts" });
  await expect(popup.prompt).toHaveValue(facts.prompt);
  await popup.showOptions();
  await expect(popup.temperature).toHaveValue("0.7");
});
