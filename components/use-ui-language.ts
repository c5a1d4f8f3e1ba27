import { useSyncExternalStore } from "react";
import { onLanguageShown, uiLanguageTag } from "../lib/i18n/ui-language";

/**
 * The shown language's tag, re-rendering on change. A page's tree re-renders by itself (render-page.tsx);
 * only a memoized component, which skips that when its props are equal, needs to ask.
 */
export function useUiLanguage(): string {
  return useSyncExternalStore(onLanguageShown, uiLanguageTag);
}
