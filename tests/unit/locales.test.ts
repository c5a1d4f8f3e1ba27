import { readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { generateChromeMessages, parseMessagesFile } from "@wxt-dev/i18n/build";
import { describe, expect, it } from "vitest";

const LOCALES_DIR = join(import.meta.dirname, "../../locales");

/** Every message of a locale file as the extension gets it (messages.json: plural forms joined by " | "). */
async function messagesOf(locale: string): Promise<Map<string, string>> {
  const chrome = generateChromeMessages(await parseMessagesFile(join(LOCALES_DIR, `${locale}.yml`)));
  return new Map(Object.entries(chrome).map(([key, value]) => [key, value.message]));
}

/** The placeholders a message uses, sorted: `$1` positional ones and `{name}` named ones, each once. */
function placeholdersOf(message: string): string[] {
  const found = message.match(/\$\d|\{[A-Za-z]\w*\}/g) ?? [];
  return [...new Set(found)].sort();
}

const locales = readdirSync(LOCALES_DIR)
  .filter((file) => file.endsWith(".yml") && file !== "en.yml")
  .map((file) => basename(file, ".yml"));

describe("locales", () => {
  it("ship the seven translations beside English", () => {
    expect(locales.sort()).toEqual(["de", "es", "fr", "it", "ja", "pt_BR", "zh_CN"]);
  });

  // One test per locale, each listing every problem at once, so a merge that adds English keys shows what to translate.
  it.each(locales)("%s has every key of en, with its placeholders, and no other", async (locale) => {
    const en = await messagesOf("en");
    const translated = await messagesOf(locale);
    const missing = [...en.keys()].filter((key) => !translated.has(key));
    const extra = [...translated.keys()].filter((key) => !en.has(key));
    const placeholders = [...en]
      .filter(([key]) => translated.has(key))
      .filter(
        ([key, message]) =>
          placeholdersOf(message).join() !== placeholdersOf(translated.get(key) ?? "").join(),
      )
      .map(
        ([key, message]) =>
          `${key}: en ${placeholdersOf(message).join(" ")}, ${locale} ${placeholdersOf(translated.get(key) ?? "").join(" ")}`,
      );
    expect({ missing, extra, placeholders }, `locales/${locale}.yml`).toEqual({
      missing: [],
      extra: [],
      placeholders: [],
    });
  });
});
