import { useLiveQuery } from "dexie-react-hooks";
import { i18n } from "#i18n";
import { db } from "../../lib/db/database";
import { unseenChangeRuns } from "../../lib/db/watches";

export type SectionName = "library" | "changes" | "usage";

/** The panel's sections; the current one is marked for assistive technology too. */
export function SectionNav({
  current,
  onSelect,
}: {
  current: SectionName;
  onSelect: (section: SectionName) => void;
}) {
  // The watches' runs with changes not yet seen, as the toolbar's count says them.
  const unseen = useLiveQuery(() => unseenChangeRuns(db), []) ?? 0;
  const item = (section: SectionName, label: string) => (
    <button
      type="button"
      className="section-nav__item"
      aria-current={current === section ? "page" : undefined}
      onClick={() => onSelect(section)}
    >
      {label}
    </button>
  );
  return (
    <nav aria-label={i18n.t("sidepanel.nav.label")} className="section-nav">
      {item("library", i18n.t("sidepanel.nav.library"))}
      {item(
        "changes",
        unseen > 0
          ? i18n.t("sidepanel.nav.changesUnseen", { count: unseen })
          : i18n.t("sidepanel.nav.changes"),
      )}
      {item("usage", i18n.t("sidepanel.nav.usage"))}
    </nav>
  );
}
