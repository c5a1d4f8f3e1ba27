/**
 * Linklens in French, German and Japanese (issue 36): with the language chosen in the options, the popup
 * analyzes the current https tab in that language, the side panel then shows the analysis in it, and at
 * 400 px (the docked side panel's width) no page scrolls sideways: the popup, the library, the detail, the
 * usage view and the options. The strings are the locale's own (locales/<locale>.yml).
 */

import type { Evaluator } from "../drivers/driver";
import { expect } from "../fixtures";
import { optionsConnectedTo } from "./extension-state";
import type { ScenarioTest } from "./scenario-test";

const ARTICLE = "/news/article.html";
const TITLE = "Riverside tram line opens after four years of works";
/** The docked side panel's width, the narrowest any page of Linklens is shown at. */
const NARROW = { width: 400, height: 700 };

const LANGUAGES = [
  {
    locale: "fr",
    lang: "fr",
    prompt: "Prompt",
    analyze: "Analyser",
    cost: "Crédits utilisés",
    library: "Bibliothèque",
    usage: "Consommation",
  },
  {
    locale: "de",
    lang: "de",
    prompt: "Prompt",
    analyze: "Analysieren",
    cost: "Verbrauchte Credits",
    library: "Bibliothek",
    usage: "Verbrauch",
  },
  {
    locale: "ja",
    lang: "ja",
    prompt: "プロンプト",
    analyze: "分析",
    cost: "使用クレジット",
    library: "ライブラリ",
    usage: "使用量",
  },
] as const;

/** The page's `lang`, and whether its document scrolls sideways. */
function pageLayout(page: Evaluator) {
  return page.evaluate(
    () => ({
      lang: document.documentElement.lang,
      overflows: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    }),
    undefined,
  );
}

export function languageScenarios(test: ScenarioTest): void {
  for (const language of LANGUAGES) {
    test(`languages: in ${language.locale}, the popup analyzes the tab and the side panel shows it`, async ({
      driver,
      service,
      fixtureSite,
      tenantKey,
    }) => {
      // In English first: Firefox's `tabs` is asked for by the English options.
      const options = await optionsConnectedTo(driver, service.url, tenantKey);
      await options.evaluate((locale) => {
        const api = (globalThis as any).browser ?? (globalThis as any).chrome;
        return api.storage.local.set({ uiLanguage: locale });
      }, language.locale);
      await expect.poll(async () => (await pageLayout(options)).lang).toBe(language.lang);
      const tab = await driver.openTab(fixtureSite.url(ARTICLE));

      const popup = await driver.openPopupFor(tab);
      await popup.resize(NARROW.width, NARROW.height);
      await popup.waitForText(fixtureSite.url(ARTICLE));
      await popup.fill("textbox", language.prompt, "When did the tram line open?");
      await popup.click("button", language.analyze);
      await popup.waitForText(language.cost, 45_000);
      await popup.waitForText("Riverside tram line");
      expect(await pageLayout(popup)).toEqual({ lang: language.lang, overflows: false });
      await popup.close();

      const sidepanel = await driver.openExtensionPage("sidepanel.html");
      await sidepanel.resize(NARROW.width, NARROW.height);
      await sidepanel.waitForText(language.library);
      await sidepanel.waitForText("Riverside tram line");
      expect(await pageLayout(sidepanel)).toEqual({ lang: language.lang, overflows: false });
      // The detail of the analysis, then the usage view.
      await sidepanel.clickText(TITLE);
      await sidepanel.waitForText("every six minutes at peak times");
      expect(await pageLayout(sidepanel)).toEqual({ lang: language.lang, overflows: false });
      await sidepanel.click("button", language.usage);
      await sidepanel.waitForText(language.usage);
      expect(await pageLayout(sidepanel)).toEqual({ lang: language.lang, overflows: false });

      await options.resize(NARROW.width, NARROW.height);
      expect(await pageLayout(options)).toEqual({ lang: language.lang, overflows: false });
    });
  }
}
