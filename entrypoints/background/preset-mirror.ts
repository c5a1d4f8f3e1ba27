/**
 * The presets belong to the settings (storage.local: validated and migrated with them, saved with the
 * options form in one write). The worker keeps a copy in Dexie's `presets` table, so the pages read them
 * like the rest of the cache, with live queries that follow every change.
 */
import type { LinklensDatabase } from "../../lib/db/database";
import { replacePresets } from "../../lib/db/presets";
import type { Settings } from "../../lib/settings/settings";

export interface PresetMirrorDeps {
  db: LinklensDatabase;
  readSettings: () => Promise<Settings>;
  /** Calls `listener` with the new settings whenever they change. */
  watchSettings: (listener: (settings: Settings) => void) => unknown;
}

/** Follows the settings from now on; `sync()` copies the current ones (call it when the worker starts). */
export function setupPresetMirror({ db, readSettings, watchSettings }: PresetMirrorDeps) {
  // One copy at a time, in the order the changes came, so an older copy never lands after a newer one.
  let queue: Promise<void> = Promise.resolve();
  function copy(settings: () => Promise<Settings> | Settings): Promise<void> {
    queue = queue
      .then(async () => replacePresets(db, await settings()))
      .catch((error: unknown) => console.error("linklens: could not copy the presets", error));
    return queue;
  }
  watchSettings((settings) => void copy(() => settings));
  return { sync: () => copy(readSettings) };
}
