/** The worker's copy of the settings' presets in Dexie, followed through real storage change events. */
import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { setupPresetMirror } from "../../entrypoints/background/preset-mirror";
import type { LinklensDatabase } from "../../lib/db/database";
import { listPresets } from "../../lib/db/presets";
import type { Preset, Settings } from "../../lib/settings/settings";
import { DEFAULT_SETTINGS } from "../../lib/settings/settings-defaults";
import { readSettings, watchSettings } from "../../lib/settings/settings-store";
import { writeSettings } from "../../lib/settings/write-settings";
import { freshDatabaseEachTest } from "./helpers/fresh-database";

const SUMMARY: Preset = { id: "summary", name: "Summary", prompt: "Summarize.", temperature: 0 };
const FACTS: Preset = {
  id: "facts",
  name: "Facts",
  prompt: "List the facts.",
  temperature: 0.5,
  schema: { type: "object", properties: { facts: { type: "array", items: { type: "string" } } } },
};
const CRITIQUE: Preset = { id: "critique", name: "Critique", prompt: "Critique it.", temperature: 1 };

const settingsWith = (presets: Preset[], defaultPresetId?: string): Settings => ({
  ...structuredClone(DEFAULT_SETTINGS),
  presets,
  defaultPresetId,
});

let db: LinklensDatabase;
freshDatabaseEachTest("presets", (fresh) => {
  db = fresh;
});
beforeEach(() => {
  fakeBrowser.reset();
});

describe("the presets table", () => {
  it("holds the settings' presets once synced, in the user's order, the default one marked", async () => {
    await writeSettings(settingsWith([SUMMARY, FACTS, CRITIQUE], "facts"));
    await setupPresetMirror({ db, readSettings, watchSettings }).sync();

    const rows = await db.presets.orderBy("order").toArray();
    expect(rows).toEqual([
      { ...SUMMARY, order: 0 },
      { ...FACTS, order: 1, isDefault: true },
      { ...CRITIQUE, order: 2 },
    ]);
    expect((await listPresets(db)).map((row) => row.id)).toEqual(["facts", "summary", "critique"]);
  });

  it("follows every change of the settings: added, renamed, reordered, deleted, a new default", async () => {
    await writeSettings(settingsWith([SUMMARY, FACTS], "summary"));
    await setupPresetMirror({ db, readSettings, watchSettings }).sync();

    await writeSettings(settingsWith([CRITIQUE, { ...SUMMARY, name: "Short summary" }], "critique"));
    await vi.waitFor(async () =>
      expect(await listPresets(db)).toEqual([
        { ...CRITIQUE, order: 0, isDefault: true },
        { ...SUMMARY, name: "Short summary", order: 1 },
      ]),
    );

    await writeSettings(settingsWith([], undefined));
    await vi.waitFor(async () => expect(await db.presets.count()).toBe(0));
    expect(await listPresets(db)).toEqual([]);
  });
});
