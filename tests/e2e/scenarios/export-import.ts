/**
 * Export, then import, round-trips the library: analyses made by the real service are exported as JSON
 * through the library's menu (a real download), and imported through "Import JSON…" (a real file chooser)
 * into a second browser with a fresh profile, where the same records come back; importing again adds
 * nothing, and malformed files give a clear error and change nothing. (Markdown and CSV exports,
 * selection and delete: sidepanel-export-import.spec.ts.)
 */
import { serverFieldsOf } from "../../../lib/db/records";
import type { CachedAnalysis, UsageRow } from "../../../lib/db/schema";
import type { DriverPage } from "../drivers/driver";
import { expect } from "../fixtures";
import { analyzed, pageConnectedTo, rows } from "./extension-state";
import type { ScenarioTest } from "./scenario-test";

/** The cached records as the service sent them (no local fields), in the order of their ids. */
async function serverRecords(page: DriverPage): Promise<Record<string, unknown>[]> {
  const cached = await rows<CachedAnalysis>(page, "analyses");
  return cached.sort((a, b) => a.analysisId.localeCompare(b.analysisId)).map(serverFieldsOf);
}

export function exportImportScenario(test: ScenarioTest): void {
  test("export, then import into a fresh profile, round-trips the library; malformed files change nothing", async ({
    driver,
    launchDriver,
    service,
    fixtureSite,
    tenantKey,
  }) => {
    test.setTimeout(150_000);
    const library = await pageConnectedTo(driver, "sidepanel.html", service.url, tenantKey);
    await analyzed(library, {
      links: [fixtureSite.manyPageUrl(1), fixtureSite.manyPageUrl(2)],
      prompt: "What is this page about?",
      metadata: { batch: "one", n: 1 },
    });
    await analyzed(library, {
      links: [fixtureSite.manyPageUrl(3)],
      prompt: "Summarize it.",
      metadata: { batch: "two", reviewed: true },
      responseFormat: {
        type: "json_schema",
        json_schema: {
          name: "gist",
          schema: { type: "object", properties: { gist: { type: "string" } }, required: ["gist"] },
        },
      },
    });
    await library.waitForText("3 analyses");
    const originals = await serverRecords(library);
    expect(originals).toHaveLength(3);

    // Everything exported as JSON through the library's menu.
    await library.click("button", "Export and import");
    const exported = await library.download("button", "Export all");
    expect(exported.name).toMatch(/^linklens-\d{4}-\d{2}-\d{2}\.json$/);
    const document = JSON.parse(exported.text);
    expect(document).toMatchObject({ format: "linklens-export", version: 1 });
    expect(document.analyses.map((row: CachedAnalysis) => row.analysisId).sort()).toEqual(
      originals.map((row) => row.analysisId),
    );
    expect(document.usage).toHaveLength(2);
    await library.waitForText("Exported 3 analyses to linklens-");

    // A malformed file, in a library that has analyses: a clear error, and the cache is as it was.
    await library.upload("button", "Import JSON…", {
      name: "broken.json",
      text: '{"format": "linklens-export", "analyses": [',
    });
    await library.waitForText("This file is not JSON");
    await library.waitForText("Nothing was imported; the library is unchanged.");
    expect(await library.text()).toMatch(/line 1, column \d+/);
    expect(await serverRecords(library)).toEqual(originals);

    // A second browser of the same kind, with the extension newly installed: empty, then the file imported.
    const fresh = await launchDriver();
    const other = await fresh.openExtensionPage("sidepanel.html");
    await other.waitForText("No analyses yet");
    await other.click("button", "Export and import");

    await other.upload("button", "Import JSON…", { name: "notes.json", text: "this is not JSON at all" });
    await other.waitForText("This file is not JSON, so it cannot be a Linklens export.");
    await other.waitForText("not a JSON file: a value was expected (line 1, column 1)");

    // Valid JSON of the wrong shape: the problems are named by their place in the file.
    const wrongShape = {
      format: "linklens-export",
      version: 1,
      exportedAt: "yesterday",
      analyses: [{ analysisId: 42, createdAt: "2026-01-01T00:00:00Z" }],
    };
    await other.upload("button", "Import JSON…", { name: "wrong.json", text: JSON.stringify(wrongShape) });
    await other.waitForText("This file is not a valid Linklens JSON export.");
    await other.waitForText("must be an ISO 8601 timestamp");
    await other.waitForText("analyses.0.analysisId");
    await other.upload("button", "Import JSON…", {
      name: "other.json",
      text: JSON.stringify({ analyses: [] }),
    });
    await other.waitForText('"format" must be "linklens-export"');
    expect(await rows(other, "analyses")).toEqual([]);
    expect(await rows(other, "usage")).toEqual([]);

    await other.upload("button", "Import JSON…", exported);
    await other.waitForText(`${exported.name}: 3 added, 0 updated, 0 skipped.`);
    await other.waitForText("3 analyses");
    expect(await serverRecords(other)).toEqual(originals);
    expect(await rows<UsageRow>(other, "usage")).toHaveLength(2);

    // Importing it again adds nothing: every record is already there, as new.
    await other.upload("button", "Import JSON…", exported);
    await other.waitForText("0 added, 0 updated, 3 skipped.");
    expect(await serverRecords(other)).toEqual(originals);
  });
}
