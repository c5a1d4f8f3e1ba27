import { useEffect, useState } from "react";
import { i18n } from "#i18n";
import { uiLanguageItem } from "../../lib/i18n/ui-language-item";
import { isUiLanguage, languageName, UI_LOCALES, type UiLanguage } from "../../lib/i18n/ui-locales";

/**
 * The language Linklens is shown in: the browser's (the default) or one we ship. It applies on the change,
 * apart from the form's Save, and every open page follows it at once (lib/i18n/ui-language.ts).
 */
export function LanguageSection({ headingId }: { headingId: string }) {
  const [language, setLanguage] = useState<UiLanguage | null>(null);
  useEffect(() => {
    void uiLanguageItem.getValue().then(setLanguage);
    return uiLanguageItem.watch(setLanguage);
  }, []);
  if (language === null) return null;

  return (
    <section className="options-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{i18n.t("options.language.title")}</h2>
      <label className="ll-field__label" htmlFor="ui-language">
        {i18n.t("options.language.label")}
      </label>
      <select
        id="ui-language"
        value={language}
        aria-describedby="ui-language-hint"
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isUiLanguage(value)) void uiLanguageItem.setValue(value);
        }}
      >
        <option value="browser">{i18n.t("options.language.browser")}</option>
        {UI_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale.replace("_", "-")}>
            {languageName(locale)}
          </option>
        ))}
      </select>
      <p id="ui-language-hint" className="ll-field__hint">
        {i18n.t("options.language.hint")}
      </p>
    </section>
  );
}
