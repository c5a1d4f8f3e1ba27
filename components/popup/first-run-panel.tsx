import { i18n } from "#i18n";
import { OptionsButton } from "./options-button";

/** No API key yet: nothing can be analyzed, so the popup leads to the settings. */
export function FirstRunPanel() {
  return (
    <section className="ll-notice ll-notice--info first-run" aria-labelledby="first-run-title">
      <h2 id="first-run-title">{i18n.t("popup.firstRun.title")}</h2>
      <p>{i18n.t("popup.firstRun.body")}</p>
      <div>
        <OptionsButton />
      </div>
    </section>
  );
}
