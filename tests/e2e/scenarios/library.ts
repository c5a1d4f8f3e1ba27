/** The library (Chromium's side panel, Firefox's sidebar): it lists the cached analyses, and search finds one. */
import type { AnalysisRecord } from "../../../lib/api/contract";
import { expect } from "../fixtures";
import type { ScenarioTest } from "./scenario-test";

const RECORDS: AnalysisRecord[] = ["Bees in winter", "Roasting coffee", "Tides and moons"].map(
  (title, i) => ({
    analysisId: `ana_scenario_${i}`,
    createdAt: new Date(Date.UTC(2026, 2, 1 + i, 12)).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 2, 1 + i, 12)).toISOString(),
    analysis: { title, url: `https://site${i}.example/page`, id: `pg_${i}`, text: `A page about ${title}.` },
    textContent: `About ${title.toLowerCase()}.`,
  }),
);

export function libraryScenario(test: ScenarioTest): void {
  test("library: lists the cached analyses, and search finds one", async ({ driver }) => {
    expect(await driver.callTestSeam<number>("cacheRecords", RECORDS)).toBe(RECORDS.length);
    const library = await driver.openExtensionPage("sidepanel.html");
    for (const record of RECORDS) await library.waitForText(record.analysis?.title as string);

    await library.fill("searchbox", "Search", "coffee");
    await expect.poll(async () => (await library.text()).includes("Bees in winter")).toBe(false);
    expect(await library.text()).toContain("Roasting coffee");
    expect(await library.text()).not.toContain("Tides and moons");
  });
}
