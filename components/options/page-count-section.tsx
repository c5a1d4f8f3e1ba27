import { useState } from "react";
import { i18n } from "#i18n";
import { setPageCountBadge } from "../../lib/settings/page-count-badge";
import { usePageCountBadge } from "../toolbar-count/use-page-count-badge";

/**
 * "Show on the toolbar how often I analyzed a page": takes effect on the click (it asks for `tabs`
 * there, where the browser may prompt), apart from the form's Save.
 */
export function PageCountSection({ headingId }: { headingId: string }) {
  const state = usePageCountBadge();
  const [refused, setRefused] = useState(false);
  if (!state) return null;

  const toggle = (enabled: boolean) => {
    void setPageCountBadge(enabled).then((on) => setRefused(enabled && !on));
  };

  return (
    <section className="options-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{i18n.t("pageCount.title")}</h2>
      <label className="toggle">
        <input
          type="checkbox"
          checked={state.enabled}
          aria-describedby="page-count-hint"
          onChange={(event) => toggle(event.currentTarget.checked)}
        />
        <span>{i18n.t("pageCount.label")}</span>
      </label>
      <p id="page-count-hint" className="ll-field__hint">
        {i18n.t("pageCount.hint")}
      </p>
      <p role="status" data-testid="page-count-status">
        {refused ? i18n.t("pageCount.refused") : null}
      </p>
    </section>
  );
}
