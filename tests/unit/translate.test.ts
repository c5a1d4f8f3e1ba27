import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generateChromeMessages, parseMessagesText } from "@wxt-dev/i18n/build";
import { describe, expect, it } from "vitest";
import { pseudoLocalize } from "../../lib/i18n/pseudo-locale";
import { createTranslate, lookupIn } from "../../lib/i18n/translate";

/** A locale's messages.json as the build writes it from locales/<locale>.yml. */
function translateIn(locale: string, tag: string) {
  const text = readFileSync(join(import.meta.dirname, `../../locales/${locale}.yml`), "utf8");
  return createTranslate(lookupIn(generateChromeMessages(parseMessagesText(text, "YAML"))), tag);
}

describe("translate", () => {
  it("picks the plural form by the locale's rules: French says 0 as singular, English as plural", () => {
    const en = translateIn("en", "en");
    const fr = translateIn("fr", "fr");
    expect(en("jobNotifications.analyzed", 0)).toBe("0 links analyzed");
    expect(en("jobNotifications.analyzed", 1)).toBe("1 link analyzed");
    expect(fr("jobNotifications.analyzed", 0)).toBe("0 lien analysé");
    expect(fr("jobNotifications.analyzed", 1)).toBe("1 lien analysé");
    expect(fr("jobNotifications.analyzed", 2)).toBe("2 liens analysés");
  });

  it("has one form for every count in Japanese and Chinese", () => {
    const ja = translateIn("ja", "ja");
    const zh = translateIn("zh_CN", "zh-CN");
    expect([1, 2].map((n) => ja("credits", n))).toEqual(["1 クレジット", "2 クレジット"]);
    expect([1, 5].map((n) => zh("sidepanel.library.count", n))).toEqual(["1 个分析", "5 个分析"]);
  });

  it("fills named and positional substitutions, with a count and names together", () => {
    const de = translateIn("de", "de");
    expect(de("connection.ok", { url: "https://a.example" })).toBe(
      "Verbunden: Der Dienst unter https://a.example hat diesen API-Schlüssel akzeptiert.",
    );
    expect(de("libraryActions.exported", 3, { count: "3", file: "x.json" })).toBe(
      "3 Analysen nach x.json exportiert.",
    );
  });

  it("pseudo-localizes: accented, 40% longer, placeholders and plural forms kept", () => {
    const pseudo = pseudoLocalize("Deleted {count} analyses from $1 | x");
    const [form] = pseudo.split(" | ");
    expect(form).toMatch(/^\[Đéłéţéđ \{count\} àñàłýšéš fŕóm \$1[ ~]+\]$/u);
    expect(pseudo.split(" | ")).toHaveLength(2);
    expect((form?.length ?? 0) - 2).toBeGreaterThanOrEqual(
      Math.ceil("Deleted {count} analyses from $1".length * 1.4),
    );
  });
});
