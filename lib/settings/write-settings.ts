import { Settings } from "./settings";
import { settingsItem } from "./settings-item";

/** Validates and stores the settings; throws the zod error when they are not valid (nothing is written). */
export async function writeSettings(settings: Settings): Promise<Settings> {
  const parsed = Settings.parse(settings);
  await settingsItem.setValue(parsed);
  return parsed;
}
