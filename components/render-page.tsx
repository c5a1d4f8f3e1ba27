import { type ComponentType, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { i18n } from "#i18n";
import { followLanguageChoice, onLanguageShown } from "../lib/i18n/ui-language";

/**
 * Renders a page's App once its language is loaded, and again whenever the language chosen in the options
 * changes: the tree re-renders in place (no remount), so what the page holds (a form, a selection) stays.
 */
export function renderPage(App: ComponentType, title: () => string): void {
  const root = createRoot(document.getElementById("root") as HTMLElement);
  const render = () => {
    document.documentElement.lang = i18n.t("htmlLang");
    document.title = title();
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  };
  void followLanguageChoice().finally(() => {
    render();
    onLanguageShown(render);
  });
}
