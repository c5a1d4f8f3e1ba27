import { presetsDefaultFirst } from "../settings/preset-order";
import type { Settings } from "../settings/settings";
import type { LinklensDatabase } from "./database";
import type { PresetRow } from "./schema";

/** The rows of the `presets` table for these settings: the user's order, the default one marked. */
function presetRows(settings: Pick<Settings, "presets" | "defaultPresetId">): PresetRow[] {
  return settings.presets.map((preset, order) => ({
    ...preset,
    order,
    ...(preset.id === settings.defaultPresetId && { isDefault: true }),
  }));
}

/** Replaces the table's rows with these settings' presets, in one transaction (readers never see it half done). */
export function replacePresets(
  db: LinklensDatabase,
  settings: Pick<Settings, "presets" | "defaultPresetId">,
) {
  return db.transaction("rw", db.presets, async () => {
    await db.presets.clear();
    await db.presets.bulkAdd(presetRows(settings));
  });
}

/** The presets with the default one first, then the others in the user's order (popup and menus list them so). */
export async function listPresets(db: LinklensDatabase): Promise<PresetRow[]> {
  const rows = await db.presets.orderBy("order").toArray();
  return presetsDefaultFirst({ presets: rows, defaultPresetId: rows.find((row) => row.isDefault)?.id });
}
