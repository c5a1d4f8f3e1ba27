import { useId } from "react";
import { i18n } from "#i18n";
import {
  type LibraryFilters as Filters,
  hasActiveFilters,
  type JsonFilter,
  NO_FILTERS,
  NO_PRESET,
} from "../../lib/library/library-filters";
import { Button } from "../ui/button";

export interface LibraryFiltersProps {
  /** The panel's id, which the toggle (FiltersToggle) controls. */
  id: string;
  filters: Filters;
  onChange: (filters: Filters) => void;
  sites: { site: string; count: number }[];
  presets: { preset: string; count: number }[];
  metadataKeys: string[];
  grouped: boolean;
  onGroupedChange: (grouped: boolean) => void;
}

/** The toolbar's "Filters" button, which shows and hides the filters below it, "on" while any applies. */
export function FiltersToggle({
  panelId,
  open,
  active,
  onToggle,
}: {
  panelId: string;
  open: boolean;
  active: boolean;
  onToggle: () => void;
}) {
  return (
    <Button
      size="small"
      className="library-filters__toggle"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
    >
      {i18n.t("sidepanel.filters.show")}
      {active ? <span className="library-badge">{i18n.t("sidepanel.filters.active")}</span> : null}
    </Button>
  );
}

/** Site, preset, date range, has jsonContent, metadata key = value, and grouping by page. */
export function LibraryFilters({
  id: panelId,
  filters,
  onChange,
  sites,
  presets,
  metadataKeys,
  grouped,
  onGroupedChange,
}: LibraryFiltersProps) {
  const id = useId();
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => onChange({ ...filters, [key]: value });
  const keysListId = `${id}-keys`;
  return (
    <div className="library-filters" id={panelId}>
      <fieldset className="library-filters__fieldset">
        <legend className="ll-visually-hidden">{i18n.t("sidepanel.filters.legend")}</legend>
        <div className="library-filters__grid">
          <label className="library-filters__field">
            <span>{i18n.t("sidepanel.filters.site")}</span>
            <select
              className="ll-input"
              value={filters.site}
              onChange={(event) => set("site", event.currentTarget.value)}
            >
              <option value="">{i18n.t("sidepanel.filters.anySite")}</option>
              {sites.map(({ site, count }) => (
                <option key={site} value={site}>
                  {i18n.t("sidepanel.filters.siteOption", { site, count })}
                </option>
              ))}
            </select>
          </label>
          <label className="library-filters__field">
            <span>{i18n.t("sidepanel.filters.preset")}</span>
            <select
              className="ll-input"
              value={filters.preset}
              onChange={(event) => set("preset", event.currentTarget.value)}
            >
              <option value="">{i18n.t("sidepanel.filters.anyPreset")}</option>
              {presets.map(({ preset, count }) => (
                <option key={preset} value={preset}>
                  {i18n.t("sidepanel.filters.presetOption", { preset, count })}
                </option>
              ))}
              <option value={NO_PRESET}>{i18n.t("sidepanel.filters.noPreset")}</option>
            </select>
          </label>
          <label className="library-filters__field">
            <span>{i18n.t("sidepanel.filters.json")}</span>
            <select
              className="ll-input"
              value={filters.json}
              onChange={(event) => set("json", event.currentTarget.value as JsonFilter)}
            >
              <option value="any">{i18n.t("sidepanel.filters.jsonAny")}</option>
              <option value="with">{i18n.t("sidepanel.filters.jsonWith")}</option>
              <option value="without">{i18n.t("sidepanel.filters.jsonWithout")}</option>
            </select>
          </label>
          <label className="library-filters__field">
            <span>{i18n.t("sidepanel.filters.from")}</span>
            <input
              type="date"
              className="ll-input"
              value={filters.from}
              max={filters.to || undefined}
              onChange={(event) => set("from", event.currentTarget.value)}
            />
          </label>
          <label className="library-filters__field">
            <span>{i18n.t("sidepanel.filters.to")}</span>
            <input
              type="date"
              className="ll-input"
              value={filters.to}
              min={filters.from || undefined}
              onChange={(event) => set("to", event.currentTarget.value)}
            />
          </label>
          <label className="library-filters__field">
            <span>{i18n.t("sidepanel.filters.metadataKey")}</span>
            <input
              className="ll-input"
              list={keysListId}
              autoComplete="off"
              value={filters.metadataKey}
              onChange={(event) => set("metadataKey", event.currentTarget.value)}
            />
            <datalist id={keysListId}>
              {metadataKeys.map((key) => (
                <option key={key} value={key} />
              ))}
            </datalist>
          </label>
          <label className="library-filters__field">
            <span>{i18n.t("sidepanel.filters.metadataValue")}</span>
            <input
              className="ll-input"
              autoComplete="off"
              aria-describedby={`${id}-value-hint`}
              value={filters.metadataValue}
              onChange={(event) => set("metadataValue", event.currentTarget.value)}
            />
          </label>
        </div>
        <p id={`${id}-value-hint`} className="ll-field__hint">
          {i18n.t("sidepanel.filters.metadataValueHint")}
        </p>
        <div className="library-filters__row">
          <label className="library-filters__check">
            <input
              type="checkbox"
              checked={grouped}
              onChange={(event) => onGroupedChange(event.currentTarget.checked)}
            />
            {i18n.t("sidepanel.filters.group")}
          </label>
          {hasActiveFilters(filters) ? (
            <Button size="small" onClick={() => onChange(NO_FILTERS)}>
              {i18n.t("sidepanel.filters.clear")}
            </Button>
          ) : null}
        </div>
      </fieldset>
    </div>
  );
}
