/**
 * The language the pages are shown in, switchable while they are open. `browser.i18n` answers only in the
 * browser's language, so a chosen language's messages are read from the extension's own
 * `/_locales/<locale>/messages.json` and translated here; "#i18n" (index.ts) always asks this module.
 */
import { browser } from "wxt/browser";
import { pseudoLocalized } from "./pseudo-locale";
import { createTranslate, lookupIn, type MessagesFile, type Translate } from "./translate";
import { uiLanguageItem } from "./ui-language-item";
import { isUiLanguage, type UiLanguage } from "./ui-locales";

/** A language this module can show: one of ours, or the test builds' pseudo-locale (e2e only). */
export type ShownLanguage = UiLanguage | "pseudo";

let chosen: Translate | undefined;
let chosenTag: string | undefined;
let browserLanguage: { tag: string; translate: Translate } | undefined;
const listeners = new Set<() => void>();

/**
 * The language of the browser's own messages (their htmlLang, as the browser may run in one we do not
 * ship); where there are none (a unit test's fake browser), the runtime's default locale.
 */
function browserLanguageTag(): string {
  try {
    const tag = browser.i18n.getMessage("htmlLang" as never);
    if (tag) return tag;
  } catch {
    // No i18n: fall through to the runtime's locale.
  }
  return new Intl.DateTimeFormat().resolvedOptions().locale;
}

/** The browser's own messages, read at each call (a test may set `browser.i18n` up after this loads). */
function inBrowserLanguage(): Translate {
  const tag = browserLanguageTag();
  if (browserLanguage?.tag !== tag) {
    const lookup = (key: string, substitutions: string[]) =>
      substitutions.length
        ? browser.i18n.getMessage(key as never, substitutions)
        : browser.i18n.getMessage(key as never);
    browserLanguage = { tag, translate: createTranslate(lookup, tag) };
  }
  return browserLanguage.translate;
}

/** A message in the shown language, with the arguments of @wxt-dev/i18n's `i18n.t`. */
export const translate: Translate = (key, ...args) => (chosen ?? inBrowserLanguage())(key, ...args);

/** The BCP 47 tag of the shown language, for Intl (dates, numbers, plurals) and `lang`. */
export function uiLanguageTag(): string {
  return chosenTag ?? browserLanguageTag();
}

async function fetchMessages(locale: string): Promise<MessagesFile> {
  const response = await fetch(browser.runtime.getURL(`/_locales/${locale}/messages.json` as never));
  if (!response.ok) throw new Error(`No messages for ${locale} (${response.status})`);
  return (await response.json()) as MessagesFile;
}

/** Shows `language` from now on and tells every subscriber; an unknown value means the browser's. */
export async function showLanguage(language: ShownLanguage): Promise<void> {
  if (language === "browser" || !(isUiLanguage(language) || language === "pseudo")) {
    chosen = undefined;
    chosenTag = undefined;
  } else {
    const messages = await fetchMessages(language === "pseudo" ? "en" : language);
    const shown = language === "pseudo" ? pseudoLocalized(messages) : messages;
    chosenTag = shown.htmlLang?.message ?? "en";
    chosen = createTranslate(lookupIn(shown), chosenTag);
  }
  for (const listener of listeners) listener();
}

/** Calls `listener` after each change of the shown language; returns the unsubscribe. */
export function onLanguageShown(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the stored choice, then follows it: a choice made in the options reaches every open page. */
export async function followLanguageChoice(): Promise<void> {
  // A locale that cannot be read (a build without it) leaves the browser's language rather than no page.
  const show = (language: ShownLanguage) => showLanguage(language).catch(() => showLanguage("browser"));
  uiLanguageItem.watch((language) => void show(language));
  await show(await uiLanguageItem.getValue());
}
