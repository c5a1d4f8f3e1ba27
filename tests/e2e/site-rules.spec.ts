/**
 * Per-site rules (lib/settings/site-rules.ts): edited on the options page (add, pattern, preset, reorder,
 * delete with undo; an invalid pattern blocks the save), stored in the settings; the popup on a matching
 * page starts with the rule's preset and says which rule chose it; the menus' site-rule item (driven
 * through the worker's test seam) and the shortcut analyze with the rule's preset.
 */
import type { Worker } from "@playwright/test";
import { createApiClient } from "../../lib/api/client";
import type { SiteRule } from "../../lib/settings/site-rules";
import { expectNoSeriousViolations } from "./axe";
import { clickMenu, FACTS, finishedJob, jobIdOf, openTab, SUMMARY } from "./context-menu-helpers";
import { expect, TEST_API_KEY } from "./fixtures";
import { OptionsPage, readStoredSettings } from "./options-page";
import { test } from "./popup-fixtures";
import { readStoredDraft } from "./popup-page";

test.use({ ignoreHTTPSErrors: true });

const CRITIQUE = {
  id: "e2e-critique",
  name: "Critique",
  prompt: "How far can this page be trusted?",
  temperature: 0.5,
};

/** Settings v3 as the options page stores them, with `siteRules`. */
async function configure(worker: Worker, baseUrl: string, siteRules: SiteRule[] = []): Promise<void> {
  const settings = {
    baseUrl,
    apiKey: TEST_API_KEY,
    defaultPrompt: "Summarize this page.",
    defaultTemperature: 0,
    presets: [SUMMARY, FACTS, CRITIQUE],
    defaultPresetId: SUMMARY.id,
    siteRules,
  };
  await worker.evaluate(async (value) => {
    const { chrome } = globalThis as any;
    await chrome.storage.local.set({ settings: value, settings$: { v: 3 } });
  }, settings);
}

test("the options page adds, edits, reorders and deletes rules; a bad pattern blocks the save; kept after a reload", async ({
  serviceWorker,
  service,
  openExtensionPage,
}) => {
  await configure(serviceWorker, service.url);
  const options = await OptionsPage.open(openExtensionPage);
  const page = options.page;
  const section = page.getByRole("region", { name: "Site rules" });
  const rules = section.getByRole("list", { name: "Site rules" }).getByRole("listitem");
  await expect(section.getByText("No site rules yet")).toBeVisible();

  // Add: the new rule's pattern takes the focus; its preset starts as the default one.
  await section.getByRole("button", { name: "Add site rule" }).click();
  const firstPattern = rules.nth(0).getByRole("textbox", { name: "Pages matching" });
  await expect(firstPattern).toBeFocused();
  await expect(rules.nth(0).getByRole("combobox", { name: "Use the preset" })).toHaveValue(SUMMARY.id);

  // An invalid pattern is a readable error on the field, and nothing is saved.
  await page.keyboard.type("https://localhost");
  await options.save.click();
  await expect(options.saveAlert).toContainText("Not saved: 1 field needs fixing");
  await expect(firstPattern).toBeFocused();
  await expect(firstPattern).toHaveAttribute("aria-invalid", "true");
  await expect(rules.nth(0)).toContainText("Leave out the scheme: write github.com, not https://github.com.");
  expect((await readStoredSettings(page)).settings?.siteRules).toEqual([]);

  await firstPattern.fill("localhost/blog/*");
  await rules.nth(0).getByRole("combobox", { name: "Use the preset" }).selectOption({ label: FACTS.name });
  await section.getByRole("button", { name: "Add site rule" }).click();
  await rules.nth(1).getByRole("textbox", { name: "Pages matching" }).fill("*.example.com");
  await rules.nth(1).getByRole("combobox", { name: "Use the preset" }).selectOption({ label: CRITIQUE.name });
  await section.getByRole("button", { name: "Add site rule" }).click();
  await rules.nth(2).getByRole("textbox", { name: "Pages matching" }).fill("news.ycombinator.com");

  // Reorder with the keyboard-reachable buttons: the focus follows the moved rule.
  await section.getByRole("button", { name: "Up: move the rule for *.example.com up" }).click();
  await expect(
    section.getByRole("button", { name: "Down: move the rule for *.example.com down" }),
  ).toBeFocused();
  await expect(rules.nth(0).getByRole("textbox", { name: "Pages matching" })).toHaveValue("*.example.com");

  // Delete, undo (the rule comes back in its place), delete again for good.
  await section.getByRole("button", { name: "Delete the rule for localhost/blog/*" }).click();
  await expect(section.getByRole("button", { name: "Undo" })).toBeFocused();
  await expect(rules).toHaveCount(2);
  await page.keyboard.press("Enter");
  await expect(rules).toHaveCount(3);
  await expect(rules.nth(1).getByRole("textbox", { name: "Pages matching" })).toHaveValue("localhost/blog/*");
  await section.getByRole("button", { name: "Delete the rule for news.ycombinator.com" }).click();
  await expect(rules).toHaveCount(2);

  await expectNoSeriousViolations(page, "the options page with site rules");
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousViolations(page, "the options page with site rules, dark");
  await page.emulateMedia({ colorScheme: "light" });

  await options.save.click();
  await expect(options.saveStatus).toHaveText("✓ Settings saved.");
  const stored = await readStoredSettings(page);
  expect(stored.settings$).toEqual({ v: 3 });
  expect(stored.settings?.siteRules?.map(({ pattern, presetId }) => ({ pattern, presetId }))).toEqual([
    { pattern: "*.example.com", presetId: CRITIQUE.id },
    { pattern: "localhost/blog/*", presetId: FACTS.id },
  ]);

  await page.reload();
  await options.baseUrl.waitFor();
  await expect(rules).toHaveCount(2);
  await expect(rules.nth(0).getByRole("textbox", { name: "Pages matching" })).toHaveValue("*.example.com");
  await expect(rules.nth(1).getByRole("combobox", { name: "Use the preset" })).toHaveValue(FACTS.id);
});

test("deleting the preset a rule uses: the rule says so and the save waits for another preset", async ({
  serviceWorker,
  service,
  openExtensionPage,
}) => {
  await configure(serviceWorker, service.url, [{ id: "r1", pattern: "*.github.com", presetId: CRITIQUE.id }]);
  const options = await OptionsPage.open(openExtensionPage);
  const page = options.page;
  const rule = page.getByRole("list", { name: "Site rules" }).getByRole("listitem").first();
  await page.getByRole("button", { name: `Delete: ${CRITIQUE.name}` }).click();
  await expect(rule).toContainText("Its preset was deleted: choose another preset, or delete this rule.");
  await options.save.click();
  await expect(options.saveAlert).toContainText("Not saved");
  await expect(rule.getByRole("combobox", { name: "Use the preset" })).toBeFocused();
  await rule.getByRole("combobox", { name: "Use the preset" }).selectOption({ label: SUMMARY.name });
  await options.save.click();
  await expect(options.saveStatus).toHaveText("✓ Settings saved.");
  expect((await readStoredSettings(page)).settings?.siteRules).toEqual([
    { id: "r1", pattern: "*.github.com", presetId: SUMMARY.id },
  ]);
});

test("the popup on a page a rule matches starts with the rule's preset and says which rule chose it", async ({
  context,
  serviceWorker,
  service,
  fixtureSite,
  openPopupFor,
}) => {
  await configure(serviceWorker, service.url, [
    { id: "r-news", pattern: "localhost/news/*", presetId: CRITIQUE.id },
    { id: "r-blog", pattern: "localhost/blog/*", presetId: FACTS.id },
    { id: "r-all", pattern: "localhost", presetId: CRITIQUE.id },
  ]);
  const post = await context.newPage();
  await post.goto(fixtureSite.url("/blog/post.html"));
  const popup = await openPopupFor(post);

  const note = popup.page.getByTestId("site-rule-note");
  await expect(note).toHaveText(`Preset “${FACTS.name}” from the rule for localhost/blog/*`);
  const picker = popup.page.getByRole("combobox", { name: "Preset" });
  await expect(picker).toHaveValue(FACTS.id);
  await expect(popup.prompt).toHaveValue(FACTS.prompt);
  await expectNoSeriousViolations(popup.page, "the popup with a site rule");
  await popup.page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousViolations(popup.page, "the popup with a site rule, dark");

  // A choice made in this popup wins: the rule does not take it back, even when the settings change.
  await picker.selectOption(SUMMARY.id);
  await expect(popup.prompt).toHaveValue(SUMMARY.prompt);
  await expect(note).toHaveCount(0);
  // The popup has taken the change in once it has heard of it and run a task since (polled by time: a tab
  // in the background gets no animation frames).
  await popup.page.evaluate(() => {
    const scope = globalThis as any;
    scope.settingsHeard = false;
    scope.chrome.storage.onChanged.addListener((changes: Record<string, unknown>) => {
      if (changes.settings) setTimeout(() => (scope.settingsHeard = true), 0);
    });
  });
  await serviceWorker.evaluate(async () => {
    const { chrome } = globalThis as any;
    const { settings } = await chrome.storage.local.get("settings");
    await chrome.storage.local.set({ settings: { ...settings, defaultTemperature: 0.1 } });
  });
  await popup.page.waitForFunction(() => (globalThis as any).settingsHeard === true, null, { polling: 50 });
  await expect(picker).toHaveValue(SUMMARY.id);
  await popup.page.close();

  // A prompt of one's own is never overwritten: the rule's preset is offered instead.
  const article = await context.newPage();
  await article.goto(fixtureSite.url("/news/article.html"));
  const second = await openPopupFor(article);
  await second.prompt.fill("My own question about this page");
  // The draft is saved shortly after a change.
  await expect
    .poll(async () => (await readStoredDraft(serviceWorker))?.prompt)
    .toBe("My own question about this page");
  await second.page.close();
  const third = await openPopupFor(article);
  const offer = third.page.getByTestId("site-rule-note");
  await expect(offer).toContainText(`The rule for localhost/news/* suggests the preset “${CRITIQUE.name}”.`);
  await expect(third.prompt).toHaveValue("My own question about this page");
  await offer.getByRole("button", { name: `Use “${CRITIQUE.name}”` }).click();
  await expect(third.prompt).toHaveValue(CRITIQUE.prompt);
  await expect(offer).toHaveText(`Preset “${CRITIQUE.name}” from the rule for localhost/news/*`);
});

test("the menus' site-rule item and the shortcut analyze with the rule's preset: the stored record has its JSON", async ({
  context,
  serviceWorker,
  service,
  fixtureSite,
}) => {
  test.setTimeout(90_000);
  await configure(serviceWorker, service.url, [
    { id: "r-blog", pattern: "localhost/blog/*", presetId: FACTS.id },
  ]);
  const url = fixtureSite.url("/blog/post.html");
  const { tabId } = await openTab(context, serviceWorker, url);

  // The menu offers the item once there are rules.
  await expect
    .poll(() =>
      serviceWorker.evaluate(async () => {
        const { chrome } = globalThis as any;
        return new Promise<boolean>((resolve) =>
          chrome.contextMenus.update("linklens:page:@site", {}, () => resolve(!chrome.runtime.lastError)),
        );
      }),
    )
    .toBe(true);

  const job = await finishedJob(
    serviceWorker,
    jobIdOf(
      await clickMenu(
        serviceWorker,
        { menuItemId: "linklens:page:@site", pageUrl: url, frameId: 0 },
        { id: tabId, url },
      ),
    ),
    60_000,
  );
  expect(job).toMatchObject({
    status: "done",
    source: "context-page",
    request: { links: [url], prompt: FACTS.prompt },
  });
  const client = createApiClient({ baseUrl: service.url, apiKey: TEST_API_KEY });
  const [analysisId] = job.analysisIds;
  const record = await client.getAnalysis(analysisId as string);
  expect(record.analysis?.url).toBe(url);
  // The rule's preset asks for JSON: the record holds schema-valid JSON, which the default preset never makes.
  expect(record.jsonContent).toMatchObject({ summary: expect.any(String), topics: expect.any(Array) });

  // The shortcut on the same tab picks the rule too; elsewhere, the default preset.
  const shortcut = await serviceWorker.evaluate(
    ([tab]) => (globalThis as any).linklensTest.handleCommand("analyze-page", tab),
    [{ id: tabId, url }] as const,
  );
  const shortcutJob = await finishedJob(serviceWorker, jobIdOf(shortcut as never), 60_000);
  expect(shortcutJob.request).toMatchObject({
    prompt: FACTS.prompt,
    responseFormat: { type: "json_schema" },
  });
  const article = fixtureSite.url("/news/article.html");
  const other = await serviceWorker.evaluate(
    ([tab]) => (globalThis as any).linklensTest.handleCommand("analyze-page", tab),
    [{ id: tabId, url: article }] as const,
  );
  const otherJob = await finishedJob(serviceWorker, jobIdOf(other as never), 60_000);
  expect(otherJob.request.prompt).toBe(SUMMARY.prompt);
});
