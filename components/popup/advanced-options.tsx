import { i18n } from "#i18n";
import type { PopupDraft } from "../../lib/analyze/popup-draft";
import type { SchemaTextCheck } from "../../lib/schema/schema-check";
import { JsonSchemaEditor } from "../json-schema-editor";
import { MetadataEditor } from "../metadata-editor";
import { TemperatureField } from "../ui/temperature-field";

export interface AdvancedOptionsProps {
  draft: PopupDraft;
  schemaCheck: SchemaTextCheck | undefined;
  temperatureError?: string;
  schemaError?: string;
  /** A change of the prompt's own options (the preset no longer describes them). */
  onEdit: (patch: Partial<PopupDraft>) => void;
  onMetadataChange: (rows: PopupDraft["metadataRows"]) => void;
}

/** Temperature, structured output with its JSON schema, and metadata: folded in the popup, loaded when opened. */
export default function AdvancedOptions({
  draft,
  schemaCheck,
  temperatureError,
  schemaError,
  onEdit,
  onMetadataChange,
}: AdvancedOptionsProps) {
  return (
    <div className="advanced__body">
      <TemperatureField
        id="temperature"
        value={draft.temperature}
        error={temperatureError}
        onChange={(temperature) => onEdit({ temperature })}
      />
      <div className="analyze-form__toggle">
        <label className="toggle">
          <input
            type="checkbox"
            checked={draft.structured}
            aria-describedby="structured-hint"
            aria-controls={draft.structured ? "schema" : undefined}
            onChange={(event) => onEdit({ structured: event.currentTarget.checked })}
          />
          <span>{i18n.t("popup.form.structured")}</span>
        </label>
        <p id="structured-hint" className="ll-field__hint">
          {i18n.t("popup.form.structuredHint")}
        </p>
      </div>
      {draft.structured ? (
        <JsonSchemaEditor
          id="schema"
          value={draft.schemaText}
          check={schemaCheck}
          onChange={(schemaText) => onEdit({ schemaText })}
          error={schemaError}
        />
      ) : null}
      <div id="metadata">
        <MetadataEditor id="metadata-row" rows={draft.metadataRows} onChange={onMetadataChange} />
      </div>
    </div>
  );
}
