import { uiLanguageTag } from "../../lib/i18n/ui-language";

/** HH:MM:SS in the shown language, 24-hour. */
export function timeOfDay(epochMs: number): string {
  return new Date(epochMs).toLocaleTimeString(uiLanguageTag(), {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hour12: false,
  });
}
