import "./compare.css";
import { i18n } from "#i18n";

/** "Compare pages…" in the side panel's header: a new comparison, from any view. */
export function CompareButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      className="section-nav__item compare-button"
      aria-label={i18n.t("compare.new")}
      title={i18n.t("compare.new")}
      onClick={onClick}
    >
      {i18n.t("compare.newShort")}
    </button>
  );
}
