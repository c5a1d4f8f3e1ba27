/**
 * The languages Linklens ships (locales/<locale>.yml, built into _locales/<locale>/) and the names Intl
 * takes for them. The options page offers these, or the browser's own language (the default).
 */

export const UI_LOCALES = ["en", "fr", "de", "es", "pt_BR", "it", "ja", "zh_CN"] as const;
export type UiLocale = (typeof UI_LOCALES)[number];

/** The user's choice: the browser's language, or one of ours whatever the browser's is. */
export type UiLanguage = "browser" | UiLocale;

export function isUiLanguage(value: unknown): value is UiLanguage {
  return value === "browser" || UI_LOCALES.includes(value as UiLocale);
}

/** The BCP 47 tag Intl and `lang` take (`pt-BR`) for a locale folder's name (`pt_BR`). */
export function languageTag(locale: UiLocale): string {
  return locale.replace("_", "-");
}

/** A locale's name in its own language ("Deutsch", "日本語"), as a reader of it looks for it in a list. */
export function languageName(locale: UiLocale): string {
  const tag = languageTag(locale);
  const name = new Intl.DisplayNames([tag], { type: "language" }).of(tag) ?? tag;
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
}
