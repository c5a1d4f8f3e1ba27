import { uiLanguageTag } from "../i18n/ui-language";

let numberFormat: Intl.NumberFormat | undefined;
let numberTag: string | undefined;

/** A count or size as the shown language writes it (1,234 · 1 234 · 1.234), not the browser's language. */
export function formatNumber(value: number): string {
  const tag = uiLanguageTag();
  if (numberFormat === undefined || numberTag !== tag) {
    numberFormat = new Intl.NumberFormat(tag);
    numberTag = tag;
  }
  return numberFormat.format(value);
}
