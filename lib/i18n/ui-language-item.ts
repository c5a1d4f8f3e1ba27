import { storage } from "wxt/utils/storage";
import type { UiLanguage } from "./ui-locales";

/**
 * The language chosen in the options. Kept apart from the settings object: it applies the moment it is
 * chosen (every open page follows it), not with the settings' Save, and the service never needs it.
 */
export const uiLanguageItem = storage.defineItem<UiLanguage>("local:uiLanguage", { fallback: "browser" });
