import { useState } from "react";
import { i18n } from "#i18n";
import { declinePageCountBadge, setPageCountBadge } from "../../lib/settings/page-count-badge";
import { usePageCountBadge } from "../toolbar-count/use-page-count-badge";
import { Button } from "../ui/button";

/** The popup offers the toolbar count once: until the user answers it here or turns it on in the options. */
export function PageCountOffer() {
  const state = usePageCountBadge();
  const [refused, setRefused] = useState(false);
  if (!state || state.enabled || (state.answered && !refused)) return null;

  return (
    <section className="page-count-offer" aria-labelledby="page-count-offer-heading">
      <h2 id="page-count-offer-heading" className="analyze-tabs__heading">
        {i18n.t("pageCount.offerHeading")}
      </h2>
      <p className="ll-field__hint">{i18n.t("pageCount.hint")}</p>
      <div className="analyze-tabs__buttons">
        <Button size="small" onClick={() => void setPageCountBadge(true).then((on) => setRefused(!on))}>
          {i18n.t("pageCount.turnOn")}
        </Button>
        <Button size="small" onClick={() => void declinePageCountBadge()}>
          {i18n.t("pageCount.notNow")}
        </Button>
      </div>
      <p role="status">{refused ? i18n.t("pageCount.refused") : null}</p>
    </section>
  );
}
