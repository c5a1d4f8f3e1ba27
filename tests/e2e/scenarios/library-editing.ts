/**
 * The library (Chromium's side panel, Firefox's sidebar) edits an analysis: the edit is previewed, saved
 * and lands on the service; an edit made on an older version than the service's shows both versions, and
 * "Keep mine" lands the user's. (The other ways out of a conflict and the editors' checks: editing.spec.ts.)
 */
import { createApiClient } from "../../../lib/api/client";
import type { CachedAnalysis, OutboxEntry } from "../../../lib/db/schema";
import type { DriverPage } from "../drivers/driver";
import { expect } from "../fixtures";
import { analyzed, rows, storeSettings } from "./extension-state";
import type { ScenarioTest } from "./scenario-test";

/** Analyzes `link` from the library page and answers the analysis's id and title. */
async function analyzedLink(library: DriverPage, link: string): Promise<{ id: string; title: string }> {
  const job = await analyzed(library, { links: [link], prompt: "Summarize this page." });
  const id = job.analysisIds[0] as string;
  const row = (await rows<CachedAnalysis>(library, "analyses")).find((cached) => cached.analysisId === id);
  return { id, title: row?.analysis?.title as string };
}

/** The words of a text, one space between each (block elements' text runs together or breaks lines). */
const words = (text: string) => text.replace(/\s+/g, " ").trim();

/** Every edit has landed: nothing waits in the outbox. */
async function settled(library: DriverPage): Promise<void> {
  await expect.poll(() => rows<OutboxEntry>(library, "outbox")).toEqual([]);
}

export function libraryEditingScenario(test: ScenarioTest): void {
  test("library: an edit saves to the service; a conflict shows mine and theirs, and Keep mine lands mine", async ({
    driver,
    service,
    fixtureSite,
    tenantKey,
  }) => {
    const client = createApiClient({ baseUrl: service.url, apiKey: tenantKey });
    const library = await driver.openExtensionPage("sidepanel.html");
    await storeSettings(library, { baseUrl: service.url, apiKey: tenantKey });
    const { id, title } = await analyzedLink(library, fixtureSite.url("/many/15.html"));

    // Found by its title and opened, as a user does.
    await library.fill("searchbox", "Search", title);
    await library.clickText(title);
    await library.click("button", "Edit this analysis");
    await library.fill("textbox", "Text", "# Edited\n\nNew **text**.");
    await library.click("tab", "Preview");
    // Rendered as Markdown: a heading and a paragraph, no marks left.
    await expect
      .poll(async () => words(await library.textOf("tabpanel", "Preview")))
      .toBe("Edited New text.");
    await library.click("tab", "Write");
    await library.click("button", "Save");

    await expect
      .poll(async () => (await client.getAnalysis(id)).textContent)
      .toBe("# Edited\n\nNew **text**.");
    await settled(library);
    // The read-only view again, showing the saved text as Markdown.
    await expect
      .poll(async () => words(await library.textOf("region", "Analysis")))
      .toContain("Edited New text.");

    // Meanwhile the analysis changes on the service; the edit then saved is made on the older version.
    await library.click("button", "Edit this analysis");
    const current = await client.getAnalysis(id);
    await client.updateAnalysis(
      { analysisId: id, textContent: "Changed on the service." },
      { ifMatch: current.updatedAt },
    );
    await library.fill("textbox", "Text", "My version.");
    await library.click("button", "Save");

    expect(await library.textOf("region", "Changed on the service too")).toContain("My version.");
    expect(await library.textOf("figure", "Your version")).toContain("My version.");
    expect(await library.textOf("figure", "Service's version")).toContain("Changed on the service.");
    await library.click("button", "Keep mine");

    await expect.poll(async () => (await client.getAnalysis(id)).textContent).toBe("My version.");
    await settled(library);
    await expect.poll(() => library.textOf("region", "Analysis")).toContain("My version.");
    expect(
      (await rows<CachedAnalysis>(library, "analyses")).find((row) => row.analysisId === id),
    ).toMatchObject({ textContent: "My version." });
  });
}
