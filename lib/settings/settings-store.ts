import { coerceSettings, Settings } from "./settings";
import { settingsItem } from "./settings-item";

export { settingsItem };

/** The stored settings, always usable: invalid fields fall back to their defaults. */
export async function readSettings(): Promise<Settings> {
  return coerceSettings(await settingsItem.getValue());
}

/** Calls `listener` with the (usable) settings every time they change; returns the function that stops it. */
export function watchSettings(listener: (settings: Settings) => void): () => void {
  return settingsItem.watch((value) => listener(coerceSettings(value)));
}

/** Validates and stores the settings; throws the zod error when they are not valid (nothing is written). */
export async function writeSettings(settings: Settings): Promise<Settings> {
  const parsed = Settings.parse(settings);
  await settingsItem.setValue(parsed);
  return parsed;
}
