/**
 * What "#i18n" names (wxt.config.ts points the alias here instead of @wxt-dev/i18n's generated module): the
 * same typed `i18n.t`, answered in the language chosen in the options (ui-language.ts).
 */
import type { GeneratedI18nStructure, i18n as generatedI18n } from "../../.wxt/i18n/index";
import { translate } from "./ui-language";

export const i18n = { t: translate } as unknown as typeof generatedI18n;

export type { GeneratedI18nStructure };
