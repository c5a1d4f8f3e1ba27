import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateChromeMessages, parseMessagesText } from "@wxt-dev/i18n/build";
import { vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";

// Not `new URL(…, import.meta.url)`: in a jsdom test Vite rewrites that into the address of a served asset.
const LOCALE_FILE = join(dirname(fileURLToPath(import.meta.url)), "../../../locales/en.yml");

/**
 * The fake browser has no `i18n.getMessage`: answer from locales/en.yml the way the built extension's
 * `_locales/en/messages.json` would (`$1`… replaced by the substitutions), so `i18n.t` gives real English.
 */
export function useEnglishMessages(): void {
  const messages = generateChromeMessages(parseMessagesText(readFileSync(LOCALE_FILE, "utf8"), "YAML"));
  vi.spyOn(fakeBrowser.i18n, "getMessage").mockImplementation(((key: string, substitutions?: unknown) => {
    const subs = Array.isArray(substitutions) ? substitutions.map(String) : [];
    const message = messages[key]?.message ?? "";
    return message.replace(/\$(\$|\d)/g, (_, ref: string) =>
      ref === "$" ? "$" : (subs[Number(ref) - 1] ?? ""),
    );
  }) as typeof fakeBrowser.i18n.getMessage);
}
