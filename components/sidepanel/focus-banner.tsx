import { i18n } from "#i18n";
import type { SidepanelFocus } from "../../lib/browser/sidepanel-focus";
import { Button } from "../ui/button";

/** Says that the library shows one job's results (the popup or a notification opened the panel on it). */
export function FocusBanner({ focus, onShowAll }: { focus: SidepanelFocus; onShowAll: () => void }) {
  const count = focus.analysisIds.length;
  return (
    <div className="ll-notice ll-notice--info focus-banner">
      <p>
        <strong>{i18n.t("sidepanel.focus.title")}</strong>{" "}
        {count > 0 ? i18n.t("sidepanel.focus.count", count) : i18n.t("sidepanel.focus.none")}
      </p>
      <Button size="small" onClick={onShowAll}>
        {i18n.t("sidepanel.focus.showAll")}
      </Button>
    </div>
  );
}
