import { i18n } from "#i18n";

export type SectionName = "library" | "usage";

/** The panel's sections; the current one is marked for assistive technology too. */
export function SectionNav({
  current,
  onSelect,
}: {
  current: SectionName;
  onSelect: (section: SectionName) => void;
}) {
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
      {item("usage", i18n.t("sidepanel.nav.usage"))}
    </nav>
  );
}
