/**
 * The main flows of the built extension against the seed-only mock service (tests/fixtures/seed-service),
 * which decides every silence of the seed otherwise than ours: 403 for a refused key, `{message}` error
 * bodies, UUIDs, `+00:00` timestamps, a 0–100 score, merging updates, no ETag, at most 2 links a request
 * here, fields of its own, and a strict `selectFields`.
 */
import type { Page } from "@playwright/test";
import type { CachedAnalysis } from "../../lib/db/schema";
import { type SeedService, startSeedService } from "../fixtures/seed-service/seed-service";
import {
  clickMenu,
  configure,
  finishedJob,
  jobIdOf,
  openTab,
  SUMMARY,
  selectElement,
  startPlainPage,
} from "./context-menu-helpers";
import { chromiumScenarioTest } from "./drivers/chromium-scenario-test";
import { analyze, readRow } from "./extension-data";
import { expect, TEST_API_KEY } from "./fixtures";
import { OptionsPage } from "./options-page";
import { test } from "./popup-fixtures";
import { writeSettings } from "./popup-page";
import { compareLongTitlesScenario } from "./scenarios/compare-long-titles";
import { comparisonInLibraryScenario } from "./scenarios/comparison-in-library";
import { followUpsOnSeedScenario } from "./scenarios/follow-ups-on-seed";
import type { ScenarioTest } from "./scenarios/scenario-test";
import { sourcesOnSeedScenario } from "./scenarios/sources-on-seed";
import { watchOnSeedScenario } from "./scenarios/watches";
import { libraryRow } from "./sidepanel-page";

test.use({ ignoreHTTPSErrors: true });

let seed: SeedService;
test.beforeEach(async () => {
  seed = await startSeedService({ apiKeys: [TEST_API_KEY], refusedKeyStatus: 403, maxLinks: 2 });
});
test.afterEach(async () => {
  await seed.close();
});

const page = (n: number) => `https://pages.example/seed-article-${n}`;

test("Test connection: a key it accepts, and one it refuses with 403", async ({ openExtensionPage }) => {
  seed.choose({ idFormat: "numeric", checkIdFormat: true });
  const options = await OptionsPage.open(openExtensionPage);
  await options.baseUrl.fill(seed.url);
  await options.apiKey.fill(TEST_API_KEY);
  await options.testConnection.click();
  // It checks the id's format first and answers 400: the key was accepted all the same.
  await expect(options.connectionResult).toHaveAttribute("data-state", "ok");
  await expect(options.connectionResult).toContainText("HTTP 400");

  await options.apiKey.fill("not-a-key");
  await options.testConnection.click();
  await expect(options.connectionResult).toHaveAttribute("data-state", "unauthorized");
  await expect(options.connectionResult).toContainText("Wrong API key");
  await expect(options.connectionResult).toContainText("HTTP 403 Forbidden: the API key is not valid");
});

test("popup analyze: the result, and a 403 that says the key was refused with a way to the settings", async ({
  popupOn,
}) => {
  const { popup: refused } = await popupOn("/blog/post.html", { baseUrl: seed.url, apiKey: "refused-key" });
  await refused.prompt.fill("Who wrote this?");
  await refused.analyze.click();
  await expect(refused.job.getByText("The service refused the API key (403).")).toBeVisible({
    timeout: 30_000,
  });
  await expect(refused.job.getByRole("button", { name: "Open settings" })).toBeVisible();
  await expect(refused.promptSummary).toContainText("Who wrote this?");

  const { popup } = await popupOn("/news/article.html", { baseUrl: seed.url });
  await popup.prompt.fill("What is this page about?");
  await popup.analyze.click();
  await expect(popup.card).toBeVisible({ timeout: 30_000 });
  await expect(popup.card.getByRole("heading", { level: 3 })).toContainText("News Article");
  expect(seed.requests({ path: "/v1/links" }).map((r) => r.status)).toEqual([403, 200]);
});

test("menu analyze of selected links: chunks the service refuses as too large are split", async ({
  context,
  serviceWorker,
}) => {
  await configure(serviceWorker, seed.url);
  const links = [1, 2, 3, 4, 5].map(page);
  const plain = await startPlainPage(`<!doctype html><html><head><title>Reading list</title></head><body>
    <div id="picked">${links.map((link, i) => `<p><a href="${link}">Article ${i + 1}</a></p>`).join("")}</div>
  </body></html>`);
  try {
    const { tabId, page: tab } = await openTab(context, serviceWorker, plain.url);
    await selectElement(tab, "picked");
    const outcome = await clickMenu(
      serviceWorker,
      { menuItemId: `linklens:selection:${SUMMARY.id}`, pageUrl: plain.url, frameId: 0 },
      { id: tabId, url: plain.url },
    );
    const job = await finishedJob(serviceWorker, jobIdOf(outcome));
    expect(job.status).toBe("done");
    expect(job.analysisIds).toHaveLength(5);
    expect(job.linkLimit).toEqual({ refused: 3, learned: 2 });
    expect(seed.creditsCharged()).toBe(5);
    const sizes = seed
      .requests({ path: "/v1/links" })
      .map((r) => [(r.body as { link: string[] }).link.length, r.status]);
    expect(sizes).toEqual([
      [5, 400],
      [3, 400],
      [2, 200],
      [2, 200],
      [1, 200],
    ]);
  } finally {
    await plain.close();
  }
});

/** Opens the side panel on the analyses of `links`, made through the worker as the popup does. */
async function analyzedInSidePanel(
  serviceWorker: Parameters<typeof writeSettings>[0],
  openExtensionPage: (path: string) => Promise<Page>,
  links: string[],
) {
  await writeSettings(serviceWorker, { baseUrl: seed.url, apiKey: TEST_API_KEY });
  const panel = await openExtensionPage("sidepanel.html");
  await panel.setViewportSize({ width: 400, height: 800 });
  const job = await analyze(panel, {
    links,
    prompt: "Summarize this page.",
    metadata: { batch: "one", topic: "old" },
  });
  return { panel, ids: job.analysisIds };
}

async function openDetail(panel: Page, analysisId: string) {
  const row = (await readRow<CachedAnalysis>(panel, "analyses", analysisId)) as CachedAnalysis;
  const title = row.analysis?.title as string;
  await panel.getByRole("searchbox", { name: "Search" }).fill(title);
  await libraryRow(panel, analysisId).click();
  await expect(panel.getByRole("heading", { level: 2 })).toHaveText(title);
}

test("side-panel edit on a merging service: the user is told what it kept and chooses", async ({
  serviceWorker,
  openExtensionPage,
}) => {
  const { panel, ids } = await analyzedInSidePanel(serviceWorker, openExtensionPage, [page(1)]);
  const id = ids[0] as string;
  await openDetail(panel, id);
  await panel.getByRole("button", { name: "Edit this analysis" }).click();
  await expect(panel.getByRole("textbox", { name: "Key 2" })).toHaveValue("topic");
  await panel.getByRole("button", { name: "Remove field 2" }).click();
  await panel.getByRole("button", { name: "Save" }).click();

  const kept = panel.getByRole("region", { name: "The service kept another version" });
  await expect(kept).toBeVisible({ timeout: 20_000 });
  await expect(kept).toContainText(
    'The service saved your edit differently: it merged your metadata with its own and kept the key "topic", which you removed.',
  );
  await expect(kept.getByRole("figure", { name: "Your version" })).not.toContainText("topic");
  await expect(kept.getByRole("figure", { name: "Service's version" })).toContainText("topic");
  // No If-Match: this service never gave an ETag.
  expect(seed.requests({ method: "POST", path: "/v1/analyses" }).map((r) => r.headers["if-match"])).toEqual([
    undefined,
  ]);
  await kept.getByRole("button", { name: "Take theirs" }).click();
  await expect(kept).toHaveCount(0);
  await expect
    .poll(async () => (await readRow<CachedAnalysis>(panel, "analyses", id))?.pending ?? false)
    .toBe(false);
});

test("related on a strict service: metadata asked for, selectFields left out, only known fields listed", async ({
  serviceWorker,
  openExtensionPage,
}) => {
  const { panel, ids } = await analyzedInSidePanel(serviceWorker, openExtensionPage, [
    page(1),
    page(2),
    page(3),
  ]);
  await openDetail(panel, ids[0] as string);
  const refine = panel.locator("details.related__refine");
  await expect(refine).toBeVisible();
  if (!(await refine.evaluate((element) => (element as HTMLDetailsElement).open))) {
    await refine.locator("summary").click();
  }
  const fields = panel.getByRole("group", { name: "Fields to fetch" });
  for (const label of ["Created", "Page (title, address, text…)", "Analysis text", "JSON content"]) {
    await fields.getByLabel(label, { exact: true }).uncheck();
  }
  await panel.getByRole("button", { name: "List related" }).click();
  const items = panel.locator(".related-item");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("Fields: Updated, Metadata");
  await expect(items.first()).toContainText('"topic":"old"');
  await expect(panel.locator(".related-list")).not.toContainText("status");
  const listed = seed.requests({ path: "/v1/analyses/related" });
  expect(listed.every((r) => r.status === 200)).toBe(true);
  expect(
    listed.every((r) => r.query.selectFields === undefined || !r.query.selectFields.includes("metadata")),
  ).toBe(true);
});

test("many tabs: one job of the window's https pages, sent as the service's limit allows", async ({
  context,
  serviceWorker,
  fixtureSite,
  openPopupFor,
}) => {
  test.setTimeout(90_000);
  await configure(serviceWorker, seed.url);
  const links = [1, 2, 3, 4].map((n) => fixtureSite.url(`/many/${n}.html`));
  const first = await context.newPage();
  await first.goto(links[0] as string);
  await serviceWorker.evaluate(async (list) => {
    const { chrome } = globalThis as any;
    for (const url of list) await chrome.tabs.create({ url, active: false });
  }, links.slice(1));
  await expect
    .poll(() =>
      serviceWorker.evaluate(async (list) => {
        const { chrome } = globalThis as any;
        const tabs: unknown[] = await chrome.tabs.query({ currentWindow: true });
        return tabs.length >= list.length;
      }, links),
    )
    .toBe(true);
  const popup = await openPopupFor(first);
  await popup.page.getByText("Analyze many tabs…").click();
  const section = popup.page.getByRole("region", { name: "Many tabs" });
  await section.getByRole("button", { name: "All tabs in this window" }).click();
  const granted = await popup.page.evaluate(() =>
    (globalThis as any).chrome.permissions.contains({ permissions: ["tabs"] }),
  );
  // `tabs` is optional: Chromium cannot be told to grant it from a test (see tests/e2e/scenarios/many-tabs.ts).
  test.skip(!granted, "the optional tabs permission cannot be granted in this browser's e2e run");
  await expect(section.getByRole("status")).toContainText("Queued 4 pages in one job.");

  await expect.poll(() => seed.creditsCharged(), { timeout: 60_000 }).toBe(4);
  const sent = seed.requests({ path: "/v1/links" });
  expect(sent.map((r) => [(r.body as { link: string[] }).link.length, r.status])).toEqual([
    [4, 400],
    [2, 200],
    [2, 200],
  ]);
  expect(new Set(sent.flatMap((r) => (r.status === 200 ? (r.body as { link: string[] }).link : [])))).toEqual(
    new Set(links),
  );
});

// The shared scenarios that run against this mock in both browsers (Firefox: firefox/seed-service.spec.ts).
const scenarioTest = chromiumScenarioTest.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
  tenantKey: async ({}, use) => {
    await use(TEST_API_KEY);
  },
});
followUpsOnSeedScenario(scenarioTest as unknown as ScenarioTest, () => seed);
sourcesOnSeedScenario(scenarioTest as unknown as ScenarioTest, () => seed);
compareLongTitlesScenario(scenarioTest as unknown as ScenarioTest, () => seed);
comparisonInLibraryScenario(scenarioTest as unknown as ScenarioTest, () => seed);
watchOnSeedScenario(scenarioTest as unknown as ScenarioTest, () => seed);
